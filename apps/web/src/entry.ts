/**
 * The first script. Signed-out visitors already see the landing page (plain HTML, no framework).
 * Otherwise it asks who is signed in while the spinner shows, then loads the app chunk. With no
 * connection, the member last signed in on this device gets the app from the service worker's copy
 * and the data saved on the device; their writes wait in the outbox until their session is back.
 */
import { FIRST_LOAD_ATTRIBUTE, ROUTE_CHUNKS_ID, type RouteChunks, screenChunks } from "@jcba/domain/route-chunks";
import { type EarlyData, fetchEarlyData } from "./app/earlyData.ts";
import type { SessionUser } from "./app/session.ts";

const html = document.documentElement;
/** The member last signed in here; removed on sign-out (src/offline/deviceData.ts). */
const MEMBER_KEY = "jcba.member";

/**
 * The server says the last member's session is over (401) or someone else is signed in now: that
 * member's data leaves the device, but for their answers still waiting to be sent.
 */
async function forgetLastMember(member: SessionUser) {
  const { forgetMemberData } = await import("./offline/deviceData.ts");
  await forgetMemberData(member.id, { keepOutbox: true });
}

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

/**
 * The app's code, run in two tasks rather than one: the libraries it starts with (app/libraries.ts),
 * then, after a task for input and paint, the app's chunk with Chakra UI. Both download at once (the
 * page preloads the app's files); only running them is split.
 */
function loadApp(): Promise<typeof import("./app/App.tsx")> {
  return import("./app/libraries.ts")
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import("./app/App.tsx"));
}

async function mount(user: SessionUser, app: Promise<typeof import("./app/App.tsx")>, early: EarlyData | null) {
  const { mountApp } = await app;
  html.dataset.auth = "in";
  await mountApp(document.getElementById("root")!, user, early);
}

/**
 * Starts downloading the screen's own code (the build lists it per route in index.html, vite.config.ts)
 * beside the app's, rather than after it. The server's signed-in page already names it in its head;
 * the page the service worker keeps does not.
 */
function preloadScreen() {
  if (document.querySelector(`link[${FIRST_LOAD_ATTRIBUTE}]`)) return;
  try {
    const list = JSON.parse(document.getElementById(ROUTE_CHUNKS_ID)?.textContent ?? "null") as RouteChunks;
    for (const href of screenChunks(list, location.pathname)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
  } catch {
    // No list (the development server): the router loads the screen's code itself.
  }
}

async function boot() {
  if (html.dataset.auth === "out") return;
  // The server sent the signed-in page (or the service worker did, offline): the app chunk downloads
  // while the session is asked for, instead of after.
  const app = loadApp();
  app.catch(() => undefined); // not needed after all when the session turns out to have ended
  preloadScreen();
  // The screen's data too, beside the session check, rather than once the app has started.
  const early = fetchEarlyData(location.pathname);
  // A page's first date or number format loads the browser's locale data, 130–190 ms of main thread
  // in one piece on a slow phone. Review, whose first render writes when the next item falls due, has
  // it loaded now, while the app downloads, rather than inside that render; the other screens format
  // nothing on their first screen and never pay for it (decision 0023).
  if (/^\/review\/?$/.test(location.pathname)) setTimeout(() => new Intl.DateTimeFormat(), 0);
  let res: Response;
  try {
    res = await fetch("/api/auth/user", { credentials: "include", headers: { accept: "application/json" } });
  } catch {
    const member = lastMember();
    if (member) return mount(member, app, early);
    showLanding(true);
    return;
  }
  if (!res.ok) {
    const member = lastMember();
    if (res.status === 401) {
      if (member) await forgetLastMember(member).catch(() => undefined);
      showLanding(false);
      return;
    }
    if (member) return mount(member, app, early);
    showLanding(true);
    return;
  }
  const user = (await res.json()) as SessionUser;
  const before = lastMember();
  if (before && before.id !== user.id) await forgetLastMember(before).catch(() => undefined);
  try {
    localStorage.setItem(MEMBER_KEY, JSON.stringify(user));
  } catch {
    // Storage blocked: the app still works online.
  }
  await mount(user, app, early);
}

void boot();
