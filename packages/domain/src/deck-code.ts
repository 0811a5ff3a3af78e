/**
 * A deck of chosen flashcards in a link (/flashcards?deck=…): What Changed's changed and new cards.
 * The ids in base 36 joined by dots, as a practice test's question list is (test-code.ts), so a deck
 * of every card still fits in an address.
 */

/** The most cards a deck link holds (the deck has 164 cards today). */
export const MAX_DECK_CARDS = 500;

export function encodeDeck(ids: readonly number[]): string {
  return ids.map((id) => id.toString(36)).join(".");
}

/** The card ids of a deck link, in its order; null when the text is not a deck. */
export function decodeDeck(raw: string): number[] | null {
  const parts = raw.trim().toLowerCase().split(".");
  if (parts.length === 0 || parts.length > MAX_DECK_CARDS) return null;
  const ids = parts.map((p) => (/^[0-9a-z]{1,7}$/.test(p) ? Number.parseInt(p, 36) : Number.NaN));
  if (ids.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647)) return null;
  return [...new Set(ids)];
}
