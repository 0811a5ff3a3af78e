import { Badge, Button, Card, Field, Flex, Grid, Heading, Input, Kbd, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { percent, sidebarSectionName } from "@jcba/domain";
import { ChevronLeft, ChevronRight, Flag } from "lucide-react";
import { type Ref, useRef } from "react";
import { choiceTile } from "../components/choiceTile.ts";
import { LiveAnnouncement, useChoiceAnnouncement } from "../components/LiveAnnouncement.tsx";
import { ProgressBar } from "../components/ProgressBar.tsx";
import type { TestQuestion } from "./storage.ts";

/** The question being answered: where it stands, its options or a text field, Previous, Flag and Next. */
export function TestQuestionCard({
  question: q,
  index,
  total,
  answered,
  answer,
  flagged,
  finished,
  onChoose,
  onType,
  onGo,
  onToggleFlag,
  headingRef,
  inputRef,
}: {
  question: TestQuestion;
  index: number;
  total: number;
  answered: number;
  answer: string | undefined;
  flagged: boolean;
  /** Handed in: the answers are locked. */
  finished: boolean;
  onChoose: (option: string) => void;
  onType: (text: string) => void;
  onGo: (index: number) => void;
  onToggleFlag: () => void;
  headingRef: Ref<HTMLHeadingElement>;
  inputRef: Ref<HTMLInputElement>;
}) {
  const optionsRef = useRef<HTMLDivElement>(null);
  const chosen = useChoiceAnnouncement(answer, optionsRef, q.id);
  return (
    <Card.Root as="section" aria-label="Question" minW="0">
      <Card.Body gap="5">
        <Stack gap="3">
          <Flex gap="2" wrap="wrap" align="center">
            <Badge colorPalette="brand" size="lg" aria-live="polite">
              Question {index + 1} of {total}
            </Badge>
            <Badge variant="outline" size="lg" title={sidebarSectionName(q.sectionNumber)}>
              Section {q.sectionNumber}
            </Badge>
            {flagged && (
              <Badge colorPalette="orange" size="lg">
                <Flag size={12} aria-hidden /> Flagged for review
              </Badge>
            )}
          </Flex>
          <ProgressBar
            value={percent(answered, total)}
            trackBg="bg.muted"
            label={`${answered} of ${total} questions answered`}
          />
          <Text fontSize="sm" color="fg.muted">
            {answered} of {total} answered
          </Text>
        </Stack>

        <Heading
          as="h2"
          size="lg"
          id="question-text"
          ref={headingRef}
          tabIndex={-1}
          outline="none"
          lineHeight="short"
          fontWeight="semibold"
        >
          {q.questionText}
        </Heading>

        {q.questionType === "multiple-choice" && q.options ? (
          <RadioGroup.Root
            ref={optionsRef}
            key={q.id}
            value={answer ?? null}
            onValueChange={(e) => e.value !== null && onChoose(e.value)}
            aria-labelledby="question-text"
            colorPalette="brand"
            disabled={finished}
          >
            <Stack gap="2">
              {q.options.map((option, k) => (
                <RadioGroup.Item
                  key={option}
                  value={option}
                  {...choiceTile({ py: "3", align: "flex-start", checkedBorder: "brand.solid", hover: !finished })}
                >
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator mt="0.5" />
                  <RadioGroup.ItemText flex="1" display="flex" gap="3" alignItems="baseline">
                    <Kbd size="sm" aria-hidden display={{ base: "none", md: "inline-flex" }}>
                      {k + 1}
                    </Kbd>
                    <Text as="span">{option}</Text>
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
            <LiveAnnouncement text={chosen} />
          </RadioGroup.Root>
        ) : (
          <Field.Root key={q.id}>
            <Field.Label>Your answer</Field.Label>
            <Input
              ref={inputRef}
              placeholder="Type your answer here..."
              value={answer ?? ""}
              maxLength={500}
              readOnly={finished}
              size="lg"
              autoComplete="off"
              onChange={(e) => onType(e.target.value)}
            />
          </Field.Root>
        )}

        <Grid templateColumns={{ base: "1fr 1fr", md: "auto 1fr auto" }} gap="2" pt="4" borderTopWidth="1px">
          <Button variant="outline" minH="44px" onClick={() => onGo(index - 1)} disabled={index === 0}>
            <ChevronLeft aria-hidden /> Previous
          </Button>
          <Button
            variant={flagged ? "subtle" : "outline"}
            colorPalette={flagged ? "orange" : "gray"}
            minH="44px"
            onClick={onToggleFlag}
            aria-pressed={flagged}
            gridColumn={{ base: "1 / -1", md: "auto" }}
            gridRow={{ base: "1", md: "auto" }}
            justifySelf={{ md: "center" }}
          >
            <Flag aria-hidden fill={flagged ? "currentColor" : "none"} /> Flag for review
          </Button>
          <Button
            colorPalette="brand"
            variant="solid"
            minH="44px"
            onClick={() => onGo(index + 1)}
            disabled={index === total - 1}
          >
            Next <ChevronRight aria-hidden />
          </Button>
        </Grid>
        <Text fontSize="xs" color="fg.muted" display={{ base: "none", md: "block" }}>
          Shortcuts: <Kbd size="sm">1</Kbd>–<Kbd size="sm">4</Kbd> choose an option, <Kbd size="sm">Enter</Kbd> next
          question, <Kbd size="sm">F</Kbd> flag for review.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
