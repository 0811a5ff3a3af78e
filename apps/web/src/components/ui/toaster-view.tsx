import { Toaster as ChakraToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { type PointerEvent, useRef } from "react";
import { toaster } from "./toaster.tsx";

/** Swiping a toast right by 50 px or more dismisses it (spec §9); a shorter swipe springs back. */
const SWIPE_THRESHOLD = 50;

function useSwipeToDismiss(id: string) {
  const start = useRef<{ x: number; el: HTMLElement } | null>(null);
  return {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if ((e.target as HTMLElement).closest("button")) return;
      start.current = { x: e.clientX, el: e.currentTarget };
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      if (!start.current) return;
      const dx = Math.max(0, e.clientX - start.current.x);
      start.current.el.style.translate = `${dx}px 0`;
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      if (!start.current) return;
      const dx = e.clientX - start.current.x;
      start.current.el.style.translate = "";
      start.current = null;
      if (dx >= SWIPE_THRESHOLD) toaster.dismiss(id);
    },
    onPointerCancel() {
      if (start.current) start.current.el.style.translate = "";
      start.current = null;
    },
  };
}

function SwipeableToast({
  id,
  title,
  description,
}: {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
}) {
  const swipe = useSwipeToDismiss(id);
  return (
    <Toast.Root width={{ md: "sm" }} maxW="420px" touchAction="pan-y" data-testid="toast" {...swipe}>
      <Toast.Indicator />
      <Stack gap="1" flex="1" maxWidth="100%">
        {title && <Toast.Title>{title}</Toast.Title>}
        {/* Full strength: Chakra's 80 % leaves the text below 4.5:1 on the coloured toasts. */}
        {description && <Toast.Description opacity="1">{description}</Toast.Description>}
      </Stack>
      <Toast.CloseTrigger aria-label="Dismiss notification" />
    </Toast.Root>
  );
}

export default function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => <SwipeableToast id={toast.id!} title={toast.title} description={toast.description} />}
      </ChakraToaster>
    </Portal>
  );
}
