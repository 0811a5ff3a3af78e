/** How a navigation link shows that it is the current page (the sidebar's links, the account tabs). */
export const activeLinkStyle = (active: boolean) =>
  ({
    fontWeight: active ? "semibold" : "medium",
    bg: active ? "brand.muted" : "transparent",
    color: active ? "brand.fg" : "fg",
    _hover: { bg: active ? "brand.muted" : "bg.muted" },
  }) as const;
