import { decodeDeck, parseSectionParam } from "@jcba/domain";
import { createFileRoute } from "@tanstack/react-router";
import { FlashcardsScreen } from "../flashcards/FlashcardsScreen.tsx";

/** The raw `?section=` value is kept as given; the screen parses it with parseSectionParam. */
export interface FlashcardsSearch {
  section?: number | string;
  /** The id of the card to show first (search results open cards this way). */
  card?: number;
  /** A deck of chosen cards (encodeDeck): What Changed's changed cards. */
  deck?: string;
}

export const Route = createFileRoute("/flashcards")({
  validateSearch: (search: Record<string, unknown>): FlashcardsSearch => {
    const raw = search.section;
    const cardId = Number(search.card);
    const card = Number.isSafeInteger(cardId) && cardId > 0 ? { card: cardId } : {};
    const deck = typeof search.deck === "string" && search.deck !== "" ? { deck: search.deck } : {};
    if (raw === undefined || raw === null || raw === "") return { ...card, ...deck };
    return {
      section: typeof raw === "number" || typeof raw === "string" ? raw : JSON.stringify(raw),
      ...card,
      ...deck,
    };
  },
  // The deck, the member's marks, their settings and edition are asked for in one request while the
  // screen's code downloads.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.flashcards.list.queryOptions({}));
    void queryClient.prefetchQuery(trpc.mastery.list.queryOptions());
    void queryClient.prefetchQuery(trpc.review.settings.queryOptions());
    void queryClient.prefetchQuery(trpc.account.studyEdition.queryOptions());
  },
  component: FlashcardsPage,
});

function FlashcardsPage() {
  const { section, card, deck } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FlashcardsScreen
      filter={parseSectionParam(section)}
      rawSection={section === undefined ? "" : String(section)}
      startCard={card}
      chosenCards={deck === undefined ? undefined : (decodeDeck(deck) ?? "invalid")}
      onFilterChange={(n) => void navigate({ search: n === null ? {} : { section: n } })}
    />
  );
}
