import { Button, chakra } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** Chakra's fg.error is too light on white for small text (axe); these pass AA in both themes. */
export const ERROR_COLOR = { _light: "red.700", _dark: "red.300" } as const;
/** Its pair for what is right or done (a correct answer, a new value, a restore), AA in both themes. */
export const SUCCESS_COLOR = { _light: "green.700", _dark: "green.300" } as const;

/** One item of a short admin list (a member, a failed e-mail): what it is on the left, its buttons on the right. */
export const AdminListRow = chakra("li", {
  base: {
    display: "flex",
    flexWrap: "wrap",
    justifyContent: "space-between",
    alignItems: "center",
    gap: "2",
    py: "2",
    borderBottomWidth: "1px",
    _last: { borderBottomWidth: "0" },
  },
});

/**
 * A small outlined button of a list row (Make Admin, Try again, Resend), red for what takes something
 * away; `name` says which row's it is to a screen reader ("Resend the invitation of ann@…").
 */
export function AdminRowButton({
  name,
  onClick,
  loading,
  danger = false,
  size = "xs",
  children,
}: {
  name: string;
  onClick: () => void;
  loading?: boolean;
  danger?: boolean;
  size?: "xs" | "sm";
  children: ReactNode;
}) {
  return (
    <Button
      size={size}
      variant="outline"
      colorPalette={danger ? "red" : undefined}
      minH={size === "xs" ? "32px" : "36px"}
      loading={loading}
      onClick={onClick}
      aria-label={name}
    >
      {children}
    </Button>
  );
}
