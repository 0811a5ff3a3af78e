import { parseSectionParam } from "@jcba/domain";
import { createFileRoute } from "@tanstack/react-router";
import { NotFound } from "../components/PageStates.tsx";
import { StudySession } from "../study/StudySession.tsx";

export const Route = createFileRoute("/study/$section")({ component: StudySectionPage });

/** /study/{1–32}; anything else (0, 33, 'abc') is the 404 card. */
function StudySectionPage() {
  const { section } = Route.useParams();
  const n = parseSectionParam(section);
  if (typeof n !== "number") return <NotFound />;
  return <StudySession key={n} section={n} />;
}
