import { Button, Card, Checkbox, Field, Fieldset, Heading, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { contractSectionTitle, SECTION_NUMBERS } from "@jcba/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ERROR_COLOR } from "../account/AccountLayout.tsx";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { FormProblem, NumberField, SettingsFormCard } from "../components/SettingsFormCard.tsx";
import { notifySuccess } from "../components/ui/toaster.tsx";
import { type Plan, PlanStatus } from "./PlanStatus.tsx";
import { dayAfter, defaultTargetPercent, type PlanFieldErrors, planFieldErrors, planRequest } from "./planForm.ts";

/** The device's date (YYYY-MM-DD); the server checks the date again in the member's time zone. */
const deviceToday = () => new Date().toLocaleDateString("en-CA");

/** Study plan (/plan): 'know these sections by this date', the plan in force and the form that sets it. */
export function StudyPlanScreen() {
  const trpc = useTRPC();
  const plan = useQuery(trpc.studyPlan.get.queryOptions());
  return (
    <Stack gap="5" maxW="3xl" mx="auto" w="full">
      <PageTitle
        title="Study plan"
        description="Know these sections by this date: the app works out a daily goal and puts the plan's questions first in Review."
      />
      {plan.data ? (
        <>
          {plan.data.plan && <CurrentPlan plan={plan.data.plan} />}
          <PlanForm current={plan.data.plan} />
        </>
      ) : plan.isError ? (
        <ErrorCard message={errorMessage(plan.error)} onRetry={() => void plan.refetch()} />
      ) : (
        <LoadingSpinner label="Loading your plan" />
      )}
    </Stack>
  );
}

function useSavedPlan() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (next: { plan: Plan | null }) => {
    queryClient.setQueryData(trpc.studyPlan.get.queryKey(), next);
    void queryClient.invalidateQueries({ queryKey: trpc.review.session.queryKey() });
  };
}

function CurrentPlan({ plan }: { plan: Plan }) {
  const trpc = useTRPC();
  const saved = useSavedPlan();
  const remove = useMutation(trpc.studyPlan.delete.mutationOptions({ onSuccess: saved }));
  return (
    <Card.Root as="section" aria-labelledby="current-plan-heading">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md" id="current-plan-heading">
            {plan.status === "ended" ? "Your last plan" : "Your plan"}
          </Heading>
          <PlanStatus plan={plan} />
          <Button
            alignSelf="flex-start"
            variant="outline"
            minH="44px"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {plan.status === "ended" ? "Clear it" : "End this plan"}
          </Button>
          {remove.error && <FormProblem message={errorMessage(remove.error)} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function PlanForm({ current }: { current: Plan | null }) {
  const trpc = useTRPC();
  const saved = useSavedPlan();
  const active = current?.status === "active" ? current : null;
  const [sections, setSections] = useState<number[]>(active?.sections ?? []);
  const [endDate, setEndDate] = useState(active?.endDate ?? "");
  const [target, setTarget] = useState(active ? String(Math.round(active.targetRecall * 100)) : defaultTargetPercent());
  const [errors, setErrors] = useState<PlanFieldErrors>({});
  const set = useMutation(trpc.studyPlan.set.mutationOptions({ onSuccess: saved }));
  const today = deviceToday();

  const toggle = (n: number, on: boolean) =>
    setSections((list) => (on ? [...list.filter((s) => s !== n), n] : list.filter((s) => s !== n)));

  const save = async () => {
    const fields = { sections, endDate, target };
    const found = planFieldErrors(fields, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await set.mutateAsync(planRequest(fields));
    notifySuccess("Plan saved", "Review puts the plan's questions first from now on.");
  };

  return (
    <SettingsFormCard
      save={save}
      saving={set.isPending}
      submitLabel="Save plan"
      card={{ as: "section", "aria-labelledby": "plan-form-heading" }}
      button={{ minH: "44px" }}
      formTestId="plan-form"
    >
      <Heading as="h2" size="md" id="plan-form-heading">
        {active ? "Change your plan" : "Set a plan"}
      </Heading>
      <Fieldset.Root invalid={Boolean(errors.sections)}>
        <Fieldset.Legend>Sections to know</Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {SECTION_NUMBERS.map((n) => (
            <Checkbox.Root
              key={n}
              checked={sections.includes(n)}
              onCheckedChange={(d) => toggle(n, d.checked === true)}
              minH="44px"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {n}. {contractSectionTitle(n)}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
        <Fieldset.ErrorText color={ERROR_COLOR}>{errors.sections}</Fieldset.ErrorText>
      </Fieldset.Root>

      <Field.Root invalid={Boolean(errors.endDate)}>
        <Field.Label>By this date</Field.Label>
        <Input
          type="date"
          min={dayAfter(today)}
          value={endDate}
          onChange={(e) => setEndDate(e.target.value)}
          size="lg"
          data-testid="plan-date"
        />
        <Field.HelperText>A bid, a grievance meeting or a contract vote: the plan's last day.</Field.HelperText>
        <Field.ErrorText color={ERROR_COLOR}>{errors.endDate}</Field.ErrorText>
      </Field.Root>

      <NumberField
        label="Target recall (%)"
        value={target}
        onChange={setTarget}
        min={50}
        max={99}
        helper="The predicted share of the plan's questions you would recall on the date. Usually 90."
        error={errors.target}
      />
    </SettingsFormCard>
  );
}
