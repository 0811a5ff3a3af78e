import { Box, Button, CloseButton, Dialog, Field, NativeSelect, Portal, Stack, Text } from "@chakra-ui/react";
import { plural } from "@jcba/domain";
import { useRef } from "react";
import { ProblemAlert } from "../../components/ProblemAlert.tsx";
import { useFormDialogLayout } from "../EditDialog.tsx";
import { SectionSelect } from "../SectionSelect.tsx";
import { FileDropZone } from "./FileDropZone.tsx";
import { ImportProgress } from "./ImportProgress.tsx";
import { ImportReportView, summarySentence } from "./ImportReport.tsx";
import { type ImportFormat, type ImportReport, ITEM_NOUN, type TransferKind } from "./transferRequests.ts";
import { useImportFile } from "./useImportFile.ts";

const COLUMNS: Record<TransferKind, string> = {
  questions:
    "id, sectionNumber, questionType, questionText, option1, option2, option3, option4, correctAnswer, explanation, citation, editions, replaces",
  flashcards: "id, sectionNumber, term, definition, citation, editions, replaces",
};
const TITLES: Record<TransferKind, string> = { questions: "Import Questions", flashcards: "Import Flashcards" };

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
  const layout = useFormDialogLayout();
  const { stage, file, format, report, applying, ...upload } = useImportFile(kind, onImported);
  const moodle = format === "gift" || format === "aiken";
  const chooseRef = useRef<HTMLButtonElement>(null);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open && upload.stop()) onClose();
      }}
      {...layout}
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
                    A JSON or CSV file, as made by Export
                    {kind === "questions" ? ", or a Moodle GIFT or Aiken file" : ""}. A row with an id updates that{" "}
                    {ITEM_NOUN[kind]}; a row without one adds a new one. The file is checked first, and nothing is saved
                    unless every row is valid.
                  </Text>
                  <Text overflowWrap="anywhere">
                    CSV columns:{" "}
                    <Box as="code" fontFamily="mono" fontSize="xs" color="fg">
                      {COLUMNS[kind]}
                    </Box>
                  </Text>
                </Stack>

                <FileDropZone file={file} disabled={applying} onChoose={upload.chooseFile} buttonRef={chooseRef} />

                <Field.Root disabled={applying} maxW={{ sm: "xs" }}>
                  <Field.Label>File format</Field.Label>
                  <NativeSelect.Root size="lg">
                    <NativeSelect.Field
                      value={format}
                      onChange={(e) => upload.changeFormat(e.currentTarget.value as ImportFormat)}
                    >
                      <option value="json">JSON</option>
                      <option value="csv">CSV</option>
                      {kind === "questions" && <option value="gift">GIFT (Moodle)</option>}
                      {kind === "questions" && <option value="aiken">Aiken (Moodle)</option>}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.HelperText>
                    Taken from the file name or its content; change it if that is wrong.
                  </Field.HelperText>
                </Field.Root>

                {moodle && (
                  <Field.Root disabled={applying} maxW={{ sm: "xs" }}>
                    <Field.Label>Default section</Field.Label>
                    <SectionSelect
                      value={upload.defaultSection === null ? "" : String(upload.defaultSection)}
                      onChange={(value) => upload.changeDefaultSection(value === "" ? null : Number(value))}
                      testId="import-default-section"
                      first={{ value: "", label: "None" }}
                    />
                    <Field.HelperText>
                      {format === "gift"
                        ? "For questions without a $CATEGORY line naming a section (e.g. $CATEGORY: JCBA/Section 12)."
                        : "Aiken files name no section: every question goes to this one."}{" "}
                      Multiple-choice (four options, one right) and short-answer questions are taken; any other kind is
                      reported.
                    </Field.HelperText>
                  </Field.Root>
                )}

                {upload.busy && <ImportProgress stage={stage} />}
                {upload.applyError && !upload.busy && (
                  <ProblemAlert title="Import failed" description={upload.applyError} />
                )}
                <Box aria-live="polite" aria-atomic="true" srOnly data-testid="import-announcement">
                  {stage.name === "checked"
                    ? summarySentence(stage.report)
                    : stage.name === "failed"
                      ? `The file could not be checked. ${stage.message}`
                      : ""}
                </Box>
                {stage.name === "failed" && (
                  <ProblemAlert
                    title="The file could not be checked"
                    description={stage.message}
                    testId="import-error"
                  />
                )}
                {report && <ImportReportView kind={kind} report={report} byLine={moodle} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Box display="flex" gap="3" w={{ base: "full", sm: "auto" }} justifyContent="flex-end">
                <Button
                  variant="outline"
                  size="lg"
                  flex={{ base: "1", sm: "initial" }}
                  disabled={applying}
                  onClick={() => upload.stop() && onClose()}
                >
                  Cancel
                </Button>
                <Button
                  colorPalette="brand"
                  size="lg"
                  flex={{ base: "1", sm: "initial" }}
                  disabled={!upload.importable || upload.busy}
                  loading={applying}
                  loadingText="Importing"
                  onClick={upload.apply}
                  data-testid="import-apply"
                >
                  {upload.importable && report ? `Import ${plural(report.total, "item")}` : "Import"}
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
