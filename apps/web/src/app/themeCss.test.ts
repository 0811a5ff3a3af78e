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

  it("is left out of the system the browser builds, so the provider injects none of it", async () => {
    expect((await makeSystem(async () => {}))._global).toEqual([]);
    expect(makeFullSystem()._global).toHaveLength(3);
  });

  it("the browser's system is built in three steps and styles as the whole one does", async () => {
    let pauses = 0;
    const stepped = await makeSystem(async () => {
      pauses += 1;
    });
    expect(pauses).toBe(2);
    const whole = makeFullSystem();
    const style = {
      color: "brand.solid",
      p: "4",
      bg: { base: "red.subtle", _dark: "green.solid" },
      _hover: { bg: "brand.muted" },
    };
    expect(stepped.css(style)).toEqual(whole.css(style));
    expect(stepped.token("colors.brand.700")).toBe("#1d4ed8");
    expect(stepped.getRecipeFn("button")({ size: "sm" })).toEqual(whole.getRecipeFn("button")({ size: "sm" }));
  });
});
