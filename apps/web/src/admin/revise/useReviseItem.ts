/**
 * Revising a question or a card for a new contract edition (docs/decisions/0013-editions-replace-items.md):
 * which item's dialog is open, the edition chosen, the server's messages, and the lists refreshed after.
 * The server does the work (POST /api/questions/{id}/revise): a new item true for that edition only
 * replaces this one there.
 */
import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type RouterOutputs, useTRPC } from "../../app/trpc.ts";
import { notifyError, notifySuccess } from "../../components/ui/toaster.tsx";
import type { EditDialogProps } from "../EditDialog.tsx";
import { type FieldErrors, serverErrors } from "../fieldErrors.ts";

export type Edition = RouterOutputs["editions"]["list"][number];

/** An item the revise action works on: its id and the editions it is true for. */
export interface RevisableItem {
  id: number;
  editions: readonly string[];
}

/**
 * The editions an item can be revised for, newest first: those it is true for, when there are two or
 * more (with one, its text for that edition is edited in place with Edit).
 */
export function reviseChoices(item: RevisableItem, editions: readonly Edition[]): Edition[] {
  if (item.editions.length < 2) return [];
  return editions.filter((e) => item.editions.includes(e.slug)).reverse();
}

export interface ReviseState<T, P> {
  /** The dialog's props, as the edit dialog takes them. */
  dialog: EditDialogProps<T, P>;
  /** The editions the open item can be revised for, newest first, and the one chosen. */
  choices: Edition[];
  edition: string;
  setEdition: (slug: string) => void;
  editionError: string | undefined;
}

export function useReviseItem<T extends RevisableItem, P>({
  noun,
  fields,
  listKey,
  revise,
}: {
  noun: "question" | "flashcard";
  /** The form's field names, to place the server's messages. */
  fields: readonly string[];
  listKey: QueryKey;
  /** client.questions.revise or client.flashcards.revise. */
  revise: { mutate: (input: P & { id: number; edition: string }) => Promise<unknown> };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editions = useQuery(trpc.editions.list.queryOptions());
  const [target, setTarget] = useState<T | null>(null);
  const [edition, setEdition] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const all = editions.data ?? [];
  const nameOf = (slug: string) => all.find((e) => e.slug === slug)?.name ?? slug;

  const revising = useMutation({
    mutationFn: (input: P & { id: number; edition: string }) => revise.mutate(input),
    onSuccess: (_, input) => {
      notifySuccess(`${noun === "question" ? "Question" : "Flashcard"} revised for ${nameOf(input.edition)}`);
      setTarget(null);
      // The new item in the list, the editions' counts, what changed and the admin totals.
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: trpc.editions.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.stats.queryKey(), refetchType: "all" });
    },
    onError: (error) => {
      const { fields: messages, description } = serverErrors(error, [...fields, "edition"]);
      setFieldErrors(messages);
      setFormError(Object.keys(messages).length > 0 ? null : description);
      notifyError(`Failed to revise ${noun}`, description);
    },
  });

  const open = (item: T) => {
    setFieldErrors({});
    setFormError(null);
    setEdition(reviseChoices(item, all)[0]?.slug ?? "");
    setTarget(item);
  };

  const state: ReviseState<T, P> = {
    dialog: {
      target,
      pending: revising.isPending,
      serverErrors: fieldErrors,
      formError,
      onSubmit: (payload) => {
        if (!target) return;
        setFieldErrors({});
        setFormError(null);
        revising.mutate({ ...payload, id: target.id, edition });
      },
      onClose: () => setTarget(null),
    },
    choices: target ? reviseChoices(target, all) : [],
    edition,
    setEdition,
    editionError: fieldErrors.edition,
  };
  /** Whether the item can be revised for a newer edition (it is true for two or more). */
  const canRevise = (item: T) => reviseChoices(item, all).length > 0;
  return { open, canRevise, state };
}
