/** Issue 24's low findings: secrets kept out of the access log, a weak ADMIN_PASSWORD refused at start, a growing
 * delay after failed sign-ins per address, a `__Host-` session cookie over HTTPS. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { createDatabase } from "@jcba/db";
import { describe, expect, it } from "vitest";
import { failedSignInDelayMs } from "../src/auth/rate-limit.ts";
import { buildApp } from "../src/http/app.ts";
import { loadConfig } from "../src/process/config.ts";
import { ADMIN, newDatabaseLocation, startServer } from "./harness.ts";
import { spawnServer } from "./processes.ts";

describe("the access log", () => {
  it("logs the path and query with every token=, password=, code= and secret= value redacted", async () => {
    const lines: string[] = [];
    const database = await createDatabase({ ...(await newDatabaseLocation()), maxConnections: 2 });
    await database.migrate();
    const { app } = await buildApp({
      config: loadConfig({ LOG_LEVEL: "debug", WEB_DIST: "/nonexistent" }),
      database,
      logStream: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      await fetch(
        `${url}/api/health?token=tok-SECRET1&reset_password=pw-SECRET2&code=SECRET3&Client%5FSecret=SECRET4&section=7&codex`,
      );
      const logged = lines.filter((l) => l.includes('"msg":"request"') && l.includes("/api/health"));
      expect(logged).toHaveLength(1);
      expect(logged[0]).not.toMatch(/SECRET/);
      expect(JSON.parse(logged[0]!).url).toBe(
        "/api/health?token=[redacted]&reset_password=[redacted]&code=[redacted]&Client%5FSecret=[redacted]&section=7&codex",
      );
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("ADMIN_PASSWORD", () => {
  it("refuses to start with a common one, and says what to change", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "jcba-weak-admin-"));
    try {
      const server = await spawnServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: "password1234" });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/ADMIN_PASSWORD: That password is a common password or too easy to guess/);
      expect(server.output()).not.toMatch(/is running at/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the session cookie behind a proxy that says HTTPS", () => {
  it("is __Host-jcba_session, Secure, path /, no Domain; over HTTPS only that name signs in; logout clears it", async () => {
    const server = await startServer(undefined, { TRUST_PROXY: "1" });
    try {
      const https = { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" };
      const login = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { ...https, "content-type": "application/json" },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      const sessionCookie = (r: Response) => r.headers.getSetCookie().find((c) => /jcba_session=/.test(c)) ?? "";
      const cookie = sessionCookie(login);
      expect(cookie).toMatch(/^__Host-jcba_session=[a-z2-7]{32};/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/Domain=/i);
      const token = cookie.match(/^__Host-jcba_session=([^;]+)/)![1]!;
      const me = (headers: Record<string, string>, name: string) =>
        fetch(`${server.url}/api/auth/user`, { headers: { ...headers, cookie: `${name}=${token}` } }).then(
          (r) => r.status,
        );
      expect(await me(https, "__Host-jcba_session")).toBe(200);
      // The plain name over HTTPS could have been planted by a sibling subdomain: not read.
      expect(await me(https, "jcba_session")).toBe(401);

      const logout = await fetch(`${server.url}/api/logout`, {
        method: "POST",
        headers: { ...https, cookie: `__Host-jcba_session=${token}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(sessionCookie(logout)).toMatch(/^__Host-jcba_session=;.*Secure/i);
      expect(await me(https, "__Host-jcba_session")).toBe(401);

      // Plain HTTP (no proxy header) keeps the plain name, without Secure.
      const plain = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(ADMIN),
      });
      expect(sessionCookie(plain)).toMatch(/^jcba_session=[a-z2-7]{32};/);
      expect(sessionCookie(plain)).not.toMatch(/Secure/i);
    } finally {
      await server.stop();
    }
  });
});

describe("failed sign-ins from one address", () => {
  it("wait longer each time (250 ms doubling up to 4 s), and the owner still signs in from elsewhere", async () => {
    const server = await startServer(undefined, { TRUST_PROXY: "1" });
    try {
      const signIn = async (address: string) => {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": address },
          body: JSON.stringify({ email: "nobody-here@test.local", password: "wrong-password-1" }),
        });
        expect(res.status).toBe(401);
        return performance.now() - started;
      };
      const times = [];
      for (let i = 0; i < 5; i++) times.push(await signIn("198.51.100.77"));
      // Lower bounds only: the waits make them certain, and a loaded machine cannot make them fail.
      expect(times[3]).toBeGreaterThanOrEqual(1000);
      expect(times[4]).toBeGreaterThanOrEqual(2000);
      expect([0, 1, 2, 3, 4, 5, 6].map(failedSignInDelayMs)).toEqual([0, 250, 500, 1000, 2000, 4000, 4000]);
      // The owner still signs in from elsewhere.
      const owner = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.50" },
        body: JSON.stringify(ADMIN),
      });
      expect(owner.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
