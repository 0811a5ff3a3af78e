/**
 * Single sign-on against a real OpenID provider (oidc-provider) on loopback, walked over HTTP as a
 * browser would: its sign-in and consent forms, the redirects, each side's cookies.
 */
import { createServer } from "node:net";
import { auditEvents, invitations, oauthAccounts, users } from "@jcba/db";
import { and, eq, sql } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newLinkToken } from "../src/auth/link-tokens.ts";
import {
  Client,
  loginForm,
  MEMBER_PASSWORD,
  member,
  startSecondServer,
  startServer,
  type TestServer,
  uniqueEmail,
} from "./harness.ts";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, "127.0.0.1", ok));
  const { port } = probe.address() as { port: number };
  await new Promise((ok) => probe.close(ok));
  return port;
}

/** A browser's cookies, per host. */
class Jar {
  private cookies = new Map<string, Map<string, string>>();
  header(url: string) {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }
  keep(url: string, res: Response) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }
  get(url: string, name: string) {
    return this.cookies.get(new URL(url).host)?.get(name);
  }
  set(url: string, name: string, value: string) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.cookies.set(host, jar);
  }
  async fetch(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set("cookie", cookie);
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    this.keep(url, res);
    return res;
  }
}

interface Person {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  groups?: string[];
}

const CLIENT = { id: "study-hub", secret: "a-client-secret-for-tests-only" };
const people = new Map<string, Person>();
let hub: TestServer;
let hubUrl: string;
let issuer: string;
let provider: Provider;
let providerServer: ReturnType<Provider["listen"]>;

beforeAll(async () => {
  const [hubPort, providerPort] = [await freePort(), await freePort()];
  hubUrl = `http://127.0.0.1:${hubPort}`;
  issuer = `http://127.0.0.1:${providerPort}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${hubUrl}/api/auth/oidc/callback`],
        post_logout_redirect_uris: [`${hubUrl}/api/login?notice=signed-out`],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name"],
      groups: ["groups"],
    },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...person }) };
    },
    cookies: { keys: ["cookie-key-for-tests-only"] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  });
  providerServer = provider.listen(providerPort, "127.0.0.1");
  await new Promise((ok) => providerServer.once("listening", ok));
  hub = await startServer(undefined, {
    PORT: String(hubPort),
    PUBLIC_URL: hubUrl,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_SCOPES: "openid email profile groups",
    OIDC_ADMIN_CLAIM: "groups",
    OIDC_ADMIN_VALUE: "study-hub-admins",
  });
});
afterAll(async () => {
  await hub?.stop();
  await new Promise((ok) => providerServer?.close(ok));
});

const formOf = (html: string) => {
  const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return { action, fields };
};

/**
 * From the hub's start to the provider's answer: signs in at the provider as `subject` and consents,
 * stopping at the callback URL the provider sends the browser back to (not yet visited).
 */
async function toCallback(jar: Jar, subject: string): Promise<string> {
  const start = await jar.fetch(`${hubUrl}/api/auth/oidc/start`);
  expect(start.status).toBe(302);
  let url = new URL(start.headers.get("location")!, hubUrl).toString();
  expect(url.startsWith(`${issuer}/auth?`)).toBe(true);
  const authorize = new URL(url).searchParams;
  expect(authorize.get("code_challenge_method")).toBe("S256");
  expect(authorize.get("state")).toBeTruthy();
  expect(authorize.get("nonce")).toBeTruthy();
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(`${hubUrl}/api/auth/oidc/callback`)) return url;
    const res = await jar.fetch(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).toString();
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const { action, fields } = formOf(html);
    const body = new URLSearchParams({
      ...fields,
      ...(fields.prompt === "login" ? { login: subject, password: "any" } : {}),
    });
    const posted = await jar.fetch(new URL(action!, url).toString(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(posted.status).toBeGreaterThanOrEqual(300);
    url = new URL(posted.headers.get("location")!, url).toString();
  }
  throw new Error("the provider never sent the browser back");
}

/** The whole flow; the hub's answer to the callback and the session cookie it set, if any. */
async function ssoSignIn(subject: string, jar = new Jar()) {
  const callback = await toCallback(jar, subject);
  const res = await jar.fetch(callback);
  const session = jar.get(hubUrl, "jcba_session");
  const client = new Client(hubUrl);
  if (session) client.cookie = `jcba_session=${session}`;
  return { res, client, jar, callback, location: res.headers.get("location") };
}

let subjects = 0;
const person = (overrides: Partial<Person> = {}) => {
  const subject = `sub-${Date.now()}-${subjects++}`;
  people.set(subject, {
    email: uniqueEmail(),
    email_verified: true,
    given_name: "Ana",
    family_name: "Reyes",
    ...overrides,
  });
  return subject;
};

/** An open invitation to `email`, as an admin's roster makes it; returns the link's token. */
async function invite(server: TestServer, email: string) {
  const { token, hash } = newLinkToken();
  const [row] = await server.database.db
    .insert(invitations)
    .values({ email, firstName: "Ana", tokenHash: hash, expiresAt: sql`now() + interval '14 days'` })
    .returning({ id: invitations.id });
  return { token, id: row!.id };
}

describe("single sign-on with the union's OpenID provider", () => {
  it("offers the SSO button on the sign-in page", async () => {
    const { html } = await loginForm(hubUrl);
    expect(html).toContain('href="/api/auth/oidc/start"');
    expect(html).toContain("Sign in with your union account");
  });

  it("creates the member at the first sign-in from a verified e-mail, and keys the link on (issuer, subject)", async () => {
    const subject = person({ given_name: "Ana", family_name: "Reyes" });
    const { res, location, client } = await ssoSignIn(subject);
    expect(res.status).toBe(303);
    expect(location).toBe("/");
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: people.get(subject)!.email,
      firstName: "Ana",
      lastName: "Reyes",
      isAdmin: false,
    });
    const links = await hub.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.subject, subject));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ issuer, userId: me.body.id });
    // No password: the member cannot be signed in with one.
    const [row] = await hub.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, me.body.id));
    expect(row!.hash).toBeNull();
  });

  it("takes up an open invitation when the invited address signs in with SSO for the first time", async () => {
    const subject = person();
    const email = people.get(subject)!.email;
    const { id } = await invite(hub, email);
    const { res, client } = await ssoSignIn(subject);
    expect(res.status).toBe(303);
    expect((await client.get("/api/auth/user")).body).toMatchObject({ email });
    const [row] = await hub.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.acceptedAt).not.toBeNull();
    const audited = await hub.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "invitation.accepted"), eq(auditEvents.targetId, String(id))));
    expect(audited).toHaveLength(1);
  });

  it("keeps the account when the e-mail changes at the provider", async () => {
    const subject = person();
    const first = await ssoSignIn(subject);
    const id = (await first.client.get("/api/auth/user")).body.id;
    people.get(subject)!.email = uniqueEmail();
    const second = await ssoSignIn(subject);
    expect(second.res.status).toBe(303);
    expect((await second.client.get("/api/auth/user")).body.id).toBe(id);
  });

  it("links an existing account that has the provider's verified address", async () => {
    const email = uniqueEmail();
    const existing = await member(hubUrl, "Lee", "Park", email);
    const id = (await existing.get("/api/auth/user")).body.id;
    const subject = person({ email: email.toUpperCase() });
    const { res, client } = await ssoSignIn(subject);
    expect(res.status).toBe(303);
    expect((await client.get("/api/auth/user")).body).toMatchObject({ id, firstName: "Lee" });
    const audit = await hub.database.rows<{ kind: string }>(
      sql`SELECT kind FROM audit_events WHERE kind = 'sso.linked' AND target_id = ${String(id)}`,
    );
    expect(audit).toHaveLength(1);
    // The password still works too.
    expect((await new Client(hubUrl).post("/api/login", { email, password: MEMBER_PASSWORD })).status).toBe(200);
  });

  it("neither creates nor links an account for an unverified e-mail", async () => {
    const email = uniqueEmail();
    const existing = await member(hubUrl, "Kim", "Ito", email);
    expect(existing.cookie).toBeTruthy();
    const subject = person({ email, email_verified: false });
    const { res, location, jar } = await ssoSignIn(subject);
    expect(res.status).toBe(303);
    expect(location).toBe("/api/login?error=sso-unverified");
    expect(jar.get(hubUrl, "jcba_session")).toBeUndefined();
    expect(await hub.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.subject, subject))).toHaveLength(
      0,
    );
    const fresh = person({ email_verified: false });
    await ssoSignIn(fresh);
    const rows = await hub.database.db
      .select()
      .from(users)
      .where(eq(users.email, people.get(fresh)!.email));
    expect(rows).toHaveLength(0);
    const page = await (await fetch(`${hubUrl}${location}`)).text();
    expect(page).toContain("no verified e-mail address");
  });

  it("refuses a callback whose state is not the one this browser started with", async () => {
    const subject = person();
    const jar = new Jar();
    const callback = new URL(await toCallback(jar, subject));
    callback.searchParams.set("state", "not-the-state-we-sent");
    const res = await jar.fetch(callback.toString());
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/api/login?error=sso-failed");
    expect(jar.get(hubUrl, "jcba_session")).toBeUndefined();
    expect(
      await hub.database.db
        .select()
        .from(users)
        .where(eq(users.email, people.get(subject)!.email)),
    ).toHaveLength(0);
  });

  it("refuses a callback without the browser's flow, and a flow used twice", async () => {
    const subject = person();
    const jar = new Jar();
    const callback = await toCallback(jar, subject);
    const stranger = await new Jar().fetch(callback);
    expect(stranger.headers.get("location")).toBe("/api/login?error=sso-expired");
    expect((await jar.fetch(callback)).headers.get("location")).toBe("/");
    const again = await jar.fetch(callback);
    expect(again.headers.get("location")).toBe("/api/login?error=sso-expired");
  });

  it("refuses a replayed authorization code at the provider", async () => {
    const subject = person();
    const jar = new Jar();
    const callback = await toCallback(jar, subject);
    const [flow] = await hub.database.rows<{ data: Record<string, string> }>(
      sql`SELECT data FROM auth_flows WHERE kind = 'oidc' ORDER BY expires_at DESC LIMIT 1`,
    );
    expect((await jar.fetch(callback)).headers.get("location")).toBe("/");
    // The same code and the same checks again, under a fresh flow: only the provider can refuse it now.
    const key = "k".repeat(43);
    const { createHash } = await import("node:crypto");
    await hub.database.db.execute(
      sql`INSERT INTO auth_flows (id, kind, data, expires_at) VALUES (${createHash("sha256").update(key).digest("hex")}, 'oidc', ${JSON.stringify(flow!.data)}::jsonb, now() + interval '5 minutes')`,
    );
    const replayer = new Jar();
    replayer.set(hubUrl, "jcba_oidc", key);
    const replay = await replayer.fetch(callback);
    expect(replay.status).toBe(303);
    expect(replay.headers.get("location")).toBe("/api/login?error=sso-failed");
    expect(replayer.get(hubUrl, "jcba_session")).toBeUndefined();
  });

  it("makes an admin from the admin claim", async () => {
    const subject = person({ groups: ["crew", "study-hub-admins"] });
    const { client } = await ssoSignIn(subject);
    expect((await client.get("/api/auth/user")).body.isAdmin).toBe(true);
    const plain = person({ groups: ["crew"] });
    expect((await (await ssoSignIn(plain)).client.get("/api/auth/user")).body.isAdmin).toBe(false);
  });

  it("ends the provider's session at logout, which offers end_session_endpoint", async () => {
    const subject = person();
    const { client, jar } = await ssoSignIn(subject);
    const res = await jar.fetch(`${hubUrl}/api/logout`, { headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${issuer}/session/end`);
    expect(to.searchParams.get("id_token_hint")).toBeTruthy();
    expect(to.searchParams.get("post_logout_redirect_uri")).toBe(`${hubUrl}/api/login?notice=signed-out`);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect(jar.get(hubUrl, "jcba_sso")).toBeUndefined();
  });

  it("answers odd callbacks with the sign-in page, never a 5xx", async () => {
    for (const query of [
      "",
      "?code=x",
      "?error=access_denied&state=y",
      "?state=%00&code=%ff",
      `?${"a=b&".repeat(500)}`,
    ]) {
      const res = await fetch(`${hubUrl}/api/auth/oidc/callback${query}`, { redirect: "manual" });
      expect(res.status, query).toBe(303);
    }
  });
});

describe("when the provider is down", () => {
  it("says so on a clear page at start and at the callback", async () => {
    const subject = person();
    const jar = new Jar();
    const callback = await toCallback(jar, subject);
    await new Promise((ok) => providerServer.close(ok));
    providerServer.closeAllConnections?.();
    try {
      const res = await jar.fetch(callback);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/api/login?error=sso-unavailable");
      // A new server has not discovered the provider yet: start fails the same way.
      const second = await startSecondServer(hub, {
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: CLIENT.id,
        OIDC_CLIENT_SECRET: CLIENT.secret,
      });
      try {
        const start = await fetch(`${second.url}/api/auth/oidc/start`, { redirect: "manual" });
        expect(start.status).toBe(303);
        expect(start.headers.get("location")).toBe("/api/login?error=sso-unavailable");
        const page = await fetch(`${second.url}${start.headers.get("location")}`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("not answering right now");
      } finally {
        await second.stop();
      }
    } finally {
      providerServer = provider.listen(Number(new URL(issuer).port), "127.0.0.1");
      await new Promise((ok) => providerServer.once("listening", ok));
    }
  });
});

describe("PASSWORD_SIGNIN=false", () => {
  it("hides passwords: no password form, no sign-up, password sign-in, change or confirmation refused", async () => {
    const second = await startSecondServer(hub, {
      PASSWORD_SIGNIN: "false",
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
    });
    try {
      const page = await (await fetch(`${second.url}/api/login`)).text();
      expect(page).toContain('href="/api/auth/oidc/start"');
      expect(page).not.toContain('type="password"');
      expect(page).not.toContain("Create an account");
      const login = await new Client(second.url).post("/api/login", {
        email: "admin@test.local",
        password: "admin-password-1",
      });
      expect(login.status).toBe(403);
      const signup = await new Client(second.url).post("/api/register", {
        email: uniqueEmail(),
        password: "a-good-password-1",
        firstName: "A",
        lastName: "B",
      });
      expect(signup.status).toBe(403);

      // Account: no password to change, and none confirms deleting the account.
      const [admin] = await hub.database.db.select().from(users).where(eq(users.email, "admin@test.local"));
      const session = await second.sessions.create(admin!, { signedInWith: "sso" });
      const member = new Client(second.url);
      member.cookie = `jcba_session=${session.token}`;
      expect((await member.get("/api/account/sign-in")).body).toMatchObject({ passwords: false, sso: true });
      const change = await member.post("/api/account/password", {
        currentPassword: "admin-password-1",
        newPassword: "another-good-password-2",
      });
      expect(change.status).toBe(403);
      expect(change.body.message).toContain("no password to change");
      const remove = await member.call("DELETE", "/api/account", { password: "admin-password-1" });
      expect(remove.status).toBe(400);
      expect(remove.body.message).toContain("does not sign in with passwords");

      // An invitation's link leads to single sign-on as the invited address, not to a password form.
      const invited = uniqueEmail();
      const { token } = await invite(hub, invited);
      const acceptPage = await (await fetch(`${second.url}/accept-invite?token=${token}`)).text();
      expect(acceptPage).toContain('href="/api/auth/oidc/start"');
      expect(acceptPage).toContain(invited);
      expect(acceptPage).not.toContain('type="password"');
      const accept = await new Client(second.url).post("/api/invitations/accept", {
        token,
        password: "a-good-password-1",
        confirm: "a-good-password-1",
      });
      expect(accept.status).toBe(403);
      expect(accept.body.message).toContain("not a password");
      expect(await hub.database.db.select().from(users).where(eq(users.email, invited))).toHaveLength(0);
    } finally {
      await second.stop();
    }
  });
});
