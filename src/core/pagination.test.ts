import { describe, expect, it } from 'vitest';
import {
  clampPage,
  ELLIPSIS,
  PAGE_SIZE,
  pageCount,
  paginationWindow,
  type PageItem,
} from './pagination.ts';

const E = ELLIPSIS;

describe('PAGE_SIZE (spec §9)', () => {
  it.each([
    ['default', 20],
    ['users', 20],
    ['catalogue', 12],
    ['rating', 30],
  ] as const)('%s → %i', (key, size) => {
    expect(PAGE_SIZE[key]).toBe(size);
  });

  it('is the single character ellipsis', () => {
    expect(ELLIPSIS).toBe('\u2026');
  });
});

describe('pageCount', () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [200, 20, 10],
    [201, 20, 11],
    [25, 12, 3],
    [61, 30, 3],
    [-5, 20, 1],
    [Number.NaN, 20, 1],
  ])('count %d, size %i → %i pages', (count, size, pages) => {
    expect(pageCount(count, size)).toBe(pages);
  });

  it('defaults to 20 per page', () => {
    expect(pageCount(41)).toBe(3);
  });

  it.each([[0], [-20], [1.5], [Number.NaN]])('rejects page size %d', (size) => {
    expect(() => pageCount(10, size)).toThrow(RangeError);
  });
});

describe('clampPage', () => {
  it.each([
    [1, 10, 1],
    [5, 10, 5],
    [10, 10, 10],
    [0, 10, 1],
    [-3, 10, 1],
    [11, 10, 10],
    [99, 10, 10],
    [4.7, 10, 4],
    [Number.NaN, 10, 1],
    [Number.NEGATIVE_INFINITY, 10, 1],
    [Number.POSITIVE_INFINITY, 10, 10],
  ])('page %d of %i → %i', (page, last, expected) => {
    expect(clampPage(page, last)).toBe(expected);
  });
});

describe('paginationWindow (spec §9)', () => {
  it.each<[string, number, number, number | undefined, PageItem[]]>([
    // rule,                                       page, count, size, window
    ['empty list: page 1', 1, 0, undefined, [1]],
    ['one page', 1, 20, undefined, [1]],
    ['6 pages: all', 4, 120, undefined, [1, 2, 3, 4, 5, 6]],
    ['6 pages, last partly filled: all', 6, 101, undefined, [1, 2, 3, 4, 5, 6]],
    ['fewer than 20 items: all, even with many pages', 10, 19, 2, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    ['fewer than 20 items, size 1: all 19', 1, 19, 1, range(1, 19)],
    ['7 pages, page 1: first pages plus last', 1, 140, undefined, [1, 2, 3, 4, E, 7]],
    ['10 pages, page 1: first pages plus last', 1, 200, undefined, [1, 2, 3, 4, E, 10]],
    ['10 pages, page 3: first pages plus last', 3, 200, undefined, [1, 2, 3, 4, E, 10]],
    ['10 pages, page 4: neighbours', 4, 200, undefined, [1, E, 3, 4, 5, E, 10]],
    ['10 pages, page 5: neighbours', 5, 200, undefined, [1, E, 4, 5, 6, E, 10]],
    ['10 pages, page 7: neighbours', 7, 200, undefined, [1, E, 6, 7, 8, E, 10]],
    ['10 pages, page 8: first plus last pages', 8, 200, undefined, [1, E, 7, 8, 9, 10]],
    ['10 pages, page 10: first plus last pages', 10, 200, undefined, [1, E, 7, 8, 9, 10]],
    ['7 pages, page 4: neighbours', 4, 140, undefined, [1, E, 3, 4, 5, E, 7]],
    ['7 pages, page 5: first plus last pages', 5, 140, undefined, [1, E, 4, 5, 6, 7]],
    ['page 0 clamps to 1', 0, 200, undefined, [1, 2, 3, 4, E, 10]],
    ['page past the end clamps to last', 50, 200, undefined, [1, E, 7, 8, 9, 10]],
    ['catalogue size 12: 9 pages, page 5', 5, 100, PAGE_SIZE.catalogue, [1, E, 4, 5, 6, E, 9]],
    ['rating size 30: 4 pages', 2, 120, PAGE_SIZE.rating, [1, 2, 3, 4]],
    ['rating size 30: 34 pages, page 20', 20, 1000, PAGE_SIZE.rating, [1, E, 19, 20, 21, E, 34]],
  ])('%s', (_rule, page, count, pageSize, expected) => {
    expect(paginationWindow({ page, count, pageSize })).toEqual(expected);
  });

  it('uses 20 per page by default', () => {
    expect(paginationWindow({ page: 1, count: 121 })).toEqual([1, 2, 3, 4, E, 7]);
  });

  it('always holds the first page, the last page and the current page', () => {
    for (let page = 1; page <= 30; page += 1) {
      const window = paginationWindow({ page, count: 600 });
      expect(window[0]).toBe(1);
      expect(window.at(-1)).toBe(30);
      expect(window).toContain(page);
      expect(window.length).toBeLessThanOrEqual(7);
    }
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
