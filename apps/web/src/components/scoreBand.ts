/** How a score band (packages/domain scoreBand) looks: a colour plus words and an icon, so colour is never the only signal. */
import { type ScoreBand, scoreBand } from "@jcba/domain";

export const BAND_PALETTE: Record<ScoreBand, "green" | "orange" | "red"> = {
  green: "green",
  amber: "orange",
  red: "red",
};
export const BAND_LABEL: Record<ScoreBand, string> = { green: "strong", amber: "fair", red: "needs work" };

/** Text colours per band, each readable on the card background (≥ 4.5:1) in light and dark mode. */
const BAND_TEXT: Record<ScoreBand, { base: string; _dark: string }> = {
  green: { base: "green.700", _dark: "green.300" },
  amber: { base: "#b45309", _dark: "#fcd34d" }, // amber, distinct from Chakra's orange which reads close to red
  red: { base: "red.700", _dark: "red.300" },
};

/** Solid colours per band for the charts, for contrast on each theme's card. */
export const BAND_CHART_COLOURS: Record<"light" | "dark", Record<ScoreBand, string>> = {
  light: { green: "#15803d", amber: "#b45309", red: "#b91c1c" },
  dark: { green: "#4ade80", amber: "#fcd34d", red: "#fca5a5" },
};

/** The text colour of a score (a Chakra conditional colour value). */
export const bandColor = (score: number) => BAND_TEXT[scoreBand(score)];
export const bandPalette = (score: number) => BAND_PALETTE[scoreBand(score)];
export const bandLabel = (score: number) => BAND_LABEL[scoreBand(score)];
