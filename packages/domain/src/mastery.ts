/** Flashcard mastery: the count merges the local list with saved records (specification §4). */

export interface MasteryRecord {
  flashcardId: number;
  mastered: boolean;
}

/**
 * The set of mastered card ids: saved records marked mastered, overridden by what was chosen
 * locally in this session (local choices are newer than the last saved read).
 */
export function masteredIds(
  saved: readonly MasteryRecord[],
  local: ReadonlyMap<number, boolean>,
  cardIds?: ReadonlySet<number>,
): Set<number> {
  const ids = new Set<number>();
  for (const r of saved) if (r.mastered) ids.add(r.flashcardId);
  for (const [id, mastered] of local) {
    if (mastered) ids.add(id);
    else ids.delete(id);
  }
  if (cardIds) for (const id of ids) if (!cardIds.has(id)) ids.delete(id);
  return ids;
}
