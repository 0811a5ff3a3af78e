/**
 * Operator commands. On PostgreSQL (DATABASE_URL) they run beside the server; on the embedded
 * database they refuse while the server runs on the same DATA_DIR (see process/data-lock.ts).
 *   pnpm cli token create --email you@example.org --name "my script" [--scope read|write] [--days 90]
 *   pnpm cli token list --email you@example.org
 *   pnpm cli token revoke --email you@example.org --id 3
 *   pnpm cli user admin --email you@example.org [--revoke]             grant or revoke admin (ends its sessions)
 *   pnpm cli user password --email you@example.org < new-password.txt  set a password (ends every session)
 *   pnpm cli token create --admin --email you@example.org --name "upkeep" [--days 1]   an admin token (1–30 days)
 *   pnpm cli user 2fa-reset you@example.org      forget a lost authenticator; enrolment again at next sign-in
 *   pnpm cli content export --kind questions|flashcards --format json|csv [--out FILE]
 *   pnpm cli content import --kind questions|flashcards --file FILE [--apply]
 *     (a dry run unless --apply; an import is all-or-nothing, like the admin screens)
 *   pnpm cli backup --out FILE        PostgreSQL: pg_dump --format=custom; embedded: its data directory (server stopped)
 *   pnpm cli restore --from FILE      embedded: a backup into the stopped server's DATA_DIR (the old one kept aside)
 *   pnpm cli review calibration-rebuild   every member's kept calibration worked out again from the review log
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { accountSchemas, appRouter, createCallerFactory, createContentCache, readiness } from "@jcba/api";
import { apiTokens, createDatabase, users } from "@jcba/db";
import { and, count, desc, eq, isNull, ne } from "drizzle-orm";
import { closePasswordWork, passwordProblem } from "../auth/passwords.ts";
import { resetSecondFactor } from "../auth/second-factor/totp.ts";
import { createAudit } from "../auth/security-audit.ts";
import { createSessions, generateToken, hashToken } from "../auth/sessions.ts";
import { normalizeEmail, setPassword } from "../auth/users.ts";
import { pgDump } from "../backups/pg-dump.ts";
import { restoreDataDir } from "../backups/restore.ts";
import { type Config, loadConfig } from "../process/config.ts";
import { DataDirBusy, lockDataDir } from "../process/data-lock.ts";

const DAY = 24 * 60 * 60 * 1000;
/** Admin tokens are short-lived: a day unless the operator says, a month at most. */
const ADMIN_TOKEN_DAYS = 1;
const ADMIN_TOKEN_MAX_DAYS = 30;
const quietLog = { info() {}, warn() {}, error: (_o: unknown, msg?: string) => console.error(msg) };

/** The database, locked against a server on the same embedded DATA_DIR; exits with a message when busy. */
async function openDatabase(config: Config) {
  let release: (() => Promise<void>) | null = null;
  if (!config.DATABASE_URL) {
    try {
      release = await lockDataDir(config.DATA_DIR, "cli");
    } catch (e) {
      if (!(e instanceof DataDirBusy)) throw e;
      console.error(e.message);
      process.exit(1);
    }
  }
  const database = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
    maxConnections: 2,
  });
  return {
    database,
    async close() {
      await database.close();
      await release?.();
    },
  };
}

function readStdin(): string {
  try {
    return readFileSync(0, "utf8").replace(/\r?\n$/, "");
  } catch {
    return "";
  }
}

const USAGE = `Usage:
  cli token create --email EMAIL --name NAME [--scope read|write] [--days DAYS]
  cli token create --admin --email EMAIL --name NAME [--days DAYS]   (admin rights, 1 day unless said, 30 at most)
  cli token list --email EMAIL
  cli token revoke --email EMAIL --id ID
  cli user admin --email EMAIL [--revoke]
  cli user password --email EMAIL   (the new password on standard input)
  cli user 2fa-reset EMAIL
  cli content export --kind questions|flashcards [--format json|csv] [--out FILE]
  cli content import --kind questions|flashcards --file FILE [--apply]
  cli backup --out FILE
  cli restore --from FILE
  cli review calibration-rebuild`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      revoke: { type: "boolean", default: false },
      kind: { type: "string" },
      format: { type: "string" },
      out: { type: "string" },
      file: { type: "string" },
      apply: { type: "boolean", default: false },
      scope: { type: "string", default: "read" },
      days: { type: "string" },
      id: { type: "string" },
      from: { type: "string" },
      admin: { type: "boolean", default: false },
    },
  });
  const [group, action, emailArgument] = positionals;
  values.email ??= emailArgument;
  if (group === "content" && (action === "export" || action === "import")) return content(action, values);
  if (group === "backup" && values.out) return backup(values.out);
  if (group === "restore" && values.from) return restore(values.from);
  if (group === "review" && action === "calibration-rebuild") return rebuildCalibration();
  if (!values.email || !group || !action) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const opened = await openDatabase(config);
  const { database } = opened;
  const audit = createAudit(database, quietLog);
  const sessions = createSessions(database);
  try {
    await database.migrate();
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(values.email)));
    if (!user) throw new Error(`No user with e-mail ${values.email}.`);
    if (group === "token" && action === "create") {
      const input = accountSchemas.createTokenInput.safeParse({
        name: values.name,
        scope: values.admin ? "write" : values.scope,
        expiresInDays: values.days ?? (values.admin ? ADMIN_TOKEN_DAYS : config.TOKEN_DAYS),
      });
      if (!input.success) throw new Error(input.error.issues.map((i) => i.message).join(" "));
      if (values.admin) {
        if (!user.isAdmin) throw new Error(`${user.email} is not an admin: an admin token needs an admin account.`);
        if ((input.data.expiresInDays ?? ADMIN_TOKEN_DAYS) > ADMIN_TOKEN_MAX_DAYS)
          throw new Error(`An admin token lasts ${ADMIN_TOKEN_MAX_DAYS} days at most.`);
      }
      const token = generateToken();
      const [row] = await database.db
        .insert(apiTokens)
        .values({
          userId: user.id,
          name: input.data.name,
          scope: input.data.scope,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + (input.data.expiresInDays ?? config.TOKEN_DAYS) * DAY),
          admin: values.admin,
        })
        .returning();
      await audit.record({
        kind: values.admin ? "token.admincreated" : "token.created",
        actorUserId: null,
        targetType: "api_token",
        targetId: row!.id,
        after: { userId: user.id, name: row!.name, scope: row!.scope, admin: values.admin, by: "cli" },
      });
      console.log(
        `API token ${row!.id} for ${user.email} (${row!.name}, ${values.admin ? "admin, " : ""}${row!.scope === "read" ? "read-only" : "read-write"}, expires ${row!.expiresAt.toISOString().slice(0, 10)}); shown only once:\n${token}\nUse it as: Authorization: Bearer ${token}`,
      );
    } else if (group === "token" && action === "list") {
      const rows = await database.db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, user.id))
        .orderBy(desc(apiTokens.createdAt));
      for (const r of rows)
        console.log(
          `${r.id}\t${r.name}\t${r.scope}\tcreated ${r.createdAt.toISOString()}\texpires ${r.expiresAt.toISOString()}\tlast used ${r.lastUsedAt?.toISOString() ?? "never"}`,
        );
      if (rows.length === 0) console.log("No tokens.");
    } else if (group === "token" && action === "revoke") {
      const id = Number(values.id);
      if (!Number.isInteger(id) || id <= 0) throw new Error("--id must be a token id from `cli token list`.");
      const [row] = await database.db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, user.id)))
        .returning();
      if (!row) throw new Error(`${user.email} has no API token with id ${id}.`);
      await audit.record({ kind: "token.revoked", actorUserId: null, targetType: "api_token", targetId: id });
      console.log(`Token ${id} (${row.name}) is revoked.`);
    } else if (group === "user" && action === "admin") {
      const isAdmin = !values.revoke;
      if (!isAdmin && user.isAdmin) {
        // As on the admin screens: the platform always keeps an active admin.
        const [others] = await database.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.isAdmin, true), isNull(users.disabledAt), ne(users.id, user.id)));
        if (!others?.n) throw new Error(`${user.email} is the last admin. Make another account an admin first.`);
      }
      await database.db.update(users).set({ isAdmin }).where(eq(users.id, user.id));
      // Sessions made under the old role end, so the new one applies at the next request.
      await sessions.invalidateUser(user.id);
      if (user.isAdmin !== isAdmin)
        await audit.record({
          kind: "role.changed",
          actorUserId: null,
          targetType: "user",
          targetId: user.id,
          before: { isAdmin: user.isAdmin },
          after: { isAdmin, by: "cli" },
        });
      console.log(`${user.email} is ${values.revoke ? "no longer" : "now"} an admin; its sessions have ended.`);
    } else if (group === "user" && action === "2fa-reset") {
      // For a lost phone: the account enrols again at its next sign-in; its sessions end now.
      const had = await resetSecondFactor(database, user.id);
      await sessions.invalidateUser(user.id);
      await audit.record({
        kind: "secondfactor.reset",
        actorUserId: null,
        targetType: "user",
        targetId: user.id,
        after: { by: "cli", hadAuthenticator: had },
      });
      console.log(
        `${user.email}: ${had ? "the authenticator app and recovery codes are forgotten" : "no authenticator app was set up"}; its sessions have ended, and it sets up a new one at the next sign-in.`,
      );
    } else if (group === "user" && action === "password") {
      const password = readStdin();
      const parsed = accountSchemas.newPassword.safeParse(password);
      if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
      const problem = await passwordProblem(password, user.email).finally(closePasswordWork);
      if (problem) throw new Error(problem);
      await setPassword(database, sessions, user.id, password);
      await audit.record({
        kind: "password.changed",
        actorUserId: null,
        targetType: "user",
        targetId: user.id,
        after: { by: "cli" },
      });
      console.log(`The password of ${user.email} is changed; every session of that account has ended.`);
    } else {
      console.error(USAGE);
      process.exitCode = 2;
    }
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
  } finally {
    await opened.close();
  }
}

/** Content export/import through the same procedures the admin screens use. */
async function content(
  action: "export" | "import",
  values: { kind?: string; format?: string; out?: string; file?: string; apply?: boolean },
) {
  const config = loadConfig();
  const opened = await openDatabase(config);
  const { database } = opened;
  try {
    await database.migrate();
    const operator = {
      id: 0,
      email: "cli@localhost",
      firstName: "CLI",
      lastName: "",
      profileImageUrl: null,
      isAdmin: true,
    };
    const caller = createCallerFactory(appRouter)({ database, user: operator, content: createContentCache(database) });
    const kind = values.kind as "questions" | "flashcards";
    if (action === "export") {
      const format = (values.format ?? "json") as "json" | "csv";
      const result = await caller.transfer.export({ kind, format });
      const out = values.out ?? result.filename;
      writeFileSync(out, result.content);
      console.log(`Exported ${result.count} ${kind} to ${out}.`);
      return;
    }
    if (!values.file) throw new Error("--file is required.");
    const format = (values.format ?? (extname(values.file).toLowerCase() === ".csv" ? "csv" : "json")) as
      | "json"
      | "csv";
    const text = readFileSync(values.file, "utf8");
    const report = await caller.transfer.import({ kind, format, content: text, dryRun: true });
    if (report.error) throw new Error(report.error);
    for (const r of report.rows.filter((x) => x.problems.length > 0))
      console.log(`row ${r.row}: ${r.problems.join("; ")}`);
    console.log(
      `${report.total} rows: ${report.creates} to create, ${report.updates} to update, ${report.invalid} with problems.`,
    );
    if (report.invalid > 0) {
      process.exitCode = 1;
      console.log("Nothing was imported.");
    } else if (values.apply) {
      await caller.transfer.import({ kind, format, content: text, dryRun: false });
      console.log("Imported.");
    } else console.log("Dry run only: add --apply to import.");
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
  } finally {
    await opened.close();
  }
}

/** A copy of the database: pg_dump on PostgreSQL, the embedded data directory while the server is stopped. */
async function backup(out: string) {
  const config = loadConfig();
  try {
    if (config.DATABASE_URL) {
      await pgDump({ pgDump: config.PG_DUMP, databaseUrl: config.DATABASE_URL, out });
      console.log(`Backed up the database to ${out} (pg_dump custom format; restore it with pg_restore, see README).`);
      return;
    }
    const opened = await openDatabase(config);
    try {
      const bytes = await opened.database.dumpDataDir!();
      writeFileSync(`${out}.partial`, bytes);
      renameSync(`${out}.partial`, out);
      console.log(`Backed up ${resolve(config.DATA_DIR)} to ${out} (${bytes.byteLength} bytes).`);
    } finally {
      await opened.close();
    }
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
  }
}

/** A backup of the embedded database into DATA_DIR, while no server runs on it. */
async function restore(from: string) {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error(
      "On PostgreSQL restore with pg_restore (README: 'Backups and restore'), e.g.\n  pg_restore --clean --if-exists --no-owner --dbname=DATABASE_URL " +
        from,
    );
    process.exitCode = 2;
    return;
  }
  try {
    const restored = await restoreDataDir(from, config.DATA_DIR);
    console.log(
      `Restored ${from} into ${resolve(config.DATA_DIR)}: ${restored.users} users, ${restored.migrations} migrations (the server applies newer ones when it starts).` +
        (restored.asideDir
          ? `
The database it replaced is kept in ${restored.asideDir}.`
          : ""),
    );
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
  }
}

/**
 * The kept calibration (review_calibration) worked out again from the whole review log, for every
 * member: the trigger that keeps it can be a review off after two first reviews of one item raced.
 */
async function rebuildCalibration() {
  const opened = await openDatabase(loadConfig());
  try {
    await opened.database.migrate();
    const started = performance.now();
    const { members, reviews, binsCorrected } = await readiness.rebuildCalibration(opened.database);
    console.log(
      `Calibration rebuilt from the review log: ${reviews} predicted reviews of ${members} members; ${binsCorrected} bins were off (${Math.round(performance.now() - started)} ms).`,
    );
  } finally {
    await opened.close();
  }
}

void main();
