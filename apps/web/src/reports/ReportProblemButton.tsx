import { Button } from "@chakra-ui/react";
import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { ReportItemType } from "./reportLabels.ts";

// The dialog (radio group, text area) loads on the first click, keeping it out of every route that shows the button.
const ReportDialog = lazy(() => import("./ReportDialog.tsx"));

/**
 * 'Report a problem' for one question or flashcard: a small button that opens a dialog with the
 * category (wrong answer, unclear, outdated, typo, other) and an optional comment. Drop it in beside
 * any item a member sees (Study, Flashcards, the test review, the Review screen).
 */
export function ReportProblemButton({
  itemType,
  itemId,
  size = "sm",
}: {
  itemType: ReportItemType;
  itemId: number;
  size?: "sm" | "md";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size={size} minH="44px" color="fg.muted" onClick={() => setOpen(true)}>
        <Flag aria-hidden /> Report a problem
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog itemType={itemType} itemId={itemId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
