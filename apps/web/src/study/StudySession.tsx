/**
 * One study session over a section's questions: one question at a time, graded by the server,
 * feedback with the explanation and its contract reference, and a summary at the end.
 * Keys: 1–4 choose an option, Enter submits and then moves on.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Kbd,
  Progress,
  RadioCard,
  Stack,
  Text,
} from "@chakra-ui/react";
import { canSubmitAnswer, percent, SIDEBAR_SECTION_NAMES, scoreMessage } from "@jcba/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, ArrowRight, CircleCheck, CircleX, RotateCcw, Trophy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner, MessageCard } from "../components/PageStates.tsx";
import { bandColor } from "../performance/band.ts";
import { formatCitation, newAttemptId } from "./citation.ts";

type Question = RouterOutputs["questions"]["list"][number];
interface Graded {
  userAnswer: string;
  isCorrect: boolean;
  correctAnswer: string;
  explanation: string;
}

function BackToDashboard() {
  return (
    <Button asChild variant="ghost" size="sm" minH="44px" alignSelf="flex-start" ms="-2">
      <Link to="/">
        <ArrowLeft aria-hidden /> Back to Dashboard
      </Link>
    </Button>
  );
}

/** Loads the section's questions and runs a session; "Study Again" starts a fresh one. */
export function StudySession({ section }: { section: number }) {
  const trpc = useTRPC();
  const questions = useQuery(trpc.questions.list.queryOptions({ section }));
  const [round, setRound] = useState(0);

  if (questions.data === undefined) {
    if (questions.isError)
      return <ErrorCard message={errorMessage(questions.error)} onRetry={() => void questions.refetch()} />;
    return <LoadingSpinner label="Loading questions" />;
  }
  if (questions.data.length === 0) {
    return (
      <MessageCard
        title="No Questions Available"
        actions={
          <Button asChild colorPalette="brand" minH="44px">
            <Link to="/">Return to Dashboard</Link>
          </Button>
        }
      >
        There are no questions available for this section yet.
      </MessageCard>
    );
  }
  return <Session key={round} section={section} questions={questions.data} onRestart={() => setRound((r) => r + 1)} />;
}

type FocusTarget = "feedback" | "question" | "summary" | null;

function Session({
  section,
  questions: initial,
  onRestart,
}: {
  section: number;
  questions: Question[];
  onRestart: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The session keeps the list it started with, even if an admin edits the bank meanwhile.
  const [questions] = useState(initial);
  const total = questions.length;
  const [index, setIndex] = useState(0);
  const [answer, setAnswer] = useState("");
  const [graded, setGraded] = useState<Graded[]>([]);
  const [finished, setFinished] = useState(false);
  /** The id of the answer being sent: reused when the member retries the same answer after a failure. */
  const pending = useRef<{ id: string; questionId: number; answer: string } | null>(null);
  const saved = useRef(false);
  const focusTarget = useRef<FocusTarget>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const questionId = useId();

  const question = questions[index]!;
  const result = graded[index];
  const submitted = result !== undefined;
  const correctCount = graded.filter((g) => g?.isCorrect).length;

  const invalidateProgress = () => queryClient.invalidateQueries({ queryKey: trpc.progress.sections.queryKey() });
  const answerMutation = useMutation(
    trpc.progress.questionAttempt.mutationOptions({ onSuccess: () => void invalidateProgress() }),
  );
  const saveMutation = useMutation(
    trpc.progress.saveSection.mutationOptions({ onSuccess: () => void invalidateProgress() }),
  );

  const saveSession = (attempted: number, correct: number) => {
    saveMutation.mutate({ sectionNumber: section, questionsAttempted: attempted, questionsCorrect: correct });
  };

  const submit = () => {
    if (submitted || finished || answerMutation.isPending || !canSubmitAnswer(question.questionType, answer)) return;
    const userAnswer = question.questionType === "fill-in-blank" ? answer.trim() : answer;
    let p = pending.current;
    if (!p || p.questionId !== question.id || p.answer !== userAnswer)
      p = pending.current = { id: newAttemptId(), questionId: question.id, answer: userAnswer };
    const at = index;
    answerMutation.mutate(
      { id: p.id, questionId: question.id, userAnswer },
      {
        onSuccess: (res) => {
          pending.current = null;
          const entry: Graded = {
            userAnswer,
            isCorrect: res.isCorrect,
            correctAnswer: res.correctAnswer,
            explanation: res.explanation,
          };
          const next = [...graded];
          next[at] = entry;
          setGraded(next);
          focusTarget.current = "feedback";
          const answered = next.filter(Boolean).length;
          if (answered === total && !saved.current) {
            saved.current = true;
            saveSession(answered, next.filter((g) => g?.isCorrect).length);
          }
        },
      },
    );
  };

  const goOn = () => {
    if (!submitted) return;
    answerMutation.reset();
    if (index + 1 < total) {
      setIndex(index + 1);
      setAnswer("");
      focusTarget.current = "question";
    } else {
      setFinished(true);
      focusTarget.current = "summary";
    }
  };

  // Focus follows the session: to the feedback after an answer, then to the next question, then the summary.
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    if (target === "feedback") feedbackRef.current?.focus();
    else if (target === "summary") summaryRef.current?.focus();
    else if (question.questionType === "fill-in-blank") inputRef.current?.focus();
    else questionRef.current?.focus();
  });

  // Keyboard: 1–4 pick an option; Enter submits, then goes on (buttons and links keep their own Enter).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (finished || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('[role="dialog"], [role="alertdialog"]')) return;
      const inTextField = !!target?.closest(
        'input:not([type="radio"]):not([type="checkbox"]), textarea, select, [contenteditable="true"]',
      );
      if (/^[1-4]$/.test(e.key) && !inTextField) {
        if (!submitted && question.questionType === "multiple-choice") {
          const option = question.options?.[Number(e.key) - 1];
          if (option !== undefined && !answerMutation.isPending) {
            e.preventDefault();
            setAnswer(option);
          }
        }
        return;
      }
      if (e.key === "Enter") {
        if (target?.closest('button, a, select, textarea, summary, [role="button"], [role="link"]')) return;
        e.preventDefault();
        if (submitted) goOn();
        else submit();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const name = SIDEBAR_SECTION_NAMES[section - 1] ?? `Section ${section}`;
  const answeredCount = graded.filter(Boolean).length;

  return (
    <Stack gap="4" maxW="3xl" mx="auto" w="full">
      {!finished && <BackToDashboard />}
      <Box>
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
          Study Mode
        </Text>
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          {name}
        </Heading>
      </Box>

      {finished ? (
        <Summary
          ref={summaryRef}
          correct={correctCount}
          total={total}
          saving={saveMutation.isPending}
          saveError={saveMutation.isError ? errorMessage(saveMutation.error) : null}
          onRetrySave={() => saveSession(answeredCount, correctCount)}
          onRestart={onRestart}
        />
      ) : (
        <Card.Root>
          <Card.Body gap="5" p={{ base: "4", md: "6" }}>
            <Flex gap="2" flexWrap="wrap" align="center">
              <Badge colorPalette="brand" variant="solid" size="lg">
                Question {index + 1} of {total}
              </Badge>
              <Badge colorPalette="brand" variant="subtle" size="lg">
                Section {section}
              </Badge>
              <Badge variant="outline" size="lg">
                {question.questionType === "multiple-choice" ? "Multiple choice" : "Fill in the blank"}
              </Badge>
            </Flex>
            <Progress.Root
              value={percent(answeredCount, total)}
              size="xs"
              colorPalette="brand"
              aria-label={`Session progress: ${answeredCount} of ${total} answered`}
            >
              <Progress.Track rounded="full" bg="bg.emphasized">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Heading
              as="h2"
              size={{ base: "md", md: "lg" }}
              id={questionId}
              ref={questionRef}
              tabIndex={-1}
              data-testid="question-text"
              lineHeight="1.4"
              outline="none"
              _focusVisible={{
                outline: "2px solid",
                outlineColor: "brand.focusRing",
                outlineOffset: "4px",
                rounded: "sm",
              }}
            >
              {question.questionText}
            </Heading>

            <form
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
              noValidate
            >
              <Stack gap="4">
                {question.questionType === "multiple-choice" ? (
                  <Options
                    question={question}
                    labelledBy={questionId}
                    value={answer}
                    onChange={setAnswer}
                    locked={submitted || answerMutation.isPending}
                    result={result}
                  />
                ) : (
                  <Field.Root>
                    <Field.Label>Your answer</Field.Label>
                    <Input
                      ref={inputRef}
                      value={answer}
                      onChange={(e) => setAnswer(e.target.value)}
                      placeholder="Type your answer here..."
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={500}
                      size="lg"
                      readOnly={submitted || answerMutation.isPending}
                      aria-describedby={questionId}
                      borderColor={result ? (result.isCorrect ? "green.solid" : "red.solid") : undefined}
                      borderWidth={result ? "2px" : undefined}
                    />
                  </Field.Root>
                )}

                {answerMutation.isError && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>Your answer was not saved.</Alert.Title>
                      <Alert.Description>
                        {errorMessage(answerMutation.error)}. Check your connection, then press Submit Answer to try
                        again.
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}

                {!submitted && (
                  <Flex gap="3" align="center" justify="space-between" flexWrap="wrap">
                    <Text fontSize="xs" color="fg.muted" hideBelow="md">
                      {question.questionType === "multiple-choice" ? (
                        <>
                          Press <Kbd size="sm">1</Kbd>–<Kbd size="sm">4</Kbd> to choose,{" "}
                        </>
                      ) : null}
                      <Kbd size="sm">Enter</Kbd> to submit
                    </Text>
                    <Button
                      type="submit"
                      colorPalette="brand"
                      minH="44px"
                      ms="auto"
                      w={{ base: "full", sm: "auto" }}
                      disabled={!canSubmitAnswer(question.questionType, answer)}
                      loading={answerMutation.isPending}
                      loadingText="Submitting…"
                    >
                      Submit Answer
                    </Button>
                  </Flex>
                )}
              </Stack>
            </form>

            {result && (
              <>
                <Feedback ref={feedbackRef} result={result} citation={formatCitation(question.citation)} />
                <Flex justify="flex-end">
                  <Button colorPalette="brand" minH="44px" w={{ base: "full", sm: "auto" }} onClick={goOn}>
                    {index + 1 < total ? (
                      <>
                        Next Question <ArrowRight aria-hidden />
                      </>
                    ) : (
                      <>
                        See Results <Trophy aria-hidden />
                      </>
                    )}
                  </Button>
                </Flex>
              </>
            )}
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}

function Options({
  question,
  labelledBy,
  value,
  onChange,
  locked,
  result,
}: {
  question: Question;
  labelledBy: string;
  value: string;
  onChange: (v: string) => void;
  locked: boolean;
  result: Graded | undefined;
}) {
  const options = question.options ?? [];
  return (
    <RadioCard.Root
      value={value || null}
      onValueChange={(d) => onChange(d.value ?? "")}
      disabled={locked}
      colorPalette="brand"
      aria-labelledby={labelledBy}
      variant="outline"
      size="sm"
    >
      <Stack gap="2">
        {options.map((option, i) => {
          const isAnswer = result !== undefined && option === result.correctAnswer;
          const isWrongChoice = result !== undefined && !result.isCorrect && option === result.userAnswer;
          return (
            <RadioCard.Item
              key={option}
              value={option}
              _disabled={{ opacity: 1, cursor: "default" }}
              colorPalette={isAnswer ? "green" : isWrongChoice ? "red" : "brand"}
              borderColor={isAnswer ? "green.solid" : isWrongChoice ? "red.solid" : undefined}
              bg={isAnswer ? "green.subtle" : isWrongChoice ? "red.subtle" : undefined}
              borderWidth={isAnswer || isWrongChoice ? "2px" : undefined}
            >
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl alignItems="center" minH="44px" gap="3">
                <Kbd aria-hidden size="sm" flexShrink={0}>
                  {i + 1}
                </Kbd>
                <RadioCard.ItemText flex="1" fontWeight="normal" fontSize="md">
                  {option}
                  {isAnswer && (
                    <Box as="span" srOnly>
                      {" "}
                      (correct answer)
                    </Box>
                  )}
                  {isWrongChoice && (
                    <Box as="span" srOnly>
                      {" "}
                      (your answer)
                    </Box>
                  )}
                </RadioCard.ItemText>
                {isAnswer && (
                  <Box as="span" color="green.fg" aria-hidden>
                    <CircleCheck size={20} />
                  </Box>
                )}
                {isWrongChoice && (
                  <Box as="span" color="red.fg" aria-hidden>
                    <CircleX size={20} />
                  </Box>
                )}
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          );
        })}
      </Stack>
    </RadioCard.Root>
  );
}

function Feedback({
  ref,
  result,
  citation,
}: {
  ref: React.Ref<HTMLDivElement>;
  result: Graded;
  citation: string | null;
}) {
  const palette = result.isCorrect ? "green" : "red";
  return (
    <Box
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-label="Answer feedback"
      data-testid="feedback"
      p="4"
      rounded="md"
      borderWidth="1px"
      borderColor={`${palette}.muted`}
      borderStartWidth="4px"
      borderStartColor={`${palette}.solid`}
      bg={`${palette}.subtle`}
      outline="none"
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
    >
      <HStack gap="2" color={`${palette}.fg`}>
        <Box as="span" aria-hidden>
          {result.isCorrect ? <CircleCheck size={22} /> : <CircleX size={22} />}
        </Box>
        <Heading as="h3" size="md" color={`${palette}.fg`}>
          {result.isCorrect ? "Correct" : "Incorrect"}
        </Heading>
      </HStack>
      <Stack gap="2" mt="2" fontSize="sm">
        {!result.isCorrect && (
          <Text>
            Correct answer:{" "}
            <Text as="strong" fontWeight="semibold">
              {result.correctAnswer}
            </Text>
          </Text>
        )}
        <Text>{result.explanation}</Text>
        {citation && (
          <Text color="fg.muted" data-testid="citation">
            Reference: JCBA {citation}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

function Summary({
  ref,
  correct,
  total,
  saving,
  saveError,
  onRetrySave,
  onRestart,
}: {
  ref: React.Ref<HTMLHeadingElement>;
  correct: number;
  total: number;
  saving: boolean;
  saveError: string | null;
  onRetrySave: () => void;
  onRestart: () => void;
}) {
  const score = percent(correct, total);
  return (
    <Card.Root textAlign="center" data-testid="summary">
      <Card.Body gap="3" alignItems="center" py={{ base: "6", md: "10" }}>
        <Flex aria-hidden color="brand.fg" bg="brand.subtle" rounded="full" p="4">
          <Trophy size={36} />
        </Flex>
        <Heading
          as="h2"
          size="2xl"
          ref={ref}
          tabIndex={-1}
          outline="none"
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "4px", rounded: "sm" }}
        >
          Study Session Complete!
        </Heading>
        <Text fontSize="lg">
          You scored {correct} out of {total} questions correctly ({score}%)
        </Text>
        <Text fontWeight="semibold" color={bandColor(score)}>
          {scoreMessage(score)}
        </Text>
        {saving && (
          <Text fontSize="sm" color="fg.muted" role="status">
            Saving your progress…
          </Text>
        )}
        {saveError && (
          <Alert.Root status="warning" role="alert" textAlign="start" maxW="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>This session's summary was not saved.</Alert.Title>
              <Alert.Description>{saveError}. Your answers are kept; try saving again.</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" minH="44px" onClick={onRetrySave}>
              Try Again
            </Button>
          </Alert.Root>
        )}
        <Flex gap="3" pt="2" flexWrap="wrap" justify="center" w={{ base: "full", sm: "auto" }}>
          <Button colorPalette="brand" minH="44px" onClick={onRestart} w={{ base: "full", sm: "auto" }}>
            <RotateCcw aria-hidden /> Study Again
          </Button>
          <Button asChild variant="outline" minH="44px" w={{ base: "full", sm: "auto" }}>
            <Link to="/">Back to Dashboard</Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
