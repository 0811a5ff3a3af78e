import { Alert, Button, Group, Kbd, Text } from "@chakra-ui/react";
import {
  CONFIDENCE_KEYS,
  CONFIDENCE_LABELS,
  CONFIDENCES,
  type Confidence,
  certaintyMark,
  isMisconception,
} from "@jcba/domain";

/**
 * How sure the member is, chosen before submitting (optional; keys S, T and G): scored with
 * certainty-based marks, and a right guess is scheduled as not yet known.
 */
export function ConfidencePicker({
  value,
  onChange,
  locked,
}: {
  value: Confidence | null;
  onChange: (confidence: Confidence | null) => void;
  locked: boolean;
}) {
  return (
    <Group
      attached={false}
      gap="2"
      flexWrap="wrap"
      role="group"
      aria-label="How sure are you?"
      data-testid="confidence"
    >
      <Text fontSize="sm" color="fg.muted" me="1">
        How sure are you?
      </Text>
      {CONFIDENCES.map((c) => (
        <Button
          key={c}
          size="sm"
          minH="44px"
          variant={value === c ? "solid" : "outline"}
          colorPalette="brand"
          aria-pressed={value === c}
          disabled={locked}
          onClick={() => onChange(value === c ? null : c)}
        >
          {CONFIDENCE_LABELS[c]}{" "}
          <Kbd size="sm" hideBelow="md">
            {CONFIDENCE_KEYS[c].toUpperCase()}
          </Kbd>
        </Button>
      ))}
    </Group>
  );
}

/** After grading: the answer's certainty-based mark, and a wrong "sure" named as a misconception. */
export function ConfidenceOutcome({ confidence, isCorrect }: { confidence: Confidence; isCorrect: boolean }) {
  const mark = certaintyMark(confidence, isCorrect);
  const misconception = isMisconception(confidence, isCorrect);
  return misconception ? (
    <Alert.Root status="warning" data-testid="misconception">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>You were sure, and it was wrong: a misconception to look at.</Alert.Title>
        <Alert.Description>
          Certainty mark {mark}. Read the explanation and the contract's wording below.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  ) : (
    <Text fontSize="sm" color="fg.muted" data-testid="certainty-mark">
      {CONFIDENCE_LABELS[confidence]}: certainty mark {mark > 0 ? `+${mark}` : mark}
    </Text>
  );
}

/** The confidence a key picks (s, t or g), or undefined. */
export const confidenceForKey = (key: string): Confidence | undefined =>
  CONFIDENCES.find((c) => CONFIDENCE_KEYS[c] === key.toLowerCase());
