import { Field, type FieldRootProps, NativeSelect } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * A labelled drop-down of the browser's own select (its `<option>`s are the children): on a phone it
 * opens the system's picker, and it needs none of Chakra's menu machinery.
 */
export function SelectField({
  label,
  value,
  onChange,
  helper,
  name,
  testId,
  children,
  ...root
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  helper?: ReactNode;
  name?: string;
  testId?: string;
  children: ReactNode;
} & Pick<FieldRootProps, "flex" | "maxW" | "w">) {
  return (
    <Field.Root {...root}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          name={name}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          data-testid={testId}
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}
