import { plural } from "@jcba/domain";
import type { RouterOutputs } from "../../app/trpc.ts";

/** Import and export of the bank (questions) or the deck (flashcards). */
export type TransferKind = "questions" | "flashcards";
export type TransferFormat = "json" | "csv";
/** What an import reads: the export's formats, and for questions Moodle's GIFT and Aiken. */
export type ImportFormat = TransferFormat | "gift" | "aiken";
export type ImportReport = RouterOutputs["transfer"]["import"];
export type ExportFile = RouterOutputs["transfer"]["export"];

/** The server takes at most 4,000,000 characters of content (packages/api MAX_IMPORT_CHARS). */
export const MAX_IMPORT_CHARS = 4_000_000;
/** A file this size or smaller can hold at most MAX_IMPORT_CHARS characters; bigger ones are refused before reading. */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
export const TOO_LARGE = "The file is too large (4 MB at most).";

/** One item of each kind: 'question', 'flashcard'. */
export const ITEM_NOUN: Record<TransferKind, "question" | "flashcard"> = {
  questions: "question",
  flashcards: "flashcard",
};

/** '1 question', '12 flashcards'. */
export const countOf = (n: number, kind: TransferKind) => plural(n, ITEM_NOUN[kind]);

/** The format a file's name suggests; a name without .json or .csv is guessed from its first character. */
export function formatOfName(name: string): ImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".json")) return "json";
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".gift")) return "gift";
  return null;
}

/** The format of a file with no telling name (Aiken files are often .txt): by its first character and its lines. */
export function guessFormat(content: string, kind: TransferKind = "questions"): ImportFormat {
  const text = content.replace(/^\uFEFF/, "");
  const first = text.trimStart()[0];
  if (first === "[") return "json";
  if (kind === "questions") {
    if (/^\s*ANSWER:\s*[A-Z]\s*$/im.test(text)) return "aiken";
    if (/^\s*(\$CATEGORY:|::)/m.test(text) || /\{[^}]*[=~][^}]*\}/.test(text)) return "gift";
  }
  return first === "{" ? "json" : "csv";
}

/** '412 KB', '1.2 MB', '900 bytes'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return plural(bytes, "byte");
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Saves text or bytes as a file: a Blob, an object URL and a temporary <a download>. */
export function downloadFile({
  filename,
  contentType,
  content,
}: Pick<ExportFile, "filename" | "contentType"> & { content: string | Uint8Array<ArrayBuffer> }) {
  const blob = new Blob([content], {
    type: typeof content === "string" ? `${contentType};charset=utf-8` : contentType,
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A failed call to the REST endpoint; message reads like the rest of the app: '400: message'. */
export class TransferError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly code?: string,
  ) {
    super(status > 0 ? `${status}: ${serverMessage}` : serverMessage);
    this.name = "TransferError";
  }
}

export class AbortedError extends Error {
  constructor() {
    super("Cancelled");
    this.name = "AbortError";
  }
}

export interface Cancellable<T> {
  promise: Promise<T>;
  cancel: () => void;
}

/**
 * Reads a file as text with FileReader, reporting progress as a fraction (0..1, or null when the
 * size is unknown).
 */
export function readFileText(file: Blob, onProgress: (fraction: number | null) => void): Cancellable<string> {
  const reader = new FileReader();
  const promise = new Promise<string>((resolve, reject) => {
    reader.onprogress = (e) => onProgress(e.lengthComputable && e.total > 0 ? e.loaded / e.total : null);
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () =>
      reject(new TransferError(0, `The file could not be read${reader.error ? `: ${reader.error.message}` : "."}`));
    reader.onabort = () => reject(new AbortedError());
    reader.readAsText(file);
  });
  return {
    promise,
    cancel: () => {
      if (reader.readyState === FileReader.LOADING) reader.abort();
    },
  };
}

export interface ImportRequest {
  kind: TransferKind;
  format: ImportFormat;
  /** GIFT and Aiken: the section of questions whose file names none. */
  defaultSection?: number;
  content: string;
  dryRun: boolean;
}

export interface UploadCallbacks {
  /** Upload progress as a fraction 0..1 (null when the browser cannot tell). */
  onUploadProgress: (fraction: number | null) => void;
  /** The whole body has been sent; the server is now working. */
  onUploaded: () => void;
}

/**
 * POST /api/admin/import with XMLHttpRequest, so the upload can report progress (fetch cannot).
 * Same origin, so the session cookie goes along; errors come back as JSON { message, code }.
 */
export function postImport(
  body: ImportRequest,
  { onUploadProgress, onUploaded }: UploadCallbacks,
): Cancellable<ImportReport> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<ImportReport>((resolve, reject) => {
    xhr.open("POST", "/api/admin/import");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("Accept", "application/json");
    let uploaded = false;
    const markUploaded = () => {
      if (uploaded) return;
      uploaded = true;
      onUploadProgress(1);
      onUploaded();
    };
    xhr.upload.onprogress = (e) => {
      if (uploaded) return;
      onUploadProgress(e.lengthComputable && e.total > 0 ? e.loaded / e.total : null);
    };
    xhr.upload.onload = markUploaded;
    xhr.onload = () => {
      markUploaded();
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data && typeof data === "object") {
        resolve(data as ImportReport);
        return;
      }
      const err = (data ?? {}) as { message?: unknown; code?: unknown };
      const code = typeof err.code === "string" ? err.code : undefined;
      const message =
        xhr.status === 413 || code === "PAYLOAD_TOO_LARGE"
          ? TOO_LARGE
          : typeof err.message === "string" && err.message
            ? err.message
            : xhr.responseText.trim() || xhr.statusText || "The server did not answer as expected.";
      reject(new TransferError(xhr.status, message, code));
    };
    xhr.onerror = () =>
      reject(new TransferError(0, "The server could not be reached. Check your connection and try again."));
    xhr.ontimeout = () => reject(new TransferError(0, "The server took too long to answer. Try again."));
    xhr.onabort = () => reject(new AbortedError());
    xhr.send(JSON.stringify(body));
  });
  return { promise, cancel: () => xhr.abort() };
}
