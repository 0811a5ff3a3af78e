/**
 * A bordered choice a finger can hit (a section to pick, an answer's option): the whole row is the
 * control, tinted brand once checked and muted under the pointer while it can still change.
 */
export const choiceTile = ({
  py,
  align,
  checkedBorder,
  hover = true,
}: {
  py: string;
  align: "center" | "flex-start";
  checkedBorder: string;
  hover?: boolean;
}) =>
  ({
    minH: "44px",
    px: "3",
    py,
    alignItems: align,
    borderWidth: "1px",
    rounded: "md",
    w: "full",
    cursor: "pointer",
    _checked: { bg: "brand.subtle", borderColor: checkedBorder },
    _hover: { bg: hover ? "bg.muted" : undefined },
  }) as const;
