/**
 * The first script: asks who is signed in while the spinner shows, then renders the landing page
 * (small, no UI kit) or loads the app chunk. Signed-out visitors never download the app.
 */
import "./boot.css";
import { createRoot } from "react-dom/client";
import { Landing } from "./landing/Landing.tsx";
import type { SessionUser } from "./app/session.ts";

const root = createRoot(document.getElementById("root")!);

async function currentUser(): Promise<SessionUser | null> {
  const res = await fetch("/api/auth/user", { credentials: "include", headers: { accept: "application/json" } });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await res.json()) as SessionUser;
}

async function boot() {
  let user: SessionUser | null;
  try {
    user = await currentUser();
  } catch {
    root.render(<Landing offline onRetry={() => void boot()} />);
    return;
  }
  if (!user) {
    root.render(<Landing />);
    return;
  }
  const { mountApp } = await import("./app/App.tsx");
  mountApp(root, user);
}

void boot();
