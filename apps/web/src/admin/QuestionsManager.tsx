import { Badge, Box, Card, Flex, HStack, List, Stack, Text } from "@chakra-ui/react";
import { citationLabel } from "@jcba/domain";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useTRPC, useTRPCClient } from "../app/trpc.ts";
import { SUCCESS_COLOR } from "./AdminListRow.tsx";
import { ItemHistory } from "./history/ItemHistory.tsx";
import { EditDeleteButtons, ManagerPage } from "./ManagerPage.tsx";
import { Pager, usePage } from "./Pager.tsx";
import { QuestionDialog } from "./QuestionDialog.tsx";
import { OPTION_LETTERS, QUESTION_FIELDS, type Question, type QuestionPayload } from "./questionForm.ts";
import { ItemEditionsRow } from "./revise/ItemEditionsRow.tsx";
import { ReviseQuestion } from "./revise/ReviseDialogs.tsx";
import { type ItemCardActions, useContentManager } from "./useContentManager.ts";

const route = getRouteApi("/admin/questions");

const PAGE_SIZE = 20;

/**
 * Manage Questions. The bank has ~800 questions, so the list opens on Section 1; 'All Sections'
 * shows them 20 to a page.
 */
export function QuestionsManager() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { section: wantedSection, edit } = route.useSearch();
  const navigate = route.useNavigate();
  const [filter, setFilter] = useState(wantedSection === undefined ? "1" : String(wantedSection));
  const section = filter === "all" ? undefined : Number(filter);
  const list = useQuery(trpc.questions.list.queryOptions(section === undefined ? {} : { section }));
  const questions = list.data ?? [];
  // Only 'All Sections' is paged; one section has at most ~50 questions.
  const pageSize = section === undefined ? PAGE_SIZE : Math.max(questions.length, 1);
  const [page, setPage, pageCount] = usePage(questions.length, pageSize, filter);
  const { crud, revise, history, closeHistory, actionsFor } = useContentManager<Question, QuestionPayload>({
    noun: "question",
    fields: QUESTION_FIELDS,
    listKey: trpc.questions.list.queryKey(),
    api: client.questions,
    items: list.data,
    edit,
    clearEdit: () => void navigate({ search: {}, replace: true }),
    label: (q) => q.questionText,
  });

  const shown = questions.slice((page - 1) * pageSize, page * pageSize);
  return (
    <ManagerPage
      kind="questions"
      description="Add, edit and delete the study questions for each contract section"
      maxW="5xl"
      crud={crud}
      filter={filter}
      onFilterChange={setFilter}
      section={section}
      count={questions.length}
      list={list}
      editDialog={<QuestionDialog {...crud.dialogProps} defaultSection={section} />}
      deleteDetail={crud.deleting?.questionText}
    >
      <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label="Questions">
        {shown.map((q) => (
          <li key={q.id}>
            <QuestionCard question={q} {...actionsFor(q)} />
          </li>
        ))}
      </Stack>
      {pageCount > 1 && <Pager page={page} pageCount={pageCount} onChange={setPage} label="Question pages" />}
      <ItemHistory kind="question" item={history} onClose={closeHistory} />
      <ReviseQuestion state={revise.state} />
    </ManagerPage>
  );
}

function QuestionCard({
  question: q,
  onHistory,
  onEdit,
  onDelete,
  onRevise,
}: { question: Question } & ItemCardActions) {
  const headingId = `question-${q.id}-heading`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} data-testid="question-card">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Text as="h2" id={headingId} fontWeight="semibold" fontSize="md" lineHeight="short">
            Section {q.sectionNumber}: {q.questionText}
          </Text>
          <EditDeleteButtons noun="question" onHistory={onHistory} onEdit={onEdit} onDelete={onDelete} />
        </Flex>
        <HStack gap="2" wrap="wrap">
          <Badge variant="outline">Type: {q.questionType}</Badge>
          <Badge variant="outline">Version {q.version}</Badge>
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
                  color={correct ? SUCCESS_COLOR : undefined}
                  fontWeight={correct ? "semibold" : undefined}
                >
                  <Box as="span" minW="5" color="fg.muted">
                    {OPTION_LETTERS[i]}.
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
        <ItemEditionsRow editions={q.editions} onRevise={onRevise} />
      </Card.Body>
    </Card.Root>
  );
}
