/** Results: score, time, a per-section breakdown and a review of every question. */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  Stack,
  Switch,
  Table,
  Text,
} from "@chakra-ui/react";
import {
  citationLabel,
  formatDuration,
  formatHistoryDate,
  plural,
  SECTION_COUNT,
  scoreMessage,
  sectionLabel,
} from "@jcba/domain";
import { Link } from "@tanstack/react-router";
import { BarChart3, Check, Clock, FilePlus2, RotateCcw, X } from "lucide-react";
import { useMemo, useState } from "react";
import { PageTitle } from "../components/PageTitle.tsx";
import { type PeerStatistics, PeerStats, usePeerStats } from "../components/PeerStats.tsx";
import { SectionCard } from "../components/SectionCard.tsx";
import { SourceLink } from "../components/SourceLink.tsx";
import { bandPalette } from "../components/scoreBand.ts";
import { ReportProblemButton } from "../reports/ReportProblemButton.tsx";
import { ConfidenceOutcome } from "../study/ConfidencePicker.tsx";
import { CertaintyCard } from "./CertaintyCard.tsx";
import type { ReviewItem, TestResult } from "./storage.ts";

interface Props {
  result: TestResult;
  onNewTest: () => void;
  onRetake: (missed: ReviewItem[]) => void;
  /** Graded on this device while the submission waits in the outbox; the server's grading replaces it. */
  onDevice?: boolean;
}

export function ResultsScreen({ result, onNewTest, onRetake, onDevice = false }: Props) {
  const { attempt, correctCount, breakdown, review } = result;
  const [onlyMissed, setOnlyMissed] = useState(false);
  const palette = bandPalette(attempt.score);
  const missed = review.filter((r) => !r.isCorrect);
  const numbered = review.map((item, i) => ({ item, n: i + 1 }));
  const peers = usePeerStats(useMemo(() => review.map((r) => r.id), [review]));
  const shown = onlyMissed ? numbered.filter(({ item }) => !item.isCorrect) : numbered;
  const removed = attempt.totalQuestions - review.length;

  return (
    <Stack gap="6" maxW="5xl" mx="auto" w="full">
      <PageTitle
        title="Test Results"
        size="2xl"
        description={`Practice test taken ${formatHistoryDate(new Date(attempt.createdAt))} · ${
          attempt.sectionsIncluded.length === SECTION_COUNT
            ? "All sections"
            : attempt.sectionsIncluded.length === 1
              ? `Section ${attempt.sectionsIncluded[0]}`
              : `${attempt.sectionsIncluded.length} sections`
        }`}
      />

      {onDevice && (
        <Alert.Root status="warning" role="status" data-testid="device-graded">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Graded on this device, confirmed when synced</Alert.Title>
            <Alert.Description>
              This test waits on this device and is sent when the connection returns. The server then grades it again,
              and its result is the one kept in your history.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <Card.Root as="section" aria-labelledby="results-score">
        <Card.Body>
          <Grid templateColumns={{ base: "1fr", md: "auto 1fr" }} gap={{ base: "4", md: "8" }} alignItems="center">
            <Flex
              direction="column"
              align="center"
              justify="center"
              w={{ base: "36", md: "40" }}
              h={{ base: "36", md: "40" }}
              mx="auto"
              rounded="full"
              borderWidth="8px"
              borderColor={`${palette}.solid`}
              bg={`${palette}.subtle`}
            >
              <Text
                id="results-score"
                fontSize={{ base: "4xl", md: "5xl" }}
                fontWeight="bold"
                lineHeight="1"
                color={`${palette}.fg`}
                data-testid="score"
              >
                <Box as="span" srOnly>
                  Score:{" "}
                </Box>
                {attempt.score}%
              </Text>
            </Flex>
            <Stack gap="3" textAlign={{ base: "center", md: "left" }} align={{ base: "center", md: "flex-start" }}>
              <Text fontSize="xl" fontWeight="semibold">
                {correctCount} of {attempt.totalQuestions} correct
              </Text>
              <Text color={`${palette}.fg`} fontWeight="medium">
                {scoreMessage(attempt.score)}
              </Text>
              <HStack gap="2" color="fg.muted">
                <Clock size={16} aria-hidden />
                <Text>Time taken: {formatDuration(attempt.timeSpentSeconds)}</Text>
              </HStack>
              <Flex gap="2" wrap="wrap" justify={{ base: "center", md: "flex-start" }} pt="2">
                {missed.length > 0 && (
                  <Button colorPalette="brand" minH="44px" onClick={() => onRetake(missed)}>
                    <RotateCcw aria-hidden /> Retake missed questions
                  </Button>
                )}
                <Button variant="outline" minH="44px" onClick={onNewTest}>
                  <FilePlus2 aria-hidden /> New Test
                </Button>
                <Button asChild variant="ghost" minH="44px">
                  <Link to="/performance">
                    <BarChart3 aria-hidden /> View Performance
                  </Link>
                </Button>
              </Flex>
            </Stack>
          </Grid>
        </Card.Body>
      </Card.Root>
      <CertaintyCard result={result} />

      <SectionCard id="results-sections" title="Results by section">
        <Table.Root size="sm" aria-labelledby="results-sections">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader ps="0">Section</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Correct</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" pe="0">
                Score
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {breakdown.map((b) => (
              <Table.Row key={b.sectionNumber}>
                <Table.Cell whiteSpace="normal" ps="0">
                  {sectionLabel(b.sectionNumber)}
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {b.correct}/{b.total}
                </Table.Cell>
                <Table.Cell textAlign="end" pe="0">
                  <Badge colorPalette={bandPalette(b.percent)} variant="subtle" fontVariantNumeric="tabular-nums">
                    {b.percent}%
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </SectionCard>

      <Stack as="section" aria-labelledby="results-review" gap="4">
        <Flex align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id="results-review" mr="auto">
            Review answers
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {plural(missed.length, "missed question")}
          </Text>
          <Switch.Root
            checked={onlyMissed}
            onCheckedChange={(e) => setOnlyMissed(e.checked)}
            colorPalette="brand"
            minH="44px"
            disabled={review.length === 0}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Show only missed</Switch.Label>
          </Switch.Root>
        </Flex>
        {removed > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {plural(removed, "question")} from this test {removed === 1 ? "has" : "have"} since been removed from the
            question bank and {removed === 1 ? "is" : "are"} not shown.
          </Text>
        )}
        {shown.length === 0 ? (
          <Card.Root>
            <Card.Body textAlign="center" py="8">
              <Text fontWeight="semibold">
                {onlyMissed
                  ? "No missed questions — you got every question right!"
                  : "There are no questions to review."}
              </Text>
            </Card.Body>
          </Card.Root>
        ) : (
          <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label="Questions">
            {shown.map(({ item, n }) => (
              <ReviewCard key={item.id} item={item} n={n} peers={peers.get(item.id)} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

function ReviewCard({ item, n, peers }: { item: ReviewItem; n: number; peers: PeerStatistics | undefined }) {
  const cite = citationLabel(item.citation);
  const id = `review-q-${item.id}`;
  return (
    <Card.Root
      as="li"
      aria-labelledby={id}
      borderLeftWidth="4px"
      borderLeftColor={item.isCorrect ? "green.solid" : "red.solid"}
      data-testid="review-item"
    >
      <Card.Body gap="3">
        <Flex gap="2" wrap="wrap" align="center">
          <Text fontWeight="semibold" fontSize="sm">
            Question {n}
          </Text>
          <Badge variant="outline">Section {item.sectionNumber}</Badge>
          <Badge colorPalette={item.isCorrect ? "green" : "red"} ml="auto">
            {item.isCorrect ? <Check size={14} aria-hidden /> : <X size={14} aria-hidden />}
            {item.isCorrect ? "Correct" : "Incorrect"}
          </Badge>
        </Flex>
        <Heading as="h3" size="md" id={id} fontWeight="semibold" lineHeight="short">
          {item.questionText}
        </Heading>
        <Stack as="dl" gap="1.5" fontSize="sm">
          <Flex gap="2" wrap="wrap">
            <Text as="dt" fontWeight="semibold" minW="7.5rem">
              Your answer:
            </Text>
            <Text
              as="dd"
              m="0"
              color={item.userAnswer === null ? "fg.muted" : item.isCorrect ? "green.fg" : "red.fg"}
              fontStyle={item.userAnswer === null ? "italic" : undefined}
              flex="1"
              minW="0"
              data-testid="your-answer"
            >
              {item.userAnswer ?? "Not answered"}
            </Text>
          </Flex>
          <Flex gap="2" wrap="wrap">
            <Text as="dt" fontWeight="semibold" minW="7.5rem">
              Correct answer:
            </Text>
            <Text as="dd" m="0" color="green.fg" flex="1" minW="0" data-testid="correct-answer">
              {item.correctAnswer}
            </Text>
          </Flex>
        </Stack>
        <Box bg="bg.muted" rounded="md" p="3" fontSize="sm">
          {item.confidence && <ConfidenceOutcome confidence={item.confidence} isCorrect={item.isCorrect} />}
          <Text>{item.explanation}</Text>
          {cite && (
            <Text mt="1.5" color="fg.muted" fontWeight="medium">
              Contract reference: {cite}
            </Text>
          )}
          <SourceLink source={item.source} sourceLabel={item.sourceLabel} />
        </Box>
        {peers && (
          <PeerStats questionId={item.id} options={item.options} correctAnswer={item.correctAnswer} stats={peers} />
        )}
        <Flex justify="flex-end">
          <ReportProblemButton itemType="question" itemId={item.id} />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
