/**
 * `pnpm cli backup --out FILE` on PostgreSQL: pg_dump's custom format (compressed, restored with
 * pg_restore, see README's runbook), written to a temporary file and renamed once pg_dump succeeds.
 * The password goes to pg_dump in its environment, never on its command line (other users' `ps`).
 */
import { spawn } from "node:child_process";
import { rename, rm } from "node:fs/promises";

export async function pgDump(options: { pgDump: string; databaseUrl: string; out: string }): Promise<void> {
  const url = new URL(options.databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const partial = `${options.out}.partial`;
  const code = await new Promise<number | string>((done) => {
    const child = spawn(options.pgDump, ["--format=custom", `--file=${partial}`, `--dbname=${url.href}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("error", (e) => done((e as NodeJS.ErrnoException).code ?? e.message));
    child.once("exit", (status, signal) => done(status ?? signal ?? 1));
  });
  if (code !== 0) {
    await rm(partial, { force: true });
    throw new Error(
      code === "ENOENT"
        ? `pg_dump was not found at "${options.pgDump}": install PostgreSQL's client tools or set PG_DUMP to its path (e.g. /usr/lib/postgresql/15/bin/pg_dump).`
        : `pg_dump failed (${code}); nothing was written to ${options.out}.`,
    );
  }
  await rename(partial, options.out);
}
