import { parseSectionParam } from "@jcba/domain";
import { createFileRoute } from "@tanstack/react-router";
import { ItemAnalysisScreen } from "../../admin/ItemAnalysisScreen.tsx";

export interface ItemAnalysisSearch {
  section?: number;
}

export const Route = createFileRoute("/admin/item-analysis")({
  validateSearch: (search: Record<string, unknown>): ItemAnalysisSearch => {
    const section = parseSectionParam(search.section);
    return typeof section === "number" ? { section } : {};
  },
  component: function ItemAnalysisPage() {
    const { section } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ItemAnalysisScreen
        section={section ?? 1}
        onSectionChange={(n) => void navigate({ search: { section: n }, replace: true })}
      />
    );
  },
});
