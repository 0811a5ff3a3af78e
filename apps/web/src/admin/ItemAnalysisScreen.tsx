import { Badge, Box, Button, Card, Field, Flex, Table, Text } from "@chakra-ui/react";
import { ITEM_FLAG_LABELS } from "@jcba/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowDown, ArrowUp, Download, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import { errorMessage, useTRPC, useTRPCClient } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { AdminPage, AdminToolbar } from "./AdminUi.tsx";
import {
  discriminationText,
  itemAnalysisCsv,
  optionCountsText,
  percentText,
  type SortKey,
  secondsText,
  sortRows,
} from "./itemAnalysisTable.ts";
import { SectionSelect } from "./SectionSelect.tsx";
import { downloadFile } from "./transfer/transferRequests.ts";

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: "number", label: "#", numeric: true },
  { key: "questionText", label: "Question" },
  { key: "firstAnswers", label: "First answers", numeric: true },
  { key: "facility", label: "Facility", numeric: true },
  { key: "discrimination", label: "Discrimination", numeric: true },
  { key: "medianTimeMs", label: "Median time", numeric: true },
];

/**
 * Item Analysis (/admin/item-analysis?section=N): per question of a section, from members' first
 * answers, facility, discrimination, option counts and median time, with the 'needs checking'
 * flags; sortable, exportable as CSV, each question linking to its edit dialog.
 */
export function ItemAnalysisScreen({
  section,
  onSectionChange,
}: {
  section: number;
  onSectionChange: (n: number) => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const report = useQuery(trpc.analysis.itemAnalysis.queryOptions({ section }));
  // The server answers from figures stored up to a few minutes ago; Refresh computes them now.
  const refresh = useMutation({
    mutationFn: () => client.analysis.itemAnalysis.query({ section, refresh: "true" }),
    onSuccess: (data) => queryClient.setQueryData(trpc.analysis.itemAnalysis.queryKey({ section }), data),
  });
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: "number", ascending: true });
  const rows = useMemo(
    () => sortRows(report.data?.questions ?? [], sort.key, sort.ascending),
    [report.data, sort.key, sort.ascending],
  );
  const numbers = useMemo(
    () => new Map((report.data?.questions ?? []).map((r, i) => [r.questionId, i + 1])),
    [report.data],
  );
  const flagged = rows.filter((r) => r.needsChecking).length;

  const sortBy = (key: SortKey) =>
    setSort((s) =>
      s.key === key ? { key, ascending: !s.ascending } : { key, ascending: key === "number" || key === "questionText" },
    );

  return (
    <AdminPage
      title="Item Analysis"
      description="How members' first answers went on each question: facility, discrimination, option choices and time. Statistics show from 30 first answers."
      action={
        <Flex gap="3" direction={{ base: "column", sm: "row" }}>
          <Button
            variant="outline"
            size="lg"
            disabled={!report.data}
            loading={refresh.isPending}
            loadingText="Refreshing"
            onClick={() => refresh.mutate()}
          >
            <RefreshCw aria-hidden /> Refresh
          </Button>
          <Button
            variant="outline"
            size="lg"
            disabled={!report.data}
            onClick={() =>
              downloadFile({
                filename: `item-analysis-section-${section}.csv`,
                contentType: "text/csv",
                content: itemAnalysisCsv(rows),
              })
            }
          >
            <Download aria-hidden /> Export CSV
          </Button>
        </Flex>
      }
      maxW="7xl"
    >
      <AdminToolbar>
        <Field.Root maxW={{ base: "full", sm: "xs" }}>
          <Field.Label>Section</Field.Label>
          <SectionSelect
            value={String(section)}
            onChange={(value) => onSectionChange(Number(value))}
            testId="item-analysis-section"
          />
        </Field.Root>
        {report.isSuccess && (
          <Text color="fg.muted" role="status" data-testid="item-analysis-summary">
            {rows.length} questions in Section {section}, {flagged} need checking · figures as of{" "}
            {new Date(report.data.computedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
          </Text>
        )}
      </AdminToolbar>

      {refresh.isError && (
        <Text color="fg.error" role="alert">
          {errorMessage(refresh.error)}
        </Text>
      )}
      {report.isPending ? (
        <LoadingSpinner label="Loading item analysis" />
      ) : report.isError ? (
        <ErrorCard message={errorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : rows.length === 0 ? (
        <Card.Root>
          <Card.Body textAlign="center" color="fg.muted">
            No questions in this section yet.
          </Card.Body>
        </Card.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" striped aria-label={`Item analysis of Section ${section}`}>
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((c) => (
                  <Table.ColumnHeader
                    key={c.key}
                    textAlign={c.numeric ? "end" : "start"}
                    aria-sort={sort.key === c.key ? (sort.ascending ? "ascending" : "descending") : "none"}
                  >
                    <SortButton
                      label={c.label}
                      active={sort.key === c.key}
                      ascending={sort.ascending}
                      onClick={() => sortBy(c.key)}
                    />
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader>Options chosen</Table.ColumnHeader>
                <Table.ColumnHeader
                  aria-sort={sort.key === "needsChecking" ? (sort.ascending ? "ascending" : "descending") : "none"}
                >
                  <SortButton
                    label="Needs checking"
                    active={sort.key === "needsChecking"}
                    ascending={sort.ascending}
                    onClick={() => sortBy("needsChecking")}
                  />
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.questionId} data-testid="item-analysis-row" data-question-id={r.questionId}>
                  <Table.Cell textAlign="end">{numbers.get(r.questionId)}</Table.Cell>
                  <Table.Cell minW="14rem" maxW="26rem">
                    <Link
                      to="/admin/questions"
                      search={{ section, edit: r.questionId }}
                      title="Edit this question"
                      style={{ textDecoration: "underline" }}
                    >
                      <Text as="span" lineClamp={2}>
                        {r.questionText}
                      </Text>
                    </Link>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{r.firstAnswers}</Table.Cell>
                  <Table.Cell textAlign="end">{percentText(r.facility)}</Table.Cell>
                  <Table.Cell textAlign="end">{discriminationText(r.discrimination)}</Table.Cell>
                  <Table.Cell textAlign="end">{secondsText(r.medianTimeMs)}</Table.Cell>
                  <Table.Cell minW="9rem">{optionCountsText(r)}</Table.Cell>
                  <Table.Cell>
                    {r.flags.length === 0 ? (
                      <Text as="span" color="fg.muted">
                        {r.firstAnswers < (report.data?.minimumAnswers ?? 30) ? "Too few answers" : "No"}
                      </Text>
                    ) : (
                      <Flex gap="1" wrap="wrap">
                        {r.flags.map((f) => (
                          <Badge key={f} colorPalette="orange" variant="surface">
                            {ITEM_FLAG_LABELS[f]}
                          </Badge>
                        ))}
                      </Flex>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Box color="fg.muted" fontSize="sm">
        Facility is the share of first answers that were right. Discrimination is the correlation between answering the
        question right and the member's first-answer score on the rest of the bank. A question needs checking when
        facility is under 20 % or over 95 %, discrimination is under 0.15, or a wrong option is never chosen.
      </Box>
    </AdminPage>
  );
}

function SortButton({
  label,
  active,
  ascending,
  onClick,
}: {
  label: string;
  active: boolean;
  ascending: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="ghost" size="sm" px="1" fontWeight="semibold" onClick={onClick}>
      {label}
      {active && (ascending ? <ArrowUp aria-hidden size={14} /> : <ArrowDown aria-hidden size={14} />)}
    </Button>
  );
}
