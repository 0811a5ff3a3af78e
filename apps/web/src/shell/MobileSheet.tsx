import { Drawer, IconButton, Portal, VisuallyHidden } from "@chakra-ui/react";
import { X } from "lucide-react";
import type { ReactNode } from "react";

/** The sidebar as a slide-in sheet under 768 px; loaded only on narrow screens. */
export default function MobileSheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w="18rem" maxW="18rem" data-testid="sidebar-sheet">
            <Drawer.Title asChild>
              <VisuallyHidden>Navigation</VisuallyHidden>
            </Drawer.Title>
            <Drawer.CloseTrigger asChild>
              <IconButton aria-label="Close navigation" variant="ghost" size="sm" position="absolute" top="3" right="2">
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
