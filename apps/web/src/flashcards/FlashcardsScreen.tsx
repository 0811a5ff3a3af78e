import { Box, Button, Card, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { isMasteredRating, masteredIds, type ReviewRating } from "@jcba/domain";
import { FLASHCARDS_INTRO, FLASHCARDS_TITLE, masteredCountLabel } from "@jcba/domain/first-paint";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { newClientId } from "../app/ids.ts";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { LoadingSpinner, MessageCard } from "../components/PageStates.tsx";
import { notifyError } from "../components/ui/toaster.tsx";
import { inEdition, useStudyEdition } from "../editions/studyEdition.ts";
import { enqueue, pendingWrites } from "../offline/outbox.ts";
import { type Flashcard, FlashcardViewer } from "./FlashcardViewer.tsx";
import { SectionFilter } from "./SectionFilter.tsx";

const NO_CARDS: readonly Flashcard[] = [];

/** Flashcard Study Mode: the section filter lives in the address (?section=n). */
export function FlashcardsScreen({
  filter,
  rawSection,
  startCard,
  chosenCards,
  onFilterChange,
}: {
  filter: number | null | "invalid";
  rawSection: string;
  /** The id of the card to show first. */
  startCard?: number | undefined;
  /** A deck link's cards (What Changed's changed cards), in its order, instead of a section. */
  chosenCards?: readonly number[] | "invalid" | undefined;
  onFilterChange: (section: number | null) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cardsQuery = useQuery(trpc.flashcards.list.queryOptions({}));
  const masteryQuery = useQuery(trpc.mastery.list.queryOptions());
  const settingsQuery = useQuery(trpc.review.settings.queryOptions());
  const [local, setLocal] = useState<ReadonlyMap<number, boolean>>(() => new Map());
  // Choices still waiting in the outbox count as made, even if the app closed before its copy was saved.
  useEffect(() => {
    void pendingWrites().then((list) => {
      const waiting = new Map<number, boolean>();
      for (const w of list) {
        if (w.kind === "mastery") waiting.set(Number(w.input.flashcardId), w.input.mastered);
        if (w.kind === "review" && w.input.itemType === "flashcard")
          waiting.set(Number(w.input.itemId), isMasteredRating(w.input.rating as ReviewRating));
      }
      if (waiting.size > 0) setLocal((prev) => new Map([...waiting, ...prev]));
    });
  }, []);

  // Through the outbox, with the time the member chose: the newest choice wins on the server, however
  // late a write made offline arrives. The device's copy of the list changes at once, so the count is
  // right after a reload with no connection.
  const save = useMutation({
    networkMode: "always",
    mutationFn: async (input: { flashcardId: number; mastered: boolean }) => {
      const id = newClientId();
      await enqueue({ kind: "mastery", input: { ...input, id, chosenAt: new Date().toISOString() } }, id);
      queryClient.setQueryData(trpc.mastery.list.queryKey(), (list = []) => [
        ...list.filter((m) => m.flashcardId !== input.flashcardId),
        input,
      ]);
    },
    onError: (error) => notifyError("Your progress was not saved", errorMessage(error)),
  });

  // With four buttons the card is rated directly, through the same outbox; its mastery record follows
  // on the server (Good or Easy = mastered), and the device's copy changes at once.
  const rate = useMutation({
    networkMode: "always",
    mutationFn: async (input: { flashcardId: number; rating: ReviewRating }) => {
      const id = newClientId();
      await enqueue(
        { kind: "review", input: { id, itemType: "flashcard", itemId: input.flashcardId, rating: input.rating } },
        id,
      );
      queryClient.setQueryData(trpc.mastery.list.queryKey(), (list = []) => [
        ...list.filter((m) => m.flashcardId !== input.flashcardId),
        { flashcardId: input.flashcardId, mastered: isMasteredRating(input.rating) },
      ]);
    },
    onError: (error) => notifyError("Your progress was not saved", errorMessage(error)),
  });

  const edition = useStudyEdition();
  const all = useMemo(() => inEdition(cardsQuery.data ?? NO_CARDS, edition), [cardsQuery.data, edition]);
  const deck = useMemo(() => {
    // A deck link names its cards: they show whatever edition the member studies (What Changed's
    // cards are the later edition's).
    if (chosenCards === "invalid") return NO_CARDS;
    if (chosenCards) {
      const byId = new Map((cardsQuery.data ?? NO_CARDS).map((c) => [c.id, c]));
      return chosenCards.flatMap((id) => byId.get(id) ?? []);
    }
    return filter === null ? all : filter === "invalid" ? NO_CARDS : all.filter((c) => c.sectionNumber === filter);
  }, [all, filter, chosenCards, cardsQuery.data]);
  const deckIds = useMemo(() => new Set(deck.map((c) => c.id)), [deck]);
  const mastered = useMemo(
    () => masteredIds(masteryQuery.data ?? [], local, deckIds),
    [masteryQuery.data, local, deckIds],
  );

  // Drawn in a deferred render that React splits into short tasks, not in the one task that takes in
  // the data (a query's update is never split): a slow phone stays responsive while the screen fills.
  const loaded = useDeferredValue(!cardsQuery.isPending && !masteryQuery.isPending);
  if (!loaded || cardsQuery.isPending || masteryQuery.isPending) return <LoadingSpinner label="Loading flashcards" />;
  if (cardsQuery.isError && cardsQuery.data === undefined) {
    return (
      <Box role="alert">
        <MessageCard
          title="Failed to fetch flashcards"
          actions={
            <>
              <Button colorPalette="brand" size="lg" onClick={() => void cardsQuery.refetch()}>
                Try Again
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link to="/">Return to Dashboard</Link>
              </Button>
            </>
          }
        >
          {errorMessage(cardsQuery.error)}
        </MessageCard>
      </Box>
    );
  }

  const fourButtons = settingsQuery.data?.fourButtons ?? false;
  const onRate = (card: Flashcard, rating: ReviewRating) => {
    const isMastered = isMasteredRating(rating);
    setLocal((prev) => new Map(prev).set(card.id, isMastered));
    if (fourButtons) rate.mutate({ flashcardId: card.id, rating });
    // The spec's two buttons keep their own call: Needs Review = Again, Mastered = Good on the server.
    else save.mutate({ flashcardId: card.id, mastered: isMastered });
  };

  // The server writes the deck's first card into the page's frame as this and FlashcardViewer draw
  // it (withFlashcardsOpening, boot.css): a change to this layout is a change there too.
  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Button asChild variant="ghost" size="lg" ms="-3">
          <Link to="/">
            <ArrowLeft aria-hidden /> Back to Dashboard
          </Link>
        </Button>
        <Text fontWeight="semibold" role="status" data-testid="mastered-count">
          {masteredCountLabel(mastered.size, deck.length)}
        </Text>
      </Flex>

      <Box>
        <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
          {FLASHCARDS_TITLE}
        </Heading>
        <Text color="fg.muted" mt="1">
          {FLASHCARDS_INTRO}
        </Text>
      </Box>

      {chosenCards ? (
        <ChosenDeck count={deck.length} />
      ) : (
        <SectionFilter
          value={typeof filter === "number" ? filter : null}
          total={all.length}
          onChange={onFilterChange}
        />
      )}

      {deck.length === 0 ? (
        <Card.Root textAlign="center">
          <Card.Body gap="3" alignItems="center" py="10">
            <Heading as="h2" size="xl">
              No Flashcards Available
            </Heading>
            <Text color="fg.muted">
              {chosenCards
                ? "None of this link's cards are in the deck now."
                : filter === null
                  ? "There are no flashcards available yet."
                  : `No flashcards found for Section ${rawSection}.`}
            </Text>
            <Flex gap="3" wrap="wrap" justify="center" pt="2">
              {(filter !== null || chosenCards) && (
                <Button asChild colorPalette="brand" size="lg">
                  <Link to="/flashcards" search={{}}>
                    View All Flashcards
                  </Link>
                </Button>
              )}
              <Button asChild variant="outline" size="lg">
                <Link to="/">Return to Dashboard</Link>
              </Button>
            </Flex>
          </Card.Body>
        </Card.Root>
      ) : (
        <FlashcardViewer
          key={`${filter}:${startCard ?? ""}:${chosenCards ? "deck" : ""}`}
          cards={deck}
          mastered={mastered}
          fourButtons={fourButtons}
          onRate={onRate}
          startIndex={Math.max(
            0,
            deck.findIndex((c) => c.id === startCard),
          )}
        />
      )}
    </Stack>
  );
}

/** In place of the section filter when a link chose the cards: how many, and the way back to the whole deck. */
function ChosenDeck({ count }: { count: number }) {
  return (
    <Flex gap="3" align="center" justify="space-between" wrap="wrap" data-testid="chosen-deck">
      <Text>
        A deck of {count} chosen {count === 1 ? "card" : "cards"}
      </Text>
      <Button asChild variant="outline" size="lg">
        <Link to="/flashcards" search={{}}>
          View All Flashcards
        </Link>
      </Button>
    </Flex>
  );
}
