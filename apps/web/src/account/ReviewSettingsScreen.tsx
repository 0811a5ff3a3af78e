import { Checkbox } from "@chakra-ui/react";
import { MAX_RETENTION, MIN_RETENTION } from "@jcba/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { LoadingSpinner, QueryContent } from "../components/PageStates.tsx";
import { SelectField } from "../components/SelectField.tsx";
import { NumberField, SettingsFormCard } from "../components/SettingsFormCard.tsx";
import { notifySuccess } from "../components/ui/toaster.tsx";
import { AccountLayout } from "./AccountLayout.tsx";
import { MemoryModelNote, WorkloadForecast } from "./ReviewModelCards.tsx";
import { workloadInput } from "./workloadInput.ts";

type Settings = RouterOutputs["review"]["settings"];

/** The time zones this browser knows, with the saved one kept even if it is not among them. */
export function timeZones(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([saved, "UTC", ...known])].sort();
}

/** A settings form's time zone: the browser's list, the member's choice kept in it; `children` helps. */
export function TimeZoneField({
  value,
  onChange,
  children,
}: {
  value: string;
  onChange: (zone: string) => void;
  children?: ReactNode;
}) {
  return (
    <SelectField label="Time zone" value={value} onChange={onChange} helper={children}>
      {timeZones(value).map((z) => (
        <option key={z} value={z}>
          {z}
        </option>
      ))}
    </SelectField>
  );
}

/** Review Settings: desired retention, four-button rating, the daily caps, the daily streak and the time zone. */
export function ReviewSettingsScreen() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.review.settings.queryOptions());
  return (
    <AccountLayout
      title="Review Settings"
      description="How the daily review schedules your cards and questions, and how much it gives you each day."
    >
      <QueryContent query={settings} loading="Loading your settings">
        {(saved) => <SettingsOnceComplete saved={saved} />}
      </QueryContent>
    </AccountLayout>
  );
}

/**
 * The memory model's sentence and the forecast at the saved retention sit above the form's checkboxes:
 * shown as they came in, they pushed the form down under a member's finger, and a tap meant for one box
 * ticked the one above it. The page shows its parts together once both have answered (or failed; each
 * then says so in its place). The route's loader asks for both while the screen's code downloads.
 */
function SettingsOnceComplete({ saved }: { saved: Settings }) {
  const trpc = useTRPC();
  const model = useQuery(trpc.review.model.queryOptions());
  const workload = useQuery(trpc.review.workload.queryOptions(workloadInput(saved.desiredRetention)));
  if (model.isPending || workload.isPending) return <LoadingSpinner label="Loading your settings" />;
  return (
    <>
      <MemoryModelNote />
      <SettingsForm saved={saved} />
    </>
  );
}

function SettingsForm({ saved }: { saved: Settings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [retention, setRetention] = useState(String(Math.round(saved.desiredRetention * 100)));
  const [fourButtons, setFourButtons] = useState(saved.fourButtons);
  const [newPerDay, setNewPerDay] = useState(String(saved.newPerDay));
  const [reviewsPerDay, setReviewsPerDay] = useState(String(saved.reviewsPerDay));
  const [dailyStreak, setDailyStreak] = useState(saved.dailyStreak);
  const [askConfidence, setAskConfidence] = useState(saved.askConfidence);
  // A member who never chose a zone starts from the browser's.
  const [timeZone, setTimeZone] = useState(saved.timeZone === "UTC" && browserZone ? browserZone : saved.timeZone);
  const update = useMutation(
    trpc.review.updateSettings.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.review.settings.queryKey(), next);
        void queryClient.invalidateQueries({ queryKey: trpc.review.session.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.review.summary.queryKey() });
      },
    }),
  );

  const min = Math.round(MIN_RETENTION * 100);
  const max = Math.round(MAX_RETENTION * 100);
  const retentionNumber = Number(retention);
  const retentionError =
    retention.trim() === "" || !Number.isInteger(retentionNumber) || retentionNumber < min || retentionNumber > max
      ? `Choose a whole number from ${min} to ${max}.`
      : null;
  const capError = (v: string) =>
    v.trim() === "" || !Number.isInteger(Number(v)) || Number(v) < 0 || Number(v) > 9999
      ? "Choose a whole number from 0 to 9999."
      : null;
  const newError = capError(newPerDay);
  const reviewsError = capError(reviewsPerDay);

  const save = async () => {
    if (retentionError || newError || reviewsError) return;
    await update.mutateAsync({
      desiredRetention: retentionNumber / 100,
      fourButtons,
      newPerDay: Number(newPerDay),
      reviewsPerDay: Number(reviewsPerDay),
      dailyStreak,
      timeZone,
      askConfidence,
    });
    notifySuccess("Settings saved", "Your review follows the new settings from now on.");
  };

  return (
    <SettingsFormCard
      save={save}
      saving={update.isPending}
      submitLabel="Save Settings"
      card={{ maxW: "xl" }}
      button={{ size: "lg" }}
    >
      <NumberField
        label="Desired retention (%)"
        value={retention}
        onChange={setRetention}
        min={min}
        max={max}
        step={1}
        helper="How likely you want to be to remember an item when it comes back. Higher means more frequent reviews. Usually 90."
        error={retentionError}
      >
        <input
          type="range"
          aria-label="Desired retention slider"
          min={min}
          max={max}
          step={1}
          value={retentionError ? Math.round(saved.desiredRetention * 100) : retentionNumber}
          onChange={(e) => setRetention(e.target.value)}
          style={{ width: "100%" }}
        />
      </NumberField>
      <WorkloadForecast retention={retentionError ? saved.desiredRetention : retentionNumber / 100} />

      <Checkbox.Root checked={fourButtons} onCheckedChange={(d) => setFourButtons(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Rate flashcards with four buttons (Again, Hard, Good, Easy)</Checkbox.Label>
      </Checkbox.Root>

      <NumberField
        label="New items per day"
        value={newPerDay}
        onChange={setNewPerDay}
        min={0}
        max={9999}
        helper="Cards and questions you have not seen yet, added to each day's review."
        error={newError}
      />

      <NumberField
        label="Reviews per day"
        value={reviewsPerDay}
        onChange={setReviewsPerDay}
        min={0}
        max={9999}
        helper="At most this many due items in a day; the rest wait until tomorrow."
        error={reviewsError}
      />

      <Checkbox.Root checked={dailyStreak} onCheckedChange={(d) => setDailyStreak(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Show my daily streak (days with at least one review or answer)</Checkbox.Label>
      </Checkbox.Root>

      <Checkbox.Root checked={askConfidence} onCheckedChange={(d) => setAskConfidence(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Ask how sure I am (Sure, Think so, Guess) before each answer</Checkbox.Label>
      </Checkbox.Root>

      <TimeZoneField value={timeZone} onChange={setTimeZone}>
        When your day starts, for the daily limits and the streak.
      </TimeZoneField>
    </SettingsFormCard>
  );
}
