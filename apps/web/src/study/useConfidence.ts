import type { Confidence } from "@jcba/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../app/trpc.ts";
import { confidenceForKey } from "./ConfidencePicker.tsx";

/**
 * How sure the member is of the answer being given, for Study, Review and Tutor mode: asked unless the
 * member turned it off in Review Settings. `pickByKey` takes S / T / G; `sent` is what goes with the
 * answer (nothing when not asked or not chosen, as scripts send).
 */
export function useConfidence() {
  const ask = useConfidenceAsked();
  const [confidence, setConfidence] = useState<Confidence | null>(null);
  return {
    ask,
    confidence: ask ? confidence : null,
    setConfidence,
    /** The answer form's props: the picker only when asked. */
    formProps: { confidence: ask ? confidence : null, onConfidence: ask ? setConfidence : undefined },
    sent: ask && confidence ? { confidence } : {},
    pickByKey(key: string, locked: boolean) {
      const picked = confidenceForKey(key);
      if (!ask || !picked || locked) return false;
      setConfidence(picked);
      return true;
    },
  };
}

/** Whether the member wants to be asked how sure they are (Review Settings; yes until read). */
export function useConfidenceAsked() {
  const trpc = useTRPC();
  // Read afresh on each screen: the setting may have changed on another device.
  return (
    useQuery(trpc.review.settings.queryOptions(undefined, { refetchOnMount: "always" })).data?.askConfidence ?? true
  );
}
