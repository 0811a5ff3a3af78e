import { Button, HStack } from "@chakra-ui/react";
import type { ReviewRating } from "@jcba/domain";
import { Check, RotateCcw } from "lucide-react";

const FOUR: { rating: ReviewRating; label: string; palette: string }[] = [
  { rating: 1, label: "Again", palette: "red" },
  { rating: 2, label: "Hard", palette: "orange" },
  { rating: 3, label: "Good", palette: "green" },
  { rating: 4, label: "Easy", palette: "blue" },
];

/** The spec's two buttons: Needs Review rates Again, Mastered rates Good. */
const TWO = [
  { rating: 1, label: "Needs Review", Icon: RotateCcw, variant: "outline" },
  { rating: 3, label: "Mastered", Icon: Check, variant: "solid" },
] as const;

/**
 * How the member rates a flipped card: the spec's two buttons (Needs Review = Again, Mastered =
 * Good), or Again / Hard / Good / Easy when they chose four buttons in their settings.
 */
export function RatingButtons({
  fourButtons,
  onRate,
  disabled = false,
}: {
  fourButtons: boolean;
  onRate: (rating: ReviewRating) => void;
  disabled?: boolean;
}) {
  if (fourButtons)
    return (
      <HStack justify="center" gap="2" wrap="wrap" role="group" aria-label="Rate this card">
        {FOUR.map((b) => (
          <Button
            key={b.rating}
            variant="outline"
            size="lg"
            colorPalette={b.palette}
            onClick={() => onRate(b.rating)}
            disabled={disabled}
            flex={{ base: "1", sm: "initial" }}
            minW="20"
          >
            {b.label}
          </Button>
        ))}
      </HStack>
    );
  return (
    <HStack justify="center" gap="3" wrap="wrap">
      {TWO.map(({ rating, label, Icon, variant }) => (
        <Button
          key={rating}
          variant={variant}
          size="lg"
          colorPalette="brand"
          onClick={() => onRate(rating)}
          disabled={disabled}
          flex={{ base: "1", sm: "initial" }}
        >
          <Icon aria-hidden /> {label}
        </Button>
      ))}
    </HStack>
  );
}
