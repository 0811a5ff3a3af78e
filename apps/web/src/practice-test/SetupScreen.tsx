/** Set-up: which sections, how many questions, an optional time limit; shows what is available. */
import { Checkbox, Grid, Stack, Text } from "@chakra-ui/react";
import { SECTION_COUNT } from "@jcba/domain";
import { PRACTICE_TEST_INTRO, PRACTICE_TEST_TITLE } from "@jcba/domain/first-paint";
import { PageTitle } from "../components/PageTitle.tsx";
import { ProblemAlert } from "../components/ProblemAlert.tsx";
import { SectionPicker } from "./SectionPicker.tsx";
import { SetupCard } from "./SetupCard.tsx";
import { StartBar, SummaryCard } from "./SetupSummary.tsx";
import {
  availableFor,
  LENGTHS,
  LIMITS,
  POOLS,
  type PoolChoice,
  type PoolCounts,
  type SetupChoice,
  setupSummary,
} from "./setupModel.ts";

interface Props {
  choice: SetupChoice;
  onChange: (next: SetupChoice) => void;
  /** Questions per section and pool, or undefined while loading. */
  counts: PoolCounts | undefined;
  countsError: string | null;
  onRetryCounts: () => void;
  onStart: () => void;
  starting: boolean;
  startError: string | null;
  /** Opens a test someone shared by its code. */
  onOpenCode: (code: string) => void;
  /** The server cannot be reached: the test is drawn on the device, from All questions, in Timed mode. */
  offline?: boolean;
}

export function SetupScreen({ choice, onChange, counts, offline = false, ...rest }: Props) {
  const summary = setupSummary(choice, counts);
  const poolTotal = (pool: PoolChoice) => (counts ? availableFor(counts, choice, pool) : undefined);
  const start = { choice, summary, ...rest };

  return (
    <Stack gap="6" maxW="6xl" mx="auto" w="full">
      {/* The server writes these two lines into the page's frame too (@jcba/domain/first-paint). */}
      <PageTitle title={PRACTICE_TEST_TITLE} size="2xl" description={PRACTICE_TEST_INTRO} />
      {offline && (
        <ProblemAlert
          status="info"
          testId="offline-setup"
          title="You are offline"
          description="The test is drawn on this device from All questions and graded here until it syncs. The Unused, Incorrect and Flagged pools, Tutor mode and test codes need a connection."
        />
      )}

      <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 20rem" }} gap="6" alignItems="start">
        <Stack gap="6" minW="0">
          <SetupCard
            id="setup-sections"
            title="Sections"
            gap="4"
            pick={{
              value: choice.scope,
              onChange: (scope) => onChange({ ...choice, scope }),
              columns: { base: 1, sm: 2 },
              choices: [
                {
                  value: "all",
                  label: "All sections (comprehensive)",
                  description: `Questions from all ${SECTION_COUNT} sections, spread evenly`,
                },
                { value: "pick", label: "Choose sections", description: "Focus on the sections you pick" },
              ],
            }}
          >
            {choice.scope === "pick" && (
              <SectionPicker
                picked={choice.picked}
                onPick={(picked) => onChange({ ...choice, picked })}
                counts={counts}
                pool={choice.pool}
              />
            )}
          </SetupCard>

          <SetupCard
            id="setup-pool"
            title="Questions from"
            gap="3"
            pick={{
              value: choice.pool,
              onChange: (pool) => onChange({ ...choice, pool }),
              columns: { base: 2, sm: 4 },
              size: "sm",
              choices: POOLS.map((p) => {
                const n = poolTotal(p.value);
                const unavailable = offline && p.value !== "all";
                return {
                  value: p.value,
                  label: `${p.label}${n === undefined || unavailable ? "" : ` (${n})`}`,
                  description: p.description,
                  disabled: unavailable,
                  testId: `pool-${p.value}`,
                };
              }),
            }}
          >
            {choice.pool === "flagged" && (
              <Checkbox.Root
                checked={choice.clearFlags}
                onCheckedChange={(d) => onChange({ ...choice, clearFlags: d.checked === true })}
                colorPalette="brand"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Clear the flags of the questions in this test</Checkbox.Label>
              </Checkbox.Root>
            )}
          </SetupCard>

          <SetupCard
            id="setup-mode"
            title="Mode"
            pick={{
              value: choice.mode,
              onChange: (mode) => onChange({ ...choice, mode }),
              columns: { base: 1, sm: 2 },
              size: "sm",
              choices: [
                { value: "timed", label: "Timed", description: "No feedback until you submit" },
                { value: "tutor", label: "Tutor", description: "Check each answer as you go", disabled: offline },
              ],
            }}
          />

          <SetupCard
            id="setup-length"
            title="Length"
            pick={{
              value: choice.length,
              onChange: (length) => onChange({ ...choice, length }),
              columns: { base: 2, sm: 4 },
              size: "sm",
              choices: LENGTHS.map((l) => ({
                value: l.value,
                label: l.value === "all" ? l.label : `${l.label} questions`,
              })),
            }}
          />

          <SetupCard
            id="setup-limit"
            title="Time limit"
            gap="2"
            pick={{
              value: choice.limit,
              onChange: (limit) => onChange({ ...choice, limit }),
              columns: { base: 2, sm: 5 },
              size: "sm",
              choices: LIMITS,
            }}
          >
            <Text fontSize="sm" color="fg.muted">
              With a limit, the test is submitted automatically when time runs out.
            </Text>
          </SetupCard>
        </Stack>

        <SummaryCard {...start} offline={offline} />
      </Grid>

      <StartBar {...start} />
    </Stack>
  );
}
