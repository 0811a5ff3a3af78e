/** The header's quiet sync status, the new-version prompt and the Logout link that guards waiting writes. */
import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { type MouseEvent, useState } from "react";
import { statusText, useSyncState, waitingText } from "./status.ts";

export function SyncStatus() {
  const s = useSyncState();
  // The sync time is written out only once a pointer rests on the status: a page's first date format
  // loads the browser's locale data (130–190 ms on a phone), and most screens format nothing else.
  const [pointed, setPointed] = useState(false);
  // A dot rather than icons: the words say it all, and the shell's code counts on every screen.
  const dot = !s.online ? "gray.solid" : s.waiting > 0 ? "orange.solid" : "green.solid";
  const title =
    s.blocked === "signed-out"
      ? "Sign in again to send them"
      : s.blocked === "other-member"
        ? "They wait for the member who made them to sign in"
        : s.lastSyncedAt && pointed
          ? `Last synced ${new Date(s.lastSyncedAt).toLocaleString()}`
          : undefined;
  return (
    <HStack gap="2">
      {s.applyUpdate && (
        <HStack gap="2" role="status" data-testid="update-available">
          <Text fontSize="sm" display={{ base: "none", lg: "block" }}>
            A new version is available
          </Text>
          <Button size="xs" colorPalette="brand" onClick={s.applyUpdate} title="A new version is available">
            Reload
          </Button>
        </HStack>
      )}
      <HStack
        gap="1"
        color="fg.muted"
        fontSize="sm"
        title={title}
        onPointerEnter={() => setPointed(true)}
        data-testid="sync-status"
      >
        <Box aria-hidden w="2" h="2" rounded="full" bg={dot} flexShrink={0} />
        {/* A phone's header has no room for the sentence: there the dot says it (grey offline, orange
            waiting, green saved), the full status is read to screen readers, and Dashboard and
            Performance spell it out. */}
        <Text role="status" srOnly={{ base: true, md: false }}>
          {statusText(s)}
        </Text>
      </HStack>
    </HStack>
  );
}

/**
 * Logout: sends what waits first; if some writes still cannot be sent (offline), warns that they
 * would be lost. Signing out removes the member's data from this device.
 */
export function SignOutLink({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const onClick = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const { readOutbox, replay } = await import("./outbox.ts");
    await replay();
    const waiting = await readOutbox(userId);
    if (waiting.length > 0) {
      const answers = waiting.filter((w) => w.kind === "answer").length;
      const ok = window.confirm(
        `${waitingText({ waiting: waiting.length, waitingAnswers: answers })}. They have not reached the server yet and will be lost if you sign out now. Sign out anyway?`,
      );
      if (!ok) return;
    }
    queryClient.clear();
    const { forgetMemberData } = await import("./deviceData.ts");
    await forgetMemberData(userId, { keepOutbox: false });
    window.location.assign("/api/logout");
  };
  return (
    <Button asChild variant="outline" size="sm" minH="44px">
      <a href="/api/logout" onClick={(e) => void onClick(e)}>
        <LogOut size={16} aria-hidden /> Logout
      </a>
    </Button>
  );
}
