import { Alert, Box, List, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { plural } from "@jcba/domain";
import { useId } from "react";
import { ProblemAlert } from "../../components/ProblemAlert.tsx";
import { ERROR_COLOR } from "../AdminUi.tsx";
import { countOf, type ImportReport, type TransferKind } from "./transferRequests.ts";

/** The problem table lists at most this many rows; the totals count them all. */
const MAX_PROBLEM_ROWS = 100;

/** What the screen reader hears when a check ends. */
export function summarySentence(report: ImportReport): string {
  if (report.error) return `The file could not be checked. ${report.error}`;
  const counts = `${report.creates} to create, ${report.updates} to update, ${report.invalid} with problems`;
  return `Checked ${plural(report.total, "row", "rows")}: ${counts}.${report.invalid === 0 ? " Ready to import." : " Nothing can be imported until every row is valid."}`;
}

/** The check's totals, then either "every row is valid" or the rows with their problems. */
export function ImportReportView({
  kind,
  report,
  byLine = false,
}: {
  kind: TransferKind;
  report: ImportReport;
  /** GIFT and Aiken: rows are numbered by the line each question starts on. */
  byLine?: boolean;
}) {
  const problemRows = report.rows.filter((r) => r.problems.length > 0);
  const shown = problemRows.slice(0, MAX_PROBLEM_ROWS);
  const headingId = useId();
  if (report.error) {
    return <ProblemAlert title="The file could not be read" description={report.error} testId="import-error" />;
  }
  return (
    <Stack gap="4" data-testid="import-report">
      <SimpleGrid as="dl" columns={3} gap="3">
        <Total label="To create" value={report.creates} />
        <Total label="To update" value={report.updates} />
        <Total label="With problems" value={report.invalid} bad={report.invalid > 0} />
      </SimpleGrid>
      <NewVersions report={report} />
      {report.invalid === 0 ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Every row is valid</Alert.Title>
            <Alert.Description>
              {countOf(report.total, kind)} ready. Nothing has been saved yet: choose Import to save them.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <>
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{plural(report.invalid, "row has problems", "rows have problems")}</Alert.Title>
              <Alert.Description>
                Fix them in the file and choose it again. Nothing is imported until every row is valid.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Stack gap="2">
            <Text as="h3" id={headingId} fontWeight="semibold">
              Rows with problems
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {byLine
                ? "Each row is the line of the file where the question starts."
                : "Rows are counted from the first item; a CSV file's header line is not counted."}
            </Text>
            <Table.Root
              size="sm"
              aria-labelledby={headingId}
              data-testid="import-problems"
              tableLayout="fixed"
              w="full"
            >
              <Table.Header>
                <Table.Row bg="transparent">
                  <Table.ColumnHeader ps="0" w={{ base: "20", sm: "28" }}>
                    Row
                  </Table.ColumnHeader>
                  <Table.ColumnHeader pe="0">Problems</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {shown.map((r) => (
                  <Table.Row key={r.row} bg="transparent" data-testid="import-problem-row">
                    <Table.Cell ps="0" verticalAlign="top" fontVariantNumeric="tabular-nums">
                      <Text fontWeight="semibold">{r.row}</Text>
                      {r.id !== null && (
                        <Text fontSize="xs" color="fg.muted">
                          id {r.id}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell pe="0" verticalAlign="top">
                      <List.Root gap="1" ps="4" color={ERROR_COLOR}>
                        {r.problems.map((p, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a row's problems are fixed text in a fixed order
                          <List.Item key={i} overflowWrap="anywhere">
                            {p}
                          </List.Item>
                        ))}
                      </List.Root>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {problemRows.length > shown.length && (
              <Text fontSize="sm" color="fg.muted">
                Showing the first {shown.length} of {problemRows.length} rows with problems.
              </Text>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/**
 * The updates that would make a new version (they change what members see or how answers are graded),
 * and how many change metadata only; new items start at version 1.
 */
function NewVersions({ report }: { report: ImportReport }) {
  const headingId = useId();
  const updates = report.rows.filter((r) => r.action === "update" && r.id !== null);
  if (updates.length === 0) return null;
  const versioned = updates.filter((r) => r.newVersion !== null);
  const shown = versioned.slice(0, MAX_PROBLEM_ROWS);
  return (
    <Stack gap="1" data-testid="import-new-versions">
      <Text as="h3" id={headingId} fontWeight="semibold">
        {plural(versioned.length, "item gets a new version", "items get a new version")}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {updates.length - versioned.length > 0
          ? `${plural(updates.length - versioned.length, "update changes", "updates change")} nothing members see, so no new version. `
          : ""}
        Past answers keep the version they answered.
      </Text>
      {shown.length > 0 && (
        <List.Root aria-labelledby={headingId} ps="4" fontSize="sm" fontVariantNumeric="tabular-nums">
          {shown.map((r) => (
            <List.Item key={r.row} data-testid="import-new-version">
              Row {r.row}: id {r.id} becomes version {r.newVersion}
            </List.Item>
          ))}
        </List.Root>
      )}
      {versioned.length > shown.length && (
        <Text fontSize="sm" color="fg.muted">
          Showing the first {shown.length} of {versioned.length}.
        </Text>
      )}
    </Stack>
  );
}

function Total({ label, value, bad = false }: { label: string; value: number; bad?: boolean }) {
  return (
    <Box borderWidth="1px" rounded="l2" px="3" py="2" bg="bg.panel" minW="0">
      <Text as="dt" fontSize="xs" color="fg.muted" lineHeight="short">
        {label}
      </Text>
      <Text
        as="dd"
        fontSize="2xl"
        fontWeight="bold"
        fontVariantNumeric="tabular-nums"
        color={bad ? ERROR_COLOR : "fg"}
        data-testid={`import-total-${label.toLowerCase().replace(/ /g, "-")}`}
      >
        {value}
      </Text>
    </Box>
  );
}
