/**
 * One study session over a section's questions: one question at a time, feedback with the
 * explanation and its contract reference, and a summary at the end. The questions come from the
 * whole bank kept on the device, and answers are graded here and go through the outbox, so a session
 * works the same with no connection; the server grades every answer again and its record counts.
 * Keys: 1–4 choose an option, Enter submits and then moves on.
 */
import { Badge, Box, Button, Card, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { canSubmitAnswer, sidebarSectionName } from "@jcba/domain";
import { questionCountLabel, questionTypeLabel, STUDY_TITLE } from "@jcba/domain/first-paint";
import { useIsRestoring, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, ArrowRight, Trophy } from "lucide-react";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { newClientId } from "../app/ids.ts";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner, MessageCard } from "../components/PageStates.tsx";
import { SessionProgress } from "../components/SessionProgress.tsx";
import { inEdition, useStudyEdition } from "../editions/studyEdition.ts";
import { enqueue } from "../offline/outbox.ts";
import { FlagToggle } from "./FlagToggle.tsx";
import type { Graded, Question } from "./graded.ts";
import { QuestionPanel } from "./QuestionPanel.tsx";
import { gradeOnDevice, timeTakenSince, useQueuedAnswer } from "./queuedAnswer.ts";
import { SessionSummary } from "./SessionSummary.tsx";
import { useConfidence } from "./useConfidence.ts";
import { useStudyKeys } from "./useStudyKeys.ts";

function BackToDashboard() {
  return (
    <Button asChild variant="ghost" size="sm" minH="44px" alignSelf="flex-start" ms="-2">
      <Link to="/">
        <ArrowLeft aria-hidden /> Back to Dashboard
      </Link>
    </Button>
  );
}

/**
 * Loads the section's questions and runs a session; "Study Again" starts a fresh one. `startAt`: the
 * id of the question to begin with (a search result); the session then runs from there to the end.
 */
export function StudySession({ section, startAt }: { section: number; startAt?: number | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const restoring = useIsRestoring();
  const edition = useStudyEdition();
  // The whole bank, read once and kept on the device: any section opens offline (its items of the
  // member's edition). Until the bank is on the device (a first visit: it downloads after the first
  // screen), only this section is asked for, a few KB instead of the whole bank on the way to the
  // first question.
  const haveBank = queryClient.getQueryData(trpc.questions.list.queryKey({})) !== undefined;
  const questions = useQuery(
    trpc.questions.list.queryOptions(haveBank ? {} : { section }, {
      select: (all) => inEdition(all, edition).filter((q) => q.sectionNumber === section),
    }),
  );
  const [round, setRound] = useState(0);
  // Drawn in a deferred render that React splits into short tasks, not in the one task that takes in
  // the data (a query's update is never split): a slow phone stays responsive while the screen fills.
  const loaded = useDeferredValue(questions.data !== undefined);

  if (questions.data === undefined || !loaded) {
    // While the device's copy is being read, an error of the section's own request (offline) is not final.
    if (questions.isError && !restoring)
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
  // The question asked for first, then the rest in their order; a fresh round starts from the top.
  const start = round === 0 && startAt !== undefined ? questions.data.findIndex((q) => q.id === startAt) : -1;
  const ordered = start > 0 ? [...questions.data.slice(start), ...questions.data.slice(0, start)] : questions.data;
  return <Session key={round} section={section} questions={ordered} onRestart={() => setRound((r) => r + 1)} />;
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
  // The session keeps the list it started with, even if an admin edits the bank meanwhile.
  const [questions] = useState(initial);
  const total = questions.length;
  const [index, setIndex] = useState(0);
  const [answer, setAnswer] = useState("");
  const sure = useConfidence();
  const [graded, setGraded] = useState<Graded[]>([]);
  const [finished, setFinished] = useState(false);
  /** The id of the answer being sent: reused when the member retries the same answer after a failure. */
  const pending = useRef<{ id: string; questionId: number; answer: string; timeTakenMs: number } | null>(null);
  /** When the current question was shown, for the time taken sent with the answer (item analysis). */
  const shownAt = useRef({ index: -1, at: 0 });
  const saved = useRef(false);
  const focusTarget = useRef<FocusTarget>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);

  const question = questions[index]!;
  if (shownAt.current.index !== index) shownAt.current = { index, at: performance.now() };
  const result = graded[index];
  const submitted = result !== undefined;
  const correctCount = graded.filter((g) => g?.isCorrect).length;

  const answerMutation = useQueuedAnswer();
  const saveMutation = useMutation({
    networkMode: "always",
    mutationFn: (input: { sectionNumber: number; questionsAttempted: number; questionsCorrect: number }) =>
      enqueue({ kind: "session", input }, newClientId()),
  });

  const saveSession = (attempted: number, correct: number) => {
    saveMutation.mutate({ sectionNumber: section, questionsAttempted: attempted, questionsCorrect: correct });
  };

  const submit = () => {
    if (submitted || finished || answerMutation.isPending || !canSubmitAnswer(question.questionType, answer)) return;
    const userAnswer = question.questionType === "fill-in-blank" ? answer.trim() : answer;
    let p = pending.current;
    if (!p || p.questionId !== question.id || p.answer !== userAnswer)
      p = pending.current = {
        id: newClientId(),
        questionId: question.id,
        answer: userAnswer,
        timeTakenMs: timeTakenSince(shownAt.current.at),
      };
    const at = index;
    answerMutation.mutate(
      {
        id: p.id,
        questionId: question.id,
        userAnswer,
        timeTakenMs: p.timeTakenMs,
        ...sure.sent,
      },
      {
        onSuccess: () => {
          pending.current = null;
          const next = [...graded];
          next[at] = gradeOnDevice(question, userAnswer);
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
      sure.setConfidence(null);
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

  useStudyKeys(
    !finished,
    (digit) => {
      if (submitted || question.questionType !== "multiple-choice" || answerMutation.isPending) return false;
      const option = question.options?.[digit - 1];
      if (option === undefined) return false;
      setAnswer(option);
      return true;
    },
    () => (submitted ? goOn() : submit()),
    (key) => sure.pickByKey(key, submitted || answerMutation.isPending),
  );

  const name = sidebarSectionName(section);
  const answeredCount = graded.filter(Boolean).length;

  // The server writes the first question into the page's frame as this draws it, badges and bar
  // included (withStudyOpening, boot.css): a change to this layout is a change there too.
  return (
    <Stack gap="4" maxW="3xl" mx="auto" w="full">
      {!finished && <BackToDashboard />}
      <Box>
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
          {STUDY_TITLE}
        </Text>
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          {name}
        </Heading>
      </Box>

      {finished ? (
        <SessionSummary
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
                {questionCountLabel(index + 1, total)}
              </Badge>
              <Badge colorPalette="brand" variant="subtle" size="lg">
                Section {section}
              </Badge>
              <Badge variant="outline" size="lg">
                {questionTypeLabel(question.questionType)}
              </Badge>
              <FlagToggle questionId={question.id} />
            </Flex>
            <SessionProgress
              done={answeredCount}
              total={total}
              label={`Session progress: ${answeredCount} of ${total} answered`}
            />
            <QuestionPanel
              question={question}
              refs={{ question: questionRef, input: inputRef, feedback: feedbackRef }}
              answer={answer}
              onAnswer={setAnswer}
              {...sure.formProps}
              result={result}
              sending={answerMutation.isPending}
              sendError={answerMutation.isError ? errorMessage(answerMutation.error) : null}
              onSubmit={submit}
              onNext={goOn}
              next={
                index + 1 < total ? (
                  <>
                    Next Question <ArrowRight aria-hidden />
                  </>
                ) : (
                  <>
                    See Results <Trophy aria-hidden />
                  </>
                )
              }
            />
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
