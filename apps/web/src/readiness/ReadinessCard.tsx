import { Button, Card, Flex, Stack, Text } from "@chakra-ui/react";
import { contractSectionTitle, sharePercent, weakestSections } from "@jcba/domain";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Gauge } from "lucide-react";
import { useTRPC } from "../app/trpc.ts";
import { IconHeading } from "../components/IconHeading.tsx";

/**
 * The dashboard's Readiness card: the recall predicted for today over the whole bank, how much of it
 * the member has reviewed, and the three sections predicted weakest. Numbers only: its chart is on
 * Performance.
 */
export function ReadinessCard() {
  const trpc = useTRPC();
  const readiness = useQuery(trpc.readiness.readiness.queryOptions(undefined));
  if (!readiness.data) return null;
  const { overall } = readiness.data;
  const weakest = weakestSections(readiness.data);
  return (
    <Card.Root as="section" aria-labelledby="readiness-heading" size="sm" data-testid="readiness-card">
      <Card.Body>
        <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
          <Stack gap="1">
            <IconHeading icon={Gauge} id="readiness-heading">
              Readiness
            </IconHeading>
            <Text fontSize="3xl" fontWeight="bold" lineHeight="1.2" data-testid="readiness-overall">
              {sharePercent(overall.recall)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Predicted recall today over {overall.items} questions; you have reviewed {sharePercent(overall.coverage)}{" "}
              of them.
            </Text>
          </Stack>
          <Stack gap="1" minW="0" flex="1" maxW="md">
            <Text fontSize="sm" fontWeight="semibold">
              Weakest sections
            </Text>
            <Stack as="ol" gap="1" m="0" ps="5" data-testid="readiness-weakest">
              {weakest.map((s) => (
                <Text as="li" key={s.sectionNumber} fontSize="sm">
                  Section {s.sectionNumber}: {contractSectionTitle(s.sectionNumber)} · {sharePercent(s.recall)}
                </Text>
              ))}
            </Stack>
          </Stack>
          <Button asChild variant="outline" colorPalette="brand" minH="44px" alignSelf="center">
            <Link to="/performance" hash="readiness">
              See readiness
            </Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
