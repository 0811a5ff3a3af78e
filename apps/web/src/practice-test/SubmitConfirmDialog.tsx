import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { plural } from "@jcba/domain";

/** 'Submit your test?' when questions are unanswered or flagged: Keep Working or Submit Anyway. */
export function SubmitConfirmDialog({
  open,
  onOpenChange,
  unanswered,
  flagged,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unanswered: number;
  /** How many questions are flagged for review. */
  flagged: number;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Submit your test?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                {unanswered > 0 ? (
                  <Text>You have {plural(unanswered, "unanswered question")}. Submit anyway?</Text>
                ) : (
                  <Text>You flagged {plural(flagged, "question")} for review. Submit anyway?</Text>
                )}
                {unanswered > 0 && flagged > 0 && (
                  <Text color="fg.muted">You also flagged {plural(flagged, "question")} for review.</Text>
                )}
                {unanswered > 0 && (
                  <Text color="fg.muted" fontSize="sm">
                    Unanswered questions count as incorrect.
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" minH="44px">
                  Keep Working
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="brand" minH="44px" onClick={onConfirm}>
                Submit Anyway
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
