import { MAX_LENGTH } from "@jcba/validators";
import { type NamedFieldProps, TextField } from "./AdminUi.tsx";

// Its own module: the limits come from @jcba/validators, which only the question and flashcard forms
// load; in AdminUi it would add them to every admin list (audit, backups, reports, item analysis).
/** The optional Citation field of the question and flashcard forms: a contract paragraph such as `example`. */
export function CitationField({
  example,
  ...field
}: Omit<NamedFieldProps, "label" | "helper" | "required"> & { example: string }) {
  return (
    <TextField
      label="Citation (optional)"
      helper={`The contract paragraph, e.g. ${example}`}
      maxLength={MAX_LENGTH.citation}
      {...field}
    />
  );
}
