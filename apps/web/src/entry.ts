/**
 * The first script. Signed-out visitors already see the landing page (plain HTML, no framework).
 * Otherwise it asks who is signed in while the spinner shows, then loads the app chunk. With no
 * connection, the member last signed in on this device gets the app from the service worker's copy
 * and the data saved on the device; their writes wait in the outbox until their session is back.
 */
import type { SessionUser } from "./app/session.ts";

const html = document.documentElement;
/** The member last signed in here; removed on sign-out (src/offline/signOut.ts). */
const MEMBER_KEY = "jcba.member";

function showLanding(offline = false) {
  html.dataset.auth = "out";
  document.getElementById("landing-offline")!.hidden = !offline;
}

function lastMember(): SessionUser | null {
  try {
    return JSON.parse(localStorage.getItem(MEMBER_KEY) ?? "null") as SessionUser | null;
  } catch {
    return null;
  }
}

async function mount(user: SessionUser) {
  const { mountApp } = await import("./app/App.tsx");
  html.dataset.auth = "in";
  mountApp(document.getElementById("root")!, user);
}

async function boot() {
  if (html.dataset.auth === "out") return;
  let res: Response;
  try {
    res = await fetch("/api/auth/user", { credentials: "include", headers: { accept: "application/json" } });
  } catch {
    const member = lastMember();
    if (member) return mount(member);
    showLanding(true);
    return;
  }
  if (!res.ok) {
    const member = res.status === 401 ? null : lastMember();
    if (member) return mount(member);
    showLanding(res.status !== 401);
    return;
  }
  const user = (await res.json()) as SessionUser;
  try {
    localStorage.setItem(MEMBER_KEY, JSON.stringify(user));
  } catch {
    // Storage blocked: the app still works online.
  }
  await mount(user);
}

void boot();
