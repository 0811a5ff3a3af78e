/**
 * Mail throughput, run by hand (not a test): 25,000 messages (MAIL_BENCH_MESSAGES) of the size of a
 * password-reset or invitation e-mail queued in the outbox, then delivered by the real delivery loop
 * through nodemailer's SMTP pool to a real SMTP server on loopback (smtp-server). Prints the time to
 * queue and the messages per second sent, on PGlite and then on PostgreSQL.
 *   npx tsx bench/mail.ts
 */
import { createDatabase, type Database, mailOutbox } from "@jcba/db";
import { startTestPostgres } from "@jcba/db/test-postgres";
import { count, eq } from "drizzle-orm";
import { createMailer } from "../src/mail/mailer.ts";
import { passwordResetMessage } from "../src/mail/messages.ts";
import { startSmtp } from "../test/smtp.ts";

const MESSAGES = Number(process.env.MAIL_BENCH_MESSAGES ?? 25_000);
const quiet = { info() {}, warn() {}, error: console.error } as never;

async function run(label: string, database: Database) {
  await database.migrate();
  // Parsing every message would measure the test server, not the hub: it only reads them.
  const smtp = await startSmtp({ parse: false });
  const mailer = createMailer({
    config: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Bench <no-reply@bench.test>",
      PUBLIC_URL: "https://hub.bench.test",
      PUBLIC_URL_GIVEN: true,
    },
    database,
    log: quiet,
    localUrl: () => "http://localhost",
    // Only drain() sends: the queueing time is measured alone.
    outbox: { pollMs: 3_600_000 },
  });
  const messages = Array.from({ length: MESSAGES }, (_, i) => ({
    kind: "bench",
    to: `member${i}@bench.test`,
    ...passwordResetMessage({
      firstName: `Member${i}`,
      link: mailer.link("/reset-password", { token: "x".repeat(43) }),
      minutes: 60,
    }),
  }));
  const queueStart = performance.now();
  await database.transaction((tx) => mailer.queue(messages, tx));
  const queueMs = performance.now() - queueStart;
  const sendStart = performance.now();
  await mailer.outbox.drain();
  const sendMs = performance.now() - sendStart;
  const [sent] = await database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "sent"));
  await mailer.outbox.stop();
  await smtp.stop();
  console.log(
    `${label}: ${MESSAGES} messages queued in ${(queueMs / 1000).toFixed(2)} s; ${sent?.n} sent to loopback SMTP in ${(sendMs / 1000).toFixed(1)} s = ${Math.round(((sent?.n ?? 0) * 1000) / sendMs)} messages/s (received ${smtp.count()})`,
  );
}

const pglite = await createDatabase({ dataDir: "memory://" });
await run("PGlite", pglite);
await pglite.close();

const postgres = await startTestPostgres();
const database = await createDatabase({ databaseUrl: postgres.url, maxConnections: 20 });
await run("PostgreSQL", database);
await database.close();
await postgres.stop();
