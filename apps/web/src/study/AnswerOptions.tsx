import { Box, Kbd, RadioCard, Stack } from "@chakra-ui/react";
import { CircleCheck, CircleX } from "lucide-react";
import { useRef } from "react";
import { LiveAnnouncement, useChoiceAnnouncement } from "../components/LiveAnnouncement.tsx";
import type { Graded, Question } from "./graded.ts";

/** A multiple-choice question's options as cards; after grading, the answer and a wrong choice are marked. */
export function AnswerOptions({
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
  const group = useRef<HTMLDivElement>(null);
  const chosen = useChoiceAnnouncement(value, group, question.id);
  return (
    <RadioCard.Root
      ref={group}
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
      <LiveAnnouncement text={locked ? "" : chosen} />
    </RadioCard.Root>
  );
}
