/** The signed-in frame: collapsible sidebar (a sheet on phones), header with theme, avatar and Logout (on phones in the avatar's sheet). */
import { Box, Flex } from "@chakra-ui/react";
import { lazy, type ReactNode, Suspense } from "react";
import type { SessionUser } from "../app/session.ts";
import { useToasterWanted } from "../components/ui/toaster.tsx";
import { useReauthWanted } from "../second-factor/reauth.ts";
import { AccountMenuItems, AppHeader } from "./AppHeader.tsx";
import { SidebarContent } from "./Sidebar.tsx";
import { useShellState } from "./useShellState.ts";

// Parts most screens never need load on demand, keeping every signed-in page light.
const MobileSheet = lazy(() => import("./MobileSheet.tsx"));
const ToasterView = lazy(() => import("../components/ui/toaster-view.tsx"));
const SearchPalette = lazy(() => import("../search/SearchPalette.tsx"));
const ReauthDialog = lazy(() => import("../second-factor/ReauthDialog.tsx"));

export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { isMobile, open, toggle, sheet, accountSheet, search } = useShellState();
  const toasterWanted = useToasterWanted();
  const reauthWanted = useReauthWanted();
  const collapsed = !open;

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
      {isMobile && sheet.used && (
        <Suspense fallback={null}>
          <MobileSheet open={sheet.open} onOpenChange={sheet.setOpen}>
            <SidebarContent user={user} collapsed={false} onNavigate={() => sheet.setOpen(false)} />
          </MobileSheet>
        </Suspense>
      )}
      {isMobile && accountSheet.used && (
        <Suspense fallback={null}>
          <MobileSheet
            side="end"
            title="Account menu"
            testId="account-sheet"
            open={accountSheet.open}
            onOpenChange={accountSheet.setOpen}
          >
            <AccountMenuItems user={user} onNavigate={() => accountSheet.setOpen(false)} />
          </MobileSheet>
        </Suspense>
      )}
      <Flex direction="column" flex="1" minW="0">
        <AppHeader
          user={user}
          expanded={isMobile ? sheet.open : open}
          onToggle={toggle}
          onSearch={search.show}
          compact={isMobile}
          accountMenu={{ open: accountSheet.open, show: accountSheet.show }}
        />
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
      {reauthWanted && (
        <Suspense fallback={null}>
          <ReauthDialog />
        </Suspense>
      )}
      {search.used && (
        <Suspense fallback={null}>
          <SearchPalette open={search.open} onOpenChange={search.setOpen} />
        </Suspense>
      )}
    </Flex>
  );
}
