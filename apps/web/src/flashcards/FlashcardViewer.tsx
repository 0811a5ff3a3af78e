import { Badge, Box, Button, chakra, Flex, HStack, Kbd, Stack, Text } from "@chakra-ui/react";
import type { ReviewRating } from "@jcba/domain";
import { citationLabel } from "@jcba/domain";
import { cardCountLabel, FLASHCARD_TERM_HINT, flashcardSectionLabel } from "@jcba/domain/first-paint";
import { Check, ChevronLeft, ChevronRight, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { RouterOutputs } from "../app/trpc.ts";
import { SourceLink } from "../components/SourceLink.tsx";
import { ReportProblemButton } from "../reports/ReportProblemButton.tsx";
import { ACTIVATABLE, TYPING } from "./cardKeys.ts";
import { RatingButtons } from "./RatingButtons.tsx";

export type Flashcard = RouterOutputs["flashcards"]["list"][number];

/** The card itself, a button: lifted on hover, tinted brand once it shows the definition. */
const CardFace = chakra("div", {
  base: {
    cursor: "pointer",
    userSelect: "none",
    minH: { base: "260px", md: "320px" },
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    justifyContent: "center",
    gap: "4",
    textAlign: "center",
    p: { base: "6", md: "10" },
    rounded: "2xl",
    borderWidth: "1px",
    shadow: "md",
    transition: "box-shadow 0.2s, background-color 0.2s",
    _hover: { shadow: "lg" },
    _focusVisible: { outline: "3px solid", outlineColor: "brand.focusRing", outlineOffset: "3px" },
  },
  variants: {
    side: {
      term: { borderColor: "border", bg: "bg" },
      definition: { borderColor: "brand.emphasized", bg: "brand.subtle" },
    },
  },
});

/**
 * One side's text, faded and scaled in when the card turns or the next card comes (not for reduced
 * motion). The side the deck opens on is there at once: faded in, its text would paint only as the
 * fade began, frames after the rest of the screen on a slow phone, and it is the screen's largest text.
 */
const CardSide = chakra("div", {
  base: {
    display: "flex",
    flexDirection: "column",
    gap: "3",
    alignItems: "center",
    maxW: "2xl",
  },
  variants: {
    entering: {
      true: { animationName: "fade-in, scale-in", animationDuration: "moderate", _motionReduce: { animation: "none" } },
      false: {},
    },
  },
});

/**
 * One card at a time: term side first; click, Enter/Space on the card, the Flip Card button or Space
 * anywhere shows the definition. After flipping, Needs Review / Mastered (or, with four buttons,
 * Again / Hard / Good / Easy) rate the card and advance.
 */
export function FlashcardViewer({
  cards,
  mastered,
  fourButtons = false,
  onRate,
  startIndex = 0,
}: {
  cards: readonly Flashcard[];
  mastered: ReadonlySet<number>;
  fourButtons?: boolean;
  onRate: (card: Flashcard, rating: ReviewRating) => void;
  /** The card shown first. */
  startIndex?: number;
}) {
  const [index, setIndex] = useState(startIndex);
  const [flipped, setFlipped] = useState(false);
  // False until the member first turns or moves: the side the deck opens on does not fade in.
  const [moved, setMoved] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);

  const count = cards.length;
  const i = Math.min(index, Math.max(count - 1, 0));
  const card = cards[i];
  const isLast = i === count - 1;

  const go = (next: number) => {
    setIndex(next);
    setFlipped(false);
    setMoved(true);
  };
  const flip = () => {
    setFlipped((f) => !f);
    setMoved(true);
  };
  const mark = (rating: ReviewRating) => {
    if (!card || !flipped) return;
    onRate(card, rating);
    if (!isLast) {
      go(i + 1);
      cardRef.current?.focus();
    }
  };

  // Keyboard: Space flips, M marks mastered, R needs review (1–4 rate with four buttons), arrows move;
  // never while typing in a control.
  const latest = useRef({ flip, mark, go, i, count, fourButtons });
  latest.current = { flip, mark, go, i, count, fourButtons };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      const target = e.target instanceof Element ? e.target : null;
      const onCard = target !== null && target === cardRef.current;
      if (target && !onCard && target.closest(TYPING)) return;
      const { flip, mark, go, i, count, fourButtons } = latest.current;
      if (count === 0) return;
      const key = e.key.toLowerCase();
      if (key === " " || (key === "enter" && onCard)) {
        if (target && !onCard && target.closest(ACTIVATABLE)) return;
        e.preventDefault();
        flip();
      } else if (fourButtons && /^[1-4]$/.test(key)) {
        e.preventDefault();
        mark(Number(key) as ReviewRating);
      } else if (key === "m" && !fourButtons) {
        e.preventDefault();
        mark(3);
      } else if (key === "r" && !fourButtons) {
        e.preventDefault();
        mark(1);
      } else if (key === "arrowright" && i < count - 1) {
        if (target && !onCard && target.closest(ACTIVATABLE)) return;
        go(i + 1);
      } else if (key === "arrowleft" && i > 0) {
        if (target && !onCard && target.closest(ACTIVATABLE)) return;
        go(i - 1);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (!card) {
    return (
      <Box borderWidth="1px" rounded="xl" bg="bg" p="10" textAlign="center">
        <Text color="fg.muted">No flashcards available</Text>
      </Box>
    );
  }

  const isMastered = mastered.has(card.id);
  return (
    <Stack gap="4" data-testid="flashcard-viewer">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text fontWeight="medium" color="fg.muted">
          {cardCountLabel(i + 1, count)}
        </Text>
        <HStack gap="2" wrap="wrap" justify="flex-end">
          {isMastered && (
            <Badge colorPalette="green" variant="subtle" size="md">
              <Check size={14} aria-hidden /> Mastered
            </Badge>
          )}
          <Badge
            colorPalette="brand"
            variant="subtle"
            size="md"
            whiteSpace="normal"
            textAlign="right"
            data-testid="section-badge"
          >
            {flashcardSectionLabel(card.sectionNumber)}
          </Badge>
        </HStack>
      </Flex>

      <CardFace
        ref={cardRef}
        role="button"
        tabIndex={0}
        aria-describedby="flashcard-hint"
        data-testid="flashcard"
        data-side={flipped ? "definition" : "term"}
        onClick={flip}
        side={flipped ? "definition" : "term"}
      >
        <CardSide key={`${card.id}-${flipped ? "d" : "t"}`} entering={moved} data-testid="card-side">
          <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" letterSpacing="wider" color="brand.fg">
            {flipped ? "Definition" : "Term"}
          </Text>
          {flipped ? (
            <>
              <Text fontSize={{ base: "lg", md: "xl" }} lineHeight="tall" data-testid="flashcard-definition">
                {card.definition}
              </Text>
              {card.citation && (
                <Text fontSize="sm" color="fg.muted">
                  {citationLabel(card.citation)}
                </Text>
              )}
            </>
          ) : (
            <Text
              fontSize={{ base: "2xl", md: "3xl" }}
              fontWeight="bold"
              lineHeight="short"
              data-testid="flashcard-term"
            >
              {card.term}
            </Text>
          )}
        </CardSide>
        <Text id="flashcard-hint" fontSize="sm" color="fg.muted">
          <Box as="span" display={{ base: "inline", md: "none" }}>
            {flipped ? "Tap the card to see the term again" : FLASHCARD_TERM_HINT.tap}
          </Box>
          <Box as="span" display={{ base: "none", md: "inline" }}>
            {flipped ? "Click to see the term again" : FLASHCARD_TERM_HINT.click}
          </Box>
        </Text>
      </CardFace>
      {/* Below the card, not in it: the card is itself a button, and a link may not sit inside one. */}
      {flipped && (
        <Flex justify="center" align="center" gap="3" wrap="wrap">
          <SourceLink source={card.source} sourceLabel={card.sourceLabel} />
          <ReportProblemButton itemType="flashcard" itemId={card.id} />
        </Flex>
      )}
      <Box srOnly aria-live="polite">
        {flipped ? `Definition: ${card.definition}` : ""}
      </Box>

      <HStack justify="center" gap="2" wrap="wrap">
        <Button variant="outline" size="lg" onClick={() => go(i - 1)} disabled={i === 0} aria-label="Previous card">
          <ChevronLeft aria-hidden />{" "}
          <Box as="span" display={{ base: "none", sm: "inline" }}>
            Previous
          </Box>
        </Button>
        <Button colorPalette="brand" size="lg" onClick={flip}>
          <RefreshCw aria-hidden /> Flip Card
        </Button>
        <Button variant="outline" size="lg" onClick={() => go(i + 1)} disabled={isLast} aria-label="Next card">
          <Box as="span" display={{ base: "none", sm: "inline" }}>
            Next
          </Box>{" "}
          <ChevronRight aria-hidden />
        </Button>
      </HStack>

      {flipped && <RatingButtons fourButtons={fourButtons} onRate={mark} />}

      {isLast && count > 1 && (
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          This is the last card.{" "}
          <Button
            variant="plain"
            size="sm"
            colorPalette="brand"
            textDecoration="underline"
            px="0"
            minH="44px"
            onClick={() => go(0)}
          >
            Start again from card 1
          </Button>
        </Text>
      )}

      <Text textAlign="center" fontSize="sm" color="fg.muted" display={{ base: "none", md: "block" }}>
        Keyboard: <Kbd>Space</Kbd> flip ·{" "}
        {fourButtons ? (
          <>
            <Kbd>1</Kbd>–<Kbd>4</Kbd> again / hard / good / easy
          </>
        ) : (
          <>
            <Kbd>M</Kbd> mastered · <Kbd>R</Kbd> needs review
          </>
        )}{" "}
        · <Kbd>←</Kbd> <Kbd>→</Kbd> previous / next
      </Text>
    </Stack>
  );
}
