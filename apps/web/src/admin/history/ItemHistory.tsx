import { lazy, Suspense } from "react";

// The history (versions, diffs, restore) loads on the first 'History' click, not with the manager.
const ItemHistoryDialog = lazy(() => import("./ItemHistoryDialog.tsx"));

/** The item whose history is open: its id and what it is (question text or term). */
export interface HistoryTarget {
  id: number;
  label: string;
}

/** An item's history dialog while `item` is set. */
export function ItemHistory({
  kind,
  item,
  onClose,
}: {
  kind: "question" | "flashcard";
  item: HistoryTarget | null;
  onClose: () => void;
}) {
  if (!item) return null;
  return (
    <Suspense fallback={null}>
      <ItemHistoryDialog key={item.id} kind={kind} id={item.id} label={item.label} onClose={onClose} />
    </Suspense>
  );
}
