/**
 * The add/edit dialog both content managers use (FormDialog): the dialog itself, the frame of its
 * form (title, message, Cancel and Create/Update) and the form's state. The fields are the caller's.
 */
import { Alert, Box, Button, CloseButton, Dialog, Portal, Stack, useBreakpointValue } from "@chakra-ui/react";
import { type ComponentType, type FormEvent, Fragment, type ReactNode, type RefObject, useRef, useState } from "react";
import { type FieldErrors, focusFirstError } from "./fieldErrors.ts";

/** null: closed; "new": create mode; an item: edit mode. */
export type EditTarget<T> = T | "new" | null;

/** What a manager passes to its add/edit dialog. */
export interface EditDialogProps<T, P> {
  target: EditTarget<T>;
  defaultSection?: number;
  pending: boolean;
  /** Server-side messages per field, and a message not tied to a field. */
  serverErrors: FieldErrors;
  formError: string | null;
  onSubmit: (payload: P) => void;
  onClose: () => void;
}

/**
 * How the admin's form dialogs open: full screen on phones, centred from 768 px (responsive slot sizes
 * mix "full" height into "lg"), mounted only while open, and kept open by a click outside so a half
 * filled form is not lost.
 */
export function useFormDialogLayout() {
  const size = useBreakpointValue({ base: "full", md: "lg" } as const) ?? "lg";
  return {
    size,
    scrollBehavior: "inside",
    placement: "center",
    lazyMount: true,
    unmountOnExit: true,
    closeOnInteractOutside: false,
  } as const;
}

function EditDialog<T extends { id: number }>({
  target,
  onClose,
  children,
}: {
  target: EditTarget<T>;
  onClose: () => void;
  /** The form for this target; a new one for every item opened. */
  children: (target: T | "new") => ReactNode;
}) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      {...useFormDialogLayout()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {target !== null && <Fragment key={target === "new" ? "new" : target.id}>{children(target)}</Fragment>}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Title, the form with a message not tied to a field, and the Cancel and Create/Update buttons. */
function EditFormFrame({
  id,
  title,
  editing,
  submitLabel = editing ? "Update" : "Create",
  pending,
  formError,
  formRef,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  editing: boolean;
  submitLabel?: string;
  pending: boolean;
  formError: string | null;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={id} ref={formRef} onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            {formError && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            )}
            {children}
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Box display="flex" gap="3" w={{ base: "full", sm: "auto" }} justifyContent="flex-end">
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" size="lg" flex={{ base: "1", sm: "initial" }}>
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button
            type="submit"
            form={id}
            colorPalette="brand"
            size="lg"
            loading={pending}
            flex={{ base: "1", sm: "initial" }}
          >
            {submitLabel}
          </Button>
        </Box>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="md" position="absolute" top="2" insetEnd="2" />
      </Dialog.CloseTrigger>
    </>
  );
}

export type Checked<P> = { ok: true; value: P } | { ok: false; errors: FieldErrors };

/**
 * A form's values and messages. Its own messages show until the field is edited; a server message
 * stays next to its field until that field is edited. On submit the form is checked; the first
 * field with a message gets the focus, or the checked value is sent.
 */
function useEditForm<F, P>({
  initial,
  serverErrors,
  check,
  order,
  onSubmit,
}: {
  initial: () => F;
  serverErrors: FieldErrors;
  check: (form: F) => Checked<P>;
  /** Field names in form order, for the focus. */
  order: readonly string[];
  onSubmit: (payload: P) => void;
}) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touchedSinceServer, setTouched] = useState<ReadonlySet<string>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);

  const shown = (field: string) => errors[field] ?? (touchedSinceServer.has(field) ? undefined : serverErrors[field]);

  /** Changes values; `fields` are the messages this edit answers. */
  const edit = (change: Partial<F> | ((form: F) => Partial<F>), fields: readonly string[]) => {
    setForm((f) => ({ ...f, ...(typeof change === "function" ? change(f) : change) }));
    setTouched((t) => new Set([...t, ...fields]));
    if (fields.some((f) => errors[f]))
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !fields.includes(f))));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = check(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      requestAnimationFrame(() => focusFirstError(formRef.current, checked.errors, order));
      return;
    }
    setErrors({});
    setTouched(new Set());
    onSubmit(checked.value);
  };

  return { form, formRef, shown, edit, submit };
}

/** What the fields of a form get: the values, the message to show for a field, and edit(). */
export type FormState<F> = Pick<ReturnType<typeof useEditForm<F, unknown>>, "form" | "shown" | "edit">;

/**
 * An add/edit dialog for one kind of item: a fresh form for every item opened (blank, or from the
 * item), checked on submit before the payload goes to `onSubmit`.
 */
/** A content item's form as data: a blank one, one filled from an item, its check and its fields in order. */
export interface ContentForm<T, F, P> {
  blank: (defaultSection?: number) => F;
  from: (item: T) => F;
  check: (form: F) => Checked<P>;
  order: readonly string[];
}

/** Another use of an item's form (revising it for a new edition): its title, its button and fields before the item's. */
export interface FormDialogMode {
  title: string;
  submitLabel: string;
  intro: ReactNode;
}

export function FormDialog<T extends { id: number }, F, P>({
  dialog,
  noun,
  form: { blank, from, check, order },
  mode,
  fields: Fields,
}: {
  dialog: EditDialogProps<T, P>;
  /** 'Question': titles 'Add New Question' and 'Edit Question'. */
  noun: string;
  form: ContentForm<T, F, P>;
  mode?: FormDialogMode;
  /** The form's fields (QuestionFields, FlashcardFields), given the form's state. */
  fields: ComponentType<FormState<F>>;
}) {
  return (
    <EditDialog target={dialog.target} onClose={dialog.onClose}>
      {(target) => (
        <FormBody
          dialog={dialog}
          noun={noun}
          target={target}
          initial={() => (target === "new" ? blank(dialog.defaultSection) : from(target))}
          check={check}
          order={order}
          mode={mode}
        >
          {(state) => <Fields {...state} />}
        </FormBody>
      )}
    </EditDialog>
  );
}

function FormBody<T, F, P>({
  dialog,
  noun,
  target,
  initial,
  check,
  order,
  mode,
  children,
}: {
  dialog: EditDialogProps<T, P>;
  noun: string;
  target: T | "new";
  initial: () => F;
  check: (form: F) => Checked<P>;
  order: readonly string[];
  mode: FormDialogMode | undefined;
  children: (state: FormState<F>) => ReactNode;
}) {
  const editing = target !== "new";
  const { form, formRef, shown, edit, submit } = useEditForm({
    initial,
    serverErrors: dialog.serverErrors,
    check,
    order,
    onSubmit: dialog.onSubmit,
  });
  return (
    <EditFormFrame
      id={`${noun.toLowerCase()}-form`}
      title={mode?.title ?? (editing ? `Edit ${noun}` : `Add New ${noun}`)}
      editing={editing}
      submitLabel={mode?.submitLabel}
      pending={dialog.pending}
      formError={dialog.formError}
      formRef={formRef}
      onSubmit={submit}
    >
      {mode?.intro}
      {children({ form, shown, edit })}
    </EditFormFrame>
  );
}
