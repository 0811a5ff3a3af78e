import { useEffect } from "react";

/**
 * Study Mode's keys: 1–4 pick an option (onDigit says whether it did), S / T / G how sure the member
 * is (onLetter, when given), Enter submits and then goes on; typing in a field, buttons and links
 * keep their own keys.
 */
export function useStudyKeys(
  active: boolean,
  onDigit: (digit: number) => boolean,
  onEnter: () => void,
  onLetter?: (key: string) => boolean,
) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!active || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('[role="dialog"], [role="alertdialog"]')) return;
      const inTextField = !!target?.closest(
        'input:not([type="radio"]):not([type="checkbox"]), textarea, select, [contenteditable="true"]',
      );
      if (/^[1-4]$/.test(e.key) && !inTextField) {
        if (onDigit(Number(e.key))) e.preventDefault();
        return;
      }
      if (onLetter && /^[a-z]$/i.test(e.key) && !inTextField) {
        if (onLetter(e.key)) e.preventDefault();
        return;
      }
      if (e.key === "Enter") {
        if (target?.closest('button, a, select, textarea, summary, [role="button"], [role="link"]')) return;
        e.preventDefault();
        onEnter();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
}
