/**
 * The operator's admin tools in the CLI, against a real server before and after: `token create --admin`
 * makes the only kind of token that reaches admin paths, for a day unless said; `user 2fa-reset`
 * forgets a lost authenticator, is audited, ends the admin's sessions and sends the admin back to
 * enrolment. The CLI opens the database itself, so the server is stopped while it runs (on PGlite two
 * processes must not share a DATA_DIR), and started again on the same database.
 */
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { apiTokens, auditEvents, sessions, users } from "@jcba/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/process/config.ts";
import {
  ADMIN,
  admin,
  Client,
  completeSecondFactor,
  member,
  newDatabaseLocation,
  onPostgres,
  startServer,
  type TestServer,
} from "./harness.ts";

const DAY = 24 * 60 * 60 * 1000;
const tsx = resolve(REPO_ROOT, "node_modules/.bin/tsx");
let location: { databaseUrl?: string; dataDir?: string };
let server: TestServer;
/**
 * The server starts again after every CLI run, while the test process is still busy with the last one:
 * its 'busy, try again' answer (overload.test.ts) is turned off so a slow machine reads as slow, not 503.
 */
const start = () => startServer(location, { OVERLOAD_EVENT_LOOP_DELAY_MS: "0", OVERLOAD_DB_WAIT_MS: "0" });

beforeAll(async () => {
  location = onPostgres ? await newDatabaseLocation() : { dataDir: mkdtempSync(join(tmpdir(), "jcba-cli-admin-")) };
  server = await start();
});
afterAll(async () => {
  await server?.stop();
  if (location.dataDir) rmSync(location.dataDir, { recursive: true, force: true });
});

/** Runs CLI commands on the test's database with the server stopped, then starts the server again. */
async function cliWhileStopped<const C extends readonly string[][]>(
  ...commands: C
): Promise<{ [K in keyof C]: SpawnSyncReturns<string> }> {
  await server.stop();
  try {
    return commands.map((args) => cli(args)) as { [K in keyof C]: SpawnSyncReturns<string> };
  } finally {
    server = await start();
  }
}

function cli(args: readonly string[]) {
  return spawnSync(tsx, [resolve(REPO_ROOT, "apps/server/src/cli/main.ts"), ...args], {
    env: {
      ...process.env,
      DATABASE_URL: location.databaseUrl ?? "",
      DATA_DIR: location.dataDir ?? "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      WEB_DIST: "/nonexistent",
    },
    encoding: "utf8",
    timeout: 120_000,
  });
}

const tokenOf = (stdout: string) => /^Use it as: Authorization: Bearer (\S+)$/m.exec(stdout)?.[1];

/** Each test stops and starts the server and runs the CLI several times: minutes on a busy machine. */
const SLOW = 600_000;

describe("operator CLI: admin tokens and second-factor reset", () => {
  it(
    "token create --admin reaches admin paths and ends in a day; tokens a member or the Account screen makes never do",
    async () => {
      const someone = await member(server.url);
      const memberToken = await someone.post("/api/account/tokens", { name: "my script", scope: "write" });
      expect(memberToken.status).toBe(200);
      const asMember = new Client(server.url, memberToken.body.token);
      expect((await asMember.get("/api/auth/user")).status).toBe(200);
      expect((await asMember.get("/api/admin/users")).status).toBe(403);
      expect((await asMember.get("/api/admin/stats")).status).toBe(403);

      const memberEmail = (await someone.get("/api/auth/user")).body.email as string;
      const [refused, tooLong, plain, made] = await cliWhileStopped(
        ["token", "create", "--admin", "--email", memberEmail, "--name", "sneaky"],
        ["token", "create", "--admin", "--email", ADMIN.email, "--name", "x", "--days", "31"],
        ["token", "create", "--email", ADMIN.email, "--name", "plain", "--scope", "write"],
        ["token", "create", "--admin", "--email", ADMIN.email, "--name", "upkeep"],
      );
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("is not an admin");
      expect(tooLong.status).toBe(1);
      expect(tooLong.stderr).toContain("30 days at most");
      expect(plain.status).toBe(0);
      expect(made.stderr).toBe("");
      expect(made.status).toBe(0);
      expect(made.stdout).toContain("admin, read-write");

      // The admin's own token without --admin is the admin's, but stays off admin paths.
      const asPlain = new Client(server.url, tokenOf(plain.stdout));
      expect((await asPlain.get("/api/auth/user")).status).toBe(200);
      expect((await asPlain.get("/api/admin/users")).status).toBe(403);
      // The operator's admin token needs no second factor (the operator had the server's own files).
      const asOperator = new Client(server.url, tokenOf(made.stdout));
      expect((await asOperator.get("/api/admin/users")).status).toBe(200);
      expect((await asOperator.get("/api/admin/stats")).status).toBe(200);
      // Still off admin paths for the member's token after the restart.
      expect((await new Client(server.url, memberToken.body.token).get("/api/admin/users")).status).toBe(403);

      const [row] = await server.database.db.select().from(apiTokens).where(eq(apiTokens.name, "upkeep"));
      expect(row).toMatchObject({ admin: true, scope: "write" });
      const lasts = row!.expiresAt.getTime() - row!.createdAt.getTime();
      expect(Math.abs(lasts - DAY)).toBeLessThan(60_000);
      const [audited] = await server.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.kind, "token.admincreated"), eq(auditEvents.targetId, String(row!.id))));
      expect(audited?.after).toMatchObject({ admin: true, by: "cli" });

      // A day later it no longer works (its expiry moved into the past, as time would).
      await server.database.db
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, row!.id));
      await server.stop();
      server = await start();
      expect((await new Client(server.url, tokenOf(made.stdout)).get("/api/admin/users")).status).toBe(401);
    },
    SLOW,
  );

  it(
    "user 2fa-reset forgets the authenticator, is audited, ends the admin's sessions, and the admin enrols again",
    async () => {
      const before = await admin(server.url);
      expect((await before.get("/api/admin/users")).status).toBe(200);
      const [adminRow] = await server.database.db.select().from(users).where(eq(users.email, ADMIN.email));

      const [reset] = await cliWhileStopped(["user", "2fa-reset", ADMIN.email]);
      expect(reset.stderr).toBe("");
      expect(reset.status).toBe(0);
      expect(reset.stdout).toContain("the authenticator app and recovery codes are forgotten");

      const [audited] = await server.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.kind, "secondfactor.reset"), eq(auditEvents.targetId, String(adminRow!.id))));
      expect(audited?.after).toEqual({ by: "cli", hadAuthenticator: true });
      expect(audited?.actorUserId).toBeNull();
      // The session from before is gone, here and in the database.
      expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, adminRow!.id))).toEqual([]);
      const oldSession = new Client(server.url);
      oldSession.cookie = before.cookie;
      expect((await oldSession.get("/api/auth/user")).status).toBe(401);

      // The password alone now leads to enrolment, and admin paths wait for it.
      const again = new Client(server.url);
      const login = await again.post("/api/login", ADMIN);
      expect(login.status).toBe(200);
      expect(login.body.secondFactor).toBe("enrol");
      const waiting = await again.get("/api/admin/users");
      expect(waiting.status).toBe(403);
      expect(waiting.body.code).toBe("SECOND_FACTOR_REQUIRED");
      await completeSecondFactor(again, ADMIN.email, "enrol");
      expect((await again.get("/api/admin/users")).status).toBe(200);
    },
    SLOW,
  );
});
