/** The sidebar's links: the main screens, Admin for admins, and the 32 contract sections. */
import { Box, Flex, Text } from "@chakra-ui/react";
import { SIDEBAR_SECTION_NAMES } from "@jcba/domain";
import { Link, useRouterState } from "@tanstack/react-router";
import { BarChart3, BookOpen, ClipboardCheck, Layers, LayoutDashboard, MailPlus, Repeat, Shield } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import type { SessionUser } from "../app/session.ts";
import { activeLinkStyle } from "../components/activeLinkStyle.ts";

// Collapsed, each link's name shows in a tooltip, whose code loads the first time it is needed.
const NavTooltip = lazy(() => import("./NavTooltip.tsx"));

const MAIN_ITEMS = [
  { to: "/", label: "Dashboard", icon: LayoutDashboard },
  { to: "/study", label: "Study Mode", icon: BookOpen },
  { to: "/test", label: "Practice Test", icon: ClipboardCheck },
  { to: "/flashcards", label: "Flashcards", icon: Layers },
  { to: "/review", label: "Review", icon: Repeat },
  { to: "/performance", label: "Performance", icon: BarChart3 },
] as const;

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
        {...activeLinkStyle(active)}
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

export function SidebarContent({
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
                active={pathname.startsWith("/admin") && !pathname.startsWith("/admin/invitations")}
                onNavigate={onNavigate}
              />
            </li>
          )}
          {user.isAdmin && (
            <li>
              <NavItem
                to="/admin/invitations"
                label="Invitations"
                icon={<MailPlus size={iconSize} />}
                collapsed={collapsed}
                active={pathname.startsWith("/admin/invitations")}
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
