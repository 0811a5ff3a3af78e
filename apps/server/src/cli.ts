/**
 * Operator commands, run beside the server on the same database:
 *   pnpm cli token create --email you@example.org --name "my script"   personal API token (printed once)
 *   pnpm cli token list --email you@example.org
 *   pnpm cli user admin --email you@example.org [--revoke]             grant or revoke admin
 *   pnpm cli content export --kind questions|flashcards --format json|csv [--out FILE]
 *   pnpm cli content import --kind questions|flashcards --file FILE [--apply]
 *     (a dry run unless --apply; an import is all-or-nothing, like the admin screens)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { appRouter, createCallerFactory, createContentCache } from "@jcba/api";
import { apiTokens, createDatabase, users } from "@jcba/db";
import { eq } from "drizzle-orm";
import { loadConfig } from "./config.ts";
import { generateToken, hashToken, SESSIONS_CHANNEL } from "./sessions.ts";
import { normalizeEmail } from "./users.ts";

const USAGE = `Usage:
  cli token create --email EMAIL --name NAME
  cli token list --email EMAIL
  cli user admin --email EMAIL [--revoke]
  cli content export --kind questions|flashcards [--format json|csv] [--out FILE]
  cli content import --kind questions|flashcards --file FILE [--apply]`;

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
    },
  });
  const [group, action] = positionals;
  if (group === "content" && (action === "export" || action === "import")) return content(action, values);
  if (!values.email || !group || !action) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
    maxConnections: 2,
  });
  try {
    await database.migrate();
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(values.email)));
    if (!user) throw new Error(`No user with e-mail ${values.email}.`);
    if (group === "token" && action === "create") {
      if (!values.name) throw new Error("--name is required.");
      const token = generateToken();
      await database.db.insert(apiTokens).values({ userId: user.id, name: values.name, tokenHash: hashToken(token) });
      console.log(
        `API token for ${user.email} (${values.name}); shown only once:\n${token}\nUse it as: Authorization: Bearer ${token}`,
      );
    } else if (group === "token" && action === "list") {
      const rows = await database.db
        .select({ name: apiTokens.name, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt })
        .from(apiTokens)
        .where(eq(apiTokens.userId, user.id));
      for (const r of rows)
        console.log(
          `${r.name}\tcreated ${r.createdAt.toISOString()}\tlast used ${r.lastUsedAt?.toISOString() ?? "never"}`,
        );
      if (rows.length === 0) console.log("No tokens.");
    } else if (group === "user" && action === "admin") {
      await database.db.update(users).set({ isAdmin: !values.revoke }).where(eq(users.id, user.id));
      // Running servers drop their cached copy of this user at once.
      await database.notify(SESSIONS_CHANNEL, `u:${user.id}`);
      console.log(`${user.email} is ${values.revoke ? "no longer" : "now"} an admin.`);
    } else {
      console.error(USAGE);
      process.exitCode = 2;
    }
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

/** Content export/import through the same procedures the admin screens use. */
async function content(
  action: "export" | "import",
  values: { kind?: string; format?: string; out?: string; file?: string; apply?: boolean },
) {
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
    maxConnections: 2,
  });
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
    await database.close();
  }
}

void main();
