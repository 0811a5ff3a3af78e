import { Progress } from "@chakra-ui/react";
import { percent } from "@jcba/domain";

/** The thin bar under a session's badges: how far through its items the member is. */
export function SessionProgress({ done, total, label }: { done: number; total: number; label: string }) {
  return (
    <Progress.Root value={percent(done, total)} size="xs" colorPalette="brand" aria-label={label}>
      <Progress.Track rounded="full" bg="bg.emphasized">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
