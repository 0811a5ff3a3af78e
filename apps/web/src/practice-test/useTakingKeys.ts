import { useEffect } from "react";
import type { TestQuestion } from "./storage.ts";

/** Shortcuts as in Study: 1–4 choose, Enter next, F flag; off while `paused` (the confirmation is open). */
export function useTakingKeys({
  paused,
  index,
  total,
  question: q,
  go,
  choose,
  toggleFlag,
  pickConfidence,
}: {
  paused: boolean;
  index: number;
  total: number;
  question: TestQuestion;
  go: (to: number, fromKeyboard?: boolean) => void;
  choose: (option: string) => void;
  toggleFlag: () => void;
  /** Tutor mode: S / T / G pick how sure the member is; true when the key was taken. */
  pickConfidence?: (key: string) => boolean;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (paused || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target?.closest("[role=dialog], [role=alertdialog], [role=menu], [role=listbox]")) return;
      const typing = !!target?.closest(
        "textarea, select, [contenteditable=true], input:not([type=radio]):not([type=checkbox])",
      );
      if (e.key === "Enter") {
        if (target?.closest("button, a, [role=button], [role=link]")) return;
        if (index < total - 1) {
          e.preventDefault();
          go(index + 1, true);
        }
        return;
      }
      if (typing) return;
      if (/^[1-4]$/.test(e.key) && q.questionType === "multiple-choice" && q.options) {
        const option = q.options[Number(e.key) - 1];
        if (option !== undefined) {
          e.preventDefault();
          choose(option);
        }
      } else if (e.key === "f" || e.key === "F") {
        e.preventDefault();
        toggleFlag();
      } else if (pickConfidence?.(e.key)) {
        e.preventDefault();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [paused, index, total, go, q, choose, toggleFlag, pickConfidence]);
}
