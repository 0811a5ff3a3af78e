import {
  Box,
  Button,
  Dialog,
  Field,
  Flex,
  type FlexProps,
  Input,
  NativeSelect,
  Portal,
  Stack,
  type StackProps,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { SECTION_COUNT } from "@jcba/domain";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Trash2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import { PageTitle } from "../components/PageTitle.tsx";
import { ERROR_COLOR } from "./AdminListRow.tsx";
import { SectionSelect } from "./SectionSelect.tsx";

/** An admin page: its header, then its parts one below the other, centred up to `maxW`. */
export function AdminPage({
  title,
  description,
  action,
  maxW,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  maxW: StackProps["maxW"];
  children: ReactNode;
}) {
  return (
    <Stack gap="6" maxW={maxW} mx="auto" w="full">
      <AdminPageHeader title={title} description={description} action={action} />
      {children}
    </Stack>
  );
}

/** Title row of an admin page: back link, title, description and the add button. */
function AdminPageHeader({ title, description, action }: { title: string; description: string; action: ReactNode }) {
  return (
    <Box>
      <Button asChild variant="ghost" size="lg" ms="-3" mb="2">
        <Link to="/admin">
          <ArrowLeft aria-hidden /> Back to Admin
        </Link>
      </Button>
      <AdminToolbar wrap={{ sm: "wrap" }}>
        <PageTitle title={title} description={description} flex={{ sm: "1 1 18rem" }} minW="0" />
        {action}
      </AdminToolbar>
    </Box>
  );
}

/** A row of an admin page that stacks on phones: the title and its buttons, a filter and its count. */
export function AdminToolbar(props: FlexProps) {
  return (
    <Flex
      gap="4"
      align={{ base: "stretch", sm: "flex-end" }}
      justify="space-between"
      direction={{ base: "column", sm: "row" }}
      {...props}
    />
  );
}

/** 'Filter by Section': All Sections, or Section 1 to 32 (value "all" or the number). */
export function AdminSectionFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root maxW={{ base: "full", sm: "xs" }}>
      <Field.Label>Filter by Section</Field.Label>
      <SectionSelect
        value={value}
        onChange={onChange}
        testId="admin-section-filter"
        first={{ value: "all", label: "All Sections" }}
      />
    </Field.Root>
  );
}

/** An accessible confirmation (role alertdialog) before deleting; Cancel has the initial focus. */
export interface ConfirmDeleteProps {
  open: boolean;
  message: string;
  detail?: string | undefined;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** For an action that is not a deletion (a revoke): the dialog's title and its button. */
  title?: string;
  confirmLabel?: string;
}

export function ConfirmDeleteDialog({
  open,
  message,
  detail,
  pending,
  onConfirm,
  onClose,
  title = "Confirm delete",
  confirmLabel = "Delete",
}: ConfirmDeleteProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{message}</Text>
              {detail && (
                <Text mt="3" color="fg.muted" fontSize="sm" lineClamp={3}>
                  “{detail}”
                </Text>
              )}
              <Text mt="3" color="fg.muted" fontSize="sm">
                This cannot be undone.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" size="lg">
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                size="lg"
                onClick={onConfirm}
                loading={pending}
                loadingText={confirmLabel === "Delete" ? "Deleting" : `${confirmLabel}…`}
              >
                <Trash2 aria-hidden /> {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** aria-describedby for a form control: its helper text and its message. */
export interface Described {
  "aria-describedby"?: string;
}

/**
 * A labelled form field with its message right below it. The control gets aria-invalid from the
 * Field, and aria-describedby naming the helper and the message (Ark only sets aria-errormessage).
 */
export function FormField({
  label,
  error,
  helper,
  required,
  children,
}: {
  label: string;
  error?: string;
  helper?: string;
  required?: boolean;
  children: (described: Described) => ReactNode;
}) {
  const id = useId();
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;
  const showHelper = Boolean(helper) && !error;
  const describedBy = [showHelper ? helperId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={{ helperText: helperId, errorText: errorId }}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children({ "aria-describedby": describedBy })}
      {showHelper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** What a field of a form that edits one named field takes: its label, value and messages. */
export interface NamedFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helper?: string;
  required?: boolean;
}

/** A text field of a form, one line or (with `rows`) several, named after the field it edits. */
export function TextField({
  maxLength,
  rows,
  ...field
}: NamedFieldProps & {
  maxLength: number;
  /** Several lines, growing with the text. */
  rows?: number;
}) {
  const { label, name, value, onChange, error, helper, required } = field;
  return (
    <FormField label={label} required={required} error={error} helper={helper}>
      {(d) =>
        rows ? (
          <Textarea
            {...d}
            name={name}
            rows={rows}
            maxLength={maxLength}
            autoresize
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        ) : (
          <Input
            {...d}
            name={name}
            size="lg"
            maxLength={maxLength}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        )
      }
    </FormField>
  );
}

/** A select of a form, named after the field it edits; its options are the children. */
export function FormSelectField({
  placeholder,
  children,
  ...field
}: NamedFieldProps & {
  /** A first, empty choice shown until one is chosen. */
  placeholder?: string;
  children: ReactNode;
}) {
  const { label, name, value, onChange, error, helper, required } = field;
  return (
    <FormField label={label} required={required} error={error} helper={helper}>
      {(d) => (
        <NativeSelect.Root size="lg">
          <NativeSelect.Field
            {...d}
            name={name}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            placeholder={placeholder}
          >
            {children}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </FormField>
  );
}

/** The Section field (1–32) of the question and flashcard forms. */
export function SectionField({
  value,
  onChange,
  error,
  maxW,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxW?: { sm: string };
}) {
  return (
    <FormField label="Section" required error={error} helper={`A number from 1 to ${SECTION_COUNT}`}>
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
          maxW={maxW}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </FormField>
  );
}

// In a file of their own so that the admin dashboard's lists load without this file's dialogs and forms.
export { AdminListRow, AdminRowButton, ERROR_COLOR, SUCCESS_COLOR } from "./AdminListRow.tsx";
