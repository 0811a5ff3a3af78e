/** Taking the test: one question at a time, a navigator, flags, a timer; no feedback until submit. */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Dialog,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Input,
  Kbd,
  Portal,
  Progress,
  RadioGroup,
  Stack,
  Text,
} from "@chakra-ui/react";
import { sidebarSectionName } from "@jcba/domain";
import { ChevronLeft, ChevronRight, Clock, Flag, RotateCcw, Send } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { clock, plural, spokenClock } from "./format.ts";
import { answeredCount, isAnswered, type SavedAttempt } from "./storage.ts";

const WARN_SECONDS = 60;
const SAVE_EVERY_MS = 5000;

interface Props {
  attempt: SavedAttempt;
  update: (fn: (a: SavedAttempt) => SavedAttempt) => void;
  /** Hands the test in with the time it took; `auto` when the time limit ran out. */
  onSubmit: (timeSpentSeconds: number, auto: boolean) => void;
  onRetry: () => void;
  onDiscard: () => void;
  submitting: boolean;
  submitError: SubmitProblem | null;
}

export type SubmitProblemKind = "offline" | "network" | "signedOut" | "rejected" | "server";
export interface SubmitProblem {
  kind: SubmitProblemKind;
  detail: string;
}

const PROBLEM_TEXT: Record<SubmitProblemKind, string> = {
  offline:
    "You appear to be offline. Your answers are saved on this device, so nothing is lost. Check your connection, then select Retry.",
  network:
    "We couldn't reach the server. Your answers are saved on this device, so nothing is lost. Check your connection, then select Retry.",
  signedOut:
    "You have been signed out. Your answers are saved on this device: sign in again, come back to Practice Test and resume, or select Retry once you are signed in.",
  server:
    "The server had a problem recording your test. Your answers are saved on this device; select Retry in a moment.",
  rejected:
    "The server did not accept this test (the question bank may have changed since you started). Your answers are still saved on this device.",
};

export function TakingScreen({ attempt, update, onSubmit, onRetry, onDiscard, submitting, submitError }: Props) {
  const { questions, index, answers, limitSeconds } = attempt;
  const total = questions.length;
  const q = questions[index]!;
  const finished = attempt.finishedSeconds !== null;
  const flags = new Set(attempt.flags);
  const flagged = flags.has(q.id);
  const answered = answeredCount(attempt);
  const unanswered = total - answered;

  // The clock: time with the test open, resumed from what was saved.
  const [base] = useState(attempt.elapsedSeconds);
  const [segmentStart] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const currentElapsed = useCallback(
    () => base + Math.max(0, Math.floor((Date.now() - segmentStart) / 1000)),
    [base, segmentStart],
  );
  useEffect(() => {
    if (finished) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [finished]);
  const elapsed = finished ? attempt.finishedSeconds! : base + Math.max(0, Math.floor((now - segmentStart) / 1000));
  const remaining = limitSeconds === null ? null : Math.max(0, limitSeconds - elapsed);
  const [autoSubmitted, setAutoSubmitted] = useState(false);

  // Keep the time used in storage: every few seconds, when the page is hidden or left.
  const finishedRef = useRef(finished);
  finishedRef.current = finished;
  useEffect(() => {
    const save = () => {
      if (!finishedRef.current) update((a) => ({ ...a, elapsedSeconds: currentElapsed() }));
    };
    const t = setInterval(save, SAVE_EVERY_MS);
    const onHide = () => {
      if (document.visibilityState === "hidden") save();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", save);
    return () => {
      clearInterval(t);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", save);
      save();
    };
  }, [update, currentElapsed]);

  // Time's up: hand the test in without asking.
  useEffect(() => {
    if (!finished && limitSeconds !== null && elapsed >= limitSeconds) {
      setAutoSubmitted(true);
      onSubmit(limitSeconds, true);
    }
  }, [finished, limitSeconds, elapsed, onSubmit]);

  const change = useCallback(
    (fn: (a: SavedAttempt) => SavedAttempt) => update((a) => ({ ...fn(a), elapsedSeconds: currentElapsed() })),
    [update, currentElapsed],
  );

  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusAfterMove = useRef(false);
  const go = useCallback(
    (to: number, fromKeyboard = false) => {
      if (to < 0 || to >= total) return;
      focusAfterMove.current = fromKeyboard;
      change((a) => ({ ...a, index: to }));
    },
    [change, total],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each move to another question
  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    if (inputRef.current) inputRef.current.focus();
    else headingRef.current?.focus();
  }, [index]);

  const choose = useCallback(
    (value: string) => {
      if (finished) return;
      change((a) => ({ ...a, answers: { ...a.answers, [q.id]: value } }));
    },
    [change, finished, q.id],
  );
  const toggleFlag = useCallback(() => {
    change((a) => ({ ...a, flags: a.flags.includes(q.id) ? a.flags.filter((f) => f !== q.id) : [...a.flags, q.id] }));
  }, [change, q.id]);

  const [confirmOpen, setConfirmOpen] = useState(false);
  const handIn = useCallback(() => {
    if (finished) return;
    onSubmit(Math.min(currentElapsed(), limitSeconds ?? Number.MAX_SAFE_INTEGER), false);
  }, [finished, onSubmit, currentElapsed, limitSeconds]);
  const requestSubmit = () => {
    if (unanswered > 0 || flags.size > 0) setConfirmOpen(true);
    else handIn();
  };

  // Shortcuts as in Study: 1–4 choose, Enter next, F flag.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (confirmOpen || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target?.closest("[role=dialog], [role=alertdialog], [role=menu], [role=listbox]")) return;
      const typing = !!target?.closest(
        "textarea, select, [contenteditable=true], input:not([type=radio]):not([type=checkbox])",
      );
      if (e.key === "Enter") {
        if (target?.closest("button, a, [role=button], [role=link]")) return;
        if (index < total - 1) {
          e.preventDefault();
          go(index + 1, true);
        }
        return;
      }
      if (typing) return;
      if (/^[1-4]$/.test(e.key) && q.questionType === "multiple-choice" && q.options) {
        const option = q.options[Number(e.key) - 1];
        if (option !== undefined) {
          e.preventDefault();
          choose(option);
        }
      } else if (e.key === "f" || e.key === "F") {
        e.preventDefault();
        toggleFlag();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [confirmOpen, index, total, go, q, choose, toggleFlag]);

  const answer = answers[q.id];
  const warn = remaining !== null && remaining <= WARN_SECONDS && !finished;

  return (
    <Stack gap="4" maxW="6xl" mx="auto" w="full">
      <Flex
        as="section"
        aria-label="Test status"
        align="center"
        gap={{ base: "2", md: "4" }}
        position="sticky"
        top="3.5rem"
        zIndex="1"
        bg="bg"
        borderWidth="1px"
        rounded="lg"
        px={{ base: "3", md: "4" }}
        py="2"
        shadow="xs"
      >
        <Heading as="h1" size="lg" srOnly={{ base: true, md: false }}>
          Practice Test
        </Heading>
        <Box flex="1" display={{ base: "none", md: "block" }} />
        <HStack
          role="timer"
          gap="2"
          px="3"
          minH="44px"
          rounded="md"
          fontVariantNumeric="tabular-nums"
          bg={warn ? "red.subtle" : "bg.muted"}
          color={warn ? "red.fg" : "fg"}
          data-testid="timer"
          aria-label={
            remaining !== null ? `Time left: ${spokenClock(remaining)}` : `Time elapsed: ${spokenClock(elapsed)}`
          }
        >
          <Clock size={18} aria-hidden />
          <Text as="span" fontSize="sm" color={warn ? "red.fg" : "fg.muted"} aria-hidden>
            {remaining !== null ? "Time left" : "Elapsed"}
          </Text>
          <Text as="span" fontWeight="bold" fontSize="lg" aria-hidden>
            {clock(remaining ?? elapsed)}
          </Text>
        </HStack>
        <Box flex="1" display={{ base: "block", md: "none" }} />
        <Button
          colorPalette="brand"
          minH="44px"
          onClick={requestSubmit}
          disabled={finished}
          loading={submitting}
          loadingText="Submitting…"
        >
          <Send aria-hidden /> Submit Test
        </Button>
      </Flex>

      {warn && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>1 minute left</Alert.Title>
            <Alert.Description>Your test will be submitted automatically when time runs out.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {finished && !submitError && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{autoSubmitted ? "Time's up! Submitting your test…" : "Submitting your test…"}</Alert.Title>
        </Alert.Root>
      )}

      {finished && submitError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content gap="2">
            <Alert.Title>Your test has not been submitted yet</Alert.Title>
            <Alert.Description>
              {PROBLEM_TEXT[submitError.kind]}
              <Text as="span" display="block" fontSize="xs" mt="1" color="fg.muted">
                Details: {submitError.detail}
              </Text>
            </Alert.Description>
            <Flex gap="2" wrap="wrap">
              <Button colorPalette="red" minH="44px" onClick={onRetry} loading={submitting} loadingText="Retrying…">
                <RotateCcw aria-hidden /> Retry
              </Button>
              {submitError.kind === "signedOut" && (
                <Button asChild variant="outline" minH="44px">
                  <a href="/api/login">Sign In</a>
                </Button>
              )}
              {submitError.kind === "rejected" && (
                <Button variant="outline" minH="44px" onClick={onDiscard}>
                  Discard this test
                </Button>
              )}
            </Flex>
          </Alert.Content>
        </Alert.Root>
      )}

      <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 18rem" }} gap="4" alignItems="start">
        <Card.Root as="section" aria-label="Question" minW="0">
          <Card.Body gap="5">
            <Stack gap="3">
              <Flex gap="2" wrap="wrap" align="center">
                <Badge colorPalette="brand" size="lg" aria-live="polite">
                  Question {index + 1} of {total}
                </Badge>
                <Badge variant="outline" size="lg" title={sidebarSectionName(q.sectionNumber)}>
                  Section {q.sectionNumber}
                </Badge>
                {flagged && (
                  <Badge colorPalette="orange" size="lg">
                    <Flag size={12} aria-hidden /> Flagged for review
                  </Badge>
                )}
              </Flex>
              <Progress.Root
                value={total > 0 ? Math.round((answered / total) * 100) : 0}
                size="sm"
                colorPalette="brand"
                aria-label={`${answered} of ${total} questions answered`}
              >
                <Progress.Track rounded="full">
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="sm" color="fg.muted">
                {answered} of {total} answered
              </Text>
            </Stack>

            <Heading
              as="h2"
              size="lg"
              id="question-text"
              ref={headingRef}
              tabIndex={-1}
              outline="none"
              lineHeight="short"
              fontWeight="semibold"
            >
              {q.questionText}
            </Heading>

            {q.questionType === "multiple-choice" && q.options ? (
              <RadioGroup.Root
                key={q.id}
                value={answer ?? null}
                onValueChange={(e) => e.value !== null && choose(e.value)}
                aria-labelledby="question-text"
                colorPalette="brand"
                disabled={finished}
              >
                <Stack gap="2">
                  {q.options.map((option, k) => (
                    <RadioGroup.Item
                      key={option}
                      value={option}
                      minH="44px"
                      px="3"
                      py="3"
                      borderWidth="1px"
                      rounded="md"
                      w="full"
                      alignItems="flex-start"
                      cursor="pointer"
                      _checked={{ borderColor: "brand.solid", bg: "brand.subtle" }}
                      _hover={{ bg: finished ? undefined : "bg.muted" }}
                    >
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator mt="0.5" />
                      <RadioGroup.ItemText flex="1" display="flex" gap="3" alignItems="baseline">
                        <Kbd size="sm" aria-hidden display={{ base: "none", md: "inline-flex" }}>
                          {k + 1}
                        </Kbd>
                        <Text as="span">{option}</Text>
                      </RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            ) : (
              <Field.Root key={q.id}>
                <Field.Label>Your answer</Field.Label>
                <Input
                  ref={inputRef}
                  placeholder="Type your answer here..."
                  value={answer ?? ""}
                  maxLength={500}
                  readOnly={finished}
                  size="lg"
                  autoComplete="off"
                  onChange={(e) => change((a) => ({ ...a, answers: { ...a.answers, [q.id]: e.target.value } }))}
                />
              </Field.Root>
            )}

            <Grid templateColumns={{ base: "1fr 1fr", md: "auto 1fr auto" }} gap="2" pt="4" borderTopWidth="1px">
              <Button variant="outline" minH="44px" onClick={() => go(index - 1)} disabled={index === 0}>
                <ChevronLeft aria-hidden /> Previous
              </Button>
              <Button
                variant={flagged ? "subtle" : "outline"}
                colorPalette={flagged ? "orange" : "gray"}
                minH="44px"
                onClick={toggleFlag}
                aria-pressed={flagged}
                gridColumn={{ base: "1 / -1", md: "auto" }}
                gridRow={{ base: "1", md: "auto" }}
                justifySelf={{ md: "center" }}
              >
                <Flag aria-hidden fill={flagged ? "currentColor" : "none"} /> Flag for review
              </Button>
              <Button
                colorPalette="brand"
                variant="solid"
                minH="44px"
                onClick={() => go(index + 1)}
                disabled={index === total - 1}
              >
                Next <ChevronRight aria-hidden />
              </Button>
            </Grid>
            <Text fontSize="xs" color="fg.muted" display={{ base: "none", md: "block" }}>
              Shortcuts: <Kbd size="sm">1</Kbd>–<Kbd size="sm">4</Kbd> choose an option, <Kbd size="sm">Enter</Kbd> next
              question, <Kbd size="sm">F</Kbd> flag for review.
            </Text>
          </Card.Body>
        </Card.Root>

        <Card.Root as="nav" aria-label="Question navigator" position={{ lg: "sticky" }} top={{ lg: "8.5rem" }} minW="0">
          <Card.Body gap="4">
            <Heading as="h2" size="sm">
              Questions
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {answered} answered · {unanswered} unanswered · {flags.size} flagged
            </Text>
            <Grid
              as="ol"
              templateColumns="repeat(auto-fill, minmax(44px, 1fr))"
              gap="2"
              listStyleType="none"
              m="0"
              p="0"
            >
              {questions.map((item, k) => {
                const isDone = isAnswered(answers[item.id]);
                const isFlagged = flags.has(item.id);
                const current = k === index;
                return (
                  <li key={item.id}>
                    <Button
                      w="full"
                      h="44px"
                      minW="44px"
                      px="0"
                      position="relative"
                      fontVariantNumeric="tabular-nums"
                      colorPalette="brand"
                      variant={isDone ? "solid" : "outline"}
                      outline={current ? "3px solid" : undefined}
                      outlineColor={current ? "orange.solid" : undefined}
                      outlineOffset="2px"
                      aria-current={current ? "step" : undefined}
                      aria-label={`Question ${k + 1}, ${isDone ? "answered" : "unanswered"}${isFlagged ? ", flagged for review" : ""}`}
                      onClick={() => go(k)}
                    >
                      {k + 1}
                      {isFlagged && (
                        <Box
                          as="span"
                          position="absolute"
                          top="-1.5"
                          right="-1.5"
                          bg="orange.solid"
                          color="orange.contrast"
                          rounded="full"
                          p="0.5"
                          display="inline-flex"
                          aria-hidden
                        >
                          <Flag size={10} fill="currentColor" />
                        </Box>
                      )}
                    </Button>
                  </li>
                );
              })}
            </Grid>
            <Stack gap="1.5" fontSize="xs" color="fg.muted" aria-hidden>
              <HStack gap="2">
                <Box w="4" h="4" rounded="sm" bg="brand.solid" />
                Answered
              </HStack>
              <HStack gap="2">
                <Box w="4" h="4" rounded="sm" borderWidth="1px" borderColor="brand.solid" />
                Unanswered
              </HStack>
              <HStack gap="2">
                <Box
                  w="4"
                  h="4"
                  rounded="full"
                  bg="orange.solid"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  color="orange.contrast"
                >
                  <Flag size={9} fill="currentColor" />
                </Box>
                Flagged for review
              </HStack>
              <HStack gap="2">
                <Box w="4" h="4" rounded="sm" outline="2px solid" outlineColor="orange.solid" />
                Current question
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Grid>

      <Dialog.Root
        open={confirmOpen}
        onOpenChange={(e) => setConfirmOpen(e.open)}
        role="alertdialog"
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Submit your test?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="2">
                  {unanswered > 0 ? (
                    <Text>
                      You have {unanswered} unanswered {unanswered === 1 ? "question" : "questions"}. Submit anyway?
                    </Text>
                  ) : (
                    <Text>You flagged {plural(flags.size, "question")} for review. Submit anyway?</Text>
                  )}
                  {unanswered > 0 && flags.size > 0 && (
                    <Text color="fg.muted">You also flagged {plural(flags.size, "question")} for review.</Text>
                  )}
                  {unanswered > 0 && (
                    <Text color="fg.muted" fontSize="sm">
                      Unanswered questions count as incorrect.
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" minH="44px">
                    Keep Working
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  colorPalette="brand"
                  minH="44px"
                  onClick={() => {
                    setConfirmOpen(false);
                    handIn();
                  }}
                >
                  Submit Anyway
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
