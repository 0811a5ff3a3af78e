/**
 * The production server the web benchmarks measure (lighthouse.mjs, blocked-time.mjs): the web app
 * built into a temporary folder, the server started on it with a fresh embedded database on a
 * loopback port, and members signed in for the screens to be measured as they see them.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const web = resolve(import.meta.dirname, "..");
const repo = resolve(web, "../..");

/** The Chromium the benchmarks drive (Debian's unless CHROMIUM_PATH says otherwise). */
export const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Its version, printed beside the figures: the same page's main-thread time differs several-fold
 * between Chromium releases, so figures compare only on one version.
 */
export function chromiumVersion() {
  const out = spawnSync(chromium, ["--version"], { encoding: "utf8" });
  return out.stdout?.match(/[\d.]+/)?.[0] ?? "unknown";
}

/** The admin's account (the server refuses a weak ADMIN_PASSWORD); /admin… screens are measured as the admin. */
const ADMIN = { email: "lh@test.local", password: "lighthouse-bench-admin-k7Qz" };

export async function startBenchServer() {
  const dist = mkdtempSync(join(tmpdir(), "jcba-bench-web-"));
  const data = mkdtempSync(join(tmpdir(), "jcba-bench-data-"));
  const build = spawnSync(
    join(web, "node_modules/.bin/vite"),
    ["build", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"],
    { cwd: web, stdio: "inherit" },
  );
  if (build.status !== 0) process.exit(1);
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(join(repo, "node_modules/.bin/tsx"), [join(repo, "apps/server/src/process/main.ts")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: data,
      WEB_DIST: dist,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ALLOW_SIGNUP: "true",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((res) => server.stdout.on("data", (d) => String(d).includes("is running at") && res()));

  let members = 0;
  /** A new member's session cookie (or the admin's), as a Cookie header. */
  async function signedInCookie(admin = false) {
    const account = admin
      ? ADMIN
      : { email: `lh${Date.now()}-${++members}@test.local`, password: "lighthouse-member-k7Qz" };
    // Past capacity (a loaded machine) the server answers 503 with Retry-After: wait and ask again.
    const post = async (path, body, tries = 10) => {
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify(body),
      });
      if (res.status !== 503 || tries <= 1) return res;
      await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? 5) * 1000));
      return post(path, body, tries - 1);
    };
    const reg = admin ? null : await post("/api/register", { ...account, firstName: "Light", lastName: "House" });
    if (reg && !reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const login = await post("/api/login", account);
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    return login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  return {
    base,
    signedInCookie,
    /** A Cookie header as the cookies a browser context takes (Playwright's addCookies). */
    browserCookies: (cookie) =>
      cookie.split("; ").map((c) => {
        const [name, ...value] = c.split("=");
        return { name, value: value.join("="), url: base };
      }),
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
      rmSync(dist, { recursive: true, force: true });
      rmSync(data, { recursive: true, force: true });
    },
  };
}
