import { describe, expect, it } from 'vitest';
import { pageSlice } from './pagination.ts';

describe('pageSlice', () => {
  it('reads the first half forwards and the second backwards, skipping the fewest rows', () => {
    expect(pageSlice(1, 20, 100_000)).toEqual({ fromEnd: false, offset: 0, limit: 20 });
    expect(pageSlice(5_000, 20, 100_000)).toEqual({ fromEnd: true, offset: 0, limit: 20 });
    expect(pageSlice(4_999, 20, 100_000)).toEqual({ fromEnd: true, offset: 20, limit: 20 });
    expect(pageSlice(2_500, 20, 100_000)).toEqual({ fromEnd: false, offset: 49_980, limit: 20 });
  });

  it('cuts the last page short and has nothing past the end', () => {
    expect(pageSlice(3, 20, 45)).toEqual({ fromEnd: true, offset: 0, limit: 5 });
    expect(pageSlice(2, 20, 45)).toEqual({ fromEnd: true, offset: 5, limit: 20 });
    expect(pageSlice(4, 20, 45)).toBeNull();
    expect(pageSlice(1, 20, 0)).toBeNull();
  });
});
