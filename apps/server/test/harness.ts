/**
 * Starts the real server on a real database for HTTP tests: PGlite by default, or a fresh database
 * on the PostgreSQL server named by TEST_DATABASE_URL (set by packages/db/scripts/test-both-databases.mjs).
 */
import { loadContent } from "@jcba/content";
import { createDatabase, type Database } from "@jcba/db";
import { createScratchDatabase } from "@jcba/db/test-postgres";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach } from "vitest";
import type { Sessions } from "../src/auth/sessions.ts";
import { ensureAdmin } from "../src/auth/users.ts";
import { type AppDeps, buildApp } from "../src/http/app.ts";
import { loadConfig } from "../src/process/config.ts";

export const ADMIN = { email: "admin@test.local", password: "admin-password-1" };
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A database location that a restarted server can open again. */
export async function newDatabaseLocation(): Promise<{ databaseUrl?: string; dataDir?: string }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { dataDir: "memory://" };
  return { databaseUrl: await createScratchDatabase(server) };
}

/** The databases of the servers this file has started and not yet stopped. */
const liveDatabases = new Set<Database>();

// Every test client signs in from 127.0.0.1, so the failed sign-ins one test makes on purpose would
// slow every later sign-in in the file by up to 4 s (failedSignInDelayMs), and ten would refuse them.
// Each test starts with the address's record clean; a test of the limits makes its failures itself.
afterEach(async () => {
  for (const database of liveDatabases) await database.rows(sql`DELETE FROM auth_limits WHERE key LIKE 'fail-ip:%'`);
});

export interface TestServer {
  url: string;
  database: Database;
  sessions: Sessions;
  stop(): Promise<void>;
}

/**
 * A second server on the database of `first`: on PostgreSQL its own connection pool (as another
 * process would have), on PGlite the same in-memory database.
 */
export async function startSecondServer(first: TestServer, env: Record<string, string> = {}): Promise<TestServer> {
  if (!onPostgres) return startServer(undefined, env, first.database);
  const url = (first.database as Database & { url?: string }).url;
  return startServer({ databaseUrl: url! }, env);
}

export async function startServer(
  location?: { databaseUrl?: string; dataDir?: string },
  env: Record<string, string> = {},
  shared?: Database,
  /** Where log lines go, and the outbox's retry timing. */
  options: Pick<AppDeps, "logStream" | "outbox" | "tracing"> = {},
): Promise<TestServer> {
  // Every test member signs up from 127.0.0.1: a sign-up limit per address would stop the suite.
  const config = loadConfig({
    LOG_LEVEL: "silent",
    PORT: "0",
    HOST: "127.0.0.1",
    WEB_DIST: "/nonexistent",
    SIGNUP_LIMIT: "100000",
    // Test members sign in right after sign-up; the verification tests turn it on.
    REQUIRE_EMAIL_VERIFICATION: "false",
    ...env,
  });
  let database = shared;
  if (!database) {
    const where = location ?? (await newDatabaseLocation());
    database = await createDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir, maxConnections: 10 });
    Object.assign(database, { url: where.databaseUrl });
    await database.migrate();
    await loadContent(database);
    await ensureAdmin(database, ADMIN.email, ADMIN.password);
    liveDatabases.add(database);
  }
  const { app, sessions } = await buildApp({ config, database, ...options });
  await app.listen({ port: config.PORT, host: "127.0.0.1" });
  const address = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  // Servers on one database share the admin's authenticator (see admin()).
  const databaseId = (database as Database & { testId?: string }).testId ?? `db${++databases}`;
  Object.assign(database, { testId: databaseId });
  databaseOf.set(url, (database as Database & { url?: string }).url ?? databaseId);
  return {
    url,
    database,
    sessions,
    async stop() {
      await app.close();
      if (!shared) {
        liveDatabases.delete(database!);
        await database!.close();
      }
    },
  };
}

export interface Response<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny HTTP client with a cookie jar of one session cookie. */
export class Client {
  cookie: string | null = null;
  constructor(
    readonly base: string,
    readonly bearer?: string,
  ) {}

  async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    let payload: string | undefined;
    if (body !== undefined) {
      if (typeof body === "string") payload = body;
      else {
        payload = JSON.stringify(body);
        h["content-type"] ??= "application/json";
      }
    }
    const res = await fetch(this.base + path, { method, headers: h, body: payload, redirect: "manual" });
    const setCookie = res.headers.get("set-cookie");
    if (setCookie) {
      const m = setCookie.match(/jcba_session=([^;]*)/);
      if (m) this.cookie = m[1] ? `jcba_session=${m[1]}` : null;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* HTML or plain text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string) => this.call<T>("GET", path);
  post = <T = any>(path: string, body?: unknown) => this.call<T>("POST", path, body ?? {});
  patch = <T = any>(path: string, body?: unknown) => this.call<T>("PATCH", path, body ?? {});
  delete = <T = any>(path: string) => this.call<T>("DELETE", path);
  put = <T = any>(path: string, body?: unknown) => this.call<T>("PUT", path, body ?? {});
}

let counter = 0;
export const MEMBER_PASSWORD = "member-password-1";
export const uniqueEmail = () => `member${Date.now()}-${counter++}@test.local`;

/** A new member, signed in: sign-up, then sign-in (sign-up never signs in, see src/auth/routes.ts). */
export async function member(base: string, first = "Maria", last = "Lopez", email = uniqueEmail()): Promise<Client> {
  const client = new Client(base);
  const res = await client.post("/api/register", {
    email,
    password: MEMBER_PASSWORD,
    firstName: first,
    lastName: last,
  });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  const login = await client.post("/api/login", { email, password: MEMBER_PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return client;
}

/**
 * The admin, signed in with both factors through the real flow: the password, then on a database
 * where the admin has no authenticator yet enrolment (the secret kept here, as the admin's app keeps
 * it), else a code computed from that secret. Each code's time step is used once (the server refuses
 * a replay), so a test signing the admin in often waits for the next step.
 */
export async function admin(base: string, account: { email: string; password: string } = ADMIN): Promise<Client> {
  const client = new Client(base);
  const res = await client.post("/api/login", account);
  if (res.status !== 200) throw new Error(`admin login: ${res.status}`);
  await completeSecondFactor(client, account.email, res.body.secondFactor);
  return client;
}

/** Authenticator secrets of the test admins, by database (servers sharing one share its secrets). */
const secrets = new Map<string, { secret: string; usedSteps: Set<number> }>();
/** Which database each test server runs on, by its URL. */
const databaseOf = new Map<string, string>();
let databases = 0;
const secretKey = (base: string, email: string) => `${databaseOf.get(base) ?? base}|${email}`;

/** The next code of `secret` whose time step this process has not used yet (waiting for one if need be). */
export async function nextTotpCode(entry: { secret: string; usedSteps: Set<number> }): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(entry.secret), period: 30, digits: 6, algorithm: "SHA1" });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const now = Math.floor(Date.now() / 30_000);
    // The server takes the previous, current and next step; never one already taken.
    const step = [now - 1, now, now + 1].find((s) => !entry.usedSteps.has(s));
    if (step !== undefined) {
      entry.usedSteps.add(step);
      return totp.generate({ timestamp: step * 30_000 + 1 });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("no unused TOTP step within 90 s");
}

/** The next unused code of the admin's authenticator on the server at `base` (for re-authentication). */
export async function adminCode(base: string, email = ADMIN.email): Promise<string> {
  const entry = secrets.get(secretKey(base, email));
  if (!entry) throw new Error(`no authenticator secret for ${email} on ${base}`);
  return nextTotpCode(entry);
}

/** Enrols (keeping the secret) or enters the next code, as the sign-in's answer asks. */
export async function completeSecondFactor(client: Client, email: string, step: "enrol" | "verify" | undefined) {
  if (!step) return;
  const key = secretKey(client.base, email);
  if (step === "enrol") {
    const setup = await client.post("/api/second-factor/setup");
    if (setup.status !== 200) throw new Error(`second factor setup: ${setup.status}`);
    const entry = { secret: setup.body.secret as string, usedSteps: new Set<number>() };
    secrets.set(key, entry);
    const enabled = await client.post("/api/second-factor/enable", { code: await nextTotpCode(entry) });
    if (enabled.status !== 200)
      throw new Error(`second factor enable: ${enabled.status} ${JSON.stringify(enabled.body)}`);
    return;
  }
  const entry = secrets.get(key);
  if (!entry) throw new Error(`no authenticator secret for ${email} on ${client.base}`);
  const verified = await client.post("/api/second-factor/verify", { code: await nextTotpCode(entry) });
  if (verified.status !== 200) throw new Error(`second factor: ${verified.status} ${JSON.stringify(verified.body)}`);
}

/** The sign-in page's form token and the cookie it must match, as a browser would have them. */
export async function loginForm(base: string, query = ""): Promise<{ csrf: string; cookie: string; html: string }> {
  const res = await fetch(`${base}/api/login${query}`);
  const html = await res.text();
  const csrf = html.match(/name="_csrf" value="([^"]+)"/)?.[1];
  const cookie = res.headers.get("set-cookie")?.match(/jcba_csrf=[^;]+/)?.[0];
  if (!csrf || !cookie) throw new Error("the sign-in page has no form token");
  return { csrf, cookie, html };
}
