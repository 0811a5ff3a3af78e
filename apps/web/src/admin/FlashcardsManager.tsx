import { Badge, Card, Flex, HStack, SimpleGrid, Text } from "@chakra-ui/react";
import { citationLabel } from "@jcba/domain";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTRPC, useTRPCClient } from "../app/trpc.ts";
import { FlashcardDialog } from "./FlashcardDialog.tsx";
import { FLASHCARD_FIELDS, type Flashcard, type FlashcardPayload } from "./flashcardForm.ts";
import { ItemHistory } from "./history/ItemHistory.tsx";
import { EditDeleteButtons, ManagerPage } from "./ManagerPage.tsx";
import { ItemEditionsRow } from "./revise/ItemEditionsRow.tsx";
import { ReviseFlashcard } from "./revise/ReviseDialogs.tsx";
import { type ItemCardActions, useContentManager } from "./useContentManager.ts";

const route = getRouteApi("/admin/flashcards");

/** Manage Flashcards: the whole deck (164 cards) in one grid, filterable by section. */
export function FlashcardsManager() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { section: wantedSection, edit } = route.useSearch();
  const navigate = route.useNavigate();
  const [filter, setFilter] = useState(wantedSection === undefined ? "all" : String(wantedSection));
  const section = filter === "all" ? undefined : Number(filter);
  const list = useQuery(trpc.flashcards.list.queryOptions({}));
  const cards = useMemo(
    () => (section === undefined ? (list.data ?? []) : (list.data ?? []).filter((c) => c.sectionNumber === section)),
    [list.data, section],
  );
  const { crud, revise, history, closeHistory, actionsFor } = useContentManager<Flashcard, FlashcardPayload>({
    noun: "flashcard",
    fields: FLASHCARD_FIELDS,
    listKey: trpc.flashcards.list.queryKey(),
    api: client.flashcards,
    items: list.data,
    edit,
    clearEdit: () => void navigate({ search: {}, replace: true }),
    label: (card) => card.term,
  });

  return (
    <ManagerPage
      kind="flashcards"
      description="Add, edit and delete the flashcards of the study deck"
      maxW="6xl"
      crud={crud}
      filter={filter}
      onFilterChange={setFilter}
      section={section}
      count={cards.length}
      list={list}
      editDialog={<FlashcardDialog {...crud.dialogProps} defaultSection={section} />}
      deleteDetail={crud.deleting?.term}
    >
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
            <FlashcardCard card={card} {...actionsFor(card)} />
          </li>
        ))}
      </SimpleGrid>
      <ItemHistory kind="flashcard" item={history} onClose={closeHistory} />
      <ReviseFlashcard state={revise.state} />
    </ManagerPage>
  );
}

function FlashcardCard({ card, onHistory, onEdit, onDelete, onRevise }: { card: Flashcard } & ItemCardActions) {
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
          <EditDeleteButtons noun="flashcard" onHistory={onHistory} onEdit={onEdit} onDelete={onDelete} />
        </Flex>
        <Text as="h2" id={headingId} fontWeight="bold" fontSize="lg" lineHeight="short">
          {card.term}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {card.definition}
        </Text>
        <ItemEditionsRow editions={card.editions} onRevise={onRevise} />
      </Card.Body>
    </Card.Root>
  );
}
