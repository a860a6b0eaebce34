// The widget size budgets of the widget SDK issue, checked on what a browser receives: the
// brotli twins (.br) the build writes and the server sends.
import { describe, expect, it } from 'vitest';
import { BUDGETS, measureWidgets } from '../../tools/bundle-sizes.mjs';

const sizes = measureWidgets();

describe('widget size budgets (brotli, as transferred)', () => {
  it('keeps the loader within 1.5 KB', () => {
    expect(sizes.loader).toBeLessThanOrEqual(BUDGETS.loader);
  });

  it.each(sizes.widgets.map((w) => [w.name, w.firstOnPage] as const))('keeps the first widget on a page, <ch-%s>, within 25 KB', (_name, bytes) => {
    expect(bytes).toBeLessThanOrEqual(BUDGETS.firstWidget);
  });

  it('keeps all five widgets on one page within 60 KB', () => {
    expect(sizes.allWidgets).toBeLessThanOrEqual(BUDGETS.allWidgets);
  });

  it('shares one runtime: all five together cost far less than five separate ones', () => {
    const separate = sizes.widgets.reduce((sum, w) => sum + w.firstOnPage, 0);
    expect(sizes.allWidgets).toBeLessThan(separate / 2);
  });

  it('holds for browsers without brotli too (gzip twins)', () => {
    const gzip = measureWidgets('dist/widgets', 'gz');
    expect(gzip.widgets.every((w) => w.firstOnPage <= BUDGETS.firstWidget)).toBe(true);
    expect(gzip.allWidgets).toBeLessThanOrEqual(BUDGETS.allWidgets);
  });
});
