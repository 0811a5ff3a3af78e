import { useEffect, useRef, useState } from "react";
import { notifyError } from "../../components/ui/toaster.tsx";
import {
  AbortedError,
  type Cancellable,
  formatOfName,
  guessFormat,
  type ImportFormat,
  type ImportReport,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_CHARS,
  postImport,
  readFileText,
  TOO_LARGE,
  TransferError,
  type TransferKind,
} from "./transferRequests.ts";

type Purpose = "check" | "import";
export type Stage =
  | { name: "idle" }
  | { name: "reading"; fraction: number | null }
  | { name: "uploading"; purpose: Purpose; fraction: number | null }
  | { name: "working"; purpose: Purpose }
  | { name: "checked"; report: ImportReport }
  | { name: "failed"; message: string };

/**
 * The import's steps: the file is read (FileReader, with progress), always checked first with a dry
 * run, and written only when every row is valid. A newer file, format or close drops the answer of
 * an older read or request.
 */
export function useImportFile(kind: TransferKind, onImported: (report: ImportReport) => void) {
  const [stage, setStage] = useState<Stage>({ name: "idle" });
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [format, setFormat] = useState<ImportFormat>("json");
  const [defaultSection, setDefaultSection] = useState<number | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [applyError, setApplyError] = useState<string | null>(null);
  const pending = useRef<Cancellable<unknown> | null>(null);
  // Each read or request gets a number; an answer for an older one is dropped.
  const ticket = useRef(0);

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

  const upload = (purpose: Purpose, text: string, fmt: ImportFormat, t: number, section = defaultSection) => {
    const current = () => t === ticket.current;
    setStage({ name: "uploading", purpose, fraction: 0 });
    const request = postImport(
      {
        kind,
        format: fmt,
        content: text,
        dryRun: purpose === "check",
        ...((fmt === "gift" || fmt === "aiken") && section !== null ? { defaultSection: section } : {}),
      },
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

  const check = (text: string, fmt: ImportFormat, section = defaultSection) => {
    const t = cancelPending();
    upload("check", text, fmt, t, section).then(
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
        const fmt = named ?? guessFormat(text, kind);
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

  const changeFormat = (fmt: ImportFormat) => {
    setFormat(fmt);
    setApplyError(null);
    if (content !== null) check(content, fmt);
  };

  /** GIFT and Aiken: the section for questions the file gives none; the file is checked again. */
  const changeDefaultSection = (section: number | null) => {
    setDefaultSection(section);
    setApplyError(null);
    if (content !== null && (format === "gift" || format === "aiken")) check(content, format, section);
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

  /** Stops what is under way, unless the import is being written. */
  const stop = () => {
    if (applying) return false;
    cancelPending();
    return true;
  };

  return {
    stage,
    file,
    format,
    defaultSection,
    applyError,
    applying,
    busy,
    report,
    importable,
    chooseFile,
    changeFormat,
    changeDefaultSection,
    apply,
    stop,
  };
}
