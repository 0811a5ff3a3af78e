/**
 * The signed-in frame's state: the sidebar open or collapsed (kept in a 7-day cookie), the phone's
 * sheets (the sidebar, the member's menu), the search palette, and their keys (Ctrl/Cmd+B, Ctrl/Cmd+K). The sheet's and the palette's
 * code load the first time they open, so a member who never opens them never pays for them.
 */
import { useCallback, useEffect, useState } from "react";

const COOKIE = "sidebar_state";
const COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 7 days
const MOBILE_QUERY = "(max-width: 767.98px)";

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

export function useShellState() {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readOpenCookie);
  const [sheetOpen, setSheetOpen] = useState(false);
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

  const [accountOpen, setAccountOpen] = useState(false);
  const [accountUsed, setAccountUsed] = useState(false);
  const showAccount = useCallback(() => {
    setAccountUsed(true);
    setAccountOpen(true);
  }, []);

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

  return {
    isMobile,
    /** The desktop sidebar is expanded. */
    open,
    toggle,
    sheet: { open: sheetOpen, used: sheetUsed, setOpen: setSheetOpen },
    accountSheet: { open: accountOpen, used: accountUsed, setOpen: setAccountOpen, show: showAccount },
    search: { open: searchOpen, used: searchUsed, setOpen: setSearchOpen, show: openSearch },
  };
}
