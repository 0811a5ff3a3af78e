import { Progress, Stack, Text } from "@chakra-ui/react";
import type { Stage } from "./useImportFile.ts";

function stageLabel(stage: Stage): { label: string; percent: number | null } {
  const pct = (f: number | null) => (f === null ? null : Math.min(100, Math.max(0, Math.round(f * 100))));
  switch (stage.name) {
    case "reading": {
      const p = pct(stage.fraction);
      return { label: p === null ? "Reading the file…" : `Reading the file… ${p}%`, percent: p };
    }
    case "uploading": {
      const p = pct(stage.fraction);
      return { label: p === null ? "Uploading…" : `Uploading… ${p}%`, percent: p };
    }
    case "working":
      return { label: stage.purpose === "check" ? "Checking…" : "Importing…", percent: null };
    default:
      return { label: "", percent: null };
  }
}

/** The bar for reading, uploading (real upload progress) and the server's work (indeterminate). */
export function ImportProgress({ stage }: { stage: Stage }) {
  const { label, percent } = stageLabel(stage);
  return (
    <Stack gap="2" data-testid="import-progress">
      <Text fontSize="sm" fontWeight="medium" aria-hidden data-testid="import-progress-label">
        {label}
      </Text>
      <Progress.Root value={percent} max={100} size="sm" colorPalette="brand" translations={{ value: () => label }}>
        <Progress.Track rounded="full" bg="bg.emphasized">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
