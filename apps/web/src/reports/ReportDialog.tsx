import { Button, Dialog, Field, Portal, RadioGroup, Stack, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { notifySuccess } from "../components/ui/toaster.tsx";
import { CATEGORY_LABELS, type ReportCategory, type ReportItemType } from "./reportLabels.ts";

const COMMENT_MAX = 1000;

/** The 'Report a problem' dialog: what is wrong, an optional comment, Send Report. */
export default function ReportDialog({
  itemType,
  itemId,
  onClose,
}: {
  itemType: ReportItemType;
  itemId: number;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);
  const labelId = useId();
  const send = useMutation(
    trpc.reports.create.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.reports.mine.queryKey() });
        notifySuccess(
          "Thank you: your report was sent",
          "An admin will look at it. See it under Account → My Reports.",
        );
        onClose();
      },
    }),
  );
  const noun = itemType === "question" ? "question" : "flashcard";
  const submit = () => {
    if (!category) {
      setMissing(true);
      return;
    }
    send.mutate({ itemType, itemId, category, ...(comment.trim() ? { comment: comment.trim() } : {}) });
  };
  return (
    <Dialog.Root
      open
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content
            as="form"
            onSubmit={(e: React.FormEvent) => {
              e.preventDefault();
              submit();
            }}
          >
            <Dialog.Header>
              <Dialog.Title>Report a problem with this {noun}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                <Field.Root invalid={missing && !category} required>
                  <Field.Label id={labelId}>What is wrong?</Field.Label>
                  <RadioGroup.Root
                    value={category}
                    onValueChange={(e) => setCategory(e.value as ReportCategory)}
                    aria-labelledby={labelId}
                  >
                    <Stack gap="2">
                      {(Object.keys(CATEGORY_LABELS) as ReportCategory[]).map((c) => (
                        <RadioGroup.Item key={c} value={c} minH="32px">
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{CATEGORY_LABELS[c]}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                  <Field.ErrorText>Choose what is wrong.</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={comment.length > COMMENT_MAX}>
                  <Field.Label>Comment (optional)</Field.Label>
                  <Textarea
                    value={comment}
                    onChange={(e) => setComment(e.currentTarget.value)}
                    rows={3}
                    placeholder="What should it say? Where in the contract?"
                  />
                  <Field.HelperText>
                    {comment.length} / {COMMENT_MAX}
                  </Field.HelperText>
                </Field.Root>
                {send.isError && (
                  <Text role="alert" color={{ _light: "red.700", _dark: "red.300" }} fontSize="sm">
                    {errorMessage(send.error)}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" size="lg" type="button">
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="brand"
                size="lg"
                type="submit"
                loading={send.isPending}
                loadingText="Sending"
                disabled={comment.length > COMMENT_MAX}
              >
                Send Report
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
