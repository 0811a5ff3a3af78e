/** The member's last searches, kept on this device only (localStorage, one list per member), newest first. */
const keyOf = (userId: number) => `jcba-recent-searches:${userId}`;
const MAX = 6;

export function readRecentSearches(userId: number): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(userId: number, query: string): string[] {
  const q = query.trim();
  if (!q) return readRecentSearches(userId);
  const next = [q, ...readRecentSearches(userId).filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, MAX);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // Storage full or disabled: the search still works, it is just not remembered.
  }
  return next;
}

export function forgetRecentSearches(userId: number) {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing to forget.
  }
}
