import { Box, Button, chakra, Flex, Heading, Stack, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ModalDialog } from "../components/ModalDialog.tsx";
import { NativeRadio } from "../components/NativeRadio.tsx";
import { notifySuccess } from "../components/ui/toaster.tsx";
import { CATEGORY_LABELS, type ReportCategory, type ReportItemType } from "./reportLabels.ts";

const COMMENT_MAX = 1000;

/**
 * The 'Report a problem' dialog: what is wrong, an optional comment, Send Report.
 *
 * Built on the browser's own modal <dialog> and radio buttons rather than Chakra's Dialog and
 * RadioGroup: the browser already traps focus, makes the page behind inert, closes on Esc and returns
 * focus to the button, and the button sits on Study, Flashcards, Review and the test review, where
 * Chakra's dialog machinery (about 20 KB gz) would be downloaded for a dialog most members never open.
 */
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
  // Closed by the browser (Esc) or after sending; the dialog's close event then calls onClose.
  const [open, setOpen] = useState(true);
  const titleId = useId();
  const legendId = useId();
  const errorId = useId();
  const commentId = useId();
  const countId = useId();
  const send = useMutation(
    trpc.reports.create.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.reports.mine.queryKey() });
        notifySuccess(
          "Thank you: your report was sent",
          "An admin will look at it. See it under Account → My Reports.",
        );
        setOpen(false);
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
  const invalid = missing && !category;

  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="5" p="6">
          <Heading as="h2" size="lg" id={titleId}>
            Report a problem with this {noun}
          </Heading>
          <Box
            role="radiogroup"
            aria-labelledby={legendId}
            aria-describedby={invalid ? errorId : undefined}
            aria-invalid={invalid || undefined}
            aria-required
          >
            <Text id={legendId} fontWeight="medium" fontSize="sm" mb="2">
              What is wrong?{" "}
              <Text as="span" color="fg.error" aria-hidden>
                *
              </Text>
            </Text>
            <Stack gap="1">
              {(Object.keys(CATEGORY_LABELS) as ReportCategory[]).map((c) => (
                <Flex as="label" key={c} align="center" gap="3" minH="36px" cursor="pointer">
                  <NativeRadio name="category" value={c} checked={category === c} onChange={() => setCategory(c)} />
                  <Text as="span">{CATEGORY_LABELS[c]}</Text>
                </Flex>
              ))}
            </Stack>
            {invalid && (
              <Text id={errorId} color="fg.error" fontSize="sm" mt="1">
                Choose what is wrong.
              </Text>
            )}
          </Box>
          <Box>
            <chakra.label htmlFor={commentId} display="block" fontWeight="medium" fontSize="sm" mb="1.5">
              Comment (optional)
            </chakra.label>
            <Textarea
              id={commentId}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              rows={3}
              aria-describedby={countId}
              aria-invalid={comment.length > COMMENT_MAX || undefined}
              placeholder="What should it say? Where in the contract?"
            />
            <Text id={countId} fontSize="xs" color={comment.length > COMMENT_MAX ? "fg.error" : "fg.muted"} mt="1">
              {comment.length} / {COMMENT_MAX}
            </Text>
          </Box>
          {send.isError && (
            <Text role="alert" color={{ _light: "red.700", _dark: "red.300" }} fontSize="sm">
              {errorMessage(send.error)}
            </Text>
          )}
          <Flex justify="flex-end" gap="3" wrap="wrap">
            <Button variant="outline" size="lg" type="button" onClick={() => setOpen(false)}>
              Cancel
            </Button>
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
          </Flex>
        </Stack>
      </form>
    </ModalDialog>
  );
}
