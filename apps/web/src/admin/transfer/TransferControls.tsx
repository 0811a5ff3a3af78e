import { Button, Flex, Group, NativeSelect } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, Upload } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { errorMessage, useTRPC, useTRPCClient } from "../../app/trpc.ts";
import { notifyError, notifySuccess } from "../../components/ui/toaster.tsx";
import {
  countOf,
  downloadFile,
  type ImportReport,
  type TransferFormat,
  type TransferKind,
} from "./transferRequests.ts";

// The import dialog (file drop, progress, the dry run's report) loads on the first Import click, not
// with Manage Questions and Manage Flashcards.
const ImportDialog = lazy(() => import("./ImportDialog.tsx").then((m) => ({ default: m.ImportDialog })));

/**
 * Import and Export for Manage Questions and Manage Flashcards: an Import button opening the
 * import dialog (always a dry run first) and an Export format choice with its button.
 */
export function TransferControls({ kind }: { kind: TransferKind }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // A new dialog state for every opening.
  const [session, setSession] = useState(0);

  const imported = (report: ImportReport) => {
    setOpen(false);
    notifySuccess(`Imported ${countOf(report.creates + report.updates, kind)}`);
    const list = kind === "questions" ? trpc.questions.list.queryKey() : trpc.flashcards.list.queryKey();
    void queryClient.invalidateQueries({ queryKey: list });
    // The totals (and, for questions, the practice-test pool) live on other screens: refetch them now.
    void queryClient.invalidateQueries({ queryKey: trpc.admin.stats.queryKey(), refetchType: "all" });
    if (kind === "questions") void queryClient.invalidateQueries({ queryKey: trpc.tests.availability.queryKey() });
  };

  return (
    <Flex gap="3" w={{ base: "full", sm: "auto" }}>
      <Button
        variant="outline"
        size="lg"
        flex={{ base: "1", sm: "initial" }}
        onClick={() => {
          setSession((s) => s + 1);
          setOpen(true);
        }}
      >
        <Upload aria-hidden /> Import
      </Button>
      <ExportControl kind={kind} />
      {session > 0 && (
        <Suspense fallback={null}>
          <ImportDialog key={session} kind={kind} open={open} onClose={() => setOpen(false)} onImported={imported} />
        </Suspense>
      )}
    </Flex>
  );
}

function ExportControl({ kind }: { kind: TransferKind }) {
  const client = useTRPCClient();
  const [format, setFormat] = useState<TransferFormat>("json");
  const exporting = useMutation({
    mutationFn: (f: TransferFormat) => client.transfer.export.query({ kind, format: f }),
    onSuccess: (file) => {
      downloadFile(file);
      notifySuccess(`Exported ${countOf(file.count, kind)}`);
    },
    onError: (error) => notifyError("Export failed", errorMessage(error)),
  });
  return (
    <Group attached flexShrink={0}>
      <NativeSelect.Root size="lg" w="auto" flexShrink={0} disabled={exporting.isPending}>
        <NativeSelect.Field
          aria-label="Export format"
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as TransferFormat)}
          borderEndRadius="0"
          ps="3"
          pe="8"
        >
          <option value="json">JSON</option>
          <option value="csv">CSV</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button
        variant="outline"
        size="lg"
        flex="1"
        ms="-1px"
        borderStartRadius="0"
        loading={exporting.isPending}
        loadingText="Exporting"
        onClick={() => exporting.mutate(format)}
      >
        <Download aria-hidden /> Export
      </Button>
    </Group>
  );
}
