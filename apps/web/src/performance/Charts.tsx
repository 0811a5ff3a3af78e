/**
 * The two Performance charts, drawn as SVG. This module is only ever loaded lazily (React.lazy from
 * the /performance route), so it is downloaded on that screen alone.
 *
 * Hand-written rather than chart.js: chart.js with react-chartjs-2 cost about 56 KB of gzipped JS,
 * which put /performance over its 250 KB budget, and trimming the theme and the app shell could win
 * back only a few KB. These two charts are fixed (a 0–100 % axis, at most 8 categories), so they
 * keep chart.js's look (grid, ticks, colours, rounded bars, a monotone line, a tooltip on hover or
 * tap, the grow-in animation unless reduced motion is asked for) in a few KB; d3-shape draws the curve.
 */

import { plural, type ScoreBand, scoreBand } from "@jcba/domain";
import { curveMonotoneX, line } from "d3-shape";
import { type PointerEvent, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { BAND_CHART_COLOURS } from "../components/scoreBand.ts";
import { useColorMode } from "../components/ui/color-mode.tsx";

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
  return { ...PALETTE[mode], ...BAND_CHART_COLOURS[mode] };
}

const HEIGHT = 250;
const FONT_SIZE = 12;
const TICKS = [0, 20, 40, 60, 80, 100];
/** Plot area insets: room for the "100%" ticks on the left, the labels below, half a tick label above. */
const LEFT = 44;
const RIGHT = 8;
const TOP = 14;
const BOTTOM = 30;
/** Extra room below when the category labels are turned to fit. */
const BOTTOM_TURNED = 50;
/** Height a tooltip needs above its point. */
const TOOLTIP_ROOM = 48;
/** A rough width of one character of the 12 px labels, to know when they no longer fit side by side. */
const CHAR_WIDTH = 6.8;

/** Grow-in like chart.js's default animation (1 s, ease-out-quart), never under reduced motion. */
const ANIMATION_CSS = `
@media (prefers-reduced-motion: no-preference) {
  .jcba-chart-grow { animation: jcba-chart-grow 1s cubic-bezier(0.165, 0.84, 0.44, 1) both; }
}
@keyframes jcba-chart-grow { from { transform: scaleY(0); } }
`;

/** The container's width in px, kept up to date as the card resizes (0 until first measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    const observer = new ResizeObserver(() => setWidth(el.getBoundingClientRect().width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

interface Frame {
  width: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Category labels turned 45° because they do not fit side by side. */
  turned: boolean;
  y: (value: number) => number;
}

/**
 * Where the plot sits in a chart `width` px wide with these category labels in `slots` places; with
 * `lastOnEdge` the last label is centred on the plot's right edge, so room is kept for its half.
 */
function frameFor(width: number, labels: string[], slots: number, lastOnEdge = false): Frame {
  const lastHalf = lastOnEdge ? ((labels.at(-1)?.length ?? 0) * CHAR_WIDTH) / 2 : 0;
  const right = Math.max(LEFT + 1, width - Math.max(RIGHT, lastHalf));
  const longest = Math.max(0, ...labels.map((l) => l.length)) * CHAR_WIDTH;
  const turned = longest > (right - LEFT) / Math.max(1, slots) - 4;
  const bottom = HEIGHT - (turned ? BOTTOM_TURNED : BOTTOM);
  return { width, left: LEFT, right, top: TOP, bottom, turned, y: (v) => bottom - (v / 100) * (bottom - TOP) };
}

/** A category on the x axis: its label and where it sits. */
interface Category {
  label: string;
  x: number;
}

/** The 0–100 % axis with its grid, the x grid lines at `gridX`, and the category labels. */
function Axes({ f, c, categories, gridX }: { f: Frame; c: Colours; categories: Category[]; gridX: number[] }) {
  return (
    <g style={{ fontSize: FONT_SIZE }} fill={c.tick}>
      {TICKS.map((t) => (
        <g key={t}>
          <line x1={f.left - 8} x2={f.right} y1={f.y(t)} y2={f.y(t)} stroke={c.grid} />
          <text x={f.left - 11} y={f.y(t)} textAnchor="end" dominantBaseline="central">
            {t}%
          </text>
        </g>
      ))}
      {gridX.map((x) => (
        <line key={x} x1={x} x2={x} y1={f.top} y2={f.bottom + 8} stroke={c.grid} />
      ))}
      <line x1={f.left} x2={f.left} y1={f.top} y2={f.bottom} stroke={c.grid} />
      {categories.map(({ label, x }) =>
        f.turned ? (
          <text
            key={label}
            x={x}
            y={f.bottom + 12}
            textAnchor="end"
            dominantBaseline="central"
            transform={`rotate(-45 ${x} ${f.bottom + 12})`}
          >
            {label}
          </text>
        ) : (
          <text key={label} x={x} y={f.bottom + 21} textAnchor="middle">
            {label}
          </text>
        ),
      )}
    </g>
  );
}

/** What the pointer is on: a category, where its tooltip points, and what the tooltip says. */
interface Hover {
  label: string;
  x: number;
  y: number;
  colour: string;
  text: string;
}

/**
 * The chart's frame: a 250 px SVG described by `summary` for screen readers (the drawing itself is
 * one image), and a chart.js-style tooltip for the category under the pointer (or the last tap).
 */
function ChartFrame({
  testId,
  summary,
  hoverAt,
  children,
}: {
  testId: string;
  summary: string;
  /** The category under a pointer at x (px from the left), or null when there is none. */
  hoverAt: (width: number, x: number) => Hover | null;
  children: (width: number, hover: Hover | null) => ReactNode;
}) {
  const { ref, width } = useWidth();
  const [hover, setHover] = useState<Hover | null>(null);
  const onPointer = (e: PointerEvent<SVGSVGElement>) =>
    setHover(hoverAt(width, e.clientX - e.currentTarget.getBoundingClientRect().left));
  return (
    <div ref={ref} style={{ position: "relative", height: HEIGHT }} data-testid={testId}>
      <svg
        role="img"
        aria-label={summary}
        width="100%"
        height={HEIGHT}
        style={{ display: "block", overflow: "visible", fontFamily: "inherit", touchAction: "pan-y" }}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        // A finger lifted also "leaves": a tapped tooltip stays until the next tap, as chart.js's did.
        onPointerLeave={(e) => e.pointerType !== "touch" && setHover(null)}
      >
        <style>{ANIMATION_CSS}</style>
        {width > 0 && children(width, hover)}
      </svg>
      {hover && (
        <div
          aria-hidden
          data-testid="chart-tooltip"
          style={{
            position: "absolute",
            left: Math.min(Math.max(hover.x, 40), Math.max(40, width - 40)),
            // Above its point, or below it when a high score leaves no room above.
            top: hover.y < TOOLTIP_ROOM ? hover.y + 12 : hover.y - 10,
            transform: hover.y < TOOLTIP_ROOM ? "translate(-50%, 0)" : "translate(-50%, -100%)",
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
          <div style={{ fontWeight: 700, marginBottom: 2 }}>{hover.label}</div>
          <div style={{ display: "flex", alignItems: "center", gap: 6 }}>
            <span style={{ width: 12, height: 12, background: hover.colour, border: "1px solid #fff" }} />
            {hover.text}
          </div>
        </div>
      )}
    </div>
  );
}

/** The item of `items` whose x is nearest to `x`. */
function nearestTo<T extends { x: number }>(items: T[], x: number): T | null {
  let best: T | null = null;
  for (const item of items) if (!best || Math.abs(item.x - x) < Math.abs(best.x - x)) best = item;
  return best;
}

export function ScoreTrendChart({ points }: { points: TrendPoint[] }) {
  const c = useChartColours();
  const summary = `Line chart of your last ${plural(points.length, "practice test score")}, oldest first: ${points.map((p) => `${p.label} ${p.score}%`).join(", ")}.`;
  const labels = points.map((p) => p.label);
  // Points sit on the category ticks, the first and last at the plot's edges (one point: the middle).
  const place = (width: number) => {
    const f = frameFor(width, labels, points.length, points.length > 1);
    const step = points.length > 1 ? (f.right - f.left) / (points.length - 1) : 0;
    const placed = points.map((p, i) => ({
      ...p,
      x: points.length > 1 ? f.left + i * step : (f.left + f.right) / 2,
      y: f.y(p.score),
    }));
    return { f, placed };
  };
  const hoverAt = (width: number, x: number): Hover | null => {
    const p = nearestTo(place(width).placed, x);
    return p && { label: p.label, x: p.x, y: p.y - 7, colour: c.line, text: `${p.score}%` };
  };
  return (
    <ChartFrame testId="score-trend-chart" summary={summary} hoverAt={hoverAt}>
      {(width, hover) => {
        const { f, placed } = place(width);
        const path = line<(typeof placed)[number]>()
          .x((p) => p.x)
          .y((p) => p.y)
          .curve(curveMonotoneX)(placed);
        return (
          <>
            <Axes f={f} c={c} categories={placed} gridX={placed.map((p) => p.x)} />
            <g
              className="jcba-chart-grow"
              style={{ transformBox: "view-box", transformOrigin: `0 ${f.bottom}px` }}
              fill={c.line}
            >
              {path && <path d={path} fill="none" stroke={c.line} strokeWidth={3} />}
              {placed.map((p) => (
                <circle key={p.label} cx={p.x} cy={p.y} r={hover?.label === p.label ? 7 : 5} />
              ))}
            </g>
          </>
        );
      }}
    </ChartFrame>
  );
}

/** Bar width as chart.js draws it: 80 % of the category, 90 % of that, at most 48 px. */
const barWidth = (slot: number) => Math.min(48, slot * 0.8 * 0.9);

/** A bar with its top corners rounded (radius 4, less on a very short or thin bar). */
function barPath(x: number, width: number, top: number, base: number) {
  const r = Math.min(4, width / 2, base - top);
  return `M${x},${base}V${top + r}Q${x},${top} ${x + r},${top}H${x + width - r}Q${x + width},${top} ${x + width},${top + r}V${base}Z`;
}

export function SectionChart({ points }: { points: SectionPoint[] }) {
  const c = useChartColours();
  const summary = `Bar chart of your percent correct by section: ${points.map((p) => `${p.label.replace("Sec", "Section")} ${p.value}%`).join(", ")}.`;
  const labels = points.map((p) => p.label);
  const place = (width: number) => {
    const f = frameFor(width, labels, points.length);
    const slot = (f.right - f.left) / Math.max(1, points.length);
    const placed = points.map((p, i) => ({
      ...p,
      x: f.left + (i + 0.5) * slot,
      // A 0 % section still shows as a 3 px sliver.
      top: Math.min(f.y(p.value), f.bottom - 3),
      colour: c[scoreBand(p.value)],
    }));
    return { f, slot, placed };
  };
  const hoverAt = (width: number, x: number): Hover | null => {
    const { f, slot, placed } = place(width);
    const bar = placed[Math.floor((x - f.left) / slot)];
    return bar ? { label: bar.label, x: bar.x, y: bar.top, colour: bar.colour, text: `${bar.value}%` } : null;
  };
  return (
    <ChartFrame testId="section-chart" summary={summary} hoverAt={hoverAt}>
      {(width) => {
        const { f, slot, placed } = place(width);
        const w = barWidth(slot);
        // Grid lines between categories (chart.js offsets them for bars), and at both ends.
        const gridX = Array.from({ length: points.length + 1 }, (_, i) => f.left + i * slot);
        return (
          <>
            <Axes f={f} c={c} categories={placed} gridX={gridX} />
            <g className="jcba-chart-grow" style={{ transformBox: "view-box", transformOrigin: `0 ${f.bottom}px` }}>
              {placed.map((p) => (
                <path key={p.label} d={barPath(p.x - w / 2, w, p.top, f.bottom)} fill={p.colour} />
              ))}
            </g>
          </>
        );
      }}
    </ChartFrame>
  );
}
