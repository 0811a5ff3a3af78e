/**
 * Starts the real server on a real database for HTTP tests: PGlite by default, or a fresh database
 * on the PostgreSQL server named by TEST_DATABASE_URL (set by packages/db/scripts/test-both-databases.mjs).
 */
import { loadContent } from "@jcba/content";
import { createDatabase, type Database } from "@jcba/db";
import { createScratchDatabase } from "@jcba/db/test-postgres";
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
  }
  const { app, sessions } = await buildApp({ config, database, ...options });
  await app.listen({ port: config.PORT, host: "127.0.0.1" });
  const address = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    database,
    sessions,
    async stop() {
      await app.close();
      if (!shared) await database!.close();
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

export async function admin(base: string): Promise<Client> {
  const client = new Client(base);
  const res = await client.post("/api/login", ADMIN);
  if (res.status !== 200) throw new Error(`admin login: ${res.status}`);
  return client;
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
