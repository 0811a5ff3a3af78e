import { createSystem, createSystemInSteps, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  selectSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from "@chakra-ui/react/theme";

/**
 * One brand colour (a deep airline blue) on Chakra's base tokens, with only the recipes of the
 * components the app uses: registering all of Chakra's recipes costs about 30 KB of gzipped JS on
 * every signed-in screen. A component added to the app needs its recipe added here.
 */
/**
 * Chakra's colour palettes the app never names (as a colorPalette, a token or an alert status): each
 * brings 18 tokens, the semantic ones resolved per colour mode, and building the token dictionary is
 * most of the styling system's start-up on a slow phone. A palette the app starts to use comes out of
 * this list.
 */
const UNUSED_PALETTES = new Set(["teal", "cyan", "pink"]);
const usedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

const base = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: usedPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: usedPalettes(semanticTokens.colors) },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const config = defineConfig({
  globalCss: { "html, body": { bg: "bg.subtle" } },
  theme: {
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      kbd: kbdRecipe,
      radiomark: radiomarkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      select: selectSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
    tokens: {
      colors: {
        brand: {
          50: { value: "#eef4ff" },
          100: { value: "#dbe6ff" },
          200: { value: "#bccffe" },
          300: { value: "#93b4ff" },
          400: { value: "#6690fb" },
          500: { value: "#3f6cf2" },
          600: { value: "#2a52de" },
          700: { value: "#1d4ed8" },
          800: { value: "#1e3a9c" },
          900: { value: "#1e327b" },
          950: { value: "#16214a" },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Destructive buttons keep 4.5:1 white-on-red contrast even in their lighter hover state.
        red: { solid: { value: { _light: "{colors.red.700}", _dark: "{colors.red.700}" } } },
        // White on green (the success toast, the Good rating) at 5:1; Chakra's green.600 gives 3.3:1.
        green: { solid: { value: { _light: "{colors.green.700}", _dark: "{colors.green.700}" } } },
        brand: {
          solid: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.300}" } },
          contrast: { value: { _light: "white", _dark: "{colors.brand.950}" } },
          fg: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.300}" } },
          muted: { value: { _light: "{colors.brand.100}", _dark: "{colors.brand.900}" } },
          subtle: { value: { _light: "{colors.brand.50}", _dark: "{colors.brand.950}" } },
          emphasized: { value: { _light: "{colors.brand.200}", _dark: "{colors.brand.800}" } },
          focusRing: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.300}" } },
        },
      },
    },
  },
});

/** The whole styling system, its global CSS included (the build precompiles that CSS from it). */
export const makeFullSystem = () => createSystem(defaultBaseConfig, base, config);

/**
 * The styling system as the browser builds it (the token dictionary, the style utilities; the recipes
 * compile on first use): a long piece of work on a slow phone, so it runs in three tasks (the configs
 * merged, the token dictionary, the rest: Chakra is patched to offer createSystem's steps, decision
 * 0025), `between` letting the browser run between them. Its global CSS (the reset, the base styles
 * and every token as a CSS variable, more than half of building the system and then serialized again
 * by the provider) is not built here: the build writes it to a stylesheet that loads beside the app's
 * code (vite.config.ts, themeCss.ts), so the provider injects none (Chakra is patched to build that
 * CSS on first use only, pnpm-workspace.yaml).
 */
export async function makeSystem(between: () => Promise<void>) {
  const steps = createSystemInSteps(defaultBaseConfig, base, config);
  let step = steps.next();
  while (!step.done) {
    await between();
    step = steps.next();
  }
  const system = step.value;
  Object.defineProperty(system, "_global", { value: [] });
  return system;
}
