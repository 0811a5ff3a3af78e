/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Registers the service worker from the signed-in app only, so the landing page loads none of it.
 * A new version never takes over by itself: the header offers 'A new version is available' with a
 * Reload button, so a study session or a test is never swapped out from under the member.
 */
import { registerSW } from "virtual:pwa-register";
import { setSyncState } from "../offline/status.ts";

export function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  const updateSW = registerSW({
    onNeedRefresh: () => setSyncState({ applyUpdate: () => void updateSW(true) }),
    onRegisteredSW: (_url, registration) => {
      // An installed app can stay open for days: look for a new version whenever it comes back.
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible" && navigator.onLine) void registration?.update();
      });
    },
  });
}
