/**
 * Health and graceful shutdown, on the real server process as `start` runs it (dist/main.js, built
 * here from the current sources): SIGTERM while a request is in flight still answers it, /api/health
 * answers 503 while draining, new connections are refused, the grace period is a deadline, and a
 * database that does not answer makes /api/health 503.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newDatabaseLocation, onPostgres, startServer } from "./harness.ts";

const serverDir = join(import.meta.dirname, "..");
beforeAll(() => {
  expect(spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: serverDir, stdio: "inherit" }).status).toBe(0);
});

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

interface Running {
  child: ChildProcess;
  url: string;
  port: number;
  /** Resolves when the server has printed a line containing `text` (now or earlier). */
  printed(text: string): Promise<void>;
  exited: Promise<number | null>;
}

async function startProcess(env: Record<string, string> = {}): Promise<Running> {
  const location = onPostgres ? await newDatabaseLocation() : { dataDir: mkdtempSync(join(tmpdir(), "jcba-life-")) };
  if (location.dataDir) dirs.push(location.dataDir);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", join(import.meta.dirname, "fixtures/slow-route.ts"), "dist/main.js"],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : { DATA_DIR: location.dataDir! }),
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        WORKERS: "1",
        WEB_DIST: "/nonexistent",
        ADMIN_EMAIL: "admin@test.local",
        ADMIN_PASSWORD: "admin-password-1",
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  children.push(child);
  let out = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout!.on("data", (d: Buffer) => {
    out += d;
    for (const w of waiters.filter((w) => out.includes(w.text))) w.resolve();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.includes(text)) return resolve();
      waiters.push({ text, resolve });
      void exited.then(() => reject(new Error(`server exited before printing "${text}":\n${out}`)));
    });
  await printed("is running at");
  return { child, url: `http://127.0.0.1:${port}`, port, printed, exited };
}

/** GET on a connection of its own; resolves with status and body, or rejects when the connection is cut. */
function getAlone(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Everything a raw socket receives until the server closes it. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (d) => (text += d));
    socket.on("close", () => resolve(text));
  });
}

describe("graceful shutdown", () => {
  it("answers the request in flight after SIGTERM, says 503 on /api/health while draining, refuses new connections", async () => {
    const server = await startProcess();
    expect(JSON.parse((await getAlone(`${server.url}/api/health`)).body)).toMatchObject({ ok: true });

    const slow = getAlone(`${server.url}/test/slow`);
    await server.printed("slow request started");
    // A health probe whose request is half-sent: its connection is busy, so the drain does not close it.
    const probe = connect(server.port, "127.0.0.1");
    await once(probe, "connect");
    const probeAnswer = readAll(probe);
    probe.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // One more full round trip, so the server has surely read the half-sent probe.
    expect((await getAlone(`${server.url}/api/health`)).status).toBe(200);

    server.child.kill("SIGTERM");
    await server.printed("shutting down");
    // A new connection is not served: refused once the listener is closed, or reset when it reached
    // the kernel's accept queue just before the close (a loaded machine makes that window wider).
    await expect(getAlone(`${server.url}/api/health`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    probe.write("\r\n");
    const answer = await probeAnswer;
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('"status":"draining"');

    server.child.kill("SIGUSR2"); // the slow request finishes now, during the drain
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ finished: true }) });
    expect(await server.exited).toBe(0);
    await server.printed('"msg":"shut down"');
  });

  it("cuts requests still open when SHUTDOWN_GRACE_MS is over, then closes the database and exits", async () => {
    const server = await startProcess({ SHUTDOWN_GRACE_MS: "500" });
    const slow = getAlone(`${server.url}/test/slow`);
    await server.printed("slow request started");
    server.child.kill("SIGTERM");
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await server.exited).toBe(0);
    await server.printed("grace period over");
    await server.printed('"msg":"shut down"');
  });
});

describe("health", () => {
  it("answers 503 when the database does not answer", async () => {
    const server = await startServer();
    try {
      const ok = await fetch(`${server.url}/api/health`);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ ok: true, status: "ok", database: onPostgres ? "postgres" : "pglite" });
      await server.database.close();
      const down = await fetch(`${server.url}/api/health`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ ok: false, status: "database unavailable" });
    } finally {
      await server.stop().catch(() => {});
    }
  });
});
