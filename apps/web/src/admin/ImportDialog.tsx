import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Flex,
  List,
  NativeSelect,
  Portal,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  useBreakpointValue,
} from "@chakra-ui/react";
import { FileUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { notifyError } from "../components/ui/toaster.tsx";
import { ERROR_COLOR } from "./AdminUi.tsx";
import {
  AbortedError,
  type Cancellable,
  countOf,
  fileSize,
  formatOfName,
  guessFormat,
  type ImportReport,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_CHARS,
  plural,
  postImport,
  readFileText,
  TOO_LARGE,
  TransferError,
  type TransferFormat,
  type TransferKind,
} from "./transferRequests.ts";

const COLUMNS: Record<TransferKind, string> = {
  questions:
    "id, sectionNumber, questionType, questionText, option1, option2, option3, option4, correctAnswer, explanation, citation",
  flashcards: "id, sectionNumber, term, definition, citation",
};
const TITLES: Record<TransferKind, string> = { questions: "Import Questions", flashcards: "Import Flashcards" };
/** The problem table lists at most this many rows; the totals count them all. */
const MAX_PROBLEM_ROWS = 100;

type Purpose = "check" | "import";
type Stage =
  | { name: "idle" }
  | { name: "reading"; fraction: number | null }
  | { name: "uploading"; purpose: Purpose; fraction: number | null }
  | { name: "working"; purpose: Purpose }
  | { name: "checked"; report: ImportReport }
  | { name: "failed"; message: string };

export interface ImportDialogProps {
  kind: TransferKind;
  open: boolean;
  onClose: () => void;
  /** The import was applied: close, tell the user and refresh. */
  onImported: (report: ImportReport) => void;
}

/**
 * Import a JSON or CSV file: the file is read (FileReader, with progress), always checked first
 * with a dry run, and written only when every row is valid. Both uploads go through
 * XMLHttpRequest to POST /api/admin/import so the progress bar shows the real upload.
 */
export function ImportDialog({ kind, open, onClose, onImported }: ImportDialogProps) {
  const size = useBreakpointValue({ base: "full", md: "lg" } as const) ?? "lg";
  const [stage, setStage] = useState<Stage>({ name: "idle" });
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [format, setFormat] = useState<TransferFormat>("json");
  const [content, setContent] = useState<string | null>(null);
  const [applyError, setApplyError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = useRef<Cancellable<unknown> | null>(null);
  // Each read or request gets a number; an answer for an older one is dropped.
  const ticket = useRef(0);
  const ids = useId();

  const applying = (stage.name === "uploading" || stage.name === "working") && stage.purpose === "import";
  const busy = stage.name === "reading" || stage.name === "uploading" || stage.name === "working";

  const cancelPending = () => {
    ticket.current += 1;
    pending.current?.cancel();
    pending.current = null;
    return ticket.current;
  };
  useEffect(
    () => () => {
      pending.current?.cancel();
    },
    [],
  );

  const upload = (purpose: Purpose, text: string, fmt: TransferFormat, t: number) => {
    const current = () => t === ticket.current;
    setStage({ name: "uploading", purpose, fraction: 0 });
    const request = postImport(
      { kind, format: fmt, content: text, dryRun: purpose === "check" },
      {
        onUploadProgress: (fraction) => {
          if (current()) setStage({ name: "uploading", purpose, fraction });
        },
        onUploaded: () => {
          if (current()) setStage({ name: "working", purpose });
        },
      },
    );
    pending.current = request;
    return request.promise.finally(() => {
      if (current()) pending.current = null;
    });
  };

  const check = (text: string, fmt: TransferFormat) => {
    const t = cancelPending();
    upload("check", text, fmt, t).then(
      (report) => {
        if (t === ticket.current) setStage({ name: "checked", report });
      },
      (error: unknown) => {
        if (t !== ticket.current || error instanceof AbortedError) return;
        setStage({ name: "failed", message: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  const chooseFile = (picked: File | undefined) => {
    if (!picked) return;
    const t = cancelPending();
    setFile({ name: picked.name, size: picked.size });
    setContent(null);
    setApplyError(null);
    const named = formatOfName(picked.name);
    if (named) setFormat(named);
    if (picked.size > MAX_IMPORT_BYTES) return setStage({ name: "failed", message: TOO_LARGE });
    if (picked.size === 0) return setStage({ name: "failed", message: "The file is empty." });
    setStage({ name: "reading", fraction: 0 });
    const reading = readFileText(picked, (fraction) => {
      if (t === ticket.current) setStage({ name: "reading", fraction });
    });
    pending.current = reading;
    reading.promise.then(
      (text) => {
        if (t !== ticket.current) return;
        pending.current = null;
        if (text.length > MAX_IMPORT_CHARS) return setStage({ name: "failed", message: TOO_LARGE });
        if (text.trim() === "") return setStage({ name: "failed", message: "The file is empty." });
        const fmt = named ?? guessFormat(text);
        setFormat(fmt);
        setContent(text);
        check(text, fmt);
      },
      (error: unknown) => {
        if (t !== ticket.current || error instanceof AbortedError) return;
        pending.current = null;
        setStage({ name: "failed", message: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  const changeFormat = (fmt: TransferFormat) => {
    setFormat(fmt);
    setApplyError(null);
    if (content !== null) check(content, fmt);
  };

  const report = stage.name === "checked" ? stage.report : null;
  const importable = report !== null && !report.error && report.invalid === 0 && report.total > 0;

  const apply = () => {
    if (!report || !importable || content === null) return;
    const t = cancelPending();
    setApplyError(null);
    upload("import", content, format, t).then(
      (result) => {
        if (t === ticket.current) onImported(result);
      },
      (error: unknown) => {
        if (t !== ticket.current || error instanceof AbortedError) return;
        const message = error instanceof Error ? error.message : String(error);
        notifyError("Import failed", message);
        setApplyError(message);
        // The bank changed since the check (e.g. an item was deleted): check the file again.
        if (error instanceof TransferError && error.status === 400) check(content, format);
        else setStage({ name: "checked", report });
      },
    );
  };

  const close = () => {
    if (applying) return;
    cancelPending();
    onClose();
  };

  const fileInfoId = `${ids}-file`;
  const fileHelpId = `${ids}-file-help`;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) close();
      }}
      size={size}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
      closeOnInteractOutside={false}
      closeOnEscape={!applying}
      initialFocusEl={() => chooseRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="import-dialog">
            <Dialog.Header>
              <Dialog.Title>{TITLES[kind]}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                <Stack gap="2" fontSize="sm" color="fg.muted">
                  <Text>
                    A JSON or CSV file, as made by Export. A row with an id updates that{" "}
                    {kind === "questions" ? "question" : "flashcard"}; a row without one adds a new one. The file is
                    checked first, and nothing is saved unless every row is valid.
                  </Text>
                  <Text overflowWrap="anywhere">
                    CSV columns:{" "}
                    <Box as="code" fontFamily="mono" fontSize="xs" color="fg">
                      {COLUMNS[kind]}
                    </Box>
                  </Text>
                </Stack>

                <Box
                  borderWidth="2px"
                  borderStyle="dashed"
                  borderColor={dragging ? "brand.solid" : "border.emphasized"}
                  bg={dragging ? "brand.subtle" : "transparent"}
                  rounded="l2"
                  p="4"
                  onDragOver={(e) => {
                    if (applying) return;
                    e.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={(e) => {
                    e.preventDefault();
                    setDragging(false);
                    if (!applying) chooseFile(e.dataTransfer.files[0]);
                  }}
                >
                  <Stack gap="3">
                    <Text fontWeight="medium" id={fileHelpId}>
                      File (.json or .csv, 4 MB at most)
                    </Text>
                    <Flex gap="3" align="center" wrap="wrap">
                      <Button
                        ref={chooseRef}
                        variant="outline"
                        size="lg"
                        disabled={applying}
                        onClick={() => inputRef.current?.click()}
                        aria-describedby={`${fileHelpId} ${fileInfoId}`}
                      >
                        <FileUp aria-hidden /> {file ? "Choose another file" : "Choose file"}
                      </Button>
                      <Text
                        id={fileInfoId}
                        color={file ? "fg" : "fg.muted"}
                        fontSize="sm"
                        overflowWrap="anywhere"
                        minW="0"
                        data-testid="import-file-name"
                      >
                        {file ? `${file.name} (${fileSize(file.size)})` : "No file chosen. You can also drop one here."}
                      </Text>
                    </Flex>
                    <input
                      ref={inputRef}
                      type="file"
                      accept=".json,.csv,application/json,text/csv"
                      hidden
                      tabIndex={-1}
                      aria-label="Import file"
                      data-testid="import-file-input"
                      onChange={(e) => {
                        chooseFile(e.currentTarget.files?.[0]);
                        e.currentTarget.value = "";
                      }}
                    />
                  </Stack>
                </Box>

                <Field.Root disabled={applying} maxW={{ sm: "xs" }}>
                  <Field.Label>File format</Field.Label>
                  <NativeSelect.Root size="lg">
                    <NativeSelect.Field
                      value={format}
                      onChange={(e) => changeFormat(e.currentTarget.value as TransferFormat)}
                    >
                      <option value="json">JSON</option>
                      <option value="csv">CSV</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.HelperText>Taken from the file name; change it if that is wrong.</Field.HelperText>
                </Field.Root>

                {busy && <StageProgress stage={stage} />}
                {applyError && !busy && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>Import failed</Alert.Title>
                      <Alert.Description>{applyError}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                <Box aria-live="polite" aria-atomic="true" srOnly data-testid="import-announcement">
                  {stage.name === "checked"
                    ? summarySentence(stage.report)
                    : stage.name === "failed"
                      ? `The file could not be checked. ${stage.message}`
                      : ""}
                </Box>
                {stage.name === "failed" && (
                  <Alert.Root status="error" data-testid="import-error">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>The file could not be checked</Alert.Title>
                      <Alert.Description overflowWrap="anywhere">{stage.message}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                {report && <ReportView kind={kind} report={report} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Box display="flex" gap="3" w={{ base: "full", sm: "auto" }} justifyContent="flex-end">
                <Button
                  variant="outline"
                  size="lg"
                  flex={{ base: "1", sm: "initial" }}
                  disabled={applying}
                  onClick={close}
                >
                  Cancel
                </Button>
                <Button
                  colorPalette="brand"
                  size="lg"
                  flex={{ base: "1", sm: "initial" }}
                  disabled={!importable || busy}
                  loading={applying}
                  loadingText="Importing"
                  onClick={apply}
                  data-testid="import-apply"
                >
                  {importable ? `Import ${plural(report.total, "item", "items")}` : "Import"}
                </Button>
              </Box>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="md" position="absolute" top="2" insetEnd="2" disabled={applying} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function summarySentence(report: ImportReport): string {
  if (report.error) return `The file could not be checked. ${report.error}`;
  const counts = `${report.creates} to create, ${report.updates} to update, ${report.invalid} with problems`;
  return `Checked ${plural(report.total, "row", "rows")}: ${counts}.${report.invalid === 0 ? " Ready to import." : " Nothing can be imported until every row is valid."}`;
}

function stageLabel(stage: Stage): { label: string; percent: number | null } {
  const pct = (f: number | null) => (f === null ? null : Math.min(100, Math.max(0, Math.round(f * 100))));
  switch (stage.name) {
    case "reading": {
      const p = pct(stage.fraction);
      return { label: p === null ? "Reading the file…" : `Reading the file… ${p}%`, percent: p };
    }
    case "uploading": {
      const p = pct(stage.fraction);
      return { label: p === null ? "Uploading…" : `Uploading… ${p}%`, percent: p };
    }
    case "working":
      return { label: stage.purpose === "check" ? "Checking…" : "Importing…", percent: null };
    default:
      return { label: "", percent: null };
  }
}

/** The bar for reading, uploading (real upload progress) and the server's work (indeterminate). */
function StageProgress({ stage }: { stage: Stage }) {
  const { label, percent } = stageLabel(stage);
  return (
    <Stack gap="2" data-testid="import-progress">
      <Text fontSize="sm" fontWeight="medium" aria-hidden data-testid="import-progress-label">
        {label}
      </Text>
      <Progress.Root value={percent} max={100} size="sm" colorPalette="brand" translations={{ value: () => label }}>
        <Progress.Track rounded="full" bg="bg.emphasized">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

function ReportView({ kind, report }: { kind: TransferKind; report: ImportReport }) {
  const problemRows = report.rows.filter((r) => r.problems.length > 0);
  const shown = problemRows.slice(0, MAX_PROBLEM_ROWS);
  const headingId = useId();
  if (report.error) {
    return (
      <Alert.Root status="error" data-testid="import-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The file could not be read</Alert.Title>
          <Alert.Description overflowWrap="anywhere">{report.error}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="4" data-testid="import-report">
      <SimpleGrid as="dl" columns={3} gap="3">
        <Total label="To create" value={report.creates} />
        <Total label="To update" value={report.updates} />
        <Total label="With problems" value={report.invalid} bad={report.invalid > 0} />
      </SimpleGrid>
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
              Rows are counted from the first item; a CSV file's header line is not counted.
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
