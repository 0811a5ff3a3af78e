/**
 * Contract editions: the JCBA 2016 today, the next ratified contract later. An item is true for some
 * editions; a member studies one, by default the edition in force (the latest whose effective date has come).
 */
import { changesGrading, fieldChanges } from "./versions.ts";

/** The edition every item shipped before editions existed teaches. */
export const FIRST_EDITION = "jcba-2016";

/** An edition's name in items, REST paths and accounts: lower-case letters, digits and dashes (jcba-2026). */
export const EDITION_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface EditionDates {
  slug: string;
  /** yyyy-mm-dd */
  effectiveOn: string;
}

/** The edition in force on `today` (yyyy-mm-dd): the latest effective by then; null when none is yet. */
export function editionInForce<E extends EditionDates>(editions: readonly E[], today: string): E | null {
  let best: E | null = null;
  for (const e of editions)
    if (
      e.effectiveOn <= today &&
      (!best || e.effectiveOn > best.effectiveOn || (e.effectiveOn === best.effectiveOn && e.slug > best.slug))
    )
      best = e;
  return best;
}

/**
 * Whether a member's review schedule for an item carries over to the item that replaces it in a new
 * edition: yes when the answer is the same (a question's type, answer and accepted spellings; a card's
 * definition), so what they learned still holds; no when it changed, and the new item starts afresh.
 */
export function scheduleCarriesOver(
  kind: "question" | "flashcard",
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): boolean {
  return kind === "question"
    ? !changesGrading(before, after)
    : fieldChanges(before, after, ["definition"]).length === 0;
}

/**
 * The items whose review schedules carry over to an item that replaces a chain of earlier ones
 * (C replaces B replaces A): the nearest first, as long as each has the new item's answer. The run
 * stops at the first whose answer differs, where what the member learned stopped holding.
 */
export function carryOverChain<T extends Record<string, unknown>>(
  kind: "question" | "flashcard",
  replaced: readonly T[],
  after: Record<string, unknown>,
): T[] {
  const run: T[] = [];
  for (const item of replaced) {
    if (!scheduleCarriesOver(kind, item, after)) break;
    run.push(item);
  }
  return run;
}
