/**
 * For tests that run on a real PostgreSQL server: a throwaway PostgreSQL 15 cluster in a temp dir on
 * a loopback port (the Debian server binaries, PG_BIN, default /usr/lib/postgresql/15/bin), and
 * scratch databases on a server.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";

export interface TestPostgres {
  url: string;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** `port`: listen there (a test may point a server at it before the database is up); a free one otherwise. */
export async function startTestPostgres(options: { port?: number } = {}): Promise<TestPostgres> {
  const bin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
  const dir = mkdtempSync(join(tmpdir(), "jcba-pg-"));
  const port = options.port ?? (await freePort());
  const isRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server as the postgres user then.
  const run = (cmd: string, args: string[]) =>
    isRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", join(bin, cmd), ...args], { stdio: "pipe" })
      : execFileSync(join(bin, cmd), args, { stdio: "pipe" });
  if (isRoot)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
      Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
    );
  const data = join(dir, "data");
  run("initdb", ["-D", data, "--auth=trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    "-w",
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Creates an empty database on the PostgreSQL server at `serverUrl` and returns its URL. */
export async function createScratchDatabase(serverUrl: string): Promise<string> {
  const name = `jcba_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
