/**
 * The mail outbox: a message is stored in mail_outbox first (in the caller's transaction when it has
 * one), then sent by this server's delivery loop, so a slow or broken SMTP server never fails or slows
 * the request that caused the message. A message that cannot be sent is tried again after 30 s, 2, 8
 * and 32 minutes; after the fifth try it is marked failed, logged, and listed on the admin dashboard.
 * Each server claims due messages with FOR UPDATE SKIP LOCKED and a lease, so several servers on one
 * database never send a message twice.
 */
import { type Database, mailOutbox, type Transaction } from "@jcba/db";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { MailContent } from "./messages.ts";
import type { MailTransport } from "./transport.ts";

/** Tries before a message is marked failed. */
export const MAX_ATTEMPTS = 5;
/** How often the loop looks for retries and for messages other servers stored. */
const POLL_MS = 5_000;
/** Messages claimed per round, and sent at once. */
const BATCH = 200;
const CONCURRENCY = 20;

export interface OutboxOptions {
  /** Wait before the first retry; each later one waits four times longer. */
  retryBaseMs?: number;
  pollMs?: number;
}

export interface QueuedMail extends MailContent {
  kind: string;
  to: string;
}

/** Stores messages to send (several in one statement); call `Outbox.kick` after the transaction commits. */
export async function enqueueMail(db: Pick<Transaction, "db">, messages: QueuedMail[]): Promise<number[]> {
  const ids: number[] = [];
  // In chunks: a roster's worth must stay under PostgreSQL's 65,535 parameters per statement.
  for (let i = 0; i < messages.length; i += 1000) {
    const rows = await db.db
      .insert(mailOutbox)
      .values(
        messages.slice(i, i + 1000).map((m) => ({
          kind: m.kind,
          toAddress: m.to,
          subject: m.subject,
          textBody: m.text,
          htmlBody: m.html,
          link: m.link,
        })),
      )
      .returning({ id: mailOutbox.id });
    for (const r of rows) ids.push(r.id);
  }
  return ids;
}

interface Claimed {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string | null;
  htmlBody: string | null;
  link: string | null;
  attempts: number;
}

export interface Outbox {
  /** Sends what is due soon, without waiting (many calls in a row make one round). */
  kick(): void;
  /** Sends everything due now, and resolves when that is done (tests, the bench, shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function createOutbox(
  database: Database,
  transport: MailTransport,
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">,
  options: OutboxOptions = {},
): Outbox {
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** Claims due messages: one more try counted and a lease, so no other server takes them meanwhile. */
  const claim = () =>
    database.rows<Claimed>(sql`
      UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + interval '10 minutes'
      WHERE id IN (
        SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, to_address AS "toAddress", subject, text_body AS "textBody",
        html_body AS "htmlBody", link, attempts`);

  /** Sends one message; true when the SMTP server took it (the caller marks it sent, a batch at once). */
  async function deliver(message: Claimed): Promise<boolean> {
    try {
      await transport.send({
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody ?? "",
        html: message.htmlBody ?? "",
        link: message.link ?? "",
        kind: message.kind,
      });
      return true;
    } catch (err) {
      const error = (err as Error).message?.slice(0, 500) || String(err);
      const last = message.attempts >= MAX_ATTEMPTS;
      const waitMs = retryBaseMs * 4 ** (message.attempts - 1);
      await database.rows(sql`
        UPDATE mail_outbox SET last_error = ${error},
          status = ${last ? "failed" : "pending"},
          next_attempt_at = now() + ${`${waitMs} milliseconds`}::interval
        WHERE id = ${message.id}`);
      log[last ? "error" : "warn"](
        { mailId: message.id, mail: message.kind, to: message.toAddress, attempts: message.attempts, err: error },
        last ? "mail not sent: gave up after its last try" : "mail not sent: will try again",
      );
      return false;
    }
  }

  /** One statement per round rather than one per message: a roster is tens of thousands of them. */
  async function markSent(ids: number[]) {
    if (ids.length === 0) return;
    await database.rows(sql`
      UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL,
        text_body = NULL, html_body = NULL, link = NULL
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }

  async function round() {
    do {
      again = false;
      for (;;) {
        const batch = await claim();
        if (batch.length === 0) break;
        // A few at a time: the transport's pool holds a handful of SMTP connections.
        let next = 0;
        const sent: number[] = [];
        const worker = async () => {
          while (next < batch.length) {
            const message = batch[next++]!;
            if (await deliver(message)) sent.push(message.id);
          }
        };
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
        await markSent(sent);
        if (stopped) return;
      }
    } while (again && !stopped);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err) => log.error({ err }, "mail delivery round failed"))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => {
    if (!stopped) void run();
  }, options.pollMs ?? POLL_MS);
  timer.unref();

  return {
    kick() {
      if (!stopped) setImmediate(() => void run());
    },
    async drain() {
      await run();
      // A round that was running when this was called may have missed messages stored meanwhile.
      await run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
