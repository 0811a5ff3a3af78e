import { Badge, Button, Card, Flex, HStack, IconButton, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { notifyError, notifySuccess } from "../components/ui/toaster.tsx";
import { citationLabel } from "../flashcards/citation.ts";
import { AdminPageHeader, AdminSectionFilter, ConfirmDeleteDialog } from "./AdminUi.tsx";
import { FlashcardDialog } from "./FlashcardDialog.tsx";
import { FLASHCARD_FIELDS, type Flashcard, type FlashcardPayload } from "./flashcardForm.ts";
import { type FieldErrors, serverErrors } from "./serverIssues.ts";
import { TransferControls } from "./Transfer.tsx";

/** Manage Flashcards: the whole deck (164 cards) in one grid, filterable by section. */
export function FlashcardsManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState("all");
  const section = filter === "all" ? undefined : Number(filter);
  const list = useQuery(trpc.flashcards.list.queryOptions({}));
  const cards = useMemo(
    () => (section === undefined ? (list.data ?? []) : (list.data ?? []).filter((c) => c.sectionNumber === section)),
    [list.data, section],
  );

  const [dialog, setDialog] = useState<Flashcard | "new" | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Flashcard | null>(null);

  const refreshLists = () => queryClient.invalidateQueries({ queryKey: trpc.flashcards.list.queryKey() });
  // The totals are on another screen: refetch them now even though nothing shows them here.
  const refreshStats = () =>
    queryClient.invalidateQueries({ queryKey: trpc.admin.stats.queryKey(), refetchType: "all" });
  const openDialog = (target: Flashcard | "new") => {
    setFieldErrors({});
    setFormError(null);
    setDialog(target);
  };
  const failed = (title: string) => (error: unknown) => {
    const { fields, description } = serverErrors(error, FLASHCARD_FIELDS);
    setFieldErrors(fields);
    setFormError(Object.keys(fields).length > 0 ? null : description);
    notifyError(title, description);
  };

  const create = useMutation(
    trpc.flashcards.create.mutationOptions({
      onSuccess: () => {
        notifySuccess("Flashcard created successfully");
        setDialog(null);
        void refreshLists();
        void refreshStats();
      },
      onError: failed("Failed to create flashcard"),
    }),
  );
  const update = useMutation(
    trpc.flashcards.update.mutationOptions({
      onSuccess: () => {
        notifySuccess("Flashcard updated successfully");
        setDialog(null);
        void refreshLists();
      },
      onError: failed("Failed to update flashcard"),
    }),
  );
  const remove = useMutation(
    trpc.flashcards.delete.mutationOptions({
      onSuccess: () => {
        notifySuccess("Flashcard deleted successfully");
        setDeleting(null);
        void refreshLists();
        void refreshStats();
      },
      onError: (error) => {
        setDeleting(null);
        notifyError("Failed to delete flashcard", errorMessage(error));
      },
    }),
  );

  const submit = (payload: FlashcardPayload) => {
    setFieldErrors({});
    setFormError(null);
    if (dialog === "new") create.mutate(payload);
    else if (dialog) update.mutate({ id: dialog.id, ...payload });
  };

  return (
    <Stack gap="6" maxW="6xl" mx="auto" w="full">
      <AdminPageHeader
        title="Manage Flashcards"
        description="Add, edit and delete the flashcards of the study deck"
        action={
          <Flex gap="3" direction={{ base: "column", sm: "row" }} justify="flex-end" flexShrink={0}>
            <TransferControls kind="flashcards" />
            <Button colorPalette="brand" size="lg" onClick={() => openDialog("new")}>
              <Plus aria-hidden /> Add Flashcard
            </Button>
          </Flex>
        }
      />
      <Flex
        gap="4"
        align={{ base: "stretch", sm: "flex-end" }}
        justify="space-between"
        direction={{ base: "column", sm: "row" }}
      >
        <AdminSectionFilter value={filter} onChange={setFilter} />
        {list.isSuccess && (
          <Text color="fg.muted" role="status" data-testid="flashcard-count">
            {cards.length} {cards.length === 1 ? "flashcard" : "flashcards"}
            {section === undefined ? " in all sections" : ` in Section ${section}`}
          </Text>
        )}
      </Flex>

      {list.isPending ? (
        <LoadingSpinner label="Loading flashcards" />
      ) : list.isError ? (
        <ErrorCard message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : cards.length === 0 ? (
        <Card.Root>
          <Card.Body textAlign="center" color="fg.muted">
            No flashcards in this section yet. Use Add Flashcard to write the first one.
          </Card.Body>
        </Card.Root>
      ) : (
        <SimpleGrid
          as="ul"
          columns={{ base: 1, md: 2, xl: 3 }}
          gap="4"
          listStyleType="none"
          m="0"
          p="0"
          aria-label="Flashcards"
        >
          {cards.map((card) => (
            <li key={card.id}>
              <FlashcardCard card={card} onEdit={() => openDialog(card)} onDelete={() => setDeleting(card)} />
            </li>
          ))}
        </SimpleGrid>
      )}

      <FlashcardDialog
        target={dialog}
        defaultSection={section}
        pending={create.isPending || update.isPending}
        serverErrors={fieldErrors}
        formError={formError}
        onSubmit={submit}
        onClose={() => setDialog(null)}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        message="Are you sure you want to delete this flashcard?"
        detail={deleting?.term}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function FlashcardCard({ card, onEdit, onDelete }: { card: Flashcard; onEdit: () => void; onDelete: () => void }) {
  const headingId = `flashcard-${card.id}-heading`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} h="full" data-testid="flashcard-card">
      <Card.Body gap="3">
        <Flex justify="space-between" align="center" gap="2">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="brand" variant="subtle">
              Section {card.sectionNumber}
            </Badge>
            {card.citation && <Badge variant="outline">{citationLabel(card.citation)}</Badge>}
          </HStack>
          <HStack gap="1" flexShrink={0}>
            <IconButton
              variant="ghost"
              size="md"
              minW="44px"
              minH="44px"
              aria-label="Edit flashcard"
              title="Edit flashcard"
              onClick={onEdit}
            >
              <Pencil />
            </IconButton>
            <IconButton
              variant="ghost"
              size="md"
              minW="44px"
              minH="44px"
              colorPalette="red"
              aria-label="Delete flashcard"
              title="Delete flashcard"
              onClick={onDelete}
            >
              <Trash2 />
            </IconButton>
          </HStack>
        </Flex>
        <Text as="h2" id={headingId} fontWeight="bold" fontSize="lg" lineHeight="short">
          {card.term}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {card.definition}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
