import { useCallback, useEffect, useRef, useState } from "react";
import type { SavedAttempt } from "./storage.ts";

const SAVE_EVERY_MS = 5000;

/**
 * The test's clock: time with the test open, resumed from what was saved and kept in storage
 * (every few seconds, when the page is hidden or left); at the time limit the test is handed in.
 */
export function useTestClock(
  attempt: SavedAttempt,
  update: (fn: (a: SavedAttempt) => SavedAttempt) => void,
  onSubmit: (timeSpentSeconds: number, auto: boolean) => void,
) {
  const { limitSeconds } = attempt;
  const finished = attempt.finishedSeconds !== null;
  // The clock: time with the test open, resumed from what was saved.
  const [base] = useState(attempt.elapsedSeconds);
  const [segmentStart] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const currentElapsed = useCallback(
    () => base + Math.max(0, Math.floor((Date.now() - segmentStart) / 1000)),
    [base, segmentStart],
  );
  useEffect(() => {
    if (finished) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [finished]);
  const elapsed = finished ? attempt.finishedSeconds! : base + Math.max(0, Math.floor((now - segmentStart) / 1000));
  const remaining = limitSeconds === null ? null : Math.max(0, limitSeconds - elapsed);
  const [autoSubmitted, setAutoSubmitted] = useState(false);

  // Keep the time used in storage: every few seconds, when the page is hidden or left.
  const finishedRef = useRef(finished);
  finishedRef.current = finished;
  useEffect(() => {
    const save = () => {
      if (!finishedRef.current) update((a) => ({ ...a, elapsedSeconds: currentElapsed() }));
    };
    const t = setInterval(save, SAVE_EVERY_MS);
    const onHide = () => {
      if (document.visibilityState === "hidden") save();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", save);
    return () => {
      clearInterval(t);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", save);
      save();
    };
  }, [update, currentElapsed]);

  // Time's up: hand the test in without asking.
  useEffect(() => {
    if (!finished && limitSeconds !== null && elapsed >= limitSeconds) {
      setAutoSubmitted(true);
      onSubmit(limitSeconds, true);
    }
  }, [finished, limitSeconds, elapsed, onSubmit]);

  return { elapsed, remaining, currentElapsed, autoSubmitted };
}
