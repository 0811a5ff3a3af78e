import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { notifyError, notifySuccess } from "../components/ui/toaster.tsx";
import type { EditDialogProps, EditTarget } from "./EditDialog.tsx";
import { type FieldErrors, serverErrors } from "./fieldErrors.ts";

/**
 * Create, update and delete for a content manager (questions or flashcards): which dialog is open,
 * the server's messages for the form, the toasts ('Question created successfully', 'Failed to
 * delete flashcard') and the lists and admin totals refreshed after each change.
 */
export function useAdminCrud<T extends { id: number }, P>({
  noun,
  fields,
  listKey,
  api,
}: {
  noun: "question" | "flashcard";
  /** The form's field names, to place the server's messages. */
  fields: readonly string[];
  listKey: QueryKey;
  /** The content router's procedures (client.questions, client.flashcards). */
  api: {
    create: { mutate: (payload: P) => Promise<unknown> };
    update: { mutate: (input: P & { id: number }) => Promise<unknown> };
    delete: { mutate: (input: { id: number }) => Promise<unknown> };
  };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  const [dialog, setDialog] = useState<EditTarget<T>>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const refreshLists = () => queryClient.invalidateQueries({ queryKey: listKey });
  // The totals are on another screen: refetch them now even though nothing shows them here.
  const refreshStats = () =>
    queryClient.invalidateQueries({ queryKey: trpc.admin.stats.queryKey(), refetchType: "all" });
  const saved = (message: string, totalsChanged: boolean) => () => {
    notifySuccess(message);
    setDialog(null);
    void refreshLists();
    if (totalsChanged) void refreshStats();
  };
  const failed = (title: string) => (error: unknown) => {
    const { fields: messages, description } = serverErrors(error, fields);
    setFieldErrors(messages);
    setFormError(Object.keys(messages).length > 0 ? null : description);
    notifyError(title, description);
  };

  const creating = useMutation({
    mutationFn: (payload: P) => api.create.mutate(payload),
    onSuccess: saved(`${Noun} created successfully`, true),
    onError: failed(`Failed to create ${noun}`),
  });
  const updating = useMutation({
    mutationFn: (input: P & { id: number }) => api.update.mutate(input),
    onSuccess: saved(`${Noun} updated successfully`, false),
    onError: failed(`Failed to update ${noun}`),
  });
  const removing = useMutation({
    mutationFn: (input: { id: number }) => api.delete.mutate(input),
    onSuccess: () => {
      notifySuccess(`${Noun} deleted successfully`);
      setDeleting(null);
      void refreshLists();
      void refreshStats();
    },
    onError: (error) => {
      setDeleting(null);
      notifyError(`Failed to delete ${noun}`, errorMessage(error));
    },
  });

  const openDialog = (target: T | "new") => {
    setFieldErrors({});
    setFormError(null);
    setDialog(target);
  };
  const submit = (payload: P) => {
    setFieldErrors({});
    setFormError(null);
    if (dialog === "new") creating.mutate(payload);
    else if (dialog) updating.mutate({ id: dialog.id, ...payload });
  };

  const dialogProps: Omit<EditDialogProps<T, P>, "defaultSection"> = {
    target: dialog,
    pending: creating.isPending || updating.isPending,
    serverErrors: fieldErrors,
    formError,
    onSubmit: submit,
    onClose: () => setDialog(null),
  };
  const deleteProps = {
    open: deleting !== null,
    message: `Are you sure you want to delete this ${noun}?`,
    pending: removing.isPending,
    onConfirm: () => deleting && removing.mutate({ id: deleting.id }),
    onClose: () => setDeleting(null),
  };
  return { openDialog, dialogProps, askDelete: setDeleting, deleting, deleteProps };
}

/**
 * A link from Reports or Item Analysis (?edit=id) opens that item's edit dialog once the list has it,
 * then leaves the address (`clear`), so a reload or Back does not open it again.
 */
export function useEditLink<T extends { id: number }>(
  edit: number | undefined,
  items: readonly T[] | undefined,
  open: (item: T) => void,
  clear: () => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per link, not on every crud change
  useEffect(() => {
    if (edit === undefined || !items) return;
    const item = items.find((x) => x.id === edit);
    if (item) open(item);
    clear();
  }, [edit, items]);
}
