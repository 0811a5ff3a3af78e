/**
 * Passkeys (WebAuthn, through @simplewebauthn/server). Account → Passkeys lists, adds and removes a
 * member's passkeys; the sign-in page signs in with one. Each ceremony's challenge stays on the server
 * (flows.ts) and is used once; the relying party is PUBLIC_URL's host name, its origin the only one.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SessionUser } from "@jcba/api";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { refusal } from "../../http/errors.ts";
import { addressKey } from "../address-key.ts";
import type { Flows } from "../flows.ts";
import { DbLimiter } from "../rate-limit.ts";
import { sessionTokenOf } from "../sessions.ts";
import { type AuthRouteDeps, beginSession, refuseDisabled } from "../sign-in.ts";
import { verifyUserPassword } from "../users.ts";
import { createPasskeyStore, type PasskeyInfo } from "./store.ts";

/** The browser's key to its passkey ceremony in progress. */
const FLOW_COOKIE = "jcba_webauthn";
const RP_NAME = "JCBA Study Hub";
const TIMEOUT_MS = 5 * 60_000;

// What a browser sends back (PublicKeyCredential.toJSON()): base64url strings, bounded in size;
// @simplewebauthn/server checks the rest.
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "must be base64url");
const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};
export const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(8000),
    attestationObject: b64url(64_000),
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: b64url(64_000).optional(),
    publicKey: b64url(8000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});
export const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(8000),
    authenticatorData: b64url(64_000),
    signature: b64url(8000),
    userHandle: b64url(1000).optional(),
  }),
});
export const passkeyName = z
  .string()
  .trim()
  .min(1, "Give the passkey a name.")
  .max(100)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "cannot contain control characters");
export const addPasskeyBody = z.object({ name: passkeyName, response: registrationResponse });
export const signInBody = z.object({ response: authenticationResponse });
export const removePasskeyBody = z.union([
  z.object({ password: z.string().min(1).max(1000) }),
  z.object({ passkey: authenticationResponse }),
]);
export const passkeyId = z.coerce.number().int().positive().max(2_147_483_647);
export const reauthPasskeyBody = z.object({ passkey: authenticationResponse });

/** The challenge a browser signed, read from its clientDataJSON (the signature check comes after). */
function challengeOf(response: AuthenticationResponseJSON): string | null {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8"));
    return typeof client?.challenge === "string" ? client.challenge : null;
  } catch {
    return null;
  }
}

export interface PasskeyDeps extends AuthRouteDeps {
  flows: Flows;
}

/** The sign-in page's passkey script, and @simplewebauthn/browser's bundle that it loads when needed. */
function signInPageScripts() {
  const library = join(
    dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser")),
    "..",
    "dist/bundle/index.umd.min.js",
  );
  return {
    page: readFileSync(fileURLToPath(new URL("./sign-in-page.js", import.meta.url)), "utf8"),
    library: readFileSync(library, "utf8"),
  };
}

/**
 * Checks passkey assertions: a sign-in's (its challenge known by the signed value) or a signed-in
 * member's confirmation (its challenge in this browser's flow cookie, from /confirm-options).
 */
export function createPasskeyCheck({ config, database, flows }: Pick<PasskeyDeps, "config" | "database" | "flows">) {
  const store = createPasskeyStore(database);
  const publicUrl = new URL(config.PUBLIC_URL);
  const rpID = publicUrl.hostname;
  const origin = publicUrl.origin;

  /** Checks an assertion against the challenge of this browser's `kind` flow; the credential it used, or a reason. */
  async function verifyAssertion(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: "passkey-signin" | "passkey-confirm",
    response: AuthenticationResponseJSON,
  ): Promise<{ error: string } | { found: NonNullable<Awaited<ReturnType<typeof store.byCredentialId>>> }> {
    const flow =
      kind === "passkey-signin"
        ? await flows.claim(kind, challengeOf(response) ?? "")
        : await flows.take(request, reply, FLOW_COOKIE, kind);
    if (!flow?.data.challenge) return { error: "That passkey request had expired. Please try again." };
    const found = await store.byCredentialId(response.id);
    if (!found || (flow.userId !== null && found.user.id !== flow.userId))
      return { error: "That passkey is not registered here." };
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: flow.data.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: found.credential,
        requireUserVerification: false,
      });
      if (!verified) return { error: "The passkey's answer did not check out." };
      await store.used(found.passkeyId, authenticationInfo.newCounter);
      return { found };
    } catch (err) {
      request.log.info({ err }, "passkey assertion refused");
      return { error: "The passkey's answer did not check out." };
    }
  }

  return { store, rpID, origin, verifyAssertion };
}

export function registerPasskeyRoutes(app: FastifyInstance, deps: PasskeyDeps) {
  const { config, database, sessions, audit, flows } = deps;
  const { store, rpID, origin, verifyAssertion } = createPasskeyCheck(deps);
  // Failed passkey sign-ins count with failed password sign-ins from the same address.
  const failuresByIp = new DbLimiter(database, "fail-ip", 10, 15 * 60_000);
  // Each sign-in ceremony keeps a row until it is used or expires: a client may start only so many.
  const ceremoniesByIp = new DbLimiter(database, "passkey-ip", 600, 15 * 60_000);

  const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send(refusal("BAD_REQUEST", message));
  const parsed = <T>(schema: z.ZodType<T>, body: unknown, reply: FastifyReply): T | null => {
    const result = schema.safeParse(body ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    void badRequest(reply, issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid request.");
    return null;
  };

  /** The signed-in member (session cookie only: passkeys are managed in a browser, not by scripts). */
  async function member(request: FastifyRequest, reply: FastifyReply): Promise<{ user: SessionUser } | null> {
    const token = sessionTokenOf(request);
    const session = token ? await sessions.validate(token) : null;
    if (!session) {
      void reply.code(401).send(refusal("UNAUTHORIZED", "Sign in to continue."));
      return null;
    }
    return { user: session.user };
  }

  const scripts = signInPageScripts();
  for (const [path, text] of [
    ["/api/login/passkey.js", scripts.page],
    ["/api/login/webauthn.js", scripts.library],
  ] as const)
    app.get(path, async (_request, reply) =>
      reply.header("Cache-Control", "public, max-age=3600").type("text/javascript; charset=utf-8").send(text),
    );

  app.get("/api/account/passkeys", async (request, reply) => {
    const caller = await member(request, reply);
    if (!caller) return;
    return store.list(caller.user.id);
  });

  app.post("/api/account/passkeys/options", async (request, reply) => {
    const caller = await member(request, reply);
    if (!caller) return;
    const { user } = caller;
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      // A stable handle per member, so an authenticator replaces its old passkey for the account.
      userID: new TextEncoder().encode(`member-${user.id}`),
      attestationType: "none",
      excludeCredentials: await store.credentialsOf(user.id),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      timeout: TIMEOUT_MS,
    });
    await flows.begin(request, reply, FLOW_COOKIE, "passkey-register", { challenge: options.challenge }, user.id);
    return options;
  });

  app.post("/api/account/passkeys", async (request, reply) => {
    const caller = await member(request, reply);
    if (!caller) return;
    const body = parsed(addPasskeyBody, request.body, reply);
    if (!body) return;
    const flow = await flows.take(request, reply, FLOW_COOKIE, "passkey-register");
    if (!flow?.data.challenge || flow.userId !== caller.user.id)
      return badRequest(reply, "That passkey request had expired. Please try again.");
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: body.response as RegistrationResponseJSON,
        expectedChallenge: flow.data.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch (err) {
      request.log.info({ err }, "passkey registration refused");
      return badRequest(reply, "The authenticator's answer did not check out. Please try again.");
    }
    if (!verification.verified || !verification.registrationInfo)
      return badRequest(reply, "The authenticator's answer did not check out. Please try again.");
    const { credential, credentialBackedUp } = verification.registrationInfo;
    const added = await store.add(caller.user.id, { name: body.name, credential, backedUp: credentialBackedUp });
    if (!added) return reply.code(409).send(refusal("CONFLICT", "That passkey is already registered."));
    await audit.record(
      {
        kind: "passkey.added",
        actorUserId: caller.user.id,
        targetType: "passkey",
        targetId: added.id,
        after: { name: added.name },
      },
      request,
    );
    return reply.code(201).send(added satisfies PasskeyInfo);
  });

  app.post("/api/account/passkeys/confirm-options", async (request, reply) => {
    const caller = await member(request, reply);
    if (!caller) return;
    const allowCredentials = await store.credentialsOf(caller.user.id);
    if (allowCredentials.length === 0) return badRequest(reply, "You have no passkey to confirm with.");
    const options = await generateAuthenticationOptions({
      rpID,
      allowCredentials,
      userVerification: "preferred",
      timeout: TIMEOUT_MS,
    });
    await flows.begin(request, reply, FLOW_COOKIE, "passkey-confirm", { challenge: options.challenge }, caller.user.id);
    return options;
  });

  // Removal asks for proof that the member is at the keyboard: the password, or a passkey of theirs.
  app.delete("/api/account/passkeys/:id", async (request, reply) => {
    const caller = await member(request, reply);
    if (!caller) return;
    const id = passkeyId.safeParse((request.params as { id: string }).id);
    if (!id.success) return badRequest(reply, "id: must be a passkey's number.");
    const body = parsed(removePasskeyBody, request.body, reply);
    if (!body) return;
    if ("password" in body) {
      if (!config.PASSWORD_SIGNIN || !(await verifyUserPassword(database, caller.user.id, body.password)))
        return badRequest(reply, "password: That is not your password.");
    } else {
      const checked = await verifyAssertion(
        request,
        reply,
        "passkey-confirm",
        body.passkey as AuthenticationResponseJSON,
      );
      if ("error" in checked) return badRequest(reply, `passkey: ${checked.error}`);
    }
    if (!(await store.remove(caller.user.id, id.data)))
      return reply.code(404).send(refusal("NOT_FOUND", "You have no passkey with that number."));
    await audit.record(
      { kind: "passkey.removed", actorUserId: caller.user.id, targetType: "passkey", targetId: id.data },
      request,
    );
    return { removed: true };
  });

  // Re-authentication with a passkey of the member's (two factors in one): admin actions and the
  // sensitive ones (second-factor/routes.ts) pass for the next 15 minutes.
  app.post("/api/reauth/passkey", async (request, reply) => {
    const token = sessionTokenOf(request);
    const session = token ? await sessions.validate(token) : null;
    if (!session) return reply.code(401).send(refusal("UNAUTHORIZED", "Sign in to continue."));
    const body = parsed(reauthPasskeyBody, request.body, reply);
    if (!body) return;
    const checked = await verifyAssertion(
      request,
      reply,
      "passkey-confirm",
      body.passkey as AuthenticationResponseJSON,
    );
    if ("error" in checked || checked.found.user.id !== session.user.id) {
      await audit.record(
        { kind: "reauth.failure", actorUserId: session.user.id, targetType: "user", targetId: session.user.id },
        request,
      );
      return badRequest(reply, `passkey: ${"error" in checked ? checked.error : "That passkey is not yours."}`);
    }
    await sessions.authenticated(session.id, true);
    await audit.record(
      {
        kind: "reauth.success",
        actorUserId: session.user.id,
        targetType: "user",
        targetId: session.user.id,
        after: { method: "passkey" },
      },
      request,
    );
    return { authenticated: true };
  });

  app.post("/api/passkeys/signin/options", async (request, reply) => {
    const wait = await ceremoniesByIp.take(addressKey(request.ip));
    if (wait > 0) {
      reply.header("Retry-After", String(Math.ceil(wait / 1000)));
      return reply
        .code(429)
        .send(refusal("TOO_MANY_REQUESTS", "Too many sign-in attempts. Please wait a few minutes."));
    }
    // Discoverable credentials: the browser offers the member's passkeys for this site, no e-mail needed.
    const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred", timeout: TIMEOUT_MS });
    await flows.open("passkey-signin", options.challenge, { challenge: options.challenge });
    reply.header("Cache-Control", "no-store");
    return options;
  });

  app.post("/api/passkeys/signin", async (request, reply) => {
    const body = parsed(signInBody, request.body, reply);
    if (!body) return;
    const address = addressKey(request.ip);
    const wait = await failuresByIp.retryAfter(address);
    if (wait > 0) {
      reply.header("Retry-After", String(Math.ceil(wait / 1000)));
      return reply
        .code(429)
        .send(refusal("TOO_MANY_REQUESTS", "Too many sign-in attempts. Please wait a few minutes."));
    }
    const checked = await verifyAssertion(
      request,
      reply,
      "passkey-signin",
      body.response as AuthenticationResponseJSON,
    );
    if ("error" in checked) {
      await failuresByIp.hit(address);
      await audit.record({ kind: "signin.failure", after: { method: "passkey" } }, request);
      return reply.code(401).send(refusal("UNAUTHORIZED", checked.error));
    }
    const { user, disabled } = checked.found;
    if (disabled) {
      await refuseDisabled(audit, request, user, "passkey");
      return reply
        .code(403)
        .send(refusal("FORBIDDEN", "This account is disabled. Ask an admin of the study hub to enable it again."));
    }
    await beginSession(deps, request, reply, user, "passkey");
    return { user };
  });
}
