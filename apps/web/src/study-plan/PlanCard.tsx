import { Button, Card, Flex, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarCheck } from "lucide-react";
import { useTRPC } from "../app/trpc.ts";
import { IconHeading } from "../components/IconHeading.tsx";
import { PlanStatus } from "./PlanStatus.tsx";

/** The dashboard's study plan card: whether the member is on track and today's goal, or an invitation to set one. */
export function PlanCard() {
  const trpc = useTRPC();
  const plan = useQuery(trpc.studyPlan.get.queryOptions());
  if (!plan.data) return null;
  const current = plan.data.plan;
  return (
    <Card.Root as="section" aria-labelledby="plan-card-heading" size="sm" data-testid="plan-card">
      <Card.Body>
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Stack gap="2" minW="0" flex="1">
            <IconHeading icon={CalendarCheck} id="plan-card-heading">
              Study plan
            </IconHeading>
            {current ? (
              <PlanStatus plan={current} />
            ) : (
              <Text fontSize="sm" color="fg.muted">
                Know these sections by a date: set a plan and get a daily goal.
              </Text>
            )}
          </Stack>
          <Button asChild variant="outline" colorPalette="brand" minH="44px">
            <Link to="/plan">{current ? "See plan" : "Set a plan"}</Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
