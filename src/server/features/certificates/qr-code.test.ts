import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrSvg } from './qr-code.ts';

/** The dark modules the SVG's path draws, as "x,y". */
function drawn(svg: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, run] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(run); i++) cells.add(`${Number(x) + i},${y}`);
  }
  return cells;
}

describe('qrSvg', () => {
  const text = 'https://coursehub.test/certificate/AbC-123_xyz';

  it('draws exactly the dark modules of the code, with a four-module light margin', () => {
    const svg = qrSvg(text);
    const { data } = encode(text, { ecc: 'M', border: 4 });
    const dark = new Set(data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : []))));
    expect(drawn(svg)).toEqual(dark);
    for (const cell of drawn(svg)) {
      const [x, y] = cell.split(',').map(Number) as [number, number];
      expect(Math.min(x, y)).toBeGreaterThanOrEqual(4);
      expect(Math.max(x, y)).toBeLessThan(data.length - 4);
    }
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${data.length} ${data.length}"`));
  });

  it('has the three finder patterns in their corners', () => {
    const cells = drawn(qrSvg(text));
    const size = encode(text, { ecc: 'M', border: 4 }).size;
    for (const [cx, cy] of [
      [4, 4],
      [size - 11, 4],
      [4, size - 11],
    ] as const) {
      // A finder's outer ring and its 3×3 centre are dark; the ring between them is light.
      for (let i = 0; i < 7; i++) expect(cells.has(`${cx + i},${cy}`) && cells.has(`${cx},${cy + i}`)).toBe(true);
      expect(cells.has(`${cx + 1},${cy + 1}`)).toBe(false);
      expect(cells.has(`${cx + 3},${cy + 3}`)).toBe(true);
    }
  });

  it('gives one code per text, and another for another text', () => {
    expect(qrSvg(text)).toBe(qrSvg(text));
    expect(qrSvg(text)).not.toBe(qrSvg(`${text}x`));
  });
});
