/**
 * Notifications: one at a time, 5 s, F8 moves focus to the region (spec §9). The store is tiny and
 * always here; the toast view (its state machine and styles) loads the first time a toast is shown.
 */
import { createToaster } from "@chakra-ui/react";
import { useSyncExternalStore } from "react";

export const toaster = createToaster({
  placement: "bottom-end",
  max: 1,
  duration: 5000,
  hotkey: ["F8"],
  pauseOnPageIdle: true,
});

let viewWanted = false;
const listeners = new Set<() => void>();
function wantView() {
  if (viewWanted) return;
  viewWanted = true;
  for (const l of listeners) l();
}

/** Whether the toast view should be mounted (true after the first toast). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => viewWanted,
  );
}

export function notifySuccess(title: string, description?: string) {
  wantView();
  toaster.create({ title, description, type: "success" });
}

export function notifyError(title: string, description?: string) {
  wantView();
  toaster.create({ title, description, type: "error" });
}
