import { Button, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { plural } from "@jcba/domain";
import { useId } from "react";
import { ModalDialog } from "../components/ModalDialog.tsx";

/**
 * 'Submit your test?' when questions are unanswered or flagged: Keep Working or Submit Anyway.
 *
 * The browser's own modal <dialog> rather than Chakra's Dialog (as the report dialog): the browser
 * traps focus, makes the test behind inert, closes on Esc and returns focus to Submit Test, and /test
 * does not download Chakra's dialog machinery (about 13 KB gz) for it.
 */
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
  const titleId = useId();
  const messageId = useId();

  return (
    <ModalDialog
      open={open}
      onClose={() => onOpenChange(false)}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={messageId}
    >
      {open && (
        <Stack gap="5" p="6">
          <Heading as="h2" size="lg" id={titleId}>
            Submit your test?
          </Heading>
          <Stack gap="2" id={messageId}>
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
          <Flex justify="flex-end" gap="3" wrap="wrap">
            <Button variant="outline" minH="44px" onClick={() => onOpenChange(false)}>
              Keep Working
            </Button>
            <Button colorPalette="brand" minH="44px" onClick={onConfirm}>
              Submit Anyway
            </Button>
          </Flex>
        </Stack>
      )}
    </ModalDialog>
  );
}
