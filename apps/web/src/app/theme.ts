import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

/** One brand colour (a deep airline blue) on Chakra's defaults. */
const config = defineConfig({
  globalCss: { "html, body": { bg: "bg.subtle" } },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: "#eef4ff" }, 100: { value: "#dbe6ff" }, 200: { value: "#bccffe" }, 300: { value: "#93b4ff" }, 400: { value: "#6690fb" },
          500: { value: "#3f6cf2" }, 600: { value: "#2a52de" }, 700: { value: "#1d4ed8" }, 800: { value: "#1e3a9c" }, 900: { value: "#1e327b" }, 950: { value: "#16214a" },
        },
      },
    },
    semanticTokens: {
      colors: {
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

export const system = createSystem(defaultConfig, config);
