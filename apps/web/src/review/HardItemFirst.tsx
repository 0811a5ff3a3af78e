/**
 * A hard item (a question the member has missed 6 times or more) before it is asked again: its
 * explanation, contract reference and source first, and 'why did I miss it?', kept for Performance.
 */
import { Alert, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { MISS_REASON_LABELS, MISS_REASONS, type MissReason } from "@jcba/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { newClientId } from "../app/ids.ts";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { SourceLink } from "../components/SourceLink.tsx";
import { enqueue } from "../offline/outbox.ts";
import { useOnline } from "../offline/status.ts";

type ReviewQuestion = NonNullable<RouterOutputs["review"]["session"]["items"][number]["question"]>;

export function HardItemFirst({ question, onAsk }: { question: ReviewQuestion; onAsk: () => void }) {
  const trpc = useTRPC();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const queryClient = useQueryClient();
  const online = useOnline();
  // Through the outbox, as ratings go: a reason given with no connection waits on the device, and its
  // id keeps it once when it is sent again after a lost answer.
  const reason = useMutation({
    networkMode: "always",
    mutationFn: async (input: { questionId: number; reason: MissReason }) => {
      const id = newClientId();
      await enqueue({ kind: "missReason", input: { ...input, id } }, id);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.review.hardItems.queryKey() }),
  });
  const chosen: MissReason | undefined = reason.isSuccess ? reason.variables.reason : undefined;
  return (
    <Stack gap="4" data-testid="hard-item">
      <Heading as="h2" size="md" ref={heading} tabIndex={-1} outline="none">
        A question you keep missing: read this first
      </Heading>
      <Text fontWeight="semibold">{question.questionText}</Text>
      <Text data-testid="hard-item-explanation">{question.explanation}</Text>
      {question.citation && <Text color="fg.muted">Reference: {question.citation}</Text>}
      <SourceLink source={question.source} sourceLabel={question.sourceLabel} />
      <Stack as="fieldset" gap="2" border="0" p="0" m="0">
        <Text as="legend" fontWeight="semibold" mb="2">
          Why did you miss it?
        </Text>
        <HStack gap="2" wrap="wrap">
          {MISS_REASONS.map((r) => (
            <Button
              key={r}
              variant={chosen === r ? "solid" : "outline"}
              colorPalette="brand"
              minH="44px"
              aria-pressed={chosen === r}
              disabled={reason.isPending}
              onClick={() => reason.mutate({ questionId: question.id, reason: r })}
            >
              {MISS_REASON_LABELS[r]}
            </Button>
          ))}
        </HStack>
        {chosen && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {online
              ? "Noted: you can see it with your hard items on Performance."
              : "Noted on this device: it is sent when you are back online."}
          </Text>
        )}
        {reason.isError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(reason.error)}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
      <Button colorPalette="brand" minH="44px" alignSelf="flex-start" onClick={onAsk}>
        Ask me again
      </Button>
    </Stack>
  );
}
