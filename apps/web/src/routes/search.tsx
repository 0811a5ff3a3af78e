import { createFileRoute } from "@tanstack/react-router";
import { SearchPage } from "../search/SearchPage.tsx";

/** /search?q=…: the query lives in the address, so a search can be shared or reloaded. */
export interface SearchPageSearch {
  q?: string;
}

export const Route = createFileRoute("/search")({
  validateSearch: (search: Record<string, unknown>): SearchPageSearch =>
    typeof search.q === "string" && search.q !== ""
      ? { q: search.q }
      : typeof search.q === "number"
        ? { q: String(search.q) }
        : {},
  component: function SearchRoute() {
    const { q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SearchPage
        query={q ?? ""}
        onQueryChange={(next) => void navigate({ search: next ? { q: next } : {}, replace: true })}
      />
    );
  },
});
