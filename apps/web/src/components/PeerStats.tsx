import { Box, Flex, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { type RouterOutputs, useTRPC } from "../app/trpc.ts";

export type PeerStatistics = RouterOutputs["analysis"]["peerStats"][number];

/** The server caches these for a minute; asking again sooner would only get the same numbers. */
const STALE_MS = 60_000;

/**
 * What other members answered, for any number of answered questions in one request (the test review
 * asks for all of its questions at once). Keyed by question id.
 */
export function usePeerStats(questionIds: number[]) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.analysis.peerStats.queryOptions(
      { questionIds },
      { enabled: questionIds.length > 0, staleTime: STALE_MS, retry: false },
    ),
  );
  return new Map((query.data ?? []).map((s) => [s.questionId, s]));
}

/**
 * 'N % of members answered this correctly' and, for multiple choice, the share choosing each option,
 * from members' first answers. Shows nothing until 30 members have answered. Pass `stats` when they
 * were read for many questions at once (usePeerStats); otherwise the component reads its own.
 */
export function PeerStats({
  questionId,
  options,
  correctAnswer,
  stats,
}: {
  questionId: number;
  options: readonly string[] | null;
  correctAnswer: string;
  stats?: PeerStatistics;
}) {
  return stats === undefined ? (
    <PeerStatsLoader questionId={questionId} options={options} correctAnswer={correctAnswer} />
  ) : (
    <PeerStatsView stats={stats} options={options} correctAnswer={correctAnswer} />
  );
}

function PeerStatsLoader({
  questionId,
  options,
  correctAnswer,
}: {
  questionId: number;
  options: readonly string[] | null;
  correctAnswer: string;
}) {
  const stats = usePeerStats([questionId]).get(questionId);
  return stats ? <PeerStatsView stats={stats} options={options} correctAnswer={correctAnswer} /> : null;
}

function PeerStatsView({
  stats,
  options,
  correctAnswer,
}: {
  stats: PeerStatistics;
  options: readonly string[] | null;
  correctAnswer: string;
}) {
  if (stats.percentCorrect === null) return null;
  return (
    <Box
      as="section"
      aria-label="How other members answered"
      data-testid="peer-stats"
      fontSize="sm"
      borderWidth="1px"
      rounded="md"
      p="3"
    >
      <Flex gap="2" align="center" fontWeight="semibold">
        <Users size={16} aria-hidden />
        <Text>{stats.percentCorrect} % of members answered this correctly</Text>
      </Flex>
      {options && stats.optionPercents && (
        <Stack as="ul" gap="1.5" listStyleType="none" m="0" p="0" pt="2">
          {options.map((option, i) => {
            const percent = stats.optionPercents![i] ?? 0;
            const right = option === correctAnswer;
            return (
              <Box as="li" key={option} data-testid="peer-option">
                <Flex justify="space-between" gap="3">
                  <Text minW="0" truncate title={option}>
                    {i + 1}. {option}
                    {right && (
                      <Text as="span" color="green.fg" fontWeight="medium">
                        {" "}
                        (correct)
                      </Text>
                    )}
                  </Text>
                  <Text flexShrink={0} fontVariantNumeric="tabular-nums">
                    {percent} %
                  </Text>
                </Flex>
                <Box h="1.5" bg="bg.muted" rounded="full" aria-hidden>
                  <Box h="full" w={`${percent}%`} bg={right ? "green.solid" : "gray.emphasized"} rounded="full" />
                </Box>
              </Box>
            );
          })}
        </Stack>
      )}
      <Text color="fg.muted" mt="2">
        From {stats.firstAnswers.toLocaleString("en-US")} members' first answers.
      </Text>
    </Box>
  );
}
