/**
 * The Performance charts (score trend, by section, readiness by section, calibration), drawn by
 * chart.js through react-chartjs-2. This module is only ever loaded lazily (React.lazy from the
 * /performance screen, once its numbers are on screen), so chart.js is downloaded on that screen alone
 * and after its first paint; it registers only the scales, elements and plugin these charts use
 * (react-chartjs-2's Line and Bar register their own controller).
 *
 * The tooltip is chart.js's, drawn as HTML (its `external` hook) rather than on the canvas, so it
 * can be read and styled like the rest of the page; the canvas itself is one image described in
 * words for screen readers.
 */

import { plural, type ScoreBand, scoreBand } from "@jcba/domain";
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type TooltipModel,
} from "chart.js";
import { type ReactNode, useCallback, useMemo, useState } from "react";
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
  light: { line: "#1d4ed8", grid: "rgba(17, 24, 39, 0.10)", tick: "#4b5563" },
  dark: { line: "#93b4ff", grid: "rgba(243, 244, 246, 0.14)", tick: "#d1d5db" },
} as const;

type Colours = { line: string; grid: string; tick: string } & Record<ScoreBand, string>;

function useChartColours(): Colours {
  const { colorMode } = useColorMode();
  const mode = colorMode === "dark" ? "dark" : "light";
  return useMemo(() => ({ ...PALETTE[mode], ...BAND_CHART_COLOURS[mode] }), [mode]);
}

const HEIGHT = 250;
const FONT_SIZE = 12;
/** Height a tooltip needs above its point. */
const TOOLTIP_ROOM = 48;

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** What the tooltip shows: a category, its value, where it points and the colour of its mark. */
interface Tip {
  label: string;
  text: string;
  x: number;
  y: number;
  colour: string;
}

/**
 * chart.js's tooltip as HTML: its `external` hook reports what is under the pointer (or the last
 * tap) and where; the state changes only when that does, so the chart is not re-rendered per move.
 */
function useTooltip() {
  const [tip, setTip] = useState<Tip | null>(null);
  const external = useCallback(({ tooltip }: { tooltip: TooltipModel<"line" | "bar"> }) => {
    const point = tooltip.opacity === 0 ? undefined : tooltip.dataPoints?.[0];
    // One figure per chart, or with several series (calibration) each series' figure by its name.
    const points = tooltip.dataPoints ?? [];
    const next: Tip | null = point
      ? {
          label: point.label,
          text:
            points.length > 1
              ? points.map((p) => `${p.dataset.label}: ${p.parsed.y === null ? "—" : `${p.parsed.y}%`}`).join(" · ")
              : `${point.parsed.y}%`,
          x: tooltip.caretX,
          y: tooltip.caretY,
          colour: String(tooltip.labelColors[0]?.backgroundColor ?? ""),
        }
      : null;
    setTip((prev) =>
      prev && next && prev.label === next.label && prev.x === next.x && prev.y === next.y ? prev : next,
    );
  }, []);
  return { tip, external };
}

function options(c: Colours, external: ReturnType<typeof useTooltip>["external"]): ChartOptions<"line" | "bar"> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    layout: { padding: { top: 8, right: 8 } },
    // The category under the pointer, anywhere in its column: a thin bar or a point need not be hit.
    interaction: { mode: "index", intersect: false },
    font: { size: FONT_SIZE },
    plugins: { tooltip: { enabled: false, external } },
    scales: {
      x: {
        grid: { color: c.grid },
        ticks: { color: c.tick, font: { size: FONT_SIZE } },
        border: { color: c.grid },
      },
      y: {
        min: 0,
        max: 100,
        grid: { color: c.grid },
        border: { color: c.grid },
        ticks: { color: c.tick, stepSize: 20, font: { size: FONT_SIZE }, callback: (v) => `${v}%` },
      },
    },
  } as ChartOptions<"line" | "bar">;
}

/** The chart's 250 px box (reserved before chart.js draws) and its tooltip. */
function ChartFrame({ testId, tip, children }: { testId: string; tip: Tip | null; children: ReactNode }) {
  return (
    <div style={{ position: "relative", height: HEIGHT, touchAction: "pan-y" }} data-testid={testId}>
      {children}
      {tip && (
        <div
          aria-hidden
          data-testid="chart-tooltip"
          style={{
            position: "absolute",
            left: tip.x,
            // Above its point, or below it when a high score leaves no room above.
            top: tip.y < TOOLTIP_ROOM ? tip.y + 12 : tip.y - 10,
            transform: tip.y < TOOLTIP_ROOM ? "translate(-50%, 0)" : "translate(-50%, -100%)",
            background: "rgba(0, 0, 0, 0.8)",
            color: "#fff",
            borderRadius: 6,
            padding: 6,
            fontSize: FONT_SIZE,
            lineHeight: 1.3,
            pointerEvents: "none",
            whiteSpace: "nowrap",
          }}
        >
          <div style={{ fontWeight: 700, marginBottom: 2 }}>{tip.label}</div>
          <div style={{ display: "flex", alignItems: "center", gap: 6 }}>
            <span style={{ width: 12, height: 12, background: tip.colour, border: "1px solid #fff" }} />
            {tip.text}
          </div>
        </div>
      )}
    </div>
  );
}

export function ScoreTrendChart({ points }: { points: TrendPoint[] }) {
  const c = useChartColours();
  const { tip, external } = useTooltip();
  const summary = `Line chart of your last ${plural(points.length, "practice test score")}, oldest first: ${points.map((p) => `${p.label} ${p.score}%`).join(", ")}.`;
  const opts = useMemo(() => options(c, external) as ChartOptions<"line">, [c, external]);
  const data = useMemo(
    () => ({
      labels: points.map((p) => p.label),
      datasets: [
        {
          label: "Score",
          data: points.map((p) => p.score),
          borderColor: c.line,
          backgroundColor: c.line,
          pointRadius: 5,
          pointHoverRadius: 7,
          borderWidth: 3,
          cubicInterpolationMode: "monotone" as const,
          clip: 8,
        },
      ],
    }),
    [points, c],
  );
  return (
    <ChartFrame testId="score-trend-chart" tip={tip}>
      <Line role="img" aria-label={summary} options={opts} data={data} fallbackContent={summary} />
    </ChartFrame>
  );
}

export function SectionChart({ points }: { points: SectionPoint[] }) {
  const c = useChartColours();
  const { tip, external } = useTooltip();
  const summary = `Bar chart of your percent correct by section: ${points.map((p) => `${p.label.replace("Sec", "Section")} ${p.value}%`).join(", ")}.`;
  const opts = useMemo(() => options(c, external) as ChartOptions<"bar">, [c, external]);
  const data = useMemo(
    () => ({
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
    }),
    [points, c],
  );
  return (
    <ChartFrame testId="section-chart" tip={tip}>
      <Bar role="img" aria-label={summary} options={opts} data={data} fallbackContent={summary} />
    </ChartFrame>
  );
}

export interface ReadinessPoint {
  sectionNumber: number;
  /** Predicted recall, whole percent. */
  value: number;
}

/** Predicted recall of every section, one bar each, coloured by the score bands. */
export function ReadinessChart({ points, when }: { points: ReadinessPoint[]; when: string }) {
  const c = useChartColours();
  const { tip, external } = useTooltip();
  const summary = `Bar chart of your predicted recall by section ${when}: ${points.map((p) => `Section ${p.sectionNumber} ${p.value}%`).join(", ")}.`;
  const opts = useMemo(() => options(c, external) as ChartOptions<"bar">, [c, external]);
  const data = useMemo(
    () => ({
      labels: points.map((p) => `Sec ${p.sectionNumber}`),
      datasets: [
        {
          label: "Predicted recall",
          data: points.map((p) => p.value),
          backgroundColor: points.map((p) => c[scoreBand(p.value)]),
          borderRadius: 3,
          minBarLength: 3,
          maxBarThickness: 24,
        },
      ],
    }),
    [points, c],
  );
  return (
    <ChartFrame testId="readiness-chart" tip={tip}>
      <Bar role="img" aria-label={summary} options={opts} data={data} fallbackContent={summary} />
    </ChartFrame>
  );
}

export interface CalibrationPoint {
  label: string;
  /** Whole percents; null for a bin without reviews. */
  predicted: number | null;
  actual: number | null;
  count: number;
}

/**
 * Calibration: per tenth of predicted recall, the mean prediction and the share actually recalled.
 * The closer the two lines, the more the readiness figure can be trusted.
 */
export function CalibrationChart({ points }: { points: CalibrationPoint[] }) {
  const c = useChartColours();
  const { tip, external } = useTooltip();
  const filled = points.filter((p) => p.count > 0);
  const summary = `Line chart of predicted against actual recall: ${filled.map((p) => `predicted ${p.label}, ${plural(p.count, "review")}, ${p.actual}% recalled`).join("; ")}.`;
  const opts = useMemo(() => options(c, external) as ChartOptions<"line">, [c, external]);
  const data = useMemo(
    () => ({
      labels: points.map((p) => p.label),
      datasets: [
        {
          label: "Predicted",
          data: points.map((p) => p.predicted),
          borderColor: c.tick,
          backgroundColor: c.tick,
          borderDash: [6, 4],
          pointRadius: 3,
          borderWidth: 2,
          spanGaps: true,
        },
        {
          label: "Recalled",
          data: points.map((p) => p.actual),
          borderColor: c.line,
          backgroundColor: c.line,
          pointRadius: 5,
          pointHoverRadius: 7,
          borderWidth: 3,
          spanGaps: true,
          clip: 8,
        },
      ],
    }),
    [points, c],
  );
  return (
    <ChartFrame testId="calibration-chart" tip={tip}>
      <Line role="img" aria-label={summary} options={opts} data={data} fallbackContent={summary} />
    </ChartFrame>
  );
}

export interface WorkloadPoint {
  date: string;
  reviews: number;
}

/** Reviews expected each day (due and new together) for the next days, at the retention being chosen. */
export function WorkloadChart({ points, retention }: { points: WorkloadPoint[]; retention: number }) {
  const c = useChartColours();
  const { tip, external } = useTooltip();
  const summary = `Bar chart of the reviews expected each day at ${retention} % retention: ${points.map((p) => `${p.date} ${p.reviews}`).join(", ")}.`;
  const opts = useMemo(() => {
    const o = options(c, external) as ChartOptions<"bar">;
    // Counts, not percents: the axis grows with the busiest day.
    return {
      ...o,
      scales: {
        ...o.scales,
        y: {
          ...o.scales?.y,
          min: 0,
          max: undefined,
          ticks: { ...o.scales?.y?.ticks, stepSize: undefined, callback: (v) => `${v}` },
        },
      },
    } as ChartOptions<"bar">;
  }, [c, external]);
  const data = useMemo(
    () => ({
      labels: points.map((p) => p.date.slice(5)),
      datasets: [
        {
          label: "Reviews",
          data: points.map((p) => p.reviews),
          backgroundColor: c.line,
          borderRadius: 3,
          maxBarThickness: 16,
        },
      ],
    }),
    [points, c],
  );
  return (
    <ChartFrame testId="workload-chart" tip={tip}>
      <Bar role="img" aria-label={summary} options={opts} data={data} fallbackContent={summary} />
    </ChartFrame>
  );
}
