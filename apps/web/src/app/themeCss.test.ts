import { describe, expect, it } from "vitest";
import { makeFullSystem, makeSystem } from "./theme.ts";
import { globalCssText } from "./themeCss.ts";

describe("the styling system's precompiled global CSS", () => {
  const css = globalCssText(makeFullSystem());

  it("declares the cascade layers' order first, then the reset, the base styles and the tokens", () => {
    expect(css.startsWith("@layer reset,base,tokens,recipes;")).toBe(true);
    const at = ["@layer reset{", "@layer base{", "@layer tokens{"].map((layer) => css.indexOf(layer));
    expect(at.every((i) => i > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it("holds the app's own tokens for both colour modes", () => {
    expect(css).toContain("--chakra-colors-brand-700:#1d4ed8");
    expect(css).toMatch(/--chakra-colors-brand-solid:var\(--chakra-colors-brand-700\)/);
    expect(css).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-brand-solid:var\(--chakra-colors-brand-300\)/);
    expect(css).toContain("--chakra-colors-green-solid:var(--chakra-colors-green-700)");
  });

  it("is left out of the system the browser builds, so the provider injects none of it", () => {
    expect(makeSystem()._global).toEqual([]);
    expect(makeFullSystem()._global).toHaveLength(3);
  });
});
