// The chart of students by month, drawn with uPlot. This file alone imports uPlot, so the library
// comes in its own chunk, loaded when the statistics page shows the chart (never with the page).
import { PLATFORM_ACCENT, statisticsMessages } from '#core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

const t = statisticsMessages;

/** uPlot's stylesheet, copied beside the app by the build: a <link>, as the CSP allows no inline <style>. */
export const CHART_STYLES_URL = '/app/uplot.css';
const HEIGHT = 260;

function linkChartStyles(): void {
  if (document.querySelector(`link[href="${CHART_STYLES_URL}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = CHART_STYLES_URL;
  document.head.append(link);
}

/** The canvas cannot read CSS variables: the accent colour is looked up once per drawing. */
function accent(): string {
  return getComputedStyle(document.documentElement).getPropertyValue('--ch-accent').trim() || PLATFORM_ACCENT;
}

export interface StudentsChartProps {
  /** Each bar's label under the axis ("март"), oldest first. */
  labels: readonly string[];
  /** Each bar's full name in the legend ("март 2026 г."). */
  names: readonly string[];
  counts: readonly number[];
}

/** Bars of the students who joined each month; the legend names the month and the number under the cursor. */
export default function StudentsChart({ labels, names, counts }: StudentsChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(linkChartStyles, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const colour = accent();
    const width = () => Math.max(element.clientWidth, 280);
    const options: uPlot.Options = {
      width: width(),
      height: HEIGHT,
      scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
      axes: [
        { values: (_u, splits) => splits.map((split) => labels[split] ?? ''), incrs: [1], grid: { show: false } },
        { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000], values: (_u, splits) => splits.map(String) },
      ],
      series: [
        { label: t.chartMonth, value: (_u, index) => (index === null ? '' : (names[index] ?? '')) },
        { label: t.chartSeries, stroke: colour, fill: colour, width: 0, paths: uPlot.paths.bars!({ size: [0.6, 48] }), points: { show: false } },
      ],
      cursor: { drag: { x: false, y: false }, points: { show: false } },
    };
    const plot = new uPlot(options, [counts.map((_, index) => index), [...counts]], element);
    // The page's width changes with the window and the menu: the chart follows its box.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [labels, names, counts]);

  return <div ref={box} className="stats-chart" aria-hidden="true" />;
}
