import { Fieldset, NativeSelect, SimpleGrid, Stack } from "@chakra-ui/react";
import { OPTIONS_PER_QUESTION, type QuestionType } from "@jcba/domain";
import { MAX_LENGTH } from "@jcba/validators";
import { ERROR_COLOR, FormField, SectionField, TextField } from "./AdminUi.tsx";
import { type EditDialogProps, FormDialog, type FormState } from "./EditDialog.tsx";
import {
  OPTION_LETTERS,
  QUESTION_FORM,
  type Question,
  type QuestionForm,
  type QuestionPayload,
} from "./questionForm.ts";

export function QuestionDialog(props: EditDialogProps<Question, QuestionPayload>) {
  return (
    <FormDialog dialog={props} noun="Question" form={QUESTION_FORM}>
      {(state) => <QuestionFields {...state} />}
    </FormDialog>
  );
}

function QuestionFields({ form, shown, edit }: FormState<QuestionForm>) {
  const update = <K extends keyof QuestionForm>(key: K, value: QuestionForm[K], field: string = key) =>
    edit({ [key]: value } as Pick<QuestionForm, K>, [field]);
  const field = (key: "sectionNumber" | "questionText" | "explanation" | "citation") => ({
    name: key,
    value: form[key],
    error: shown(key),
    onChange: (value: string) => update(key, value),
  });
  const setOption = (i: number, value: string) =>
    edit((f) => ({ options: f.options.map((o, j) => (j === i ? value : o)) }), [`options.${i}`, "options"]);

  const multiple = form.questionType === "multiple-choice";
  const filled = form.options.map((o, i) => ({ i, text: o.trim() })).filter((o) => o.text);
  const optionsError = shown("options");

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SectionField {...field("sectionNumber")} />
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
      <TextField label="Question text" required rows={3} maxLength={MAX_LENGTH.text} {...field("questionText")} />
      {multiple && (
        <Fieldset.Root invalid={Boolean(optionsError)}>
          <Fieldset.Legend fontWeight="medium" fontSize="sm">
            Options (all {OPTIONS_PER_QUESTION} required)
          </Fieldset.Legend>
          <Stack gap="3" mt="2">
            {form.options.map((o, i) => (
              <TextField
                // biome-ignore lint/suspicious/noArrayIndexKey: options are edited by position (Option 1 to 4)
                key={i}
                label={`Option ${i + 1}`}
                name={`options.${i}`}
                required
                maxLength={MAX_LENGTH.option}
                value={o}
                error={shown(`options.${i}`)}
                onChange={(value) => setOption(i, value)}
              />
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
        <TextField
          label="Correct answer"
          name="correctAnswer"
          required
          helper="Checked ignoring case and surrounding spaces"
          maxLength={MAX_LENGTH.answer}
          value={form.correctText}
          error={shown("correctAnswer")}
          onChange={(value) => update("correctText", value, "correctAnswer")}
        />
      )}
      <TextField label="Explanation" required rows={3} maxLength={MAX_LENGTH.text} {...field("explanation")} />
      <TextField
        label="Citation (optional)"
        helper="The contract paragraph, e.g. 19.A.1"
        maxLength={MAX_LENGTH.citation}
        {...field("citation")}
      />
    </>
  );
}
