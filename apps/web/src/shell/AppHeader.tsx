/**
 * The signed-in header: the sidebar's toggle, the app's name, sync status, Search, theme, the member,
 * Account and Logout. On a phone (under 768 px) it keeps the name whole, sync and Search in reach of a
 * thumb, and the rest behind the member's avatar, which opens a sheet (AccountMenuItems).
 */
import { Avatar, Box, Button, Flex, HStack, IconButton, Kbd, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { KeyRound, PanelLeft, Search } from "lucide-react";
import type { SessionUser } from "../app/session.ts";
import { ColorModeButton } from "../components/ui/color-mode.tsx";
import { SignOutLink, SyncStatus } from "../offline/SyncStatus.tsx";

function initials(user: SessionUser) {
  const i = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (i || user.email.charAt(0)).toUpperCase();
}

const displayName = (user: SessionUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

function MemberAvatar({ user }: { user: SessionUser }) {
  return (
    <Avatar.Root size="sm" colorPalette="brand">
      {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" />}
      <Avatar.Fallback>{initials(user)}</Avatar.Fallback>
    </Avatar.Root>
  );
}

export function AppHeader({
  user,
  expanded,
  onToggle,
  onSearch,
  compact,
  accountMenu,
}: {
  user: SessionUser;
  /** The sidebar (or, on phones, its sheet) is open. */
  expanded: boolean;
  onToggle: () => void;
  onSearch: () => void;
  /** A phone: theme, Account and Logout move into the avatar's sheet. */
  compact: boolean;
  accountMenu: { open: boolean; show: () => void };
}) {
  const name = displayName(user);
  return (
    <Flex
      as="header"
      align="center"
      gap="2"
      px={{ base: "2", md: "4" }}
      h="14"
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <IconButton
        variant="ghost"
        aria-label="Toggle Sidebar"
        title="Toggle Sidebar (Ctrl/Cmd+B)"
        onClick={onToggle}
        aria-expanded={expanded}
      >
        <PanelLeft />
      </IconButton>
      {compact ? (
        <Text fontWeight="semibold" whiteSpace="nowrap" flexShrink={0}>
          JCBA Study Hub
        </Text>
      ) : (
        <Text fontWeight="semibold" lineClamp={1}>
          JCBA Study Hub
        </Text>
      )}
      <HStack ml="auto" gap={{ base: "1", md: "3" }}>
        <SyncStatus />
        <Button
          variant="outline"
          size="sm"
          minH="44px"
          minW="44px"
          px={{ base: "0", md: "3" }}
          color="fg.muted"
          onClick={onSearch}
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          title="Search (Ctrl/Cmd+K)"
        >
          <Search size={16} aria-hidden />
          {/* One accessible name, "Search", at every width: visible from md, for screen readers below. */}
          <Text as="span" hideBelow="md">
            Search
          </Text>
          <Box as="span" srOnly hideFrom="md">
            Search
          </Box>
          <Kbd size="sm" display={{ base: "none", lg: "inline-flex" }} aria-hidden>
            Ctrl K
          </Kbd>
        </Button>
        {compact ? (
          <IconButton
            variant="ghost"
            rounded="full"
            minW="44px"
            minH="44px"
            // The initials shown start the name (WCAG 2.5.3, label in name).
            aria-label={`${initials(user)}, account menu for ${name}`}
            title="Theme, Account and Logout"
            aria-haspopup="dialog"
            aria-expanded={accountMenu.open}
            onClick={accountMenu.show}
          >
            <MemberAvatar user={user} />
          </IconButton>
        ) : (
          <>
            <ColorModeButton />
            <MemberAvatar user={user} />
            <Text fontSize="sm" fontWeight="medium" whiteSpace="nowrap">
              {name}
            </Text>
            <IconButton asChild variant="ghost" minW="44px" minH="44px" title="Account: password and API tokens">
              <Link to="/account/password" aria-label="Account">
                <KeyRound aria-hidden />
              </Link>
            </IconButton>
            <SignOutLink userId={user.id} />
          </>
        )}
      </HStack>
    </Flex>
  );
}

/** The phone's avatar sheet: who is signed in, the theme, Account and Logout. */
export function AccountMenuItems({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  return (
    <Stack gap="4" p="4" pt="14">
      <HStack gap="3">
        <MemberAvatar user={user} />
        <Box minW="0">
          <Text fontWeight="medium" truncate>
            {displayName(user)}
          </Text>
          <Text fontSize="sm" color="fg.muted" truncate>
            {user.email}
          </Text>
        </Box>
      </HStack>
      <HStack justify="space-between">
        <Text fontSize="sm">Theme</Text>
        <ColorModeButton />
      </HStack>
      <Button asChild variant="outline" size="sm" minH="44px" justifyContent="flex-start">
        <Link to="/account/password" onClick={onNavigate}>
          <KeyRound size={16} aria-hidden /> Account
        </Link>
      </Button>
      <SignOutLink userId={user.id} />
    </Stack>
  );
}
