/** The signed-in header: the sidebar's toggle, sync status, Search, theme, the member, Account and Logout. */
import { Avatar, Box, Button, Flex, HStack, IconButton, Kbd, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { KeyRound, PanelLeft, Search } from "lucide-react";
import type { SessionUser } from "../app/session.ts";
import { ColorModeButton } from "../components/ui/color-mode.tsx";
import { SignOutLink, SyncStatus } from "../offline/SyncStatus.tsx";

function initials(user: SessionUser) {
  const i = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (i || user.email.charAt(0)).toUpperCase();
}

export function AppHeader({
  user,
  expanded,
  onToggle,
  onSearch,
}: {
  user: SessionUser;
  /** The sidebar (or, on phones, its sheet) is open. */
  expanded: boolean;
  onToggle: () => void;
  onSearch: () => void;
}) {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
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
      <Text fontWeight="semibold" display={{ base: "none", sm: "block" }} lineClamp={1}>
        JCBA Study Hub
      </Text>
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
        <ColorModeButton />
        <Avatar.Root size="sm" colorPalette="brand">
          {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" />}
          <Avatar.Fallback>{initials(user)}</Avatar.Fallback>
        </Avatar.Root>
        <Text fontSize="sm" fontWeight="medium" display={{ base: "none", md: "block" }}>
          {name}
        </Text>
        <IconButton asChild variant="ghost" minW="44px" minH="44px" title="Account: password and API tokens">
          <Link to="/account/password" aria-label="Account">
            <KeyRound aria-hidden />
          </Link>
        </IconButton>
        <SignOutLink userId={user.id} />
      </HStack>
    </Flex>
  );
}
