import { Fieldset, Input, NativeSelect, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
import { OPTIONS_PER_QUESTION, type QuestionType, SECTION_COUNT } from "@jcba/domain";
import { MAX_LENGTH } from "@jcba/validators";
import { ERROR_COLOR, FormField } from "./AdminUi.tsx";
import { EditDialog, type EditDialogProps, EditFormFrame, useEditForm } from "./EditDialog.tsx";
import {
  blankQuestionForm,
  checkQuestion,
  OPTION_LETTERS,
  QUESTION_FIELDS,
  type Question,
  type QuestionForm,
  type QuestionPayload,
  questionFormFrom,
} from "./questionForm.ts";

export type QuestionDialogProps = EditDialogProps<Question, QuestionPayload>;

export function QuestionDialog(props: QuestionDialogProps) {
  return (
    <EditDialog target={props.target} onClose={props.onClose}>
      {(target) => <QuestionFormBody {...props} target={target} />}
    </EditDialog>
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
  const { form, formRef, shown, edit, submit } = useEditForm({
    initial: () => (editing ? questionFormFrom(target) : blankQuestionForm(defaultSection)),
    serverErrors,
    check: checkQuestion,
    order: QUESTION_FIELDS,
    onSubmit,
  });
  const update = <K extends keyof QuestionForm>(key: K, value: QuestionForm[K], field: string = key) =>
    edit({ [key]: value } as Pick<QuestionForm, K>, [field]);
  const setOption = (i: number, value: string) =>
    edit((f) => ({ options: f.options.map((o, j) => (j === i ? value : o)) }), [`options.${i}`, "options"]);

  const multiple = form.questionType === "multiple-choice";
  const filled = form.options.map((o, i) => ({ i, text: o.trim() })).filter((o) => o.text);
  const optionsError = shown("options");

  return (
    <EditFormFrame
      id="question-form"
      title={editing ? "Edit Question" : "Add New Question"}
      editing={editing}
      pending={pending}
      formError={formError}
      formRef={formRef}
      onSubmit={submit}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField
          label="Section"
          required
          error={shown("sectionNumber")}
          helper={`A number from 1 to ${SECTION_COUNT}`}
        >
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
            maxLength={MAX_LENGTH.text}
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
                    maxLength={MAX_LENGTH.option}
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
                  <option key={o.i} value={String(o.i)}>{`${OPTION_LETTERS[o.i]}. ${o.text}`}</option>
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
              maxLength={MAX_LENGTH.answer}
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
            maxLength={MAX_LENGTH.text}
            autoresize
            value={form.explanation}
            onChange={(e) => update("explanation", e.currentTarget.value)}
          />
        )}
      </FormField>
      <FormField label="Citation (optional)" error={shown("citation")} helper="The contract paragraph, e.g. 19.A.1">
        {(d) => (
          <Input
            {...d}
            name="citation"
            size="lg"
            maxLength={MAX_LENGTH.citation}
            value={form.citation}
            onChange={(e) => update("citation", e.currentTarget.value)}
          />
        )}
      </FormField>
    </EditFormFrame>
  );
}
