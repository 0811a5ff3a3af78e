/**
 * The named text parameters of an address (`?from=…&to=…`), trimmed; one that is empty, blank or not
 * text is left out, so the screen sees it as not given.
 */
export function textParams<K extends string>(
  search: Record<string, unknown>,
  names: readonly K[],
): Partial<Record<K, string>> {
  const given: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = search[name];
    if (typeof value === "string" && value.trim() !== "") given[name] = value.trim();
  }
  return given;
}
