/**
 * The server side of a benchmark, in its own process so the load generator does not share its CPU:
 * starts the app (PGlite, or PostgreSQL when BENCH_DATABASE_URL is set), a bare Fastify route that
 * returns the same JSON as GET /api/questions?section=7, and members with sessions, then prints
 * one JSON line describing them.
 */

import { loadContent } from "@jcba/content";
import { createDatabase } from "@jcba/db";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { generateToken, hashToken } from "../src/sessions.ts";

const members = Number(process.env.BENCH_MEMBERS ?? 50);
const database = await createDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  dataDir: "memory://",
  maxConnections: Number(process.env.DB_POOL_SIZE ?? 20),
});
await database.migrate();
await loadContent(database);
const { app } = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" }), database });
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const cookies: string[] = [];
for (let i = 0; i < members; i++) {
  const [user] = await database.rows<{ id: number }>(
    sql`INSERT INTO users (email, first_name, last_name) VALUES (${`bench${i}@test.local`}, 'Bench', 'Member') RETURNING id`,
  );
  const token = generateToken();
  await database.rows(
    sql`INSERT INTO sessions (id, user_id, expires_at) VALUES (${hashToken(token)}, ${user!.id}, now() + interval '30 days')`,
  );
  cookies.push(`jcba_session=${token}`);
}
const questions = await database.rows<{ id: number; answer: string }>(
  sql`SELECT id, correct_answer AS answer FROM questions ORDER BY id`,
);

const json = await (await fetch(`${url}/api/questions?section=7`, { headers: { cookie: cookies[0]! } })).json();
const bare = Fastify({ logger: false });
bare.get("/api/questions", async () => json);
await bare.listen({ port: 0, host: "127.0.0.1" });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

console.log(JSON.stringify({ url, bareUrl, cookies, questions }));
process.on("SIGTERM", async () => {
  await app.close();
  await bare.close();
  await database.close();
  process.exit(0);
});
