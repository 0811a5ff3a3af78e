import { parseSectionParam } from "@jcba/domain";
import { createFileRoute } from "@tanstack/react-router";
import { QuestionsManager } from "../../admin/QuestionsManager.tsx";

/** `?section=` opens the list on a section, `?edit=` a question's edit dialog (links from Item Analysis). */
export interface QuestionsSearch {
  section?: number;
  edit?: number;
}

export const Route = createFileRoute("/admin/questions")({
  validateSearch: (search: Record<string, unknown>): QuestionsSearch => {
    const section = parseSectionParam(search.section);
    const edit = Number(search.edit);
    return {
      ...(typeof section === "number" ? { section } : {}),
      ...(Number.isSafeInteger(edit) && edit > 0 ? { edit } : {}),
    };
  },
  component: function QuestionsPage() {
    const { section, edit } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <QuestionsManager
        initialSection={section}
        editId={edit}
        onEditOpened={() => void navigate({ search: (s) => ({ ...s, edit: undefined }), replace: true })}
      />
    );
  },
});
