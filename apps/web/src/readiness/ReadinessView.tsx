import { Card, Field, Heading, Input, Stack, Switch, Table, Text } from "@chakra-ui/react";
import { contractSectionTitle, deviceLocalDate, MIN_CALIBRATION_REVIEWS, plural, sharePercent } from "@jcba/domain";
import { useQuery } from "@tanstack/react-query";
import { useRouteContext } from "@tanstack/react-router";
import { lazy, useState } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { TableHeadings } from "../components/TableHeadings.tsx";
import { ChartCard } from "../performance/ChartCard.tsx";
import { ReadinessHeader } from "./ReadinessHeader.tsx";
import { ReadinessTableSkeleton } from "./ReadinessSkeleton.tsx";

// The charts' module (chart.js) loads once the figures below are on screen.
const ReadinessChart = lazy(() => import("../performance/Charts.tsx").then((m) => ({ default: m.ReadinessChart })));
const CalibrationChart = lazy(() => import("../performance/Charts.tsx").then((m) => ({ default: m.CalibrationChart })));

const whole = (share: number | null) => (share === null ? null : Math.round(share * 100));

/**
 * Performance's Readiness view: the recall predicted today (or, with a date chosen, forecast for that
 * day with no review in between) per section and overall, its chart, and how well past predictions
 * matched what the member recalled.
 */
export function ReadinessView() {
  const trpc = useTRPC();
  const today = deviceLocalDate(new Date());
  const [day, setDay] = useState("");
  const forecast = day !== "" && day !== today;
  const readiness = useQuery(trpc.readiness.readiness.queryOptions(forecast ? { at: day } : undefined));
  // Beside the no-review forecast: the same day if the member keeps their daily reviews (simulated).
  const kept = useQuery({
    ...trpc.readiness.readiness.queryOptions({ at: day, reviews: "kept" }),
    enabled: forecast,
  });
  const when = forecast ? `on ${day}` : "today";

  return (
    <Stack as="section" aria-labelledby="readiness" gap="4" id="readiness-view">
      <ReadinessHeader when={when}>
        <Field.Root maxW="14rem">
          <Field.Label>Forecast for a day</Field.Label>
          <Input
            type="date"
            min={today}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            data-testid="readiness-date"
          />
          <Field.HelperText>No reviews assumed until then.</Field.HelperText>
        </Field.Root>
      </ReadinessHeader>
      {readiness.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(readiness.error)}
        </Text>
      ) : !readiness.data ? (
        <>
          <Text color="fg.muted">Working out your readiness…</Text>
          <ReadinessTableSkeleton />
        </>
      ) : (
        <>
          <Text fontSize="lg" data-testid="readiness-summary">
            Overall <strong>{sharePercent(readiness.data.overall.recall)}</strong> predicted recall {when}; you have
            reviewed {readiness.data.overall.seen} of {readiness.data.overall.items} questions (
            {sharePercent(readiness.data.overall.coverage)}).
          </Text>
          {forecast && kept.data && (
            <Text data-testid="readiness-kept">
              If you keep your daily reviews: <strong>{sharePercent(kept.data.overall.recall)}</strong> on {day} (each
              reviewed question seen again whenever it falls due).
            </Text>
          )}
          {/* Until the member has reviewed something, nothing here is theirs to chart (nor chart.js to load). */}
          {readiness.data.overall.seen > 0 && (
            <ChartCard title="Predicted recall by section" description={`All 32 sections, ${when}.`}>
              <ReadinessChart
                when={when}
                points={readiness.data.sections
                  .filter((s) => s.recall !== null)
                  .map((s) => ({ sectionNumber: s.sectionNumber, value: whole(s.recall)! }))}
              />
            </ChartCard>
          )}
          <Card.Root size="sm">
            <Card.Body overflowX="auto">
              <Table.Root size="sm" data-testid="readiness-table">
                <TableHeadings headings={["Section", "Predicted recall", "Reviewed"]} />
                <Table.Body>
                  {readiness.data.sections.map((s) => (
                    <Table.Row key={s.sectionNumber} bg="transparent">
                      <Table.Cell>
                        {s.sectionNumber}. {contractSectionTitle(s.sectionNumber)}
                      </Table.Cell>
                      <Table.Cell>{sharePercent(s.recall)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        {s.seen} of {s.total} ({sharePercent(s.coverage)})
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Card.Body>
          </Card.Root>
        </>
      )}
      <CalibrationView />
      <ConfidenceView />
    </Stack>
  );
}

/** Certainty-based marks over every answer given with a confidence, how often "sure" was right, and the misconceptions. */
function ConfidenceView() {
  const trpc = useTRPC();
  const report = useQuery(trpc.readiness.confidence.queryOptions());
  if (!report.data || report.data.certainty.answered === 0) return null;
  const { certainty, misconceptions } = report.data;
  return (
    <Card.Root as="section" aria-labelledby="confidence-heading" size="sm" data-testid="confidence-report">
      <Card.Header>
        <Heading as="h2" size="md" id="confidence-heading">
          How sure you were
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          <Text data-testid="certainty-marks">
            Certainty marks: {certainty.marks} of {certainty.maxMarks} over {plural(certainty.answered, "answer")}.
          </Text>
          <Text data-testid="sure-right">
            How often "sure" was right:{" "}
            {certainty.sure === 0
              ? "no answer given as sure yet"
              : `${certainty.sureRight} of ${certainty.sure} (${sharePercent(certainty.sureRight / certainty.sure)})`}
          </Text>
          {misconceptions.length > 0 && (
            <>
              <Text fontWeight="semibold">Misconceptions to look at (wrong while sure)</Text>
              <Stack as="ul" gap="1" m="0" ps="5">
                {misconceptions.map((m) => (
                  <Text as="li" key={m.questionId} fontSize="sm">
                    Section {m.sectionNumber}: {m.questionText}
                  </Text>
                ))}
              </Stack>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** How the recall predicted before each review compared with what was recalled; every member's for an admin who asks. */
function CalibrationView() {
  // Whether the member signed in is an admin, as the app started with them: an admin sees the switch.
  const isAdmin = useRouteContext({ from: "__root__", select: (context) => context.user.isAdmin });
  const trpc = useTRPC();
  const [union, setUnion] = useState(false);
  const calibration = useQuery(trpc.readiness.calibration.queryOptions(union ? { scope: "union" } : undefined));
  const data = calibration.data;
  return (
    <Stack gap="2">
      {isAdmin && (
        <Switch.Root checked={union} onCheckedChange={(e) => setUnion(e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Every member's reviews</Switch.Label>
        </Switch.Root>
      )}
      {calibration.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(calibration.error)}
        </Text>
      ) : !data ? null : data.reviews < data.minimumReviews ? (
        <Text fontSize="sm" color="fg.muted" data-testid="calibration-waiting">
          How far to trust these figures shows here from {MIN_CALIBRATION_REVIEWS} reviews of items seen on an earlier
          day: {union ? "members have" : "you have"} {data.reviews} so far.
        </Text>
      ) : (
        <ChartCard
          title="How accurate the predictions were"
          description={`${plural(data.reviews, "review")}: the recall predicted before each answer, by tenths, against the share actually recalled.`}
        >
          <CalibrationChart
            points={data.bins.map((b) => ({
              label: `${Math.round(b.from * 100)}–${Math.round(b.to * 100)}%`,
              predicted: whole(b.predicted),
              actual: whole(b.actual),
              count: b.count,
            }))}
          />
        </ChartCard>
      )}
    </Stack>
  );
}
