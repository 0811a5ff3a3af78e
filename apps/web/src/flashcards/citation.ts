/** 'JCBA §19.A.1' from a stored citation, which is written either '19.A.1' or '§19'. */
export function citationLabel(citation: string): string {
  const c = citation.trim();
  return `JCBA ${c.startsWith("§") ? c : `§${c}`}`;
}
