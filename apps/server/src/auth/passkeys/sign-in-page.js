// The sign-in page's passkey button (served at /api/login/passkey.js). The page works without it; this
// script loads @simplewebauthn/browser only when the browser can use passkeys, and offers them in the
// e-mail field's autofill (conditional UI) where the browser supports that.
const button = document.getElementById("passkey-signin");
const status = document.getElementById("passkey-status");

function loadLibrary() {
  if (window.SimpleWebAuthnBrowser) return Promise.resolve(window.SimpleWebAuthnBrowser);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "/api/login/webauthn.js";
    script.onload = () => resolve(window.SimpleWebAuthnBrowser);
    script.onerror = () => reject(new Error("The passkey code did not load."));
    document.head.append(script);
  });
}

async function postJson(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer = await res.json().catch(() => ({}));
  return { ok: res.ok, answer };
}

function say(message) {
  if (!status) return;
  status.textContent = message;
  status.hidden = !message;
}

async function signIn(autofill) {
  const webauthn = await loadLibrary();
  const options = await postJson("/api/passkeys/signin/options", {});
  if (!options.ok) throw new Error(options.answer.message || "Passkey sign-in is not available right now.");
  const response = await webauthn.startAuthentication({ optionsJSON: options.answer, useBrowserAutofill: autofill });
  const done = await postJson("/api/passkeys/signin", { response });
  if (!done.ok) throw new Error(done.answer.message || "That passkey did not sign you in.");
  window.location.assign("/");
}

function failed(error) {
  // Closing the browser's passkey dialog, or a new request replacing the autofill one, is no error to show.
  if (
    error &&
    (error.name === "AbortError" || error.name === "NotAllowedError" || error.code === "ERROR_CEREMONY_ABORTED")
  )
    return;
  say(error?.message || "That passkey did not sign you in.");
}

if (button && window.PublicKeyCredential) {
  button.hidden = false;
  button.addEventListener("click", () => {
    say("");
    signIn(false).catch(failed);
  });
  if (typeof PublicKeyCredential.isConditionalMediationAvailable === "function")
    PublicKeyCredential.isConditionalMediationAvailable()
      .then((available) => (available ? signIn(true) : undefined))
      .catch(failed);
}
