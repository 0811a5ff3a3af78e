/**
 * Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain): a member
 * adds one in Account → Passkeys, signs out, signs in with it on the sign-in page, and removes it.
 * The relying party is PUBLIC_URL's host, http://localhost:<port> by default (an IP address cannot be one).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { BASE_URL, browser, DESKTOP, unique, withBrowser } from "./helpers.mjs";

withBrowser();
const ORIGIN = BASE_URL.replace("127.0.0.1", "localhost");

async function withAuthenticator(page, context) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("a member adds a passkey, signs out, signs in with it, and removes it with the password", async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: ORIGIN });
  const email = `passkey-${unique()}@e2e.test`;
  const password = "member-password-1";
  assert.ok(
    (
      await context.request.post("/api/register", { data: { email, password, firstName: "Pia", lastName: "Key" } })
    ).ok(),
  );
  assert.ok((await context.request.post("/api/login", { data: { email, password } })).ok());
  const page = await context.newPage();
  const { cdp, authenticatorId } = await withAuthenticator(page, context);

  await page.goto("/account/passkeys");
  await page.getByRole("heading", { level: 1, name: "Passkeys" }).waitFor();
  await page.getByTestId("no-passkeys").waitFor();
  await page.getByLabel("Name").fill("Work laptop");
  await page.getByRole("button", { name: "Add Passkey" }).click();
  const row = page.getByTestId("passkey-row").filter({ hasText: "Work laptop" });
  await row.waitFor();
  assert.match(await row.textContent(), /Never/); // not used yet
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  assert.equal(credentials.length, 1);
  assert.equal(credentials[0].isResidentCredential, true);
  assert.equal(credentials[0].rpId, "localhost");

  // Sign out (the confirmation page of a navigation the app did not make), then sign in with the passkey.
  await page.goto("/api/logout");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${ORIGIN}/`);
  assert.equal((await context.request.get("/api/auth/user")).status(), 401);
  await page.goto("/api/login");
  // Chromium offers passkeys in the e-mail field's autofill (conditional UI), and its virtual authenticator
  // answers that request by itself; the button is the way in where it does not. Either signs in.
  const button = page.getByRole("button", { name: "Sign in with a passkey" });
  await Promise.race([page.waitForURL(`${ORIGIN}/`), button.click()]);
  await page.waitForURL(`${ORIGIN}/`);
  const me = await context.request.get("/api/auth/user");
  assert.equal(me.status(), 200);
  assert.equal((await me.json()).email, email);

  // Last used is shown; removal asks for the password and refuses a wrong one.
  await page.goto("/account/passkeys");
  // The list may first show what the app kept from before; the server's answer then has the date.
  await row.filter({ hasNotText: "Never" }).waitFor();
  await expectNoSeriousA11yViolations(page, "Account → Passkeys");
  await row.getByRole("button", { name: /Remove passkey/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Your password").fill("not-my-password-at-all");
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await dialog.getByText("That is not your password.").waitFor();
  assert.equal((await (await context.request.get("/api/account/passkeys")).json()).length, 1);
  await dialog.getByLabel("Your password").fill(password);
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await page.getByTestId("no-passkeys").waitFor();
  assert.equal((await (await context.request.get("/api/account/passkeys")).json()).length, 0);
  await context.close();
});

test("a passkey confirms its own removal, and a removed passkey no longer signs in", async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: ORIGIN });
  const email = `passkey-${unique()}@e2e.test`;
  const password = "member-password-1";
  assert.ok(
    (await context.request.post("/api/register", { data: { email, password, firstName: "Lu", lastName: "Key" } })).ok(),
  );
  assert.ok((await context.request.post("/api/login", { data: { email, password } })).ok());
  const page = await context.newPage();
  await withAuthenticator(page, context);
  await page.goto("/account/passkeys");
  await page.getByLabel("Name").fill("Phone");
  await page.getByRole("button", { name: "Add Passkey" }).click();
  const row = page.getByTestId("passkey-row").filter({ hasText: "Phone" });
  await row.waitFor();
  await row.getByRole("button", { name: /Remove passkey/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm with a passkey instead" }).click();
  await page.getByTestId("no-passkeys").waitFor();

  // The authenticator still holds the credential, but the server no longer knows it.
  await context.clearCookies();
  await page.goto("/api/login");
  const refused = page.getByText("That passkey is not registered here.");
  await Promise.race([refused.waitFor(), page.getByRole("button", { name: "Sign in with a passkey" }).click()]);
  await refused.waitFor();
  assert.equal((await context.request.get("/api/auth/user")).status(), 401);
  await context.close();
});
