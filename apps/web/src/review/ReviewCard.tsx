/** A card due in the daily review: the term, Show Answer, then a rating through the outbox. */
import { Box, Button, Flex, Heading, Kbd, Stack, Text } from "@chakra-ui/react";
import { citationLabel, isMasteredRating, type ReviewRating, sectionLabel } from "@jcba/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { newClientId } from "../app/ids.ts";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { LiveAnnouncement } from "../components/LiveAnnouncement.tsx";
import { SourceLink } from "../components/SourceLink.tsx";
import { ACTIVATABLE, TYPING } from "../flashcards/cardKeys.ts";
import { RatingButtons } from "../flashcards/RatingButtons.tsx";
import { enqueue } from "../offline/outbox.ts";
import { ReportProblemButton } from "../reports/ReportProblemButton.tsx";

type ReviewCard = NonNullable<RouterOutputs["review"]["session"]["items"][number]["flashcard"]>;

export function CardItem({
  card,
  fourButtons,
  onNext,
}: {
  card: ReviewCard;
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
      {/* Space shows the answer without moving focus: it is spoken from here, as on the Flashcards screen. */}
      <LiveAnnouncement text={shown ? `Answer: ${card.definition}` : ""} />
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
