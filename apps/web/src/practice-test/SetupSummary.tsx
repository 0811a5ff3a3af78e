/** The set-up's "Your test" card (what the choice draws, Start, a test code) and the phones' start bar. */
import {
  Badge,
  Box,
  Button,
  type ButtonProps,
  chakra,
  Field,
  HStack,
  Input,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { MAX_TEST_QUESTIONS, plural } from "@jcba/domain";
import { ClipboardCheck, Clock, ListChecks, Play } from "lucide-react";
import { useState } from "react";
import { ProblemAlert } from "../components/ProblemAlert.tsx";
import { SetupCard } from "./SetupCard.tsx";
import type { SetupChoice, SetupSummary } from "./setupModel.ts";

export interface StartProps {
  choice: SetupChoice;
  summary: SetupSummary;
  countsError: string | null;
  onStart: () => void;
  starting: boolean;
  startError: string | null;
}

/** Start Test: enabled once the counts are in and the choice draws at least one question. */
function StartButton({ start, ...button }: { start: StartProps } & ButtonProps) {
  const { summary, starting } = start;
  return (
    <Button
      colorPalette="brand"
      onClick={start.onStart}
      disabled={summary.available === undefined || summary.count === 0 || starting}
      loading={starting}
      {...button}
    >
      <Play aria-hidden /> Start Test
    </Button>
  );
}

/** What the choice draws, in three lines: questions, sections, time limit. */
function TestOutline({ choice, summary }: { choice: SetupChoice; summary: SetupSummary }) {
  const { count, sections, available = 0 } = summary;
  return (
    <Stack gap="2" fontSize="sm">
      <HStack gap="2">
        <ListChecks size={16} aria-hidden />
        <Text>
          {plural(count, "question")}
          {summary.short ? ` (only ${count} available)` : ""}
        </Text>
      </HStack>
      <HStack gap="2">
        <ClipboardCheck size={16} aria-hidden />
        <Text>
          {choice.scope === "all"
            ? "All sections (comprehensive)"
            : sections.length === 1
              ? `Section ${sections[0]}`
              : `${sections.length} sections`}
        </Text>
      </HStack>
      <HStack gap="2">
        <Clock size={16} aria-hidden />
        <Text>{choice.limit === "none" ? "No time limit" : `${summary.limitLabel} time limit`}</Text>
      </HStack>
      {choice.length === "all" && available > MAX_TEST_QUESTIONS && (
        <Badge colorPalette="gray" alignSelf="flex-start" whiteSpace="normal">
          A test has at most {MAX_TEST_QUESTIONS} questions
        </Badge>
      )}
    </Stack>
  );
}

function TestCodeForm({ offline, onOpenCode }: { offline: boolean; onOpenCode: (code: string) => void }) {
  const [codeText, setCodeText] = useState("");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!offline && codeText.trim() !== "") onOpenCode(codeText.trim());
      }}
    >
      <Field.Root>
        <Field.Label>Have a test code?</Field.Label>
        <HStack gap="2" w="full">
          <Input
            value={codeText}
            onChange={(e) => setCodeText(e.target.value)}
            placeholder="S-…"
            minH="44px"
            autoComplete="off"
            spellCheck={false}
            disabled={offline}
          />
          <Button type="submit" variant="outline" minH="44px" disabled={offline || codeText.trim() === ""}>
            Open
          </Button>
        </HStack>
      </Field.Root>
    </form>
  );
}

export function SummaryCard(
  props: StartProps & { onRetryCounts: () => void; offline: boolean; onOpenCode: (code: string) => void },
) {
  const { choice, summary, countsError, startError } = props;
  const { available } = summary;
  return (
    <SetupCard id="setup-summary" title="Your test" gap="4" position={{ lg: "sticky" }} top={{ lg: "20" }}>
      <Box aria-live="polite" aria-atomic="true" data-testid="available">
        {countsError ? null : available === undefined ? (
          <Skeleton h="6" w="full" />
        ) : (
          <Text fontWeight="semibold" fontSize="lg">
            {plural(available, "question")} available for this choice
          </Text>
        )}
      </Box>
      {countsError && (
        <ProblemAlert title="Couldn't load the question counts" description={countsError}>
          <Button size="sm" mt="2" minH="44px" variant="outline" onClick={props.onRetryCounts} alignSelf="flex-start">
            Try Again
          </Button>
        </ProblemAlert>
      )}
      {available !== undefined &&
        (summary.noneChosen ? (
          <Text color="fg.muted">Choose at least one section, or take a comprehensive test.</Text>
        ) : available === 0 ? (
          <ProblemAlert
            status="info"
            title="No questions available"
            description={
              choice.pool === "all"
                ? "There are no questions for the sections you chose yet. Pick other sections or take a comprehensive test."
                : "None of the questions in these sections are in this pool. Choose another pool or other sections."
            }
          />
        ) : (
          <TestOutline choice={choice} summary={summary} />
        ))}
      {startError && <ProblemAlert title="Couldn't start the test" description={startError} />}
      <StartButton start={props} size="lg" minH="48px" loadingText="Drawing questions…" hideBelow="lg" />
      <TestCodeForm offline={props.offline} onOpenCode={props.onOpenCode} />
    </SetupCard>
  );
}

/** Stuck to the bottom of the screen below the large breakpoint, bleeding into the page's padding. */
const PhoneStartBar = chakra("div", {
  base: {
    hideFrom: "lg",
    position: "sticky",
    bottom: "0",
    zIndex: "1",
    mx: { base: "-3", md: "-6" },
    mb: { base: "-4", md: "-6" },
    px: { base: "3", md: "6" },
    py: "3",
    bg: "bg",
    borderTopWidth: "1px",
    shadow: "md",
    display: "flex",
    alignItems: "center",
    gap: "3",
  },
});

/** On phones the summary sits below 32 sections: keep Start within reach. */
export function StartBar(props: StartProps) {
  const { choice, summary, countsError, startError } = props;
  return (
    <PhoneStartBar>
      <Box flex="1" minW="0" fontSize="sm">
        <Text fontWeight="semibold">
          {summary.available === undefined
            ? countsError
              ? "Counts unavailable"
              : "Loading…"
            : summary.noneChosen
              ? "Choose a section"
              : `${plural(summary.count, "question")} · ${choice.limit === "none" ? "No limit" : `${choice.limit} min`}`}
        </Text>
        {startError && (
          <Text color="red.fg" lineClamp={2}>
            Couldn't start the test
          </Text>
        )}
      </Box>
      <StartButton start={props} minH="44px" loadingText="Drawing…" />
    </PhoneStartBar>
  );
}
