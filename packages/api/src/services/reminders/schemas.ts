/** zod schemas of Web Push subscriptions and daily review reminders. */
import { CLOCK_TIME, isTimeZone } from "@jcba/domain";
import { idParam } from "@jcba/validators/api";
import { z } from "zod";

const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `${name} must be a string.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url.`)
    .refine((v) => Buffer.from(v, "base64url").length === bytes, `${name} must be ${bytes} bytes.`);

/** A browser's PushSubscription as its toJSON() gives it. */
export const subscriptionInput = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: "endpoint must be the push service's https URL." })
    .max(2048, "endpoint must be at most 2048 characters."),
  keys: z.object(
    { p256dh: base64url("keys.p256dh", 65), auth: base64url("keys.auth", 16) },
    { error: "keys must hold p256dh and auth." },
  ),
});
export const subscription = z.object({ id: z.number().int(), createdAt: z.string() });
export const subscriptionId = z.object({ id: idParam });
export const pushKey = z.object({ publicKey: z.string() });

const clock = (name: string) =>
  z.string({ error: `${name} must be a time (HH:MM).` }).regex(CLOCK_TIME, `${name} must be a time such as 18:30.`);
const localDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "daysOff must hold dates such as 2026-12-24.")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "daysOff must hold real dates.");

export const reminderSettings = z.object({
  enabled: z.boolean({ error: "enabled must be true or false." }),
  time: clock("time"),
  quietStart: clock("quietStart").nullable(),
  quietEnd: clock("quietEnd").nullable(),
  timeZone: z
    .string({ error: "timeZone must be a time zone name." })
    .refine(isTimeZone, "timeZone must be an IANA time zone such as America/Chicago."),
  daysOff: z.array(localDay).max(366, "daysOff holds at most 366 dates."),
});
export type ReminderSettings = z.infer<typeof reminderSettings>;

export const reminderPatch = reminderSettings
  .partial()
  .refine(
    (p) => (p.quietStart === undefined) === (p.quietEnd === undefined),
    "quietStart and quietEnd are set together (both null for none).",
  )
  .refine(
    (p) => p.quietStart === undefined || (p.quietStart === null) === (p.quietEnd === null),
    "quietStart and quietEnd are both times or both null.",
  );
