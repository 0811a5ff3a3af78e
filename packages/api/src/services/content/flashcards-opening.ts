/**
 * The card a member's deck opens on, for the page's frame: the server writes it there so it paints
 * with the page (@jcba/domain/first-paint, withFlashcardsOpening). The same choice as the app's
 * FlashcardsScreen makes: the cards of the member's edition in the bank's order, of one section when
 * the address names one, from `startAt` when it is among them (a search result's link); and the
 * member's mastered cards among them, which the screen counts beside the way back.
 */
import type { FlashcardsOpening } from "@jcba/domain/first-paint";
import type { Context, SessionUser } from "../../trpc/procedures.ts";
import { studyBank } from "../editions/member-edition.ts";
import { masteryOf } from "../reviews/mastery.ts";

/** Null when the deck has no cards for the member (the app then says so). */
export async function flashcardsOpening(
  ctx: Pick<Context, "content" | "database">,
  user: Pick<SessionUser, "id" | "studyEdition">,
  section: number | null,
  startAt?: number,
): Promise<FlashcardsOpening | null> {
  const { bank } = await studyBank({ content: ctx.content, user });
  const deck = section === null ? bank.flashcards : (bank.flashcardsBySection.get(section) ?? []);
  const at = Math.max(
    0,
    deck.findIndex((c) => c.id === startAt),
  );
  const first = deck[at];
  if (!first) return null;
  const inDeck = new Set(deck.map((c) => c.id));
  const mastered = new Set(
    (await masteryOf(ctx, user.id)).filter((m) => m.mastered && inDeck.has(m.flashcardId)).map((m) => m.flashcardId),
  );
  return {
    section,
    total: deck.length,
    position: at + 1,
    term: first.term,
    sectionNumber: first.sectionNumber,
    mastered: mastered.size,
    termMastered: mastered.has(first.id),
  };
}
