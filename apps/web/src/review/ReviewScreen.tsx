/**
 * The daily review (/review): the cards and questions due today (and new ones within the member's
 * daily caps), mixed in one session; questions are graded as in Study, cards are rated, and both go
 * through the outbox, so a review works with no connection. When nothing is left: 'All caught up' with
 * the time the next item falls due.
 */
import { Badge, Box, Button, Card, Flex, Heading, Kbd, Progress, Stack, Text } from "@chakra-ui/react";
import {
  canSubmitAnswer,
  citationLabel,
  isMasteredRating,
  percent,
  plural,
  type ReviewRating,
  sectionLabel,
} from "@jcba/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight, CalendarCheck, RefreshCw } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { newClientId } from "../app/ids.ts";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { PeerStats } from "../components/PeerStats.tsx";
import { SourceLink } from "../components/SourceLink.tsx";
import { ACTIVATABLE, TYPING } from "../flashcards/cardKeys.ts";
import { RatingButtons } from "../flashcards/RatingButtons.tsx";
import { enqueue, pendingWrites, replay } from "../offline/outbox.ts";
import { ReportProblemButton } from "../reports/ReportProblemButton.tsx";
import { AnswerFeedback } from "../study/AnswerFeedback.tsx";
import { AnswerForm } from "../study/AnswerForm.tsx";
import type { Graded } from "../study/graded.ts";
import { gradeOnDevice, timeTakenSince, useQueuedAnswer } from "../study/queuedAnswer.ts";
import { useStudyKeys } from "../study/useStudyKeys.ts";

type Session = RouterOutputs["review"]["session"];
type Item = Session["items"][number];

const itemKey = (item: Pick<Item, "itemType" | "itemId">) => `${item.itemType}:${item.itemId}`;

/** "in 5 minutes", "tomorrow at 9:00 AM": when the next item falls due, in the member's own clock. */
export function nextDueText(iso: string, now = new Date()): string {
  const due = new Date(iso);
  const minutes = Math.max(1, Math.round((due.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `in ${plural(minutes, "minute")}`;
  const time = due.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
  if (due.toDateString() === now.toDateString()) return `today at ${time}`;
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (due.toDateString() === tomorrow.toDateString()) return `tomorrow at ${time}`;
  return `on ${due.toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" })} at ${time}`;
}

export function ReviewScreen() {
  const trpc = useTRPC();
  const session = useQuery(trpc.review.session.queryOptions(undefined, { refetchOnMount: "always" }));
  const [round, setRound] = useState(0);
  // Items answered or rated on this visit. Their writes go through the outbox, so until it has sent
  // them the server (or, offline, the device's copy of the session) still lists them as due.
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());
  const items = session.data?.items.filter((i) => !done.has(itemKey(i))) ?? [];
  const [finishing, setFinishing] = useState(false);
  const finishRound = async () => {
    setFinishing(true);
    try {
      await replay();
      if ((await pendingWrites()).length === 0) {
        // Everything reached the server: its session is the truth again.
        await session.refetch();
        setDone(new Set());
      }
    } finally {
      setRound((r) => r + 1);
      setFinishing(false);
    }
  };

  return (
    <Stack gap="4" maxW="3xl" mx="auto" w="full">
      <Box>
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Review
        </Heading>
        {session.data && items.length > 0 && (
          <Text color="fg.muted" mt="1" data-testid="due-today">
            Due today: {plural(session.data.dueCards, "card")}, {plural(session.data.dueQuestions, "question")}
          </Text>
        )}
      </Box>
      {finishing ? (
        <LoadingSpinner label="Saving your review" />
      ) : session.data === undefined ? (
        session.isError ? (
          <ErrorCard message={errorMessage(session.error)} onRetry={() => void session.refetch()} />
        ) : (
          <LoadingSpinner label="Loading your review" />
        )
      ) : items.length === 0 ? (
        <CaughtUp nextDue={session.data.nextDue} />
      ) : (
        <ReviewRun
          key={`${round}-${session.dataUpdatedAt}`}
          items={items}
          fourButtons={session.data.fourButtons}
          onItemDone={(item) => setDone((d) => new Set(d).add(itemKey(item)))}
          onDone={() => void finishRound()}
        />
      )}
    </Stack>
  );
}

function CaughtUp({ nextDue }: { nextDue: string | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card.Root data-testid="caught-up">
      <Card.Body gap="3" alignItems="center" textAlign="center" py="10">
        <Box color="green.fg" aria-hidden>
          <CalendarCheck size={40} />
        </Box>
        <Heading as="h2" size="xl" ref={heading} tabIndex={-1} outline="none">
          All caught up
        </Heading>
        <Text color="fg.muted" data-testid="next-due">
          {nextDue ? `Your next review is due ${nextDueText(nextDue)}.` : "Nothing is scheduled yet."}
        </Text>
        <Button asChild colorPalette="brand" minH="44px" mt="2">
          <Link to="/">Back to Dashboard</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** One pass over the session's items; at the end the screen asks for what is due now. */
function ReviewRun({
  items: initial,
  fourButtons,
  onItemDone,
  onDone,
}: {
  items: Item[];
  fourButtons: boolean;
  onItemDone: (item: Item) => void;
  onDone: () => void;
}) {
  // The run keeps the list it started with.
  const [items] = useState(initial);
  const [index, setIndex] = useState(0);
  const total = items.length;
  const item = items[index]!;
  const next = () => {
    onItemDone(item);
    if (index + 1 < total) setIndex(index + 1);
    else onDone();
  };
  return (
    <Card.Root>
      <Card.Body gap="5" p={{ base: "4", md: "6" }}>
        <Flex gap="2" flexWrap="wrap" align="center">
          <Badge colorPalette="brand" variant="solid" size="lg">
            {index + 1} of {total}
          </Badge>
          <Badge variant="outline" size="lg">
            {item.itemType === "flashcard" ? "Flashcard" : "Question"}
          </Badge>
          {item.isNew && (
            <Badge colorPalette="purple" variant="subtle" size="lg">
              New
            </Badge>
          )}
        </Flex>
        <Progress.Root
          value={percent(index, total)}
          size="xs"
          colorPalette="brand"
          aria-label={`Review progress: ${index} of ${total} done`}
        >
          <Progress.Track rounded="full" bg="bg.emphasized">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        {item.flashcard ? (
          <CardItem key={`f${item.itemId}`} card={item.flashcard} fourButtons={fourButtons} onNext={next} />
        ) : item.question ? (
          <QuestionItem key={`q${item.itemId}`} question={item.question} last={index + 1 === total} onNext={next} />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function CardItem({
  card,
  fourButtons,
  onNext,
}: {
  card: NonNullable<Item["flashcard"]>;
  fourButtons: boolean;
  onNext: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const id = useRef(newClientId());
  // Through the outbox, as the Flashcards screen rates: a rating given with no connection waits on the
  // device. The device's mastery list changes at once (Good or Easy = mastered).
  const rate = useMutation({
    networkMode: "always",
    mutationFn: async (rating: ReviewRating) => {
      await enqueue(
        { kind: "review", input: { id: id.current, itemType: "flashcard", itemId: card.id, rating } },
        id.current,
      );
      queryClient.setQueryData(trpc.mastery.list.queryKey(), (list = []) => [
        ...list.filter((m) => m.flashcardId !== card.id),
        { flashcardId: card.id, mastered: isMasteredRating(rating) },
      ]);
    },
    onSuccess: onNext,
  });
  const termRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => termRef.current?.focus(), []);
  // The Flashcards screen's keys: Space shows the answer; then 1–4, or M and R with two buttons.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(TYPING)) return;
      const key = e.key.toLowerCase();
      if (!shown) {
        if (key === " " || key === "enter") {
          if (target?.closest(ACTIVATABLE)) return;
          e.preventDefault();
          setShown(true);
        }
        return;
      }
      if (rate.isPending) return;
      const rating: ReviewRating | null = fourButtons
        ? /^[1-4]$/.test(key)
          ? (Number(key) as ReviewRating)
          : null
        : key === "m"
          ? 3
          : key === "r"
            ? 1
            : null;
      if (rating === null) return;
      e.preventDefault();
      rate.mutate(rating);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
  return (
    <Stack gap="4" data-testid="review-card">
      <Text fontSize="sm" color="fg.muted">
        {sectionLabel(card.sectionNumber)}
      </Text>
      <Heading
        as="h2"
        size={{ base: "lg", md: "xl" }}
        ref={termRef}
        tabIndex={-1}
        outline="none"
        data-testid="review-term"
      >
        {card.term}
      </Heading>
      {shown ? (
        <>
          <Box p="4" rounded="md" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted">
            <Text fontSize={{ base: "md", md: "lg" }} data-testid="review-definition">
              {card.definition}
            </Text>
            {card.citation && (
              <Text fontSize="sm" color="fg.muted" mt="2">
                Reference: {citationLabel(card.citation)}
              </Text>
            )}
            <SourceLink source={card.source} sourceLabel={card.sourceLabel} />
            <Flex justify="flex-end" mt="2">
              <ReportProblemButton itemType="flashcard" itemId={card.id} />
            </Flex>
          </Box>
          <RatingButtons
            fourButtons={fourButtons}
            disabled={rate.isPending}
            onRate={(rating: ReviewRating) => rate.mutate(rating)}
          />
          {rate.isError && (
            <Text color={{ _light: "red.700", _dark: "red.300" }} role="alert">
              {errorMessage(rate.error)}
            </Text>
          )}
        </>
      ) : (
        <Flex justify="center">
          <Button colorPalette="brand" size="lg" onClick={() => setShown(true)}>
            <RefreshCw aria-hidden /> Show Answer
          </Button>
        </Flex>
      )}
      <Text textAlign="center" fontSize="sm" color="fg.muted" display={{ base: "none", md: "block" }}>
        Keyboard: <Kbd>Space</Kbd> show answer ·{" "}
        {fourButtons ? (
          <>
            <Kbd>1</Kbd>–<Kbd>4</Kbd> again / hard / good / easy
          </>
        ) : (
          <>
            <Kbd>M</Kbd> mastered · <Kbd>R</Kbd> needs review
          </>
        )}
      </Text>
    </Stack>
  );
}

function QuestionItem({
  question,
  last,
  onNext,
}: {
  question: NonNullable<Item["question"]>;
  last: boolean;
  onNext: () => void;
}) {
  const [answer, setAnswer] = useState("");
  const [result, setResult] = useState<Graded | undefined>();
  const id = useRef(newClientId());
  const shownAt = useRef(performance.now());
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  // Graded here by the server's rules and sent through the outbox, as in Study: an answer given with no
  // connection waits on the device, and the server's grade is the record.
  const send = useQueuedAnswer();
  useEffect(() => {
    if (question.questionType === "fill-in-blank") inputRef.current?.focus();
    else questionRef.current?.focus();
  }, [question.questionType]);
  useEffect(() => {
    if (result) feedbackRef.current?.focus();
  }, [result]);
  const choose = (a: string) => {
    // A changed answer is a new answer: it gets its own id.
    if (a !== answer) id.current = newClientId();
    setAnswer(a);
  };
  // Study's keys, which the answer form announces: 1–4 choose, Enter submits and then goes on.
  useStudyKeys(
    true,
    (digit) => {
      if (result || question.questionType !== "multiple-choice" || send.isPending) return false;
      const option = question.options?.[digit - 1];
      if (option === undefined) return false;
      choose(option);
      return true;
    },
    () => (result ? onNext() : submit()),
  );

  const submit = () => {
    if (result || send.isPending || !canSubmitAnswer(question.questionType, answer)) return;
    const userAnswer = question.questionType === "fill-in-blank" ? answer.trim() : answer;
    send.mutate(
      { id: id.current, questionId: question.id, userAnswer, timeTakenMs: timeTakenSince(shownAt.current) },
      { onSuccess: () => setResult(gradeOnDevice(question, userAnswer)) },
    );
  };

  return (
    <Stack gap="4" data-testid="review-question">
      <Text fontSize="sm" color="fg.muted">
        {sectionLabel(question.sectionNumber)}
      </Text>
      <Heading
        as="h2"
        size={{ base: "md", md: "lg" }}
        id={headingId}
        ref={questionRef}
        tabIndex={-1}
        outline="none"
        data-testid="question-text"
        lineHeight="1.4"
      >
        {question.questionText}
      </Heading>
      <AnswerForm
        question={question}
        labelledBy={headingId}
        answer={answer}
        onAnswer={choose}
        result={result}
        sending={send.isPending}
        sendError={send.isError ? errorMessage(send.error) : null}
        onSubmit={submit}
        inputRef={inputRef}
      />
      {result && (
        <>
          <AnswerFeedback
            ref={feedbackRef}
            result={result}
            citation={citationLabel(question.citation)}
            source={question}
          />
          <PeerStats questionId={question.id} options={question.options} correctAnswer={result.correctAnswer} />
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <ReportProblemButton itemType="question" itemId={question.id} />
            <Button colorPalette="brand" minH="44px" w={{ base: "full", sm: "auto" }} onClick={onNext}>
              {last ? "Finish" : "Next"} <ArrowRight aria-hidden />
            </Button>
          </Flex>
        </>
      )}
    </Stack>
  );
}
