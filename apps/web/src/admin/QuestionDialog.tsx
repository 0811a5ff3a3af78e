import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  Fieldset,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Textarea,
  useBreakpointValue,
} from "@chakra-ui/react";
import { OPTIONS_PER_QUESTION, type QuestionType } from "@jcba/domain";
import { useRef, useState } from "react";
import { ERROR_COLOR, FormField } from "./AdminUi.tsx";
import {
  blankQuestionForm,
  QUESTION_FIELDS,
  type Question,
  type QuestionForm,
  type QuestionPayload,
  questionFormFrom,
  questionPayload,
  validateQuestion,
} from "./questionForm.ts";
import { type FieldErrors, focusFirstError } from "./serverIssues.ts";

const LETTERS = ["A", "B", "C", "D"];

export interface QuestionDialogProps {
  /** null: closed; "new": create mode; a question: edit mode. */
  target: Question | "new" | null;
  defaultSection?: number;
  pending: boolean;
  /** Server-side messages per field, and a message not tied to a field. */
  serverErrors: FieldErrors;
  formError: string | null;
  onSubmit: (payload: QuestionPayload) => void;
  onClose: () => void;
}

export function QuestionDialog(props: QuestionDialogProps) {
  const { target, onClose } = props;
  // Full screen on phones, a centred dialog from 768 px (responsive slot sizes mix "full" height into "lg").
  const size = useBreakpointValue({ base: "full", md: "lg" } as const) ?? "lg";
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size={size}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {target !== null && (
              <QuestionFormBody key={target === "new" ? "new" : target.id} {...props} target={target} />
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function QuestionFormBody({
  target,
  defaultSection,
  pending,
  serverErrors,
  formError,
  onSubmit,
}: QuestionDialogProps & { target: Question | "new" }) {
  const editing = target !== "new";
  const [form, setForm] = useState<QuestionForm>(() =>
    editing ? questionFormFrom(target) : blankQuestionForm(defaultSection),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touchedSinceServer, setTouched] = useState<ReadonlySet<string>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);

  // A server message stays next to its field until that field is edited.
  const shown = (field: string) => errors[field] ?? (touchedSinceServer.has(field) ? undefined : serverErrors[field]);
  const update = <K extends keyof QuestionForm>(key: K, value: QuestionForm[K], field: string = key) => {
    setForm((f) => ({ ...f, [key]: value }));
    setTouched((t) => new Set(t).add(field));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const setOption = (i: number, value: string) => {
    setForm((f) => ({ ...f, options: f.options.map((o, j) => (j === i ? value : o)) }));
    setTouched((t) => new Set(t).add(`options.${i}`).add("options"));
    setErrors(({ [`options.${i}`]: _a, options: _b, ...rest }) => rest);
  };

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateQuestion(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstError(formRef.current, found, QUESTION_FIELDS));
      return;
    }
    setTouched(new Set());
    onSubmit(questionPayload(form));
  };

  const multiple = form.questionType === "multiple-choice";
  const filled = form.options.map((o, i) => ({ i, text: o.trim() })).filter((o) => o.text);
  const optionsError = shown("options");

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{editing ? "Edit Question" : "Add New Question"}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id="question-form" ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="4">
            {formError && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            )}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <FormField label="Section" required error={shown("sectionNumber")} helper="A number from 1 to 32">
                {(d) => (
                  <Input
                    {...d}
                    name="sectionNumber"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={32}
                    step={1}
                    size="lg"
                    value={form.sectionNumber}
                    onChange={(e) => update("sectionNumber", e.currentTarget.value)}
                  />
                )}
              </FormField>
              <FormField label="Question type" required error={shown("questionType")}>
                {(d) => (
                  <NativeSelect.Root size="lg">
                    <NativeSelect.Field
                      {...d}
                      name="questionType"
                      value={form.questionType}
                      onChange={(e) => update("questionType", e.currentTarget.value as QuestionType)}
                    >
                      <option value="multiple-choice">Multiple choice</option>
                      <option value="fill-in-blank">Fill in the blank</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
              </FormField>
            </SimpleGrid>
            <FormField label="Question text" required error={shown("questionText")}>
              {(d) => (
                <Textarea
                  {...d}
                  name="questionText"
                  rows={3}
                  maxLength={4000}
                  autoresize
                  value={form.questionText}
                  onChange={(e) => update("questionText", e.currentTarget.value)}
                />
              )}
            </FormField>
            {multiple && (
              <Fieldset.Root invalid={Boolean(optionsError)}>
                <Fieldset.Legend fontWeight="medium" fontSize="sm">
                  Options (all {OPTIONS_PER_QUESTION} required)
                </Fieldset.Legend>
                <Stack gap="3" mt="2">
                  {form.options.map((o, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are edited by position (Option 1 to 4)
                    <FormField key={i} label={`Option ${i + 1}`} required error={shown(`options.${i}`)}>
                      {(d) => (
                        <Input
                          {...d}
                          name={`options.${i}`}
                          size="lg"
                          maxLength={500}
                          value={o}
                          onChange={(e) => setOption(i, e.currentTarget.value)}
                        />
                      )}
                    </FormField>
                  ))}
                </Stack>
                {optionsError && <Fieldset.ErrorText color={ERROR_COLOR}>{optionsError}</Fieldset.ErrorText>}
              </Fieldset.Root>
            )}
            {multiple ? (
              <FormField
                label="Correct answer"
                required
                error={shown("correctAnswer")}
                helper="Choose one of the options above"
              >
                {(d) => (
                  <NativeSelect.Root size="lg">
                    <NativeSelect.Field
                      {...d}
                      name="correctAnswer"
                      value={form.correctIndex}
                      onChange={(e) => update("correctIndex", e.currentTarget.value, "correctAnswer")}
                      placeholder={filled.length ? "Choose the correct option" : "Fill in the options first"}
                    >
                      {filled.map((o) => (
                        <option key={o.i} value={String(o.i)}>{`${LETTERS[o.i]}. ${o.text}`}</option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
              </FormField>
            ) : (
              <FormField
                label="Correct answer"
                required
                error={shown("correctAnswer")}
                helper="Checked ignoring case and surrounding spaces"
              >
                {(d) => (
                  <Input
                    {...d}
                    name="correctAnswer"
                    size="lg"
                    maxLength={500}
                    value={form.correctText}
                    onChange={(e) => update("correctText", e.currentTarget.value, "correctAnswer")}
                  />
                )}
              </FormField>
            )}
            <FormField label="Explanation" required error={shown("explanation")}>
              {(d) => (
                <Textarea
                  {...d}
                  name="explanation"
                  rows={3}
                  maxLength={4000}
                  autoresize
                  value={form.explanation}
                  onChange={(e) => update("explanation", e.currentTarget.value)}
                />
              )}
            </FormField>
            <FormField
              label="Citation (optional)"
              error={shown("citation")}
              helper="The contract paragraph, e.g. 19.A.1"
            >
              {(d) => (
                <Input
                  {...d}
                  name="citation"
                  size="lg"
                  maxLength={40}
                  value={form.citation}
                  onChange={(e) => update("citation", e.currentTarget.value)}
                />
              )}
            </FormField>
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Box display="flex" gap="3" w={{ base: "full", sm: "auto" }} justifyContent="flex-end">
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" size="lg" flex={{ base: "1", sm: "initial" }}>
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button
            type="submit"
            form="question-form"
            colorPalette="brand"
            size="lg"
            loading={pending}
            flex={{ base: "1", sm: "initial" }}
          >
            {editing ? "Update" : "Create"}
          </Button>
        </Box>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="md" position="absolute" top="2" insetEnd="2" />
      </Dialog.CloseTrigger>
    </>
  );
}
