import { Button, Checkbox, Field, Flex, Input, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { QueryContent } from "../components/PageStates.tsx";
import { SettingsFormCard } from "../components/SettingsFormCard.tsx";
import { notifySuccess } from "../components/ui/toaster.tsx";
import { AccountLayout } from "./AccountLayout.tsx";
import { TimeZoneField } from "./ReviewSettingsScreen.tsx";

type Reminders = RouterOutputs["push"]["reminders"];

const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** This browser's push subscription for the server's key, made (after the member allows notifications) when missing. */
async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  if ((await Notification.requestPermission()) !== "granted")
    throw new Error("Notifications are blocked for this site: allow them in the browser's site settings.");
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  return subscription.toJSON();
}

/** Account → Reminders: an opt-in daily review reminder by notification, at a time, outside quiet hours, not on days off. */
export function RemindersScreen() {
  const trpc = useTRPC();
  const reminders = useQuery(trpc.push.reminders.queryOptions());
  return (
    <AccountLayout
      title="Reminders"
      description="A daily notification when items are due for review: at most one a day, at your time, never on a day off."
    >
      <QueryContent query={reminders} loading="Loading your reminders">
        {(saved) => <RemindersForm saved={saved} />}
      </QueryContent>
    </AccountLayout>
  );
}

function RemindersForm({ saved }: { saved: Reminders }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [enabled, setEnabled] = useState(saved.enabled);
  const [time, setTime] = useState(saved.time);
  const [quietStart, setQuietStart] = useState(saved.quietStart ?? "");
  const [quietEnd, setQuietEnd] = useState(saved.quietEnd ?? "");
  const [timeZone, setTimeZone] = useState(saved.enabled ? saved.timeZone : browserZone || saved.timeZone);
  const [daysOff, setDaysOff] = useState<string[]>(saved.daysOff);
  const [dayOff, setDayOff] = useState("");
  const key = useQuery({ ...trpc.push.key.queryOptions(), enabled: pushSupported() });
  const subscribe = useMutation(trpc.push.subscribe.mutationOptions());
  const update = useMutation(
    trpc.push.updateReminders.mutationOptions({
      onSuccess: (next) => queryClient.setQueryData(trpc.push.reminders.queryKey(), next),
    }),
  );

  const quietProblem =
    (quietStart === "") !== (quietEnd === "") ? "Give both the start and the end of quiet hours, or neither." : null;

  const save = async () => {
    if (quietProblem) return;
    if (enabled && !saved.enabled) {
      if (!pushSupported()) throw new Error("This browser cannot show notifications from a website.");
      if (!key.data) throw new Error("Reminders are not available on this server right now.");
      const json = await subscribeThisBrowser(key.data.publicKey);
      await subscribe.mutateAsync({
        endpoint: json.endpoint ?? "",
        keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
      });
    }
    await update.mutateAsync({
      enabled,
      time,
      quietStart: quietStart || null,
      quietEnd: quietEnd || null,
      timeZone,
      daysOff,
    });
    notifySuccess(
      enabled ? "Reminder on" : "Reminder off",
      enabled ? `Daily at ${time} when items are due.` : "No more reminders.",
    );
  };

  return (
    <SettingsFormCard
      save={save}
      saving={update.isPending || subscribe.isPending}
      submitLabel="Save Reminders"
      card={{ maxW: "xl" }}
      button={{ size: "lg" }}
    >
      <Checkbox.Root checked={enabled} onCheckedChange={(d) => setEnabled(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Remind me to review every day</Checkbox.Label>
      </Checkbox.Root>
      {!pushSupported() && (
        <Text fontSize="sm" color="fg.muted">
          This browser cannot show notifications from a website; on an iPhone, add the app to the Home Screen first.
        </Text>
      )}
      <Field.Root>
        <Field.Label>Time</Field.Label>
        <Input type="time" value={time} onChange={(e) => setTime(e.target.value)} size="lg" required />
        <Field.HelperText>Only on days when items are due.</Field.HelperText>
      </Field.Root>
      <Field.Root invalid={Boolean(quietProblem)}>
        <Field.Label>Quiet hours (optional)</Field.Label>
        <Flex gap="2" align="center">
          <QuietHour label="Quiet hours start" value={quietStart} onChange={setQuietStart} />
          <Text>to</Text>
          <QuietHour label="Quiet hours end" value={quietEnd} onChange={setQuietEnd} />
        </Flex>
        <Field.HelperText>No reminder in these hours, e.g. while you sleep after a red-eye.</Field.HelperText>
        <Field.ErrorText>{quietProblem}</Field.ErrorText>
      </Field.Root>
      <TimeZoneField value={timeZone} onChange={setTimeZone} />
      <Field.Root>
        <Field.Label>Days off (flying days)</Field.Label>
        <Flex gap="2">
          <Input
            type="date"
            aria-label="Day off"
            value={dayOff}
            onChange={(e) => setDayOff(e.target.value)}
            size="lg"
          />
          <Button
            variant="outline"
            size="lg"
            disabled={!dayOff}
            onClick={() => {
              setDaysOff((d) => [...new Set([...d, dayOff])].sort());
              setDayOff("");
            }}
          >
            Add
          </Button>
        </Flex>
        <Flex gap="2" wrap="wrap" mt="2">
          {daysOff.map((d) => (
            <Button
              key={d}
              size="sm"
              variant="subtle"
              onClick={() => setDaysOff((all) => all.filter((x) => x !== d))}
              aria-label={`Remove day off ${d}`}
            >
              {d} ✕
            </Button>
          ))}
        </Flex>
      </Field.Root>
    </SettingsFormCard>
  );
}

/** One end of the quiet hours: a time of day, named for a screen reader (the field's label names both). */
function QuietHour({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <Input type="time" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} size="lg" />;
}
