import { Button, Flex, Heading, Stack } from "@chakra-ui/react";
import { type ReactNode, useId } from "react";
import { ModalDialog } from "./ModalDialog.tsx";

/**
 * A question before a step that cannot be taken back (submitting a test, deleting an account), on the
 * browser's modal dialog as an alertdialog: the question, what happens, then the way back and the step.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  cancelLabel,
  confirmLabel,
  confirmPalette,
  onConfirm,
}: {
  open: boolean;
  /** Esc, and the way back. */
  onClose: () => void;
  title: ReactNode;
  /** What happens, which describes the dialog. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  confirmPalette: "brand" | "red";
  onConfirm: () => void;
}) {
  const titleId = useId();
  const messageId = useId();
  return (
    <ModalDialog open={open} onClose={onClose} role="alertdialog" labelledBy={titleId} describedBy={messageId}>
      {open && (
        <Stack gap="5" p="6">
          <Heading as="h2" size="lg" id={titleId}>
            {title}
          </Heading>
          <Stack gap="2" id={messageId}>
            {children}
          </Stack>
          <Flex justify="flex-end" gap="3" wrap="wrap">
            <Button variant="outline" minH="44px" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button colorPalette={confirmPalette} minH="44px" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </Flex>
        </Stack>
      )}
    </ModalDialog>
  );
}
