/** Column lists for selects, named rather than written out field by field. */
import { getTableColumns, type Table } from "drizzle-orm";

type Columns<T extends Table> = T["_"]["columns"];

/** The named columns of a table, for a select. */
export function pick<T extends Table, K extends keyof Columns<T> & string>(
  table: T,
  ...names: K[]
): Pick<Columns<T>, K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((n) => [n, all[n]])) as Pick<Columns<T>, K>;
}
/** Every column of a table but the named ones (the member's own id, other people's ids). */
export function allBut<T extends Table, K extends keyof Columns<T> & string>(
  table: T,
  ...names: K[]
): Omit<Columns<T>, K> {
  const all: Record<string, unknown> = { ...getTableColumns(table) };
  for (const n of names) delete all[n];
  return all as Omit<Columns<T>, K>;
}
