import { Input, Textarea } from "@chakra-ui/react";
import { SECTION_COUNT } from "@jcba/domain";
import { MAX_LENGTH } from "@jcba/validators";
import { FormField } from "./AdminUi.tsx";
import { EditDialog, type EditDialogProps, EditFormFrame, useEditForm } from "./EditDialog.tsx";
import {
  blankFlashcardForm,
  checkFlashcard,
  FLASHCARD_FIELDS,
  type Flashcard,
  type FlashcardForm,
  type FlashcardPayload,
  flashcardFormFrom,
} from "./flashcardForm.ts";

export type FlashcardDialogProps = EditDialogProps<Flashcard, FlashcardPayload>;

export function FlashcardDialog(props: FlashcardDialogProps) {
  return (
    <EditDialog target={props.target} onClose={props.onClose}>
      {(target) => <FlashcardFormBody {...props} target={target} />}
    </EditDialog>
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
  const { form, formRef, shown, edit, submit } = useEditForm({
    initial: () => (editing ? flashcardFormFrom(target) : blankFlashcardForm(defaultSection)),
    serverErrors,
    check: checkFlashcard,
    order: FLASHCARD_FIELDS,
    onSubmit,
  });
  const update = (key: keyof FlashcardForm, value: string) => edit({ [key]: value }, [key]);

  return (
    <EditFormFrame
      id="flashcard-form"
      title={editing ? "Edit Flashcard" : "Add New Flashcard"}
      editing={editing}
      pending={pending}
      formError={formError}
      formRef={formRef}
      onSubmit={submit}
    >
      <FormField label="Section" required error={shown("sectionNumber")} helper={`A number from 1 to ${SECTION_COUNT}`}>
        {(d) => (
          <Input
            {...d}
            name="sectionNumber"
            type="number"
            inputMode="numeric"
            min={1}
            max={SECTION_COUNT}
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
            maxLength={MAX_LENGTH.term}
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
            maxLength={MAX_LENGTH.text}
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
            maxLength={MAX_LENGTH.citation}
            value={form.citation}
            onChange={(e) => update("citation", e.currentTarget.value)}
          />
        )}
      </FormField>
    </EditFormFrame>
  );
}
