import { Badge, Box, Button, Card, Field, Flex, Stack, Tabs, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Check, Pencil, RotateCcw, X } from "lucide-react";
import { useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { notifyError, notifySuccess } from "../components/ui/toaster.tsx";
import { CATEGORY_LABELS, formatDate, type ReportStatus, STATUS_LABELS } from "../reports/reportLabels.ts";
import { AdminPage } from "./AdminUi.tsx";
import { Pager } from "./Pager.tsx";

type Report = RouterOutputs["reports"]["list"]["reports"][number];
const PAGE_SIZE = 20;
const TABS: ReportStatus[] = ["open", "fixed", "rejected"];

/** The admins' report queue: open, fixed and rejected reports, each with a reply and a link to the item. */
export function ReportsQueue() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<ReportStatus>("open");
  const [page, setPage] = useState(1);
  const list = useQuery(
    trpc.reports.list.queryOptions({ status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, { staleTime: 0 }),
  );
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  return (
    <AdminPage title="Reports" description="Problems members reported with questions and flashcards" maxW="5xl">
      <Tabs.Root
        value={status}
        onValueChange={(e) => {
          setStatus(e.value as ReportStatus);
          setPage(1);
        }}
        variant="line"
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Trigger key={t} value={t} minH="44px">
              {STATUS_LABELS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t} value={t}>
            {t !== status ? null : list.isPending ? (
              <LoadingSpinner label="Loading reports" />
            ) : list.isError ? (
              <ErrorCard message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
            ) : list.data.reports.length === 0 ? (
              <Text color="fg.muted" py="6">
                No {STATUS_LABELS[t].toLowerCase()} reports.
              </Text>
            ) : (
              <Stack gap="4">
                <Text color="fg.muted" role="status" data-testid="report-total">
                  {list.data.total} {STATUS_LABELS[t].toLowerCase()} report{list.data.total === 1 ? "" : "s"}
                </Text>
                <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label={`${STATUS_LABELS[t]} reports`}>
                  {list.data.reports.map((r) => (
                    <ReportCard key={`${r.id}-${r.status}`} report={r} />
                  ))}
                </Stack>
                {pageCount > 1 && <Pager page={page} pageCount={pageCount} onChange={setPage} label="Report pages" />}
              </Stack>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AdminPage>
  );
}

function ReportCard({ report: r }: { report: Report }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState(r.reply ?? "");
  const decide = useMutation(
    trpc.reports.decide.mutationOptions({
      onSuccess: (done) => {
        void queryClient.invalidateQueries({ queryKey: trpc.reports.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.reports.openCount.queryKey() });
        notifySuccess(`Report marked ${STATUS_LABELS[done.status].toLowerCase()}`);
      },
      onError: (error) => notifyError("The report was not updated", errorMessage(error)),
    }),
  );
  const send = (status: ReportStatus) => decide.mutate({ id: r.id, status, reply: reply.trim() });
  const name = `${r.reporter.firstName} ${r.reporter.lastName}`.trim() || r.reporter.email;
  const headingId = `report-${r.id}`;
  return (
    <Card.Root as="li" aria-labelledby={headingId} data-testid="admin-report">
      <Card.Body gap="3">
        <Flex gap="2" wrap="wrap" align="center">
          <Badge colorPalette="orange">{CATEGORY_LABELS[r.category]}</Badge>
          <Badge variant="outline">
            {r.itemType === "question" ? "Question" : "Flashcard"} {r.itemId}
            {r.item ? ` · Section ${r.item.sectionNumber}` : ""}
          </Badge>
          {r.item?.archived && <Badge colorPalette="gray">Archived</Badge>}
          <Text fontSize="sm" color="fg.muted" ms="auto">
            {name} · {formatDate(r.createdAt)}
          </Text>
        </Flex>
        <Text fontWeight="semibold" id={headingId}>
          {r.item?.text ?? "This item has been deleted."}
        </Text>
        {r.comment && (
          <Box bg="bg.muted" rounded="md" p="3" fontSize="sm">
            <Text fontWeight="semibold">Comment</Text>
            <Text whiteSpace="pre-wrap">{r.comment}</Text>
          </Box>
        )}
        <Field.Root>
          <Field.Label>Reply to the member</Field.Label>
          <Textarea value={reply} onChange={(e) => setReply(e.currentTarget.value)} rows={2} maxLength={2000} />
        </Field.Root>
        <Flex gap="2" wrap="wrap" justify="flex-end">
          {r.item && !r.item.archived && (
            <Button asChild variant="outline" minH="44px" me="auto">
              <Link
                to={r.itemType === "question" ? "/admin/questions" : "/admin/flashcards"}
                search={{ section: r.item.sectionNumber, edit: r.itemId }}
              >
                <Pencil aria-hidden /> Edit {r.itemType}
              </Link>
            </Button>
          )}
          {r.status !== "open" ? (
            <Button variant="outline" minH="44px" onClick={() => send("open")} loading={decide.isPending}>
              <RotateCcw aria-hidden /> Reopen
            </Button>
          ) : null}
          {r.status !== "rejected" && (
            <Button variant="outline" minH="44px" onClick={() => send("rejected")} loading={decide.isPending}>
              <X aria-hidden /> Reject
            </Button>
          )}
          <Button colorPalette="brand" minH="44px" onClick={() => send("fixed")} loading={decide.isPending}>
            <Check aria-hidden /> {r.status === "fixed" ? "Save Reply" : "Mark Fixed"}
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
