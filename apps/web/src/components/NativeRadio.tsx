import { chakra } from "@chakra-ui/react";

/**
 * The browser's own radio button in the brand colour, for a short list of choices in a dialog (what is
 * wrong with an item, what happens to past answers): it needs none of Chakra's radio machinery.
 */
export const NativeRadio = chakra(
  "input",
  { base: { w: "4", h: "4", flexShrink: 0, accentColor: "var(--chakra-colors-brand-solid)" } },
  { defaultProps: { type: "radio" } },
);
