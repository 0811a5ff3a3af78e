import { Field, Input } from "@chakra-ui/react";
import { ERROR_COLOR } from "./AccountLayout.tsx";

// Apart from AccountItemsTable.tsx, so Signed-in Devices (no form) does not load Chakra's form fields.
/** The required name of a new item (a passkey, a token), with the server's or the form's error under it. */
export function ItemNameField({
  name,
  value,
  onChange,
  error,
  placeholder,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  placeholder: string;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required flex="2">
      <Field.Label>
        Name
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={name}
        size="lg"
        maxLength={100}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder={placeholder}
      />
      {error && <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
