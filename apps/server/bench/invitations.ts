/**
 * Invitations at a union's size, run by hand (not a test): a roster of 25,000 (INVITE_BENCH_ROWS)
 * posted as CSV to a real server (POST /api/admin/invitations, text/csv), first as a dry run, then for
 * real; then every invitation delivered by the outbox over SMTP to a real SMTP server on loopback
 * (smtp-server). Prints the time of the dry run and of queueing, the longest the event loop was held
 * meanwhile, and the messages per second sent; on PGlite, then on PostgreSQL.
 *   npx tsx bench/invitations.ts
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startTestPostgres } from "@jcba/db/test-postgres";
import { admin, startServer } from "../test/harness.ts";
import { startSmtp } from "../test/smtp.ts";

const ROWS = Number(process.env.INVITE_BENCH_ROWS ?? 25_000);

async function run(label: string, location: { databaseUrl?: string; dataDir?: string }) {
  // Parsing every message would measure the test server, not the hub: it only reads them.
  const smtp = await startSmtp({ parse: false });
  const server = await startServer(location, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://hub.bench.test",
    MAIL_FROM: "Bench <no-reply@bench.test>",
    // Only the bench's own posts.
    OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
    OVERLOAD_DB_WAIT_MS: "0",
  });
  const boss = await admin(server.url);
  const csv = ["email,first name,last name"];
  for (let i = 0; i < ROWS; i++) csv.push(`member${i}@bench.test,First${i},Last${i}`);
  const body = csv.join("\n");
  const post = async (dryRun: boolean) => {
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    const res = await boss.call("POST", `/api/admin/invitations?dryRun=${dryRun}`, body, {
      "content-type": "text/csv",
    });
    const ms = performance.now() - started;
    loop.disable();
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return { ms, maxLoopMs: loop.max / 1e6, invited: (res.body as { invited: number }).invited };
  };
  const dry = await post(true);
  const sendStarted = performance.now();
  const queued = await post(false);
  // Delivery began as soon as the roster was stored; count until every message has been received.
  while (smtp.count() < queued.invited) await new Promise((resolve) => setTimeout(resolve, 50));
  const sendMs = performance.now() - sendStarted;
  console.log(
    `${label}: ${ROWS} rows (${(body.length / 1e6).toFixed(2)} MB of CSV). Dry run ${(dry.ms / 1000).toFixed(2)} s (event loop held at most ${dry.maxLoopMs.toFixed(0)} ms); queued ${queued.invited} invitations in ${(queued.ms / 1000).toFixed(2)} s (at most ${queued.maxLoopMs.toFixed(0)} ms); all received by loopback SMTP ${(sendMs / 1000).toFixed(1)} s after the post = ${Math.round((queued.invited * 1000) / sendMs)} messages/s`,
  );
  await server.stop();
  await smtp.stop();
}

await run("PGlite", { dataDir: "memory://" });
const postgres = await startTestPostgres();
await run("PostgreSQL", { databaseUrl: postgres.url });
await postgres.stop();
process.exit(0);
