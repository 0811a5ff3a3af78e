import { InputField } from "../components/InputField.tsx";

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
    <InputField
      label="Name"
      name={name}
      size="lg"
      maxLength={100}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      error={error}
      required
      flex="2"
    />
  );
}
