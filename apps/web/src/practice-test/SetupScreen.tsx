/** Set-up: which sections, how many questions, an optional time limit; shows what is available. */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { MAX_TEST_QUESTIONS, plural, SECTION_COUNT, SECTION_NUMBERS, sectionLabel, TEST_LENGTHS } from "@jcba/domain";
import { ClipboardCheck, Clock, ListChecks, Play } from "lucide-react";
import { useState } from "react";
import { ChoiceCards } from "./ChoiceCards.tsx";

export type LengthChoice = "10" | "25" | "50" | "all";
export type LimitChoice = "none" | "10" | "20" | "30" | "60";

export type PoolChoice = "all" | "unused" | "incorrect" | "flagged";
export type ModeChoice = "timed" | "tutor";

export interface SetupChoice {
  scope: "all" | "pick";
  picked: number[];
  length: LengthChoice;
  limit: LimitChoice;
  pool: PoolChoice;
  mode: ModeChoice;
  /** Building from Flagged: clear those flags once the test is drawn (only if the member says so). */
  clearFlags: boolean;
}

export const DEFAULT_SETUP: SetupChoice = {
  scope: "all",
  picked: [],
  length: "25",
  limit: "none",
  pool: "all",
  mode: "timed",
  clearFlags: false,
};

export const POOLS: { value: PoolChoice; label: string; description: string }[] = [
  { value: "all", label: "All", description: "Every question" },
  { value: "unused", label: "Unused", description: "Never answered" },
  { value: "incorrect", label: "Incorrect", description: "Latest answer wrong" },
  { value: "flagged", label: "Flagged", description: "Flagged to come back to" },
];

/** Questions per section in each pool, as GET /api/practice-test/availability reports them. */
export type PoolCounts = Map<number, Record<"questions" | "unused" | "incorrect" | "flagged", number>>;
const poolKey = (pool: PoolChoice) => (pool === "all" ? "questions" : pool);
/** How many questions of `pool` a section has. */
export const countIn = (counts: PoolCounts, section: number, pool: PoolChoice) =>
  counts.get(section)?.[poolKey(pool)] ?? 0;

const LENGTHS: { value: LengthChoice; label: string }[] = [
  ...TEST_LENGTHS.map((n) => ({ value: String(n) as LengthChoice, label: String(n) })),
  { value: "all", label: "All available" },
];
const LIMITS: { value: LimitChoice; label: string }[] = [
  { value: "none", label: "No limit" },
  { value: "10", label: "10 minutes" },
  { value: "20", label: "20 minutes" },
  { value: "30", label: "30 minutes" },
  { value: "60", label: "60 minutes" },
];

export function chosenSections(choice: SetupChoice): number[] {
  return choice.scope === "all" ? [...SECTION_NUMBERS] : [...choice.picked].sort((a, b) => a - b);
}

/** The draw request for a choice: 'all' or '1,7', and the number of questions the test will have. */
export function drawRequest(choice: SetupChoice, available: number) {
  const sections = choice.scope === "all" ? "all" : chosenSections(choice).join(",");
  const wanted = choice.length === "all" ? MAX_TEST_QUESTIONS : Number(choice.length);
  return { sections, count: Math.min(wanted, available), pool: choice.pool };
}

export const limitSecondsOf = (choice: SetupChoice) => (choice.limit === "none" ? null : Number(choice.limit) * 60);

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

export function SetupScreen({
  choice,
  onChange,
  counts,
  countsError,
  onRetryCounts,
  onStart,
  starting,
  startError,
  onOpenCode,
  offline = false,
}: Props) {
  const [codeText, setCodeText] = useState("");
  const sections = chosenSections(choice);
  const available = counts ? sections.reduce((sum, s) => sum + countIn(counts, s, choice.pool), 0) : undefined;
  const poolTotal = (pool: PoolChoice) =>
    counts ? sections.reduce((sum, s) => sum + countIn(counts, s, pool), 0) : undefined;
  const { count } = drawRequest(choice, available ?? 0);
  const noneChosen = choice.scope === "pick" && choice.picked.length === 0;
  const canStart = available !== undefined && count > 0 && !starting;
  const limitLabel = LIMITS.find((l) => l.value === choice.limit)!.label;

  return (
    <Stack gap="6" maxW="6xl" mx="auto" w="full">
      <Box>
        <Heading as="h1" size="2xl">
          Practice Test
        </Heading>
        <Text color="fg.muted" mt="1">
          Test yourself the way the contract quiz will: no feedback until you submit, then your score and a review of
          every question with its contract citation.
        </Text>
      </Box>
      {offline && (
        <Alert.Root status="info" data-testid="offline-setup">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>You are offline</Alert.Title>
            <Alert.Description>
              The test is drawn on this device from All questions and graded here until it syncs. The Unused, Incorrect
              and Flagged pools, Tutor mode and test codes need a connection.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 20rem" }} gap="6" alignItems="start">
        <Stack gap="6" minW="0">
          <Card.Root as="section" aria-labelledby="setup-sections">
            <Card.Header pb="2">
              <Heading as="h2" size="md" id="setup-sections">
                Sections
              </Heading>
            </Card.Header>
            <Card.Body gap="4">
              <ChoiceCards
                labelledBy="setup-sections"
                value={choice.scope}
                onChange={(scope) => onChange({ ...choice, scope })}
                columns={{ base: 1, sm: 2 }}
                choices={[
                  {
                    value: "all",
                    label: "All sections (comprehensive)",
                    description: `Questions from all ${SECTION_COUNT} sections, spread evenly`,
                  },
                  { value: "pick", label: "Choose sections", description: "Focus on the sections you pick" },
                ]}
              />

              {choice.scope === "pick" && (
                <Stack gap="3" role="group" aria-labelledby="setup-pick-label">
                  <Flex align="center" gap="2" wrap="wrap">
                    <Text id="setup-pick-label" fontWeight="medium" mr="auto">
                      {choice.picked.length} of {SECTION_COUNT} sections selected
                    </Text>
                    <Button
                      size="sm"
                      minH="44px"
                      variant="outline"
                      onClick={() => onChange({ ...choice, picked: [...SECTION_NUMBERS] })}
                    >
                      Select all
                    </Button>
                    <Button size="sm" minH="44px" variant="outline" onClick={() => onChange({ ...choice, picked: [] })}>
                      Clear
                    </Button>
                  </Flex>
                  <CheckboxGroup
                    value={choice.picked.map(String)}
                    onValueChange={(v) => onChange({ ...choice, picked: v.map(Number) })}
                  >
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
                      {SECTION_NUMBERS.map((n) => {
                        const c = counts ? countIn(counts, n, choice.pool) : undefined;
                        return (
                          <Checkbox.Root
                            key={n}
                            value={String(n)}
                            colorPalette="brand"
                            minH="44px"
                            px="3"
                            py="2"
                            borderWidth="1px"
                            rounded="md"
                            alignItems="center"
                            w="full"
                            _checked={{ bg: "brand.subtle", borderColor: "brand.emphasized" }}
                            _hover={{ bg: "bg.muted" }}
                            cursor="pointer"
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label flex="1" display="flex" gap="2" alignItems="center" minW="0">
                              <Text as="span" flex="1" minW="0">
                                {sectionLabel(n)}
                              </Text>
                              <Text as="span" fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                                {c === undefined ? "" : plural(c, "question")}
                              </Text>
                            </Checkbox.Label>
                          </Checkbox.Root>
                        );
                      })}
                    </SimpleGrid>
                  </CheckboxGroup>
                </Stack>
              )}
            </Card.Body>
          </Card.Root>

          <Card.Root as="section" aria-labelledby="setup-pool">
            <Card.Header pb="2">
              <Heading as="h2" size="md" id="setup-pool">
                Questions from
              </Heading>
            </Card.Header>
            <Card.Body gap="3">
              <ChoiceCards
                labelledBy="setup-pool"
                value={choice.pool}
                onChange={(pool) => onChange({ ...choice, pool })}
                columns={{ base: 2, sm: 4 }}
                size="sm"
                choices={POOLS.map((p) => {
                  const n = poolTotal(p.value);
                  const unavailable = offline && p.value !== "all";
                  return {
                    value: p.value,
                    label: `${p.label}${n === undefined || unavailable ? "" : ` (${n})`}`,
                    description: p.description,
                    disabled: unavailable,
                    testId: `pool-${p.value}`,
                  };
                })}
              />
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
            </Card.Body>
          </Card.Root>

          <Card.Root as="section" aria-labelledby="setup-mode">
            <Card.Header pb="2">
              <Heading as="h2" size="md" id="setup-mode">
                Mode
              </Heading>
            </Card.Header>
            <Card.Body>
              <ChoiceCards
                labelledBy="setup-mode"
                value={choice.mode}
                onChange={(mode) => onChange({ ...choice, mode })}
                columns={{ base: 1, sm: 2 }}
                size="sm"
                choices={[
                  { value: "timed", label: "Timed", description: "No feedback until you submit" },
                  { value: "tutor", label: "Tutor", description: "Check each answer as you go", disabled: offline },
                ]}
              />
            </Card.Body>
          </Card.Root>

          <Card.Root as="section" aria-labelledby="setup-length">
            <Card.Header pb="2">
              <Heading as="h2" size="md" id="setup-length">
                Length
              </Heading>
            </Card.Header>
            <Card.Body>
              <ChoiceCards
                labelledBy="setup-length"
                value={choice.length}
                onChange={(length) => onChange({ ...choice, length })}
                columns={{ base: 2, sm: 4 }}
                size="sm"
                choices={LENGTHS.map((l) => ({
                  value: l.value,
                  label: l.value === "all" ? l.label : `${l.label} questions`,
                }))}
              />
            </Card.Body>
          </Card.Root>

          <Card.Root as="section" aria-labelledby="setup-limit">
            <Card.Header pb="2">
              <Heading as="h2" size="md" id="setup-limit">
                Time limit
              </Heading>
            </Card.Header>
            <Card.Body gap="2">
              <ChoiceCards
                labelledBy="setup-limit"
                value={choice.limit}
                onChange={(limit) => onChange({ ...choice, limit })}
                columns={{ base: 2, sm: 5 }}
                size="sm"
                choices={LIMITS}
              />
              <Text fontSize="sm" color="fg.muted">
                With a limit, the test is submitted automatically when time runs out.
              </Text>
            </Card.Body>
          </Card.Root>
        </Stack>

        <Card.Root as="section" aria-labelledby="setup-summary" position={{ lg: "sticky" }} top={{ lg: "20" }}>
          <Card.Header pb="2">
            <Heading as="h2" size="md" id="setup-summary">
              Your test
            </Heading>
          </Card.Header>
          <Card.Body gap="4">
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
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Couldn't load the question counts</Alert.Title>
                  <Alert.Description>{countsError}</Alert.Description>
                  <Button size="sm" mt="2" minH="44px" variant="outline" onClick={onRetryCounts} alignSelf="flex-start">
                    Try Again
                  </Button>
                </Alert.Content>
              </Alert.Root>
            )}
            {available !== undefined &&
              (noneChosen ? (
                <Text color="fg.muted">Choose at least one section, or take a comprehensive test.</Text>
              ) : available === 0 ? (
                <Alert.Root status="info">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>No questions available</Alert.Title>
                    <Alert.Description>
                      {choice.pool === "all"
                        ? "There are no questions for the sections you chose yet. Pick other sections or take a comprehensive test."
                        : "None of the questions in these sections are in this pool. Choose another pool or other sections."}
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : (
                <Stack gap="2" fontSize="sm">
                  <HStack gap="2">
                    <ListChecks size={16} aria-hidden />
                    <Text>
                      {plural(count, "question")}
                      {choice.length !== "all" && count < Number(choice.length) ? ` (only ${count} available)` : ""}
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
                    <Text>{choice.limit === "none" ? "No time limit" : `${limitLabel} time limit`}</Text>
                  </HStack>
                  {choice.length === "all" && available > MAX_TEST_QUESTIONS && (
                    <Badge colorPalette="gray" alignSelf="flex-start" whiteSpace="normal">
                      A test has at most {MAX_TEST_QUESTIONS} questions
                    </Badge>
                  )}
                </Stack>
              ))}
            {startError && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Couldn't start the test</Alert.Title>
                  <Alert.Description>{startError}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <Button
              colorPalette="brand"
              size="lg"
              minH="48px"
              onClick={onStart}
              disabled={!canStart}
              loading={starting}
              loadingText="Drawing questions…"
              hideBelow="lg"
            >
              <Play aria-hidden /> Start Test
            </Button>
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
          </Card.Body>
        </Card.Root>
      </Grid>

      {/* On phones the summary sits below 32 sections: keep Start within reach. */}
      <Flex
        hideFrom="lg"
        position="sticky"
        bottom="0"
        zIndex="1"
        mx={{ base: "-3", md: "-6" }}
        mb={{ base: "-4", md: "-6" }}
        px={{ base: "3", md: "6" }}
        py="3"
        bg="bg"
        borderTopWidth="1px"
        shadow="md"
        align="center"
        gap="3"
      >
        <Box flex="1" minW="0" fontSize="sm">
          <Text fontWeight="semibold">
            {available === undefined
              ? countsError
                ? "Counts unavailable"
                : "Loading…"
              : noneChosen
                ? "Choose a section"
                : `${plural(count, "question")} · ${choice.limit === "none" ? "No limit" : `${choice.limit} min`}`}
          </Text>
          {startError && (
            <Text color="red.fg" lineClamp={2}>
              Couldn't start the test
            </Text>
          )}
        </Box>
        <Button
          colorPalette="brand"
          minH="44px"
          onClick={onStart}
          disabled={!canStart}
          loading={starting}
          loadingText="Drawing…"
        >
          <Play aria-hidden /> Start Test
        </Button>
      </Flex>
    </Stack>
  );
}
