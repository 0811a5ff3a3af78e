/** Under a screen's title: what the figures below are (the last data known) and what still waits. */
import { Text } from "@chakra-ui/react";
import { useSyncState, waitingText } from "./status.ts";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function SyncNote() {
  const s = useSyncState();
  const parts: string[] = [];
  if (!s.online) parts.push("Offline: showing what this device last saw");
  if (s.waiting > 0) parts.push(`${waitingText(s)}, not counted below yet`);
  if (s.lastSyncedAt) parts.push(`Last synced ${when(s.lastSyncedAt)}`);
  // Its line is kept even while empty (before the first sync of the page): the note filling it in
  // later would otherwise push everything below down (a layout shift).
  if (parts.length === 0) return <Text fontSize="sm" mt="1" minH="1lh" aria-hidden />;
  return (
    <Text fontSize="sm" color="fg.muted" mt="1" minH="1lh" data-testid="sync-note">
      {parts.join(" · ")}
    </Text>
  );
}
