import { chakra } from "@chakra-ui/react";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * The browser's own modal <dialog>, styled as the app's dialogs, shown while `open` is true. The
 * browser traps focus, makes the page behind inert, closes on Esc (then `onClose` runs) and returns
 * focus to the control that opened it. Used instead of Chakra's Dialog where a screen should not
 * download Chakra's dialog machinery (13–20 KB gz) for a dialog most members never open.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  role,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  role?: "alertdialog";
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <chakra.dialog
      ref={ref}
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      bg="bg.panel"
      color="fg"
      rounded="l3"
      shadow="lg"
      p="0"
      // The reset's `margin: 0` would pin the dialog to the top-left corner; the browser centres it with auto.
      m="auto"
      w="calc(100% - 2rem)"
      maxW="md"
      maxH="calc(100dvh - 2rem)"
      overflowY="auto"
      _backdrop={{ bg: "blackAlpha.600" }}
    >
      {children}
    </chakra.dialog>
  );
}
