/**
 * The daily review (/review): the cards and questions due today (and new ones within the member's
 * daily caps), mixed in one session; questions are graded as in Study, cards are rated, and both go
 * through the outbox, so a review works with no connection. When nothing is left: 'All caught up' with
 * the time the next item falls due.
 */
import { Badge, Box, Button, Card, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { plural } from "@jcba/domain";
import { REVIEW_INTRO, REVIEW_TITLE } from "@jcba/domain/first-paint";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { SessionProgress } from "../components/SessionProgress.tsx";
import { pendingWrites, replay } from "../offline/outbox.ts";
import { HardItemFirst } from "./HardItemFirst.tsx";
import { CardItem } from "./ReviewCard.tsx";
import { QuestionItem } from "./ReviewQuestion.tsx";
import { refetchUnlessReadSince } from "./readSince.ts";

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

/** `askedAt`: when the route's loader asked for the session (the screen reads an older copy again). */
export function ReviewScreen({ askedAt }: { askedAt: number }) {
  const trpc = useTRPC();
  const session = useQuery(
    trpc.review.session.queryOptions(undefined, { refetchOnMount: refetchUnlessReadSince(askedAt) }),
  );
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
        {/* The server writes the heading and the line under it into the page's frame too (@jcba/domain/first-paint). */}
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            {REVIEW_TITLE}
          </Heading>
          <Button asChild variant="ghost" size="sm" minH="44px">
            <Link to="/plan">Study plan</Link>
          </Button>
        </Flex>
        <Text color="fg.muted" mt="1">
          {REVIEW_INTRO}
        </Text>
        {session.data && items.length > 0 && (
          <Text fontWeight="medium" mt="2" data-testid="due-today">
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
  // Hard items whose explanation the member has read in this run: asked now.
  const [readFirst, setReadFirst] = useState<ReadonlySet<number>>(new Set());
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
          {item.hard && (
            <Badge colorPalette="orange" variant="subtle" size="lg">
              Hard item
            </Badge>
          )}
          {item.isNew && (
            <Badge colorPalette="purple" variant="subtle" size="lg">
              New
            </Badge>
          )}
        </Flex>
        <SessionProgress done={index} total={total} label={`Review progress: ${index} of ${total} done`} />
        {item.flashcard ? (
          <CardItem key={`f${item.itemId}`} card={item.flashcard} fourButtons={fourButtons} onNext={next} />
        ) : item.question && item.hard && !readFirst.has(item.itemId) ? (
          <HardItemFirst
            key={`h${item.itemId}`}
            question={item.question}
            onAsk={() => setReadFirst((r) => new Set(r).add(item.itemId))}
          />
        ) : item.question ? (
          <QuestionItem key={`q${item.itemId}`} question={item.question} last={index + 1 === total} onNext={next} />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
