import { Field, type FieldRootProps, Input, type InputProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ERROR_COLOR } from "../account/AccountLayout.tsx";

export interface InputFieldProps
  extends Pick<InputProps, "name" | "type" | "autoComplete" | "inputMode" | "size" | "maxLength" | "placeholder">,
    Pick<FieldRootProps, "maxW" | "flex"> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  helper?: ReactNode;
  required?: boolean;
  /** The label's required mark (a one-field dialog leaves it out). */
  showRequired?: boolean;
}

/**
 * One labelled text input (a password, an e-mail address, a code, a name) with its helper line and the
 * form's or the server's error under it: the screens that ask for one value write only what differs.
 */
export function InputField({
  label,
  value,
  onChange,
  error,
  helper,
  required = false,
  showRequired = required,
  maxW,
  flex,
  ...input
}: InputFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} maxW={maxW} flex={flex}>
      <Field.Label>
        {label}
        {showRequired && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...input} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

type FixedInput = Omit<InputFieldProps, "type" | "autoComplete" | "inputMode" | "label"> & { label?: ReactNode };

/** The member's password, asked again before something that cannot be undone or needs a fresh sign-in. */
export function CurrentPasswordField({ label = "Your password", name = "password", ...field }: FixedInput) {
  return <InputField {...field} label={label} name={name} type="password" autoComplete="current-password" />;
}

/** A code from the authenticator app (or a recovery code), which the phone's keyboard offers to fill in. */
export function OneTimeCodeField({ label, name = "code", ...field }: FixedInput & { label: ReactNode }) {
  return <InputField {...field} label={label} name={name} inputMode="numeric" autoComplete="one-time-code" />;
}
