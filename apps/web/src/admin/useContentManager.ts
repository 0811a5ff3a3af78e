import type { QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import type { HistoryTarget } from "./history/ItemHistory.tsx";
import { type RevisableItem, useReviseItem } from "./revise/useReviseItem.ts";
import { useAdminCrud, useEditLink } from "./useAdminCrud.ts";

/** What a manager's item card can do: show its history, edit, delete, and revise for an edition (when it can). */
export interface ItemCardActions {
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRevise: (() => void) | undefined;
}

/**
 * The state both content managers (questions and flashcards) keep: create, update and delete, the
 * revise-for-an-edition dialog, the history panel, the ?edit= link opened once, and each card's actions.
 */
export function useContentManager<T extends RevisableItem, P>({
  noun,
  fields,
  listKey,
  api,
  items,
  edit,
  clearEdit,
  label,
}: {
  noun: "question" | "flashcard";
  /** The form's field names, to place the server's messages. */
  fields: readonly string[];
  listKey: QueryKey;
  /** The content router's procedures (client.questions, client.flashcards). */
  api: Parameters<typeof useAdminCrud<T, P>>[0]["api"] & {
    revise: Parameters<typeof useReviseItem<T, P>>[0]["revise"];
  };
  /** The loaded list, for the ?edit= link. */
  items: readonly T[] | undefined;
  /** The item id of an ?edit= link, and how to drop it from the address once opened. */
  edit: number | undefined;
  clearEdit: () => void;
  /** How the history panel names an item: its question text or term. */
  label: (item: T) => string;
}) {
  const crud = useAdminCrud<T, P>({ noun, fields, listKey, api });
  useEditLink(edit, items, crud.openDialog, clearEdit);
  const revise = useReviseItem<T, P>({ noun, fields, listKey, revise: api.revise });
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const actionsFor = (item: T): ItemCardActions => ({
    onHistory: () => setHistory({ id: item.id, label: label(item) }),
    onEdit: () => crud.openDialog(item),
    onDelete: () => crud.askDelete(item),
    onRevise: revise.canRevise(item) ? () => revise.open(item) : undefined,
  });
  return { crud, revise, history, closeHistory: () => setHistory(null), actionsFor };
}
