import { parseSectionParam } from "@jcba/domain";
import { createFileRoute } from "@tanstack/react-router";
import { FlashcardsScreen } from "../flashcards/FlashcardsScreen.tsx";

/** The raw `?section=` value is kept as given; the screen parses it with parseSectionParam. */
export interface FlashcardsSearch {
  section?: number | string;
}

export const Route = createFileRoute("/flashcards")({
  validateSearch: (search: Record<string, unknown>): FlashcardsSearch => {
    const raw = search.section;
    if (raw === undefined || raw === null || raw === "") return {};
    return { section: typeof raw === "number" || typeof raw === "string" ? raw : JSON.stringify(raw) };
  },
  component: FlashcardsPage,
});

function FlashcardsPage() {
  const { section } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FlashcardsScreen
      filter={parseSectionParam(section)}
      rawSection={section === undefined ? "" : String(section)}
      onFilterChange={(n) => void navigate({ search: n === null ? {} : { section: n } })}
    />
  );
}
