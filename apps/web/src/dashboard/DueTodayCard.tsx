import { Button, Card, Flex, Heading, Text } from "@chakra-ui/react";
import { plural } from "@jcba/domain";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Repeat } from "lucide-react";
import { useTRPC } from "../app/trpc.ts";
import { refetchUnlessReadSince } from "../review/readSince.ts";

/**
 * The dashboard's Due today card: what the daily review holds now, and the way there. `askedAt`: when
 * the dashboard's loader asked for it; a copy older than that (the device's) is read again on mount,
 * one read since is not, so a first visit asks once and renders once.
 */
export function DueTodayCard({ askedAt }: { askedAt: number }) {
  const trpc = useTRPC();
  const summary = useQuery(
    trpc.review.summary.queryOptions(undefined, { refetchOnMount: refetchUnlessReadSince(askedAt) }),
  );
  if (!summary.data) return null;
  const { dueCards, dueQuestions, streak } = summary.data;
  const nothing = dueCards + dueQuestions === 0;
  return (
    <Card.Root as="section" aria-labelledby="due-today-heading" size="sm" data-testid="due-today-card">
      <Card.Body>
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <div>
            <Heading as="h2" size="md" id="due-today-heading">
              Due today
            </Heading>
            <Text color="fg.muted" data-testid="due-today-counts">
              {nothing ? "All caught up" : `${plural(dueCards, "card")}, ${plural(dueQuestions, "question")}`}
            </Text>
            {streak !== null && (
              <Text fontSize="sm" color="fg.muted" data-testid="daily-streak">
                Daily streak: {plural(streak, "day")}
              </Text>
            )}
          </div>
          <Button asChild colorPalette="brand" variant={nothing ? "outline" : "solid"} minH="44px">
            <Link to="/review">
              <Repeat aria-hidden /> {nothing ? "Open Review" : "Start Review"}
            </Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
