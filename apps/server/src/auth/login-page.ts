/** The small server-rendered sign-in page at GET /api/login (works without JavaScript). */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Messages named by `?error=` (a Map, so a name such as "constructor" finds nothing). */
export const LOGIN_ERRORS = new Map<string, string>([
  ["invalid", "That e-mail and password do not match an account."],
  ["disabled", "This account is disabled. Ask an admin of the study hub to enable it again."],
  ["limited", "Too many attempts. Please wait a few minutes and try again."],
  ["signup-invalid", "Please fill in every field with a valid e-mail address."],
  [
    "signup-password",
    "Choose a password of at least 12 characters that is not a common password and not your e-mail address.",
  ],
  ["signup-domain", "Sign-up is open only to the e-mail domains your union allows."],
  ["signup-code", "That invitation code is not right. Ask your union administrator for the current one."],
  ["signup-closed", "New accounts are created by your union administrator."],
  ["expired", "The form had expired. Please try again."],
  ["password-off", "This study hub signs in with your union account, not a password."],
  ["sso-unavailable", "Your union's sign-in service is not answering right now. Please try again in a few minutes."],
  ["sso-failed", "Your union's sign-in service did not confirm who you are. Please try again."],
  ["sso-expired", "That sign-in had expired or was already used. Please start again."],
  [
    "sso-unverified",
    "Your union account has no verified e-mail address, so no study hub account could be made or found for it. Ask your union to verify your address.",
  ],
  ["forgot-invalid", "Enter the e-mail address of your account."],
  ["reset-invalid", "That link is not valid. Ask for a new one below."],
  ["reset-used", "That link was already used. Ask for a new one below."],
  ["reset-expired", "That link has expired. Ask for a new one below."],
  [
    "reset-password",
    "Choose a password of at least 12 characters that is not a common password and not your e-mail address.",
  ],
  ["reset-mismatch", "The two passwords do not match."],
  ["invite-invalid", "That invitation link is not valid. Ask your union administrator for a new one."],
  ["invite-used", "That invitation was already accepted. Sign in with your e-mail and password."],
  ["invite-expired", "That invitation has expired. Ask your union administrator to send it again."],
  ["invite-revoked", "That invitation was withdrawn. Ask your union administrator if you should have one."],
  ["invite-member", "That e-mail address has an account already. Sign in, or use 'Forgot password?'."],
  ["unverified", "Confirm your e-mail address first: follow the link we sent you, then sign in."],
  ["verify-invalid", "That link is not valid. Ask for a new one below."],
  ["verify-used", "That link was already used. Sign in, or ask for a new one below."],
  ["verify-expired", "That link has expired. Ask for a new one below."],
  ["verify-taken", "That address already has an account, so this one cannot move to it."],
]);

/** Messages named by `?notice=`. */
export const LOGIN_NOTICES = new Map<string, string>([
  ["signup", "If that e-mail address did not have an account, it has one now. Sign in with it and your password."],
  ["signed-out", "You are signed out."],
  ["reset-sent", "If an account exists for that address, we sent a link. Check your e-mail."],
  [
    "signup-verify",
    "If that e-mail address did not have an account, it has one now: we sent a link to confirm the address. Follow it, then sign in.",
  ],
  ["verify-sent", "If that address has an account waiting to be confirmed, we sent a new link. Check your e-mail."],
  ["verified", "Your e-mail address is confirmed. Sign in with it and your password."],
  ["email-changed", "Your account now uses its new e-mail address. Sign in with it from now on."],
]);

export const SIGNUP_DONE = LOGIN_NOTICES.get("signup")!;

/** One server-rendered page: its title, its styles and what <main> holds. */
const page = (title: string, style: string, main: string, script?: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} · JCBA Study Hub</title>
<style>${style}</style>
</head>
<body>
<main>${main}</main>
${script ? `<script type="module" src="${script}"></script>` : ""}
</body>
</html>`;

const one = (v: unknown) => (typeof v === "string" ? v : undefined);

export function loginPage(opts: {
  allowSignup: boolean;
  /** PASSWORD_SIGNIN: false hides the password form. */
  passwords?: boolean;
  /** The single sign-on button's text, or null without SSO. */
  ssoLabel?: string | null;
  csrfToken: string;
  error?: unknown;
  notice?: unknown;
  mode?: unknown;
  signupDomains?: string[];
  needsCode?: boolean;
  /** With mode "reset": the token of the link being used. */
  resetToken?: string | undefined;
  /** With mode "accept": the invitation being accepted. */
  invite?: { token: string; email: string; name: string } | undefined;
  /** With mode "verify": the token of the e-mailed verification or change-of-address link. */
  verifyToken?: string | undefined;
}): string {
  const errorKey = one(opts.error);
  const noticeKey = one(opts.notice);
  const error = errorKey ? LOGIN_ERRORS.get(errorKey) : undefined;
  const notice = noticeKey ? LOGIN_NOTICES.get(noticeKey) : undefined;
  const signup = opts.allowSignup && one(opts.mode) === "signup";
  const forgot = one(opts.mode) === "forgot";
  const reset = one(opts.mode) === "reset" && opts.resetToken !== undefined;
  const accept = one(opts.mode) === "accept" && opts.invite !== undefined;
  const csrf = `<input type="hidden" name="_csrf" value="${escapeHtml(opts.csrfToken)}">`;
  const alert = error
    ? `<p class="alert" role="alert">${escapeHtml(error)}</p>`
    : notice
      ? `<p class="notice" role="status">${escapeHtml(notice)}</p>`
      : "";
  const domains =
    opts.signupDomains && opts.signupDomains.length > 0
      ? ` <span class="hint">(${escapeHtml(opts.signupDomains.map((d) => `@${d}`).join(", "))})</span>`
      : "";
  const code = opts.needsCode
    ? `<label for="su-code">Invitation code</label>
      <input id="su-code" name="code" autocomplete="off" required maxlength="200">`
    : "";
  const sso = opts.ssoLabel ? `<a class="sso" href="/api/auth/oidc/start">${escapeHtml(opts.ssoLabel)}</a>` : "";
  const passwordSignIn =
    opts.passwords === false
      ? ""
      : `
      ${sso ? `<p class="or">or</p>` : ""}
      ${csrf}
      <label for="email">E-mail</label>
      <input id="email" name="email" type="email" autocomplete="username webauthn" required autofocus>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">Sign In</button>
      <p class="switch"><a href="/api/login?mode=forgot">Forgot password?</a></p>`;
  // Shown by /api/login/passkey.js when the browser can use passkeys.
  const passkey = `<button type="button" id="passkey-signin" class="secondary" hidden>Sign in with a passkey</button>
      <p id="passkey-status" class="alert" role="alert" hidden></p>`;
  const signIn = `
    <form method="post" action="/api/login" aria-labelledby="signin-h">
      <h2 id="signin-h">Sign in</h2>
      ${sso}
      ${passwordSignIn}
      ${passkey}
      ${opts.allowSignup ? `<p class="switch">New here? <a href="/api/login?mode=signup">Create an account</a></p>` : ""}
    </form>`;
  const signUp = `
    <form method="post" action="/api/register" aria-labelledby="signup-h">
      <h2 id="signup-h">Create an account</h2>
      ${csrf}
      <div class="row">
        <div><label for="firstName">First name</label><input id="firstName" name="firstName" autocomplete="given-name" required maxlength="100" autofocus></div>
        <div><label for="lastName">Last name</label><input id="lastName" name="lastName" autocomplete="family-name" required maxlength="100"></div>
      </div>
      <label for="su-email">E-mail${domains}</label>
      <input id="su-email" name="email" type="email" autocomplete="email" required maxlength="320">
      <label for="su-password">Password <span class="hint">(at least 12 characters)</span></label>
      <input id="su-password" name="password" type="password" autocomplete="new-password" minlength="12" maxlength="1000" required>
      ${code}
      <button type="submit">Create Account</button>
      <p class="switch">Have an account? <a href="/api/login">Sign in</a></p>
    </form>`;
  const forgotForm = `
    <form method="post" action="/api/password/forgot" aria-labelledby="forgot-h">
      <h2 id="forgot-h">Forgot password?</h2>
      <p class="hint">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      ${csrf}
      <label for="fp-email">E-mail</label>
      <input id="fp-email" name="email" type="email" autocomplete="username" required maxlength="320" autofocus>
      <button type="submit">Send the link</button>
      <p class="switch"><a href="/api/login">Back to sign in</a></p>
    </form>`;
  const resetForm = `
    <form method="post" action="/api/password/reset" aria-labelledby="reset-h">
      <h2 id="reset-h">Choose a new password</h2>
      ${csrf}
      <input type="hidden" name="token" value="${escapeHtml(opts.resetToken ?? "")}">
      <label for="rp-password">New password <span class="hint">(at least 12 characters)</span></label>
      <input id="rp-password" name="password" type="password" autocomplete="new-password" minlength="12" maxlength="1000" required autofocus>
      <label for="rp-confirm">Confirm new password</label>
      <input id="rp-confirm" name="confirm" type="password" autocomplete="new-password" minlength="12" maxlength="1000" required>
      <button type="submit">Set Password and Sign In</button>
      <p class="hint">This signs you out on every other device.</p>
    </form>`;
  const acceptForm = !opts.invite
    ? ""
    : opts.passwords === false
      ? `
    <form aria-labelledby="accept-h">
      <h2 id="accept-h">Welcome${opts.invite.name ? `, ${escapeHtml(opts.invite.name)}` : ""}</h2>
      <p class="hint">Your union invited you to the study hub. Sign in with single sign-on as <strong>${escapeHtml(opts.invite.email)}</strong> to create your account.</p>
      ${sso}
    </form>`
      : `
    <form method="post" action="/api/invitations/accept" aria-labelledby="accept-h">
      <h2 id="accept-h">Welcome${opts.invite.name ? `, ${escapeHtml(opts.invite.name)}` : ""}</h2>
      <p class="hint">Your union invited you to the study hub. Choose a password to create your account.</p>
      ${csrf}
      <input type="hidden" name="token" value="${escapeHtml(opts.invite.token)}">
      <label for="ai-email">E-mail</label>
      <input id="ai-email" type="email" autocomplete="username" value="${escapeHtml(opts.invite.email)}" readonly>
      <label for="ai-password">Password <span class="hint">(at least 12 characters)</span></label>
      <input id="ai-password" name="password" type="password" autocomplete="new-password" minlength="12" maxlength="1000" required autofocus>
      <label for="ai-confirm">Confirm password</label>
      <input id="ai-confirm" name="confirm" type="password" autocomplete="new-password" minlength="12" maxlength="1000" required>
      <button type="submit">Create Account and Sign In</button>
    </form>`;
  const verify = one(opts.mode) === "verify" && opts.verifyToken !== undefined;
  const resend = one(opts.mode) === "resend" || errorKey === "unverified";
  const verifyForm = `
    <form method="post" action="/api/email/verify" aria-labelledby="verify-h">
      <h2 id="verify-h">Confirm your e-mail address</h2>
      ${csrf}
      <input type="hidden" name="token" value="${escapeHtml(opts.verifyToken ?? "")}">
      <p class="hint">This makes the address the one your account uses.</p>
      <button type="submit">Confirm my address</button>
    </form>`;
  const resendForm = `
    <form method="post" action="/api/email/verify/resend" aria-labelledby="resend-h">
      <h2 id="resend-h">Send the link again</h2>
      <p class="hint">Enter the e-mail address you signed up with and we will send a new link to confirm it.</p>
      ${csrf}
      <label for="vr-email">E-mail</label>
      <input id="vr-email" name="email" type="email" autocomplete="username" required maxlength="320">
      <button type="submit">Send the link again</button>
      <p class="switch"><a href="/api/login">Back to sign in</a></p>
    </form>`;
  const form = accept
    ? acceptForm
    : verify
      ? verifyForm
      : resend
        ? resendForm
        : reset
          ? resetForm
          : forgot
            ? forgotForm
            : signup
              ? signUp
              : signIn;
  return page(
    accept
      ? "Accept your invitation"
      : verify
        ? "Confirm your e-mail address"
        : resend
          ? "Send the link again"
          : reset
            ? "Choose a new password"
            : forgot
              ? "Forgot password"
              : signup
                ? "Create an account"
                : "Sign in",
    `
  :root { --brand: #1d4ed8; --bg: #f5f7fb; --card: #fff; --text: #111827; --muted: #4b5563; --border: #d1d5db; --err-bg: #fef2f2; --err: #991b1b; }
  @media (prefers-color-scheme: dark) { :root { --brand: #93b4ff; --bg: #0b1220; --card: #111a2e; --text: #f3f4f6; --muted: #cbd5e1; --border: #334155; --err-bg: #3b1114; --err: #fecaca; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); min-height: 100vh; display: grid; place-items: center; padding: 16px; }
  main { width: 100%; max-width: 420px; }
  .brand { text-align: center; margin-bottom: 16px; }
  .brand h1 { font-size: 1.5rem; margin: 0; }
  .brand p { margin: 4px 0 0; color: var(--muted); }
  form { background: var(--card); border: 1px solid var(--border); border-radius: 12px; padding: 24px; display: grid; gap: 8px; }
  h2 { margin: 0 0 8px; font-size: 1.25rem; }
  label { font-weight: 600; font-size: .95rem; margin-top: 4px; }
  .hint { font-weight: 400; color: var(--muted); }
  input { font: inherit; padding: 10px 12px; min-height: 44px; border: 1px solid var(--border); border-radius: 8px; background: transparent; color: inherit; width: 100%; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--brand); outline-offset: 2px; }
  button { margin-top: 12px; min-height: 44px; font: inherit; font-weight: 600; border: 0; border-radius: 8px; background: var(--brand); color: #fff; cursor: pointer; }
  @media (prefers-color-scheme: dark) { button { color: #0b1220; } }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
  .row > div { display: grid; gap: 4px; }
  .notice { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 10px 12px; margin: 0 0 12px; }
  .alert { background: var(--err-bg); color: var(--err); border-radius: 8px; padding: 10px 12px; margin: 0 0 12px; }
  .switch { margin: 8px 0 0; text-align: center; color: var(--muted); }
  a { color: var(--brand); }
  .back { display: block; text-align: center; margin-top: 16px; }
  .sso { display: grid; place-items: center; min-height: 44px; font-weight: 600; border: 2px solid var(--brand); border-radius: 8px; text-decoration: none; }
  .or { text-align: center; color: var(--muted); margin: 4px 0 0; }
  button.secondary { background: transparent; color: var(--brand); border: 2px solid var(--brand); }
  [hidden] { display: none !important; }
`,
    `
  <div class="brand"><h1>JCBA Study Hub</h1><p>United Airlines Flight Attendants · AFA-CWA JCBA 2016–2021</p></div>
  ${alert}
  ${form}
  <a class="back" href="/">Back to the home page</a>
`,
    signup || accept ? undefined : "/api/login/passkey.js",
  );
}

/** GET /api/logout reached from another site (or without the browser saying): ask before signing out. */
export function logoutPage(csrfToken: string): string {
  return page(
    "Sign out",
    `
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; min-height: 100vh; display: grid; place-items: center; padding: 16px; }
  form { max-width: 420px; border: 1px solid #8886; border-radius: 12px; padding: 24px; display: grid; gap: 12px; }
  h1 { margin: 0; font-size: 1.25rem; }
  button { min-height: 44px; font: inherit; font-weight: 600; border: 0; border-radius: 8px; background: #1d4ed8; color: #fff; cursor: pointer; }
  a { text-align: center; }
`,
    `
  <form method="post" action="/api/logout">
    <h1>Sign out of JCBA Study Hub?</h1>
    <input type="hidden" name="_csrf" value="${escapeHtml(csrfToken)}">
    <button type="submit">Sign out</button>
    <a href="/">Stay signed in</a>
  </form>
`,
  );
}
