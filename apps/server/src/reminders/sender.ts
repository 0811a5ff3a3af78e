/**
 * The daily review reminder, by Web Push (the web-push library: VAPID signing and RFC 8291 payload
 * encryption). Every minute the server holding the sender's lease looks for members whose reminder is
 * due (their local time reached, not in quiet hours, not on a day off, not sent yet today: see
 * reminderDue in @jcba/domain) and who have items due, and sends one notification to each of their
 * browsers. A push service answering 404 or 410 means the subscription is gone: it is removed.
 */
import { randomUUID } from "node:crypto";
import type { Agent } from "node:https";
import { claimLease, releaseLease, reminders } from "@jcba/api";
import type { Database } from "@jcba/db";
import { reminderDue } from "@jcba/domain";
import webpush from "web-push";

export const REMINDER_JOB = "review-reminders";
const CHECK_MS = 60_000;
const LEASE_MS = 5 * 60_000;

export interface SenderOptions {
  database: Database;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** The contact the push services may write to about this server (mailto: or https:). */
  subject: string;
  /** Push service hosts a reminder may be sent to (suffixes: "push.apple.com" takes web.push.apple.com). */
  allowedHosts: readonly string[];
  now?: () => Date;
  /** For tests: an agent trusting a loopback push service's certificate. */
  agent?: Agent;
}

/** The server's VAPID key pair, made on first start and kept in the database for every server after. */
export const vapidKeys = (database: Database) => reminders.keepVapidKeys(database, () => webpush.generateVAPIDKeys());

const hostAllowed = (endpoint: string, allowed: readonly string[]) => {
  const host = new URL(endpoint).hostname;
  return allowed.some((a) => host === a || host.endsWith(`.${a}`));
};

export function createReminderSender(options: SenderOptions) {
  const { database, log } = options;
  const now = options.now ?? (() => new Date());
  const holder = randomUUID();

  /** Sends the reminders due now; how many members got one. */
  async function sendDue(): Promise<{ members: number; sent: number; removed: number }> {
    const keys = await vapidKeys(database);
    const at = now();
    const outcome = { members: 0, sent: 0, removed: 0 };
    for (const candidate of await reminders.reminderCandidates(database, at)) {
      const { due, date } = reminderDue(candidate, at);
      if (!due) continue;
      // Marked first: another server (or a slow push service) never makes it two in a day.
      if (!(await reminders.markReminderSent(database, candidate.userId, date))) continue;
      outcome.members++;
      const payload = JSON.stringify({
        title: "Time to review",
        body: `${candidate.due} item${candidate.due === 1 ? " is" : "s are"} due for review.`,
        url: "/review",
      });
      for (const s of await reminders.subscriptionsOf(database, candidate.userId)) {
        if (!hostAllowed(s.endpoint, options.allowedHosts)) {
          await reminders.removeSubscription(database, s.id);
          outcome.removed++;
          continue;
        }
        try {
          await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
            vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: 12 * 3600,
            urgency: "normal",
            timeout: 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          });
          outcome.sent++;
        } catch (e) {
          const status = (e as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await reminders.removeSubscription(database, s.id);
            outcome.removed++;
          } else log.warn({ status, err: (e as Error).message }, "reminder not delivered");
        }
      }
    }
    if (outcome.members > 0) log.info(outcome, "review reminders sent");
    return outcome;
  }

  let running: Promise<unknown> | null = null;
  async function tick() {
    if (running) return null;
    const run = (async () => {
      if (!(await claimLease(database, REMINDER_JOB, holder, LEASE_MS))) return null;
      try {
        return await sendDue();
      } finally {
        await releaseLease(database, REMINDER_JOB, holder, now()).catch(() => {});
      }
    })();
    running = run.finally(() => {
      running = null;
    });
    return run;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    tick,
    start() {
      timer = setInterval(
        () => void tick().catch((e: Error) => log.warn({ err: e.message }, "review reminders failed")),
        CHECK_MS,
      );
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
