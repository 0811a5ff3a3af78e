import type { ComponentType } from "react";
import { EditionOptions } from "../../editions/EditionOptions.tsx";
import { FormSelectField } from "../AdminUi.tsx";
import { type ContentForm, FormDialog, type FormDialogMode, type FormState } from "../EditDialog.tsx";
import type { ReviseState } from "./useReviseItem.ts";

/** An item's edit dialog, filled in, writing its text for a new edition (useReviseItem). */
export function ReviseFormDialog<T extends { id: number }, F, P>({
  state,
  kind,
  form,
  fields,
}: {
  state: ReviseState<T, P>;
  kind: "question" | "flashcard";
  form: ContentForm<T, F, P>;
  fields: ComponentType<FormState<F>>;
}) {
  const question = kind === "question";
  return (
    <FormDialog
      dialog={state.dialog}
      noun={question ? "Question" : "Flashcard"}
      form={form}
      mode={reviseMode(state, question ? "question" : "card")}
      fields={fields}
    />
  );
}

/**
 * 'Revise for a new edition' in an item's own edit dialog: its title and button, and the edition the
 * new text is for, chosen before the item's fields (filled in from the item).
 */
function reviseMode<T, P>(state: ReviseState<T, P>, noun: "question" | "card"): FormDialogMode {
  // The choices are the item's own editions: it keeps the others.
  const others = state.choices
    .filter((e) => e.slug !== state.edition)
    .map((e) => e.name)
    .reverse();
  return {
    title: `Revise ${noun === "question" ? "Question" : "Flashcard"} for a New Edition`,
    submitLabel: "Save for this edition",
    intro: (
      <FormSelectField
        label="Edition of the new text"
        name="edition"
        required
        error={state.editionError}
        helper={`A new ${noun} for this edition only replaces this one there${others.length > 0 ? `; this one keeps its text for ${others.join(", ")}` : ""}. Members' review schedules carry over when the answer stays the same.`}
        value={state.edition}
        onChange={state.setEdition}
      >
        <EditionOptions editions={state.choices} />
      </FormSelectField>
    ),
  };
}
