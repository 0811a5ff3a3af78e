import { MAX_LENGTH } from "@jcba/validators";
import { SectionField, TextField } from "./AdminUi.tsx";
import { CitationField } from "./CitationField.tsx";
import { type EditDialogProps, FormDialog, type FormState } from "./EditDialog.tsx";
import { FLASHCARD_FORM, type Flashcard, type FlashcardForm, type FlashcardPayload } from "./flashcardForm.ts";

export function FlashcardDialog(props: EditDialogProps<Flashcard, FlashcardPayload>) {
  return <FormDialog dialog={props} noun="Flashcard" form={FLASHCARD_FORM} fields={FlashcardFields} />;
}

export function FlashcardFields({ form, shown, edit }: FormState<FlashcardForm>) {
  const field = (key: keyof FlashcardForm) => ({
    name: key,
    value: form[key],
    error: shown(key),
    onChange: (value: string) => edit({ [key]: value }, [key]),
  });
  return (
    <>
      <SectionField {...field("sectionNumber")} maxW={{ sm: "48" }} />
      <TextField label="Term" required maxLength={MAX_LENGTH.term} {...field("term")} />
      <TextField label="Definition" required rows={4} maxLength={MAX_LENGTH.text} {...field("definition")} />
      <CitationField example="2.P" {...field("citation")} />
    </>
  );
}
