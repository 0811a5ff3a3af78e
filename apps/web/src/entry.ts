/**
 * The first script. Signed-out visitors already see the landing page (plain HTML, no framework).
 * Otherwise it asks who is signed in while the spinner shows, then loads the app chunk.
 */
import type { SessionUser } from "./app/session.ts";

const html = document.documentElement;

function showLanding(offline = false) {
  html.dataset.auth = "out";
  document.getElementById("landing-offline")!.hidden = !offline;
}

async function boot() {
  if (html.dataset.auth === "out") return;
  let res: Response;
  try {
    res = await fetch("/api/auth/user", { credentials: "include", headers: { accept: "application/json" } });
  } catch {
    showLanding(true);
    return;
  }
  if (!res.ok) {
    showLanding(res.status !== 401);
    return;
  }
  const user = (await res.json()) as SessionUser;
  const { mountApp } = await import("./app/App.tsx");
  html.dataset.auth = "in";
  mountApp(document.getElementById("root")!, user);
}

void boot();
