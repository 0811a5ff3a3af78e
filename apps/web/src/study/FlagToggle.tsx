import { Button } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Flag } from "lucide-react";
import { useTRPC } from "../app/trpc.ts";

/** Flag a question to come back to; the flag is kept until the member clears it (the Flagged pool). */
export function FlagToggle({ questionId }: { questionId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const flags = useQuery(trpc.flags.list.queryOptions());
  const key = trpc.flags.list.queryKey();
  const set = useMutation(
    trpc.flags.set.mutationOptions({
      scope: { id: "question-flags" },
      onMutate: ({ flagged }) =>
        queryClient.setQueryData(key, (old: number[] | undefined) =>
          flagged ? [...(old ?? []), questionId] : (old ?? []).filter((id) => id !== questionId),
        ),
      onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    }),
  );
  const flagged = flags.data?.includes(questionId) ?? false;
  return (
    <Button
      size="sm"
      minH="44px"
      variant={flagged ? "subtle" : "outline"}
      colorPalette={flagged ? "orange" : "gray"}
      aria-pressed={flagged}
      // Until the member's flags are in, the button cannot say whether this one is flagged.
      disabled={flags.data === undefined}
      aria-busy={flags.data === undefined}
      onClick={() => set.mutate({ questionId, flagged: !flagged })}
      ms="auto"
    >
      <Flag aria-hidden /> {flagged ? "Flagged" : "Flag"}
    </Button>
  );
}
