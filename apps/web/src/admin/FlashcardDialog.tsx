import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  Input,
  Portal,
  Stack,
  Textarea,
  useBreakpointValue,
} from "@chakra-ui/react";
import { useRef, useState } from "react";
import { FormField } from "./AdminUi.tsx";
import {
  blankFlashcardForm,
  FLASHCARD_FIELDS,
  type Flashcard,
  type FlashcardForm,
  type FlashcardPayload,
  flashcardFormFrom,
  flashcardPayload,
  validateFlashcard,
} from "./flashcardForm.ts";
import { type FieldErrors, focusFirstError } from "./serverIssues.ts";

export interface FlashcardDialogProps {
  target: Flashcard | "new" | null;
  defaultSection?: number;
  pending: boolean;
  serverErrors: FieldErrors;
  formError: string | null;
  onSubmit: (payload: FlashcardPayload) => void;
  onClose: () => void;
}

export function FlashcardDialog(props: FlashcardDialogProps) {
  const { target, onClose } = props;
  // Full screen on phones, a centred dialog from 768 px (responsive slot sizes mix "full" height into "lg").
  const size = useBreakpointValue({ base: "full", md: "lg" } as const) ?? "lg";
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size={size}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {target !== null && (
              <FlashcardFormBody key={target === "new" ? "new" : target.id} {...props} target={target} />
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function FlashcardFormBody({
  target,
  defaultSection,
  pending,
  serverErrors,
  formError,
  onSubmit,
}: FlashcardDialogProps & { target: Flashcard | "new" }) {
  const editing = target !== "new";
  const [form, setForm] = useState<FlashcardForm>(() =>
    editing ? flashcardFormFrom(target) : blankFlashcardForm(defaultSection),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);

  const shown = (field: string) => errors[field] ?? (touched.has(field) ? undefined : serverErrors[field]);
  const update = (key: keyof FlashcardForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setTouched((t) => new Set(t).add(key));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateFlashcard(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstError(formRef.current, found, FLASHCARD_FIELDS));
      return;
    }
    setTouched(new Set());
    onSubmit(flashcardPayload(form));
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{editing ? "Edit Flashcard" : "Add New Flashcard"}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id="flashcard-form" ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="4">
            {formError && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            )}
            <FormField label="Section" required error={shown("sectionNumber")} helper="A number from 1 to 32">
              {(d) => (
                <Input
                  {...d}
                  name="sectionNumber"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={32}
                  step={1}
                  size="lg"
                  maxW={{ sm: "48" }}
                  value={form.sectionNumber}
                  onChange={(e) => update("sectionNumber", e.currentTarget.value)}
                />
              )}
            </FormField>
            <FormField label="Term" required error={shown("term")}>
              {(d) => (
                <Input
                  {...d}
                  name="term"
                  size="lg"
                  maxLength={200}
                  value={form.term}
                  onChange={(e) => update("term", e.currentTarget.value)}
                />
              )}
            </FormField>
            <FormField label="Definition" required error={shown("definition")}>
              {(d) => (
                <Textarea
                  {...d}
                  name="definition"
                  rows={4}
                  maxLength={4000}
                  autoresize
                  value={form.definition}
                  onChange={(e) => update("definition", e.currentTarget.value)}
                />
              )}
            </FormField>
            <FormField label="Citation (optional)" error={shown("citation")} helper="The contract paragraph, e.g. 2.P">
              {(d) => (
                <Input
                  {...d}
                  name="citation"
                  size="lg"
                  maxLength={40}
                  value={form.citation}
                  onChange={(e) => update("citation", e.currentTarget.value)}
                />
              )}
            </FormField>
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
            form="flashcard-form"
            colorPalette="brand"
            size="lg"
            loading={pending}
            flex={{ base: "1", sm: "initial" }}
          >
            {editing ? "Update" : "Create"}
          </Button>
        </Box>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="md" position="absolute" top="2" insetEnd="2" />
      </Dialog.CloseTrigger>
    </>
  );
}
