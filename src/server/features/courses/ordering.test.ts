import { describe, expect, it } from 'vitest';
import { placeAt, withPositions } from './ordering.ts';

describe('placeAt', () => {
  it('puts an id at a 1-based position, clamped to the ends', () => {
    expect(placeAt([1, 2, 3], 9, 2)).toEqual([1, 9, 2, 3]);
    expect(placeAt([1, 2, 3], 9, undefined)).toEqual([1, 2, 3, 9]);
    expect(placeAt([1, 2, 3], 9, 0)).toEqual([9, 1, 2, 3]);
    expect(placeAt([1, 2, 3], 9, 40)).toEqual([1, 2, 3, 9]);
  });

  it('moves an id that is already there', () => {
    expect(placeAt([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(placeAt([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
  });
});

describe('withPositions', () => {
  it('puts the given ids at their positions, the others keeping their relative order', () => {
    expect(withPositions([1, 2, 3], new Map([[3, 1]]))).toEqual([3, 1, 2]);
    expect(withPositions([1, 2, 3], new Map([[3, 1], [1, 3]]))).toEqual([3, 2, 1]);
    expect(withPositions([1, 2, 3, 4], new Map())).toEqual([1, 2, 3, 4]);
  });

  it('moves an item one place down or up', () => {
    expect(withPositions([1, 2, 3], new Map([[1, 2]]))).toEqual([2, 1, 3]);
    expect(withPositions([1, 2, 3], new Map([[3, 2]]))).toEqual([1, 3, 2]);
  });

  it('takes a full new numbering as it is', () => {
    expect(withPositions([1, 2, 3], new Map([[1, 3], [2, 1], [3, 2]]))).toEqual([2, 3, 1]);
  });
});
