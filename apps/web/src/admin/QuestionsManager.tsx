import { Badge, Box, Button, Card, Flex, HStack, IconButton, List, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { notifyError, notifySuccess } from "../components/ui/toaster.tsx";
import { citationLabel } from "../flashcards/citation.ts";
import { AdminPageHeader, AdminSectionFilter, ConfirmDeleteDialog } from "./AdminUi.tsx";
import { Pager, usePage } from "./Pager.tsx";
import { QuestionDialog } from "./QuestionDialog.tsx";
import { QUESTION_FIELDS, type Question, type QuestionPayload } from "./questionForm.ts";
import { type FieldErrors, serverErrors } from "./serverIssues.ts";
import { TransferControls } from "./Transfer.tsx";

const PAGE_SIZE = 20;
const LETTERS = ["A", "B", "C", "D"];

/**
 * Manage Questions. The bank has ~800 questions, so the list opens on Section 1; 'All Sections'
 * shows them 20 to a page.
 */
export function QuestionsManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState("1");
  const section = filter === "all" ? undefined : Number(filter);
  const list = useQuery(trpc.questions.list.queryOptions(section === undefined ? {} : { section }));
  const questions = list.data ?? [];
  // Only 'All Sections' is paged; one section has at most ~50 questions.
  const pageSize = section === undefined ? PAGE_SIZE : Math.max(questions.length, 1);
  const [page, setPage, pageCount] = usePage(questions.length, pageSize, filter);

  const [dialog, setDialog] = useState<Question | "new" | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);

  const refreshLists = () => queryClient.invalidateQueries({ queryKey: trpc.questions.list.queryKey() });
  // The totals are on another screen: refetch them now even though nothing shows them here.
  const refreshStats = () =>
    queryClient.invalidateQueries({ queryKey: trpc.admin.stats.queryKey(), refetchType: "all" });
  const openDialog = (target: Question | "new") => {
    setFieldErrors({});
    setFormError(null);
    setDialog(target);
  };
  const failed = (title: string) => (error: unknown) => {
    const { fields, description } = serverErrors(error, QUESTION_FIELDS);
    setFieldErrors(fields);
    setFormError(Object.keys(fields).length > 0 ? null : description);
    notifyError(title, description);
  };

  const create = useMutation(
    trpc.questions.create.mutationOptions({
      onSuccess: () => {
        notifySuccess("Question created successfully");
        setDialog(null);
        void refreshLists();
        void refreshStats();
      },
      onError: failed("Failed to create question"),
    }),
  );
  const update = useMutation(
    trpc.questions.update.mutationOptions({
      onSuccess: () => {
        notifySuccess("Question updated successfully");
        setDialog(null);
        void refreshLists();
      },
      onError: failed("Failed to update question"),
    }),
  );
  const remove = useMutation(
    trpc.questions.delete.mutationOptions({
      onSuccess: () => {
        notifySuccess("Question deleted successfully");
        setDeleting(null);
        void refreshLists();
        void refreshStats();
      },
      onError: (error) => {
        setDeleting(null);
        notifyError("Failed to delete question", errorMessage(error));
      },
    }),
  );

  const submit = (payload: QuestionPayload) => {
    setFieldErrors({});
    setFormError(null);
    if (dialog === "new") create.mutate(payload);
    else if (dialog) update.mutate({ id: dialog.id, ...payload });
  };

  const shown = questions.slice((page - 1) * pageSize, page * pageSize);
  return (
    <Stack gap="6" maxW="5xl" mx="auto" w="full">
      <AdminPageHeader
        title="Manage Questions"
        description="Add, edit and delete the study questions for each contract section"
        action={
          <Flex gap="3" direction={{ base: "column", sm: "row" }} justify="flex-end" flexShrink={0}>
            <TransferControls kind="questions" />
            <Button colorPalette="brand" size="lg" onClick={() => openDialog("new")}>
              <Plus aria-hidden /> Add Question
            </Button>
          </Flex>
        }
      />
      <Flex
        gap="4"
        align={{ base: "stretch", sm: "flex-end" }}
        justify="space-between"
        direction={{ base: "column", sm: "row" }}
      >
        <AdminSectionFilter value={filter} onChange={setFilter} />
        {list.isSuccess && (
          <Text color="fg.muted" role="status" data-testid="question-count">
            {questions.length} {questions.length === 1 ? "question" : "questions"}
            {section === undefined ? " in all sections" : ` in Section ${section}`}
          </Text>
        )}
      </Flex>

      {list.isPending ? (
        <LoadingSpinner label="Loading questions" />
      ) : list.isError ? (
        <ErrorCard message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : questions.length === 0 ? (
        <Card.Root>
          <Card.Body textAlign="center" color="fg.muted">
            No questions in this section yet. Use Add Question to write the first one.
          </Card.Body>
        </Card.Root>
      ) : (
        <>
          <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label="Questions">
            {shown.map((q) => (
              <li key={q.id}>
                <QuestionCard question={q} onEdit={() => openDialog(q)} onDelete={() => setDeleting(q)} />
              </li>
            ))}
          </Stack>
          {pageCount > 1 && <Pager page={page} pageCount={pageCount} onChange={setPage} label="Question pages" />}
        </>
      )}

      <QuestionDialog
        target={dialog}
        defaultSection={section}
        pending={create.isPending || update.isPending}
        serverErrors={fieldErrors}
        formError={formError}
        onSubmit={submit}
        onClose={() => setDialog(null)}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        message="Are you sure you want to delete this question?"
        detail={deleting?.questionText}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function QuestionCard({
  question: q,
  onEdit,
  onDelete,
}: {
  question: Question;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = `question-${q.id}-heading`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} data-testid="question-card">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Text as="h2" id={headingId} fontWeight="semibold" fontSize="md" lineHeight="short">
            Section {q.sectionNumber}: {q.questionText}
          </Text>
          <HStack gap="1" flexShrink={0}>
            <IconButton
              variant="ghost"
              size="md"
              minW="44px"
              minH="44px"
              aria-label="Edit question"
              title="Edit question"
              onClick={onEdit}
            >
              <Pencil />
            </IconButton>
            <IconButton
              variant="ghost"
              size="md"
              minW="44px"
              minH="44px"
              colorPalette="red"
              aria-label="Delete question"
              title="Delete question"
              onClick={onDelete}
            >
              <Trash2 />
            </IconButton>
          </HStack>
        </Flex>
        <HStack gap="2" wrap="wrap">
          <Badge variant="outline">Type: {q.questionType}</Badge>
          {q.citation && <Badge variant="subtle">{citationLabel(q.citation)}</Badge>}
        </HStack>
        {q.options && (
          <List.Root as="ol" gap="1" ps="1" listStyleType="none" aria-label="Options">
            {q.options.map((o, i) => {
              const correct = o === q.correctAnswer;
              return (
                <List.Item
                  // biome-ignore lint/suspicious/noArrayIndexKey: a question's options are listed by position
                  key={i}
                  display="flex"
                  gap="2"
                  alignItems="flex-start"
                  fontSize="sm"
                  color={correct ? { _light: "green.700", _dark: "green.300" } : undefined}
                  fontWeight={correct ? "semibold" : undefined}
                >
                  <Box as="span" minW="5" color="fg.muted">
                    {LETTERS[i]}.
                  </Box>
                  <span>{o}</span>
                  {correct && (
                    <>
                      <CheckCircle2 size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                      <Box as="span" srOnly>
                        (correct answer)
                      </Box>
                    </>
                  )}
                </List.Item>
              );
            })}
          </List.Root>
        )}
        <Text fontSize="sm">
          <Box as="span" fontWeight="semibold">
            Answer:
          </Box>{" "}
          {q.correctAnswer}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          <Box as="span" fontWeight="semibold" color="fg">
            Explanation:
          </Box>{" "}
          {q.explanation}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
