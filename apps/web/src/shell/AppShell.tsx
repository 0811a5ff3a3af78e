import { Avatar, Box, Button, Flex, HStack, IconButton, Kbd, Text } from "@chakra-ui/react";
import { SIDEBAR_SECTION_NAMES } from "@jcba/domain";
import { Link, useRouterState } from "@tanstack/react-router";
import {
  BarChart3,
  BookOpen,
  ClipboardCheck,
  KeyRound,
  Layers,
  LayoutDashboard,
  PanelLeft,
  Repeat,
  Search,
  Shield,
} from "lucide-react";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import type { SessionUser } from "../app/session.ts";
import { ColorModeButton } from "../components/ui/color-mode.tsx";
import { useToasterWanted } from "../components/ui/toaster.tsx";
import { SignOutLink, SyncStatus } from "../offline/SyncStatus.tsx";

// Parts most screens never need load on demand, keeping every signed-in page light.
const NavTooltip = lazy(() => import("./NavTooltip.tsx"));
const MobileSheet = lazy(() => import("./MobileSheet.tsx"));
const ToasterView = lazy(() => import("../components/ui/toaster-view.tsx"));
const SearchPalette = lazy(() => import("../search/SearchPalette.tsx"));

const COOKIE = "sidebar_state";
const COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 7 days
const MOBILE_QUERY = "(max-width: 767.98px)";

const MAIN_ITEMS = [
  { to: "/", label: "Dashboard", icon: LayoutDashboard },
  { to: "/study", label: "Study Mode", icon: BookOpen },
  { to: "/test", label: "Practice Test", icon: ClipboardCheck },
  { to: "/flashcards", label: "Flashcards", icon: Layers },
  { to: "/review", label: "Review", icon: Repeat },
  { to: "/performance", label: "Performance", icon: BarChart3 },
] as const;

function readOpenCookie(): boolean {
  const match = document.cookie.match(/(?:^|;\s*)sidebar_state=(true|false)/);
  return match ? match[1] === "true" : true;
}

function useIsMobile() {
  const [mobile, setMobile] = useState(() => window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setMobile(mq.matches);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);
  return mobile;
}

function initials(user: SessionUser) {
  const i = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (i || user.email.charAt(0)).toUpperCase();
}

function NavItem({
  to,
  label,
  icon,
  collapsed,
  active,
  onNavigate,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  collapsed: boolean;
  active: boolean;
  onNavigate?: () => void;
}) {
  const link = (
    <Link
      to={to}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      aria-label={collapsed ? label : undefined}
    >
      <Flex
        align="center"
        gap="3"
        px={collapsed ? "0" : "3"}
        justify={collapsed ? "center" : "flex-start"}
        minH="44px"
        rounded="md"
        fontSize="sm"
        fontWeight={active ? "semibold" : "medium"}
        bg={active ? "brand.muted" : "transparent"}
        color={active ? "brand.fg" : "fg"}
        _hover={{ bg: active ? "brand.muted" : "bg.muted" }}
      >
        <Box as="span" display="inline-flex" flexShrink={0} aria-hidden>
          {icon}
        </Box>
        {!collapsed && (
          <Text as="span" lineClamp={1}>
            {label}
          </Text>
        )}
      </Flex>
    </Link>
  );
  if (!collapsed) return link;
  return (
    <Suspense fallback={link}>
      <NavTooltip label={label}>{link}</NavTooltip>
    </Suspense>
  );
}

function SidebarContent({
  user,
  collapsed,
  onNavigate,
}: {
  user: SessionUser;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const iconSize = 20;
  return (
    <Flex direction="column" h="full">
      <Box px={collapsed ? "1" : "4"} py="4" borderBottomWidth="1px" textAlign={collapsed ? "center" : "left"}>
        {collapsed ? (
          <Text fontWeight="bold" color="brand.fg" title="JCBA Study Hub">
            JS
          </Text>
        ) : (
          <>
            <Text fontWeight="bold" fontSize="lg" color="brand.fg">
              JCBA Study Hub
            </Text>
            <Text fontSize="xs" color="fg.muted">
              AFA-CWA Contract 2016–2021
            </Text>
          </>
        )}
      </Box>
      <Box as="nav" aria-label="Main" flex="1" overflowY="auto" px={collapsed ? "1" : "2"} py="3">
        {!collapsed && (
          <Text px="3" pb="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
            Main
          </Text>
        )}
        <Flex as="ul" direction="column" gap="1" listStyleType="none" m="0" p="0">
          {MAIN_ITEMS.map((item) => {
            const Icon = item.icon;
            const active =
              item.to === "/" ? pathname === "/" : pathname === item.to || pathname.startsWith(`${item.to}/`);
            return (
              <li key={item.to}>
                <NavItem
                  to={item.to}
                  label={item.label}
                  icon={<Icon size={iconSize} />}
                  collapsed={collapsed}
                  active={active}
                  onNavigate={onNavigate}
                />
              </li>
            );
          })}
          {user.isAdmin && (
            <li>
              <NavItem
                to="/admin"
                label="Admin"
                icon={<Shield size={iconSize} />}
                collapsed={collapsed}
                active={pathname.startsWith("/admin")}
                onNavigate={onNavigate}
              />
            </li>
          )}
        </Flex>
        {!collapsed && (
          <Text
            px="3"
            pt="5"
            pb="1"
            fontSize="xs"
            fontWeight="semibold"
            color="fg.muted"
            textTransform="uppercase"
            id="sections-heading"
          >
            Contract Sections
          </Text>
        )}
        <Flex
          as="ul"
          direction="column"
          gap="0.5"
          listStyleType="none"
          m="0"
          p="0"
          mt={collapsed ? "3" : "0"}
          aria-labelledby={collapsed ? undefined : "sections-heading"}
          aria-label={collapsed ? "Contract Sections" : undefined}
        >
          {SIDEBAR_SECTION_NAMES.map((name, i) => {
            const n = i + 1;
            const to = `/study/${n}`;
            return (
              <li key={n}>
                <NavItem
                  to={to}
                  label={`${n}. ${name}`}
                  collapsed={collapsed}
                  active={pathname === to}
                  onNavigate={onNavigate}
                  icon={
                    <Box as="span" minW="6" textAlign="center" fontSize="xs" fontWeight="bold" color="fg.muted">
                      {n}
                    </Box>
                  }
                />
              </li>
            );
          })}
        </Flex>
      </Box>
      {!collapsed && (
        <Box px="4" py="3" borderTopWidth="1px">
          <Text fontSize="xs" color="fg.muted">
            United Airlines – AFA-CWA Flight Attendant Agreement
          </Text>
        </Box>
      )}
    </Flex>
  );
}

/** The signed-in frame: collapsible sidebar (a sheet on phones), header with theme, avatar and Logout. */
export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const isMobile = useIsMobile();
  const toasterWanted = useToasterWanted();
  const [open, setOpenState] = useState(readOpenCookie);
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sheet's code loads the first time it is opened, so phones that never open it never pay for it.
  const [sheetUsed, setSheetUsed] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the sidebar state in a 7-day cookie; one plain write is all it needs.
    document.cookie = `${COOKIE}=${value}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
  }, []);
  const toggle = useCallback(() => {
    if (!isMobile) return setOpen(!open);
    setSheetUsed(true);
    setSheetOpen((v) => !v);
  }, [isMobile, open, setOpen]);

  // The search palette's code loads the first time it is opened (Ctrl/Cmd+K or the Search button).
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  const openSearch = useCallback(() => {
    setSearchUsed(true);
    setSearchOpen(true);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "b" && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        toggle();
      } else if (e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        openSearch();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle, openSearch]);

  const collapsed = !open;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <Flex minH="100dvh">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {!isMobile && (
        <Box
          as="aside"
          aria-label="Sidebar"
          data-state={open ? "expanded" : "collapsed"}
          data-testid="sidebar"
          w={collapsed ? "3rem" : "16rem"}
          flexShrink={0}
          bg="bg"
          borderRightWidth="1px"
          position="sticky"
          top="0"
          h="100dvh"
          transition="width 0.2s ease"
        >
          <SidebarContent user={user} collapsed={collapsed} />
        </Box>
      )}
      {isMobile && sheetUsed && (
        <Suspense fallback={null}>
          <MobileSheet open={sheetOpen} onOpenChange={setSheetOpen}>
            <SidebarContent user={user} collapsed={false} onNavigate={() => setSheetOpen(false)} />
          </MobileSheet>
        </Suspense>
      )}
      <Flex direction="column" flex="1" minW="0">
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
            onClick={toggle}
            aria-expanded={isMobile ? sheetOpen : open}
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
              onClick={openSearch}
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
        <Box
          as="main"
          id="main"
          tabIndex={-1}
          flex="1"
          px={{ base: "3", md: "6" }}
          py={{ base: "4", md: "6" }}
          outline="none"
        >
          {children}
        </Box>
      </Flex>
      {toasterWanted && (
        <Suspense fallback={null}>
          <ToasterView />
        </Suspense>
      )}
      {searchUsed && (
        <Suspense fallback={null}>
          <SearchPalette open={searchOpen} onOpenChange={setSearchOpen} />
        </Suspense>
      )}
    </Flex>
  );
}
