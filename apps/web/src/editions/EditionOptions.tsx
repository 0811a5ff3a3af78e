import type { RouterOutputs } from "../app/trpc.ts";

type Edition = Pick<RouterOutputs["editions"]["list"][number], "slug" | "name" | "effectiveOn">;

/** The editions as a select's options: the name and the date it takes effect, valued by slug. */
export function EditionOptions({ editions }: { editions: readonly Edition[] }) {
  return editions.map((e) => (
    <option key={e.slug} value={e.slug}>
      {e.name} ({e.effectiveOn})
    </option>
  ));
}
