import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type uPlot from 'uplot';

// uPlot draws on a canvas, which the test DOM lacks: a stand-in records what the chart asks of it.
const plots = vi.hoisted(() => [] as { options: uPlot.Options; data: uPlot.AlignedData; target: HTMLElement; destroyed: boolean; sizes: unknown[] }[]);
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: (options: unknown) => ({ bars: options }) };
    record: (typeof plots)[number];
    constructor(options: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement) {
      this.record = { options, data, target, destroyed: false, sizes: [] };
      plots.push(this.record);
    }
    setSize(size: unknown) {
      this.record.sizes.push(size);
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { default: FakePlot };
});

const { default: StudentsChart, CHART_STYLES_URL } = await import('./students-chart.tsx');

const props = { labels: ['янв.', 'февр.', 'март'], names: ['январь 2026 г.', 'февраль 2026 г.', 'март 2026 г.'], counts: [0, 3, 5] };

beforeEach(() => {
  plots.length = 0;
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

describe('StudentsChart', () => {
  it('draws a bar per month into its box, with the months under the axis and named in the legend', () => {
    const { container } = render(<StudentsChart {...props} />);
    expect(plots).toHaveLength(1);
    const [plot] = plots;
    expect(plot!.target).toBe(container.querySelector('.stats-chart'));
    expect(plot!.data).toEqual([
      [0, 1, 2],
      [0, 3, 5],
    ]);
    const { options } = plot!;
    expect(options.height).toBe(260);
    expect(options.width).toBeGreaterThan(0);
    const fake = {} as uPlot;
    const xAxis = options.axes![0]!;
    expect((xAxis.values as (u: uPlot, splits: number[]) => string[])(fake, [0, 1, 2, 3])).toEqual(['янв.', 'февр.', 'март', '']);
    const [month, series] = options.series;
    expect(series!.label).toBe('Новые ученики');
    expect(series!.paths).toEqual({ bars: { size: [0.6, 48] } });
    expect((month!.value as (u: uPlot, v: number | null) => string)(fake, 2)).toBe('март 2026 г.');
    expect((month!.value as (u: uPlot, v: number | null) => string)(fake, null)).toBe('');
    // The bars start at zero and leave room above a small number.
    expect((options.scales!.y!.range as (u: uPlot, min: number, max: number) => [number, number])(fake, 0, 2)).toEqual([0, 4]);
    expect((options.scales!.x!.range as (u: uPlot, min: number, max: number) => [number, number])(fake, 0, 2)).toEqual([-0.5, 2.5]);
    // The canvas says nothing to screen readers: the page's table says it.
    expect(container.querySelector('.stats-chart')!.getAttribute('aria-hidden')).toBe('true');
  });

  it("links uPlot's stylesheet once, and draws afresh for new figures, destroying the old chart", () => {
    const { rerender, unmount } = render(<StudentsChart {...props} />);
    rerender(<StudentsChart {...props} counts={[1, 1, 1]} />);
    expect(document.head.querySelectorAll(`link[rel="stylesheet"][href="${CHART_STYLES_URL}"]`)).toHaveLength(1);
    expect(plots.map((plot) => plot.destroyed)).toEqual([true, false]);
    expect(plots[1]!.data[1]).toEqual([1, 1, 1]);
    unmount();
    expect(plots[1]!.destroyed).toBe(true);
    render(<StudentsChart {...props} />);
    expect(document.head.querySelectorAll(`link[href="${CHART_STYLES_URL}"]`)).toHaveLength(1);
  });
});
