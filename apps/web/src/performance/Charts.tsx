/**
 * The two Performance charts. This module is only ever loaded lazily (React.lazy from the
 * /performance route), so chart.js is downloaded on that screen alone.
 */

import { plural, scoreBand } from "@jcba/domain";
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { Bar, Line } from "react-chartjs-2";
import { BAND_CHART_COLOURS } from "../components/scoreBand.ts";
import { useColorMode } from "../components/ui/color-mode.tsx";

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Tooltip);

export interface TrendPoint {
  label: string;
  score: number;
}
export interface SectionPoint {
  label: string;
  value: number;
}

/** Colours chosen for contrast on the card background of each theme. */
const PALETTE = {
  light: {
    line: "#1d4ed8",
    fill: "#1d4ed8",
    grid: "rgba(17, 24, 39, 0.10)",
    tick: "#4b5563",
  },
  dark: {
    line: "#93b4ff",
    fill: "#93b4ff",
    grid: "rgba(243, 244, 246, 0.14)",
    tick: "#d1d5db",
  },
} as const;

function useChartColours() {
  const { colorMode } = useColorMode();
  const mode = colorMode === "dark" ? "dark" : "light";
  return { ...PALETTE[mode], ...BAND_CHART_COLOURS[mode] };
}

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function baseOptions(c: (typeof PALETTE)["light" | "dark"]): ChartOptions<"line" | "bar"> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    layout: { padding: { top: 8, right: 8 } },
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (ctx) => ` ${ctx.parsed.y}%` } },
    },
    scales: {
      x: { grid: { color: c.grid }, ticks: { color: c.tick }, border: { color: c.grid } },
      y: {
        min: 0,
        max: 100,
        grid: { color: c.grid },
        border: { color: c.grid },
        ticks: { color: c.tick, stepSize: 20, callback: (v) => `${v}%` },
      },
    },
  };
}

export function ScoreTrendChart({ points }: { points: TrendPoint[] }) {
  const c = useChartColours();
  const summary = `Line chart of your last ${plural(points.length, "practice test score")}, oldest first: ${points.map((p) => `${p.label} ${p.score}%`).join(", ")}.`;
  return (
    <div style={{ position: "relative", height: 250 }} data-testid="score-trend-chart">
      <Line
        role="img"
        aria-label={summary}
        options={baseOptions(c) as ChartOptions<"line">}
        data={{
          labels: points.map((p) => p.label),
          datasets: [
            {
              label: "Score",
              data: points.map((p) => p.score),
              borderColor: c.line,
              backgroundColor: c.fill,
              pointRadius: 5,
              pointHoverRadius: 7,
              borderWidth: 3,
              cubicInterpolationMode: "monotone",
              clip: 8,
            },
          ],
        }}
      />
    </div>
  );
}

export function SectionChart({ points }: { points: SectionPoint[] }) {
  const c = useChartColours();
  const summary = `Bar chart of your percent correct by section: ${points.map((p) => `${p.label.replace("Sec", "Section")} ${p.value}%`).join(", ")}.`;
  return (
    <div style={{ position: "relative", height: 250 }} data-testid="section-chart">
      <Bar
        role="img"
        aria-label={summary}
        options={baseOptions(c) as ChartOptions<"bar">}
        data={{
          labels: points.map((p) => p.label),
          datasets: [
            {
              label: "Percent correct",
              data: points.map((p) => p.value),
              backgroundColor: points.map((p) => c[scoreBand(p.value)]),
              borderRadius: 4,
              minBarLength: 3, // a 0 % section still shows as a sliver
              maxBarThickness: 48,
            },
          ],
        }}
      />
    </div>
  );
}
