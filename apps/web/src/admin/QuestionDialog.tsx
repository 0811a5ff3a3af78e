import { Fieldset, Flex, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { OPTIONS_PER_QUESTION, type PastAnswerChoice, QUESTION_TYPES, type QuestionType } from "@jcba/domain";
import { questionTypeLabel } from "@jcba/domain/first-paint";
import { MAX_LENGTH } from "@jcba/validators";
import { NativeRadio } from "../components/NativeRadio.tsx";
import { ERROR_COLOR, FormSelectField, SectionField, TextField } from "./AdminUi.tsx";
import { CitationField } from "./CitationField.tsx";
import { type EditDialogProps, FormDialog, type FormState } from "./EditDialog.tsx";
import {
  changesCorrectAnswer,
  OPTION_LETTERS,
  QUESTION_FORM,
  type Question,
  type QuestionForm,
  type QuestionPayload,
} from "./questionForm.ts";

export function QuestionDialog(props: EditDialogProps<Question, QuestionPayload>) {
  return <FormDialog dialog={props} noun="Question" form={QUESTION_FORM} fields={QuestionFields} />;
}

export function QuestionFields({ form, shown, edit }: FormState<QuestionForm>) {
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
        <FormSelectField
          label="Question type"
          name="questionType"
          required
          error={shown("questionType")}
          value={form.questionType}
          onChange={(value) => update("questionType", value as QuestionType)}
        >
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {questionTypeLabel(type)}
            </option>
          ))}
        </FormSelectField>
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
        <FormSelectField
          label="Correct answer"
          name="correctAnswer"
          required
          error={shown("correctAnswer")}
          helper="Choose one of the options above"
          value={form.correctIndex}
          onChange={(value) => update("correctIndex", value, "correctAnswer")}
          placeholder={filled.length ? "Choose the correct option" : "Fill in the options first"}
        >
          {filled.map((o) => (
            <option key={o.i} value={String(o.i)}>{`${OPTION_LETTERS[o.i]}. ${o.text}`}</option>
          ))}
        </FormSelectField>
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
      {changesCorrectAnswer(form) && (
        <PastAnswersChoice value={form.pastAnswers} onChange={(value) => update("pastAnswers", value)} />
      )}
      <TextField label="Explanation" required rows={3} maxLength={MAX_LENGTH.text} {...field("explanation")} />
      <CitationField example="19.A.1" {...field("citation")} />
    </>
  );
}

const PAST_ANSWER_LABELS: Record<PastAnswerChoice, { label: string; detail: string }> = {
  keep: {
    label: "Keep past answers as graded",
    detail: "Members keep their results; their history shows the version they answered.",
  },
  regrade: {
    label: "Regrade past answers",
    detail:
      "Every past answer is graded again with the new answer: results and test scores change (recorded in the audit trail).",
  },
};

/**
 * Shown when an edit changes the correct answer: what becomes of the answers members gave before.
 * The browser's own radio buttons: arrow keys move between them, and no radio machinery is downloaded.
 */
function PastAnswersChoice({
  value,
  onChange,
}: {
  value: PastAnswerChoice;
  onChange: (value: PastAnswerChoice) => void;
}) {
  return (
    <Fieldset.Root borderWidth="1px" rounded="l2" p="3" data-testid="past-answers">
      <Fieldset.Legend fontWeight="medium" fontSize="sm" px="1">
        The correct answer changes: past answers to this question
      </Fieldset.Legend>
      <Stack gap="2" mt="1">
        {(Object.keys(PAST_ANSWER_LABELS) as PastAnswerChoice[]).map((choice) => (
          <Flex as="label" key={choice} gap="3" align="flex-start" minH="44px" cursor="pointer">
            <NativeRadio
              name="pastAnswers"
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              mt="1"
            />
            <span>
              <Text as="span" display="block" fontSize="sm" fontWeight="medium">
                {PAST_ANSWER_LABELS[choice].label}
              </Text>
              <Text as="span" display="block" fontSize="xs" color="fg.muted">
                {PAST_ANSWER_LABELS[choice].detail}
              </Text>
            </span>
          </Flex>
        ))}
      </Stack>
    </Fieldset.Root>
  );
}
