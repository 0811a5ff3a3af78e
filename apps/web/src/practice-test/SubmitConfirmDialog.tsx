import { Text } from "@chakra-ui/react";
import { plural } from "@jcba/domain";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";

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
  return (
    <ConfirmDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Submit your test?"
      cancelLabel="Keep Working"
      confirmLabel="Submit Anyway"
      confirmPalette="brand"
      onConfirm={onConfirm}
    >
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
    </ConfirmDialog>
  );
}
