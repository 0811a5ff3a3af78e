/** Under a screen's title: what the figures below are (the last data known) and what still waits. */
import { Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useSyncState, waitingText } from "./status.ts";
import { syncedAgo, syncedAgoChangesIn } from "./syncedAgo.ts";

/** The time now, renewed when the words for `at` next change ("1 minute ago" becomes "2 minutes ago"). */
function useNowFor(at: string | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!at) return;
    // `now` is the last render's time: a newer sync than that reads as "just now" for its first minute.
    const timer = setTimeout(() => setNow(Date.now()), syncedAgoChangesIn(at, now));
    return () => clearTimeout(timer);
  }, [at, now]);
  return now;
}

export function SyncNote() {
  const s = useSyncState();
  const now = useNowFor(s.lastSyncedAt);
  const parts: string[] = [];
  if (!s.online) parts.push("Offline: showing what this device last saw");
  if (s.waiting > 0) parts.push(`${waitingText(s)}, not counted below yet`);
  // In words, not as a date: a date format would load the browser's locale data on the first screen.
  if (s.lastSyncedAt) parts.push(`Last synced ${syncedAgo(s.lastSyncedAt, now)}`);
  // Its line is kept even while empty (before the first sync of the page): the note filling it in
  // later would otherwise push everything below down (a layout shift).
  if (parts.length === 0) return <Text fontSize="sm" mt="1" minH="1lh" aria-hidden />;
  return (
    <Text fontSize="sm" color="fg.muted" mt="1" minH="1lh" data-testid="sync-note">
      {parts.join(" · ")}
    </Text>
  );
}
