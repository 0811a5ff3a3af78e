import { parseSectionParam } from "@jcba/domain";
import { createFileRoute } from "@tanstack/react-router";
import { NotFound } from "../components/PageStates.tsx";
import { StudySession } from "../study/StudySession.tsx";

/** `?question=id` starts the session at that question (search results open questions this way). */
export interface StudySearch {
  question?: number;
}

export const Route = createFileRoute("/study/$section")({
  validateSearch: (search: Record<string, unknown>): StudySearch => {
    const id = Number(search.question);
    return Number.isSafeInteger(id) && id > 0 ? { question: id } : {};
  },
  // The section's questions are asked for while the screen's code downloads (not awaited: the
  // device's copy of the bank shows first when there is one), as the dashboard's loader does for its
  // numbers. The whole bank downloads after the first screen (src/offline/bankDownload.ts).
  loader: ({ context: { queryClient, trpc }, params }) => {
    const section = parseSectionParam(params.section);
    if (typeof section === "number") void queryClient.prefetchQuery(trpc.questions.list.queryOptions({ section }));
    // What the session reads as it mounts (the member's edition, flags and confidence setting), in the
    // same request, rather than in a second round trip once the questions are in.
    void queryClient.prefetchQuery(trpc.account.studyEdition.queryOptions());
    void queryClient.prefetchQuery(trpc.flags.list.queryOptions());
    void queryClient.prefetchQuery(trpc.review.settings.queryOptions());
  },
  component: StudySectionPage,
});

/** /study/{1–32}; anything else (0, 33, 'abc') is the 404 card. */
function StudySectionPage() {
  const { section } = Route.useParams();
  const { question } = Route.useSearch();
  const n = parseSectionParam(section);
  if (typeof n !== "number") return <NotFound />;
  return <StudySession key={`${n}:${question ?? ""}`} section={n} startAt={question} />;
}
