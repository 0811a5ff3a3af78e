import { Card, Skeleton, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useDeferredValue } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { workloadInput } from "./workloadInput.ts";

type Model = RouterOutputs["review"]["model"];
// chart.js loads after the numbers are on screen, as on Performance (docs/decisions/0009).
const WorkloadChart = lazy(() => import("../performance/Charts.tsx").then((m) => ({ default: m.WorkloadChart })));
type WorkloadDay = RouterOutputs["review"]["workload"][number];

const count = (n: number) => n.toLocaleString("en-US");

/** Which memory model schedules the member, in words. */
export function modelSentence(model: Model): string {
  if (model.source === "member")
    return `Yours, fitted on ${count(model.reviews)} reviews${
      model.improvement !== null
        ? `: it predicts your recall ${Math.max(1, Math.round(model.improvement * 100))} % better than the union-wide model`
        : ""
    }.`;
  if (model.source === "union") return `Union-wide, fitted on ${count(model.reviews)} reviews by all members.`;
  return "FSRS's standard model, until enough reviews are logged to fit one to members.";
}

/** Review Settings: the memory model that schedules the member. */
export function MemoryModelNote() {
  const trpc = useTRPC();
  const model = useQuery(trpc.review.model.queryOptions());
  return (
    <Card.Root maxW="xl" data-testid="memory-model">
      <Card.Body>
        <Text fontWeight="semibold">Memory model</Text>
        {model.data ? (
          <Text>{modelSentence(model.data)}</Text>
        ) : model.isError ? (
          <Text>{errorMessage(model.error)}</Text>
        ) : (
          <Skeleton height="5" />
        )}
        <Text fontSize="sm" color="fg.muted">
          From 400 reviews the app fits a model to your own memory and uses it when it predicts your most recent reviews
          better.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** The forecast in a few numbers: daily average, the busiest day, and each week's total. */
export function workloadSummary(days: WorkloadDay[]) {
  const total = days.reduce((n, d) => n + d.due + d.new, 0);
  const busiest = days.reduce<WorkloadDay | null>(
    (b, d) => (b === null || d.due + d.new > b.due + b.new ? d : b),
    null,
  );
  const weeks: number[] = [];
  days.forEach((d, i) => {
    weeks[Math.floor(i / 7)] = (weeks[Math.floor(i / 7)] ?? 0) + d.due + d.new;
  });
  return { perDay: days.length ? Math.round(total / days.length) : 0, busiest, weeks };
}

/** Reviews expected over the next 30 days at the retention being chosen (it follows the slider). */
export function WorkloadForecast({ retention }: { retention: number }) {
  const trpc = useTRPC();
  // The slider moves faster than the server answers: ask for the value it settles on, keep the last answer meanwhile.
  const asked = useDeferredValue(retention);
  const workload = useQuery({
    ...trpc.review.workload.queryOptions(workloadInput(asked)),
    placeholderData: keepPreviousData,
  });
  if (workload.isError) return <Text color="fg.muted">{errorMessage(workload.error)}</Text>;
  if (!workload.data) return <Skeleton height="16" />;
  const { perDay, busiest, weeks } = workloadSummary(workload.data);
  return (
    <Stack gap="2">
      <Stack gap="1" aria-live="polite" data-testid="workload" opacity={workload.isPlaceholderData ? 0.6 : 1}>
        <Text fontWeight="semibold">
          At {Math.round(asked * 100)} %: about {count(perDay)} reviews a day over the next 30 days
        </Text>
        {busiest && (
          <Text fontSize="sm">
            Busiest day {busiest.date}: {count(busiest.due + busiest.new)} reviews. Weekly totals:{" "}
            {weeks.map(count).join(", ")}.
          </Text>
        )}
      </Stack>
      <Suspense fallback={<Skeleton height="250px" />}>
        <WorkloadChart
          points={workload.data.map((d) => ({ date: d.date, reviews: d.due + d.new }))}
          retention={Math.round(asked * 100)}
        />
      </Suspense>
    </Stack>
  );
}
