/** How counts, sections and contract references read in the product's sentences. */
import { sidebarSectionName } from "./sections.ts";

/** '1 question', '12 questions'; `many` for plurals that are not `one` + 's'. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A section by its sign, as badges show it: '§7'. */
export const sectionSign = (section: number) => `§${section}`;

/** '§7 Scheduling': the sign and a name (the sidebar's, unless another reading is given). */
export const sectionLabel = (section: number, nameOf: (section: number) => string = sidebarSectionName) =>
  `${sectionSign(section)} ${nameOf(section)}`;

/** A contract reference as members read it: 'JCBA §19.A.1' (stored as '19.A.1' or '§19'); null when blank. */
export function citationLabel(citation: string | null | undefined): string | null {
  const c = citation?.trim();
  if (!c) return null;
  return `JCBA ${c.startsWith("§") ? c : `§${c}`}`;
}
