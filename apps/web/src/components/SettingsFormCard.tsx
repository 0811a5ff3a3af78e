import { Alert, Button, type ButtonProps, Card, type CardRootProps, Field, Input, Stack } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useState } from "react";
import { ERROR_COLOR } from "../account/AccountLayout.tsx";
import { errorMessage } from "../app/trpc.ts";

/** A refusal shown in a form: the server's reason, or the browser's. */
export function FormProblem({ message }: { message: string }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * The shell the settings forms share (Study Plan, Review Settings, Reminders): a card around a form
 * whose fields come as children, then the reason a save was refused and the save button. `save`
 * checks the fields (returning early when one is wrong: the field says why) and saves; what it throws
 * is shown above the button.
 */
export function SettingsFormCard({
  save,
  saving,
  submitLabel,
  children,
  card,
  button,
  formTestId,
}: {
  save: () => Promise<void>;
  saving: boolean;
  submitLabel: string;
  children: ReactNode;
  card?: CardRootProps;
  button?: ButtonProps;
  formTestId?: string;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      await save();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Card.Root {...card}>
      <Card.Body>
        <form onSubmit={submit} noValidate data-testid={formTestId}>
          <Stack gap="5">
            {children}
            {problem && <FormProblem message={problem} />}
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving} {...button}>
              {submitLabel}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** A settings form's whole-number field: its label, what it means, why a value is refused; `children` follow (a slider). */
export function NumberField({
  label,
  value,
  onChange,
  helper,
  error,
  children,
  ...bounds
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  step?: number;
  helper: ReactNode;
  error: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="number"
        inputMode="numeric"
        {...bounds}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        size="lg"
      />
      <Field.HelperText>{helper}</Field.HelperText>
      <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>
      {children}
    </Field.Root>
  );
}
