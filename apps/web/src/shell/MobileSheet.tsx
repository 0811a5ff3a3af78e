import { Drawer, IconButton, Portal, VisuallyHidden } from "@chakra-ui/react";
import { X } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A slide-in sheet under 768 px, loaded only on narrow screens: the sidebar from the left, the
 * member's menu (theme, Account, Logout) from the right.
 */
export default function MobileSheet({
  open,
  onOpenChange,
  children,
  side = "start",
  title = "Navigation",
  testId = "sidebar-sheet",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  side?: "start" | "end";
  /** The sheet's name for screen readers. */
  title?: string;
  testId?: string;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement={side}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w="18rem" maxW="18rem" data-testid={testId}>
            <Drawer.Title asChild>
              <VisuallyHidden>{title}</VisuallyHidden>
            </Drawer.Title>
            <Drawer.CloseTrigger asChild>
              <IconButton
                aria-label={`Close ${title.toLowerCase()}`}
                variant="ghost"
                size="sm"
                position="absolute"
                top="3"
                right="2"
              >
                <X />
              </IconButton>
            </Drawer.CloseTrigger>
            {children}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
