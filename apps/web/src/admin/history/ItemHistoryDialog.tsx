/**
 * An item's history: each version (latest first) with who made it and when, the fields it changed
 * (before and after), and 'Restore this version' on older ones, which makes a new version with the old
 * content (past answers keep their grades). Loaded on first use, so Manage Questions and Manage
 * Flashcards do not download it with their first content.
 *
 * A restore's outcome is said in the dialog's footer, beside Close, not in a toast: the dialog stays
 * open, and a toast in the corner would sit over its Close button (and pause there while the pointer
 * rests on it), outside the modal a screen reader is kept in.
 */
import { Badge, Box, Button, CloseButton, Dialog, Flex, Portal, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC, useTRPCClient } from "../../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../../components/PageStates.tsx";
import { ERROR_COLOR, SUCCESS_COLOR } from "../AdminUi.tsx";
import { changesAnswer, fieldLabel, fieldText } from "./versionFields.ts";

type Version = RouterOutputs["versions"]["questionVersions"][number];

/** What the last restore did, shown in the footer until the next one starts. */
interface RestoreNotice {
  ok: boolean;
  title: string;
  detail: string;
}

export interface ItemHistoryProps {
  kind: "question" | "flashcard";
  id: number;
  /** What the item is (its question text or term), for the title. */
  label: string;
  onClose: () => void;
}

export default function ItemHistoryDialog({ kind, id, label, onClose }: ItemHistoryProps) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const historyQuery =
    kind === "question"
      ? trpc.versions.questionVersions.queryOptions({ id })
      : trpc.versions.flashcardVersions.queryOptions({ id });
  const versions = useQuery(historyQuery);
  const [notice, setNotice] = useState<RestoreNotice | null>(null);
  const restore = useMutation({
    mutationFn: (input: { id: number; version: number }): Promise<{ version: number }> =>
      kind === "question"
        ? client.versions.restoreQuestion.mutate(input)
        : client.versions.restoreFlashcard.mutate(input),
    onMutate: () => setNotice(null),
    onSuccess: (item, input) => {
      setNotice({
        ok: true,
        title: `Version ${input.version} restored`,
        detail: `It is now version ${item.version}, the one members study.`,
      });
      void queryClient.invalidateQueries({ queryKey: historyQuery.queryKey });
      void queryClient.invalidateQueries({
        queryKey: (kind === "question" ? trpc.questions.list : trpc.flashcards.list).queryKey(),
      });
    },
    onError: (error) => setNotice({ ok: false, title: "Failed to restore the version", detail: errorMessage(error) }),
  });

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size={{ base: "full", md: "xl" }}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="item-history">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Dialog.Title display="flex" alignItems="center" gap="2">
                <History size={20} aria-hidden /> History of {kind} {id}
              </Dialog.Title>
              <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                {label}
              </Text>
            </Dialog.Header>
            <Dialog.Body>
              {versions.isPending ? (
                <LoadingSpinner label="Loading versions" />
              ) : versions.isError ? (
                <ErrorCard message={errorMessage(versions.error)} onRetry={() => void versions.refetch()} />
              ) : versions.data.length === 0 ? (
                <Text color="fg.muted">No versions are recorded for this {kind} yet.</Text>
              ) : (
                <Stack as="ol" gap="4" listStyleType="none" m="0" p="0" aria-label="Versions">
                  {versions.data.map((v) => (
                    <li key={v.version}>
                      <VersionCard
                        version={v}
                        restoring={restore.isPending && restore.variables?.version === v.version}
                        disabled={restore.isPending}
                        onRestore={() => restore.mutate({ id, version: v.version })}
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between" alignItems="center" gap="3">
              {/* Always in the page, so a screen reader announces what appears in it. */}
              <Box role="status" flex="1" minW="0" data-testid="restore-outcome">
                {notice && (
                  <>
                    <Text fontWeight="semibold" color={notice.ok ? SUCCESS_COLOR : ERROR_COLOR}>
                      {notice.title}
                    </Text>
                    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                      {notice.detail}
                    </Text>
                  </>
                )}
              </Box>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" size="lg">
                  Close
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="md" position="absolute" top="2" insetEnd="2" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function VersionCard({
  version: v,
  restoring,
  disabled,
  onRestore,
}: {
  version: Version;
  restoring: boolean;
  disabled: boolean;
  onRestore: () => void;
}) {
  const headingId = `version-${v.version}-heading`;
  const first = v.version === 1;
  return (
    <Box
      as="article"
      aria-labelledby={headingId}
      borderWidth="1px"
      rounded="l2"
      p="4"
      bg="bg.panel"
      data-testid="item-version"
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="1">
          <Flex align="center" gap="2" wrap="wrap">
            <Text as="h3" id={headingId} fontWeight="semibold">
              Version {v.version}
            </Text>
            {v.latest && (
              <Badge colorPalette="green" variant="subtle">
                Current
              </Badge>
            )}
            {!first && changesAnswer(v.changes) && (
              <Badge colorPalette="orange" variant="subtle">
                Answer changed
              </Badge>
            )}
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            {v.createdBy ? v.createdBy.name : "Shipped content"} ·{" "}
            <time dateTime={v.createdAt}>{new Date(v.createdAt).toLocaleString("en-US")}</time>
          </Text>
        </Stack>
        {!v.latest && (
          <Button
            variant="outline"
            size="md"
            minH="44px"
            loading={restoring}
            loadingText="Restoring"
            disabled={disabled}
            onClick={onRestore}
          >
            <RotateCcw aria-hidden /> Restore this version
          </Button>
        )}
      </Flex>
      <Stack as="dl" gap="3" mt="3">
        {v.changes.map((c) => (
          <Box key={c.field} data-testid="version-change" data-field={c.field}>
            <Text as="dt" fontSize="sm" fontWeight="semibold">
              {fieldLabel(c.field)}
            </Text>
            {first ? (
              <Text as="dd" fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere" ms="0">
                {fieldText(c.field, c.after)}
              </Text>
            ) : (
              <SimpleGrid as="dd" columns={{ base: 1, sm: 2 }} gap="2" ms="0">
                <Change kind="before" field={c.field} value={c.before} />
                <Change kind="after" field={c.field} value={c.after} />
              </SimpleGrid>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** One side of a field's change: the old value struck through, the new one marked inserted. */
function Change({ kind, field, value }: { kind: "before" | "after"; field: string; value: unknown }) {
  const before = kind === "before";
  return (
    <Box
      rounded="l1"
      px="2"
      py="1"
      fontSize="sm"
      bg={before ? { _light: "red.50", _dark: "red.950" } : { _light: "green.50", _dark: "green.950" }}
    >
      <Text fontSize="xs" fontWeight="semibold" color={before ? ERROR_COLOR : SUCCESS_COLOR}>
        {before ? "Before" : "After"}
      </Text>
      <Box
        as={before ? "del" : "ins"}
        display="block"
        textDecoration="none"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        data-testid={`change-${kind}`}
      >
        {fieldText(field, value)}
      </Box>
    </Box>
  );
}
