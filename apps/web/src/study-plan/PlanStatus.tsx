import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { plural, sharePercent } from "@jcba/domain";
import type { RouterOutputs } from "../app/trpc.ts";

export type Plan = NonNullable<RouterOutputs["studyPlan"]["get"]["plan"]>;

const sectionList = (sections: readonly number[]) =>
  sections.length === 1 ? `Section ${sections[0]}` : `Sections ${sections.join(", ")}`;

/** A plan in a few lines: what it is, whether the member is on track, and today's goal (or, ended, its summary). */
export function PlanStatus({ plan }: { plan: Plan }) {
  const target = sharePercent(plan.targetRecall);
  if (plan.summary)
    return (
      <Stack gap="1" data-testid="plan-status">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={plan.summary.reached ? "green" : "orange"} data-testid="plan-track">
            {plan.summary.reached ? "Target reached" : "Target not reached"}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            Ended {plan.endDate}
          </Text>
        </HStack>
        <Text>
          {sectionList(plan.sections)}: {sharePercent(plan.summary.finalRecall)} predicted recall on the date, for a
          target of {target} (you started at {sharePercent(plan.startRecall)}).
        </Text>
      </Stack>
    );
  return (
    <Stack gap="1" data-testid="plan-status">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={plan.onTrack ? "green" : "orange"} data-testid="plan-track">
          {plan.onTrack ? "On track" : "Behind"}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {sectionList(plan.sections)} by {plan.endDate} · target {target}
        </Text>
      </HStack>
      <Text>
        {sharePercent(plan.recallNow)} predicted recall today; {sharePercent(plan.expected)} expected by now on the way
        to {target}.
      </Text>
      <Text fontWeight="semibold" data-testid="plan-goal">
        Today: {plural(plan.goal.newItems, "new question")} and {plural(plan.goal.reviews, "review")} (
        {plural(plan.goal.daysLeft, "day")} left)
      </Text>
    </Stack>
  );
}
