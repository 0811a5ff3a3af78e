/**
 * Everything of a member this device keeps, in one place, and how it is removed (README: 'What stays
 * on a device'). Kept per member: the saved query cache (bank, deck and own progress only, see
 * persist.ts), the outbox, the practice test in progress, the last sync time and recent searches;
 * and who signed in last (so the app opens offline). Loaded only when a member's data is removed.
 */
import { clearAttempt } from "../practice-test/storage.ts";
import { forgetRecentSearches } from "../search/recent.ts";
import { clearOutbox, forgetSyncTime } from "./outbox.ts";
import { clearPersistedQueries } from "./persist.ts";

/** Who signed in last on this device (entry.ts reads it to open the app offline). */
export const MEMBER_KEY = "jcba.member";

/** Keys from before recent searches were kept per member: shared by everyone on the device. */
const OLD_SHARED_KEYS = ["jcba-recent-searches"];

/**
 * Removes a member's data from this device. `keepOutbox`: the session ended elsewhere (expiry, a
 * password change, a disable), so the answers not yet sent stay, to be sent when that member signs in
 * again; the server records them only under that member (outbox.ts). Signing out here clears it too.
 */
export async function forgetMemberData(userId: number, { keepOutbox }: { keepOutbox: boolean }) {
  await Promise.all([clearPersistedQueries(userId), keepOutbox ? undefined : clearOutbox(userId)]);
  forgetSyncTime(userId);
  clearAttempt(userId);
  forgetRecentSearches(userId);
  try {
    for (const key of OLD_SHARED_KEYS) localStorage.removeItem(key);
    const last = JSON.parse(localStorage.getItem(MEMBER_KEY) ?? "null") as { id?: number } | null;
    if (!last || last.id === userId) localStorage.removeItem(MEMBER_KEY);
  } catch {
    // Storage blocked or unreadable: nothing of it can be read back either.
    try {
      localStorage.removeItem(MEMBER_KEY);
    } catch {
      // Storage blocked.
    }
  }
}
