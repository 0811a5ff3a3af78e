/**
 * The question a member's study session of a section opens on, for the page's frame: the server
 * writes it there so it paints with the page (@jcba/domain/first-paint, withStudyOpening). The same
 * choice as the app's StudySession makes: the section's questions of the member's edition, in the
 * bank's order, from `startAt` when it is one of them (a search result's link).
 */
import type { StudyOpening } from "@jcba/domain/first-paint";
import type { SessionUser } from "../../trpc/procedures.ts";
import { studyBank } from "../editions/member-edition.ts";
import type { ContentCache } from "./content-cache.ts";

/** Null when the section has no questions for the member (the app then says so). */
export async function studyOpening(
  content: ContentCache,
  user: Pick<SessionUser, "studyEdition">,
  section: number,
  startAt?: number,
): Promise<StudyOpening | null> {
  const { bank } = await studyBank({ content, user });
  const list = bank.questionsBySection.get(section) ?? [];
  const first = list.find((q) => q.id === startAt) ?? list[0];
  if (!first) return null;
  return { section, total: list.length, questionText: first.questionText, questionType: first.questionType };
}
