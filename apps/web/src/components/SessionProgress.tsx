import { percent } from "@jcba/domain";
import { ProgressBar } from "./ProgressBar.tsx";

/** The thin bar under a session's badges: how far through its items the member is. */
export function SessionProgress({ done, total, label }: { done: number; total: number; label: string }) {
  return <ProgressBar value={percent(done, total)} size="xs" label={label} />;
}
