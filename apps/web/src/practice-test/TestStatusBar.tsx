import { Box, Button, chakra, Heading, Text } from "@chakra-ui/react";
import { Clock, Send } from "lucide-react";
import { clock, spokenClock } from "./clock.ts";

/** Sticks below the app's header while the questions scroll under it. */
const StatusBar = chakra("section", {
  base: {
    display: "flex",
    alignItems: "center",
    gap: { base: "2", md: "4" },
    position: "sticky",
    top: "3.5rem",
    zIndex: "1",
    bg: "bg",
    borderWidth: "1px",
    rounded: "lg",
    px: { base: "3", md: "4" },
    py: "2",
    shadow: "xs",
  },
});

/** The clock in tabular figures (it does not jiggle as it counts), red in the last minute. */
const Timer = chakra("div", {
  base: {
    display: "flex",
    alignItems: "center",
    gap: "2",
    px: "3",
    minH: "44px",
    rounded: "md",
    fontVariantNumeric: "tabular-nums",
  },
  variants: {
    warn: {
      false: { bg: "bg.muted", color: "fg" },
      true: { bg: "red.subtle", color: "red.fg" },
    },
  },
});

/** The bar that stays in view while taking the test: the timer (time left or elapsed) and Submit Test. */
export function TestStatusBar({
  elapsed,
  remaining,
  warn,
  finished,
  submitting,
  onSubmit,
}: {
  elapsed: number;
  /** Seconds left, or null without a time limit. */
  remaining: number | null;
  /** The last minute: the timer turns red. */
  warn: boolean;
  finished: boolean;
  submitting: boolean;
  onSubmit: () => void;
}) {
  return (
    <StatusBar aria-label="Test status">
      <Heading as="h1" size="lg" srOnly={{ base: true, md: false }}>
        Practice Test
      </Heading>
      <Box flex="1" display={{ base: "none", md: "block" }} />
      <Timer
        role="timer"
        warn={warn}
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
      </Timer>
      <Box flex="1" display={{ base: "block", md: "none" }} />
      <Button
        colorPalette="brand"
        minH="44px"
        onClick={onSubmit}
        disabled={finished}
        loading={submitting}
        loadingText="Submitting…"
      >
        <Send aria-hidden /> Submit Test
      </Button>
    </StatusBar>
  );
}
