import type { RouterOutputs } from "../app/trpc.ts";

export type ReportCategory = RouterOutputs["reports"]["mine"][number]["category"];
export type ReportStatus = RouterOutputs["reports"]["mine"][number]["status"];
export type ReportItemType = RouterOutputs["reports"]["mine"][number]["itemType"];

export const CATEGORY_LABELS: Record<ReportCategory, string> = {
  "wrong-answer": "Wrong answer",
  unclear: "Unclear",
  outdated: "Outdated",
  typo: "Typo",
  other: "Other",
};

export const STATUS_LABELS: Record<ReportStatus, string> = { open: "Open", fixed: "Fixed", rejected: "Rejected" };
export const STATUS_PALETTE: Record<ReportStatus, string> = { open: "orange", fixed: "green", rejected: "gray" };

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
