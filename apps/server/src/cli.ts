/**
 * Operator commands, run beside the server on the same database:
 *   pnpm cli token create --email you@example.org --name "my script"   personal API token (printed once)
 *   pnpm cli token list --email you@example.org
 *   pnpm cli user admin --email you@example.org [--revoke]             grant or revoke admin
 */
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { eq } from "drizzle-orm";
import { apiTokens, createDatabase, users } from "@jcba/db";
import { loadConfig } from "./config.ts";
import { generateToken, hashToken } from "./sessions.ts";
import { normalizeEmail } from "./users.ts";

const USAGE = `Usage:
  cli token create --email EMAIL --name NAME
  cli token list --email EMAIL
  cli user admin --email EMAIL [--revoke]`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, name: { type: "string" }, revoke: { type: "boolean", default: false } },
  });
  const [group, action] = positionals;
  if (!values.email || !group || !action) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR), maxConnections: 2 });
  try {
    await database.migrate();
    const [user] = await database.db.select().from(users).where(eq(users.email, normalizeEmail(values.email)));
    if (!user) throw new Error(`No user with e-mail ${values.email}.`);
    if (group === "token" && action === "create") {
      if (!values.name) throw new Error("--name is required.");
      const token = generateToken();
      await database.db.insert(apiTokens).values({ userId: user.id, name: values.name, tokenHash: hashToken(token) });
      console.log(`API token for ${user.email} (${values.name}); shown only once:\n${token}\nUse it as: Authorization: Bearer ${token}`);
    } else if (group === "token" && action === "list") {
      const rows = await database.db.select({ name: apiTokens.name, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.userId, user.id));
      for (const r of rows) console.log(`${r.name}\tcreated ${r.createdAt.toISOString()}\tlast used ${r.lastUsedAt?.toISOString() ?? "never"}`);
      if (rows.length === 0) console.log("No tokens.");
    } else if (group === "user" && action === "admin") {
      await database.db.update(users).set({ isAdmin: !values.revoke }).where(eq(users.id, user.id));
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

void main();
