/**
 * The styling system's global CSS as one stylesheet, written at build time (vite.config.ts): the same
 * text Chakra's provider would otherwise build and inject on every start (the cascade layers' order,
 * the reset, the base styles and every token as a CSS variable per colour mode), serialized the way
 * Emotion's <Global> does it so the result is identical.
 */

import type { SystemContext } from "@chakra-ui/react";
import createCache from "@emotion/cache";
import { serializeStyles } from "@emotion/serialize";

export function globalCssText(system: SystemContext): string {
  // Off the browser Emotion's cache returns the rules it would insert (the key only names a sheet).
  const cache = createCache({ key: "chakra-global" });
  const rules = (styles: unknown) =>
    cache.insert("", serializeStyles([styles as never], undefined, {}), cache.sheet, false) as unknown as string;
  const parts = [system._config.disableLayers ? "" : rules(system.layers.atRule), ...system._global.map(rules)];
  return `${parts.join("\n")}\n`;
}
