/**
 * ?section=&edit= on the managers: open on that section with that item's edit dialog (links from
 * Reports). Hand-written rather than a zod schema: route search validation sits in the app shell, and
 * zod there would add ~27 KB to every signed-in screen.
 */
export interface EditSearch {
  section?: number;
  edit?: number;
}

const wholeIn = (value: unknown, max: number): number | undefined => {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

export function editSearch(search: Record<string, unknown>): EditSearch {
  const section = wholeIn(search.section, 32);
  const edit = wholeIn(search.edit, 2_147_483_647);
  return { ...(section === undefined ? {} : { section }), ...(edit === undefined ? {} : { edit }) };
}
