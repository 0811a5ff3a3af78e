import { Portal, Tooltip } from "@chakra-ui/react";
import type { ReactElement } from "react";

/** The collapsed sidebar's tooltip (700 ms delay); loaded only when the sidebar is collapsed. */
export default function NavTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root openDelay={700} positioning={{ placement: "right" }}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
