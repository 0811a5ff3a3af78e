import { Alert, Button, Card, Field, Input, Stack } from "@chakra-ui/react";
import { changePasswordInput, PASSWORD_MIN } from "@jcba/validators/account";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { notifySuccess } from "../components/ui/toaster.tsx";
import { AccountLayout, ERROR_COLOR, fieldOf } from "./AccountLayout.tsx";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;

/** Change Password: the current password, a new one twice; every other session ends. */
export function ChangePasswordScreen() {
  const trpc = useTRPC();
  const [values, setValues] = useState<Record<FieldName, string>>({
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const change = useMutation(trpc.account.changePassword.mutationOptions());

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found: Errors = {};
    const parsed = changePasswordInput.safeParse(values);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= issue.message;
      }
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = "The two new passwords do not match.";
    if (Object.keys(found).length > 0 || !parsed.success) return showErrors(found);
    try {
      await change.mutateAsync(parsed.data);
      setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
      setErrors({});
      notifySuccess("Password changed", "You have been signed out on every other device.");
    } catch (error) {
      const { field, text } = fieldOf(errorMessage(error).replace(/^\d+: /, ""), FIELDS);
      if (field) showErrors({ [field]: text });
      else setFailure(errorMessage(error));
    }
  };

  const field = (name: FieldName, label: string, autoComplete: string, helper?: string) => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        ref={(el) => {
          inputs.current[name] = el;
        }}
        type="password"
        name={name}
        size="lg"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setValues((v) => ({ ...v, [name]: value }));
        }}
      />
      {helper && !errors[name] && <Field.HelperText>{helper}</Field.HelperText>}
      {errors[name] && <Field.ErrorText color={ERROR_COLOR}>{errors[name]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <AccountLayout
      title="Change Password"
      description="Choose a new password. Every other device signed in to your account is signed out."
    >
      <Card.Root as="section" aria-label="Change Password" maxW="lg">
        <Card.Body>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="4">
              {failure && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Root>
              )}
              {field("currentPassword", "Current password", "current-password")}
              {field(
                "newPassword",
                "New password",
                "new-password",
                `At least ${PASSWORD_MIN} characters; not a common password.`,
              )}
              {field("confirmPassword", "Confirm new password", "new-password")}
              <Button type="submit" colorPalette="brand" size="lg" loading={change.isPending} alignSelf="flex-start">
                Change Password
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </AccountLayout>
  );
}
