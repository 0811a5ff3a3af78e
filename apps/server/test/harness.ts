/**
 * Starts the real server on a real database for HTTP tests: PGlite by default, or a fresh database
 * on the PostgreSQL server named by TEST_DATABASE_URL (set by packages/db/scripts/test-both-databases.mjs).
 */
import { loadContent } from "@jcba/content";
import { createDatabase, type Database } from "@jcba/db";
import { createScratchDatabase } from "@jcba/db/test-postgres";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { ensureAdmin } from "../src/users.ts";

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
  stop(): Promise<void>;
}

export async function startServer(
  location?: { databaseUrl?: string; dataDir?: string },
  env: Record<string, string> = {},
): Promise<TestServer> {
  const where = location ?? (await newDatabaseLocation());
  const config = loadConfig({ LOG_LEVEL: "silent", PORT: "0", HOST: "127.0.0.1", WEB_DIST: "/nonexistent", ...env });
  const database = await createDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir, maxConnections: 10 });
  await database.migrate();
  await loadContent(database);
  await ensureAdmin(database, ADMIN.email, ADMIN.password);
  const { app } = await buildApp({ config, database });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    database,
    async stop() {
      await app.close();
      await database.close();
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
}

let counter = 0;
export async function member(base: string, first = "Maria", last = "Lopez"): Promise<Client> {
  const client = new Client(base);
  const email = `member${Date.now()}-${counter++}@test.local`;
  const res = await client.post("/api/register", {
    email,
    password: "member-password-1",
    firstName: first,
    lastName: last,
  });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

export async function admin(base: string): Promise<Client> {
  const client = new Client(base);
  const res = await client.post("/api/login", ADMIN);
  if (res.status !== 200) throw new Error(`admin login: ${res.status}`);
  return client;
}
