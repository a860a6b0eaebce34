import { describe, expect, it } from 'vitest';
import { playedPercent, playedRanges } from './video-watch.ts';

describe('playedPercent', () => {
  it('is the share of the length played, rounded down', () => {
    expect(playedPercent([[0, 45]], 100)).toBe(45);
    expect(playedPercent([[0, 89.9]], 100)).toBe(89);
    expect(playedPercent([[0, 10], [20, 30]], 100)).toBe(20);
  });

  it('counts a part watched twice once, and a skipped part not at all', () => {
    expect(playedPercent([[0, 50], [25, 60], [10, 20]], 100)).toBe(60);
    // Jumped from 5 s to 95 s: ten seconds played of a hundred.
    expect(playedPercent([[0, 5], [95, 100]], 100)).toBe(10);
  });

  it('is the whole video when played to its last frame', () => {
    expect(playedPercent([[0.1, 1.96]], 2)).toBe(93);
    expect(playedPercent([[0, 1.99]], 2)).toBe(100);
    expect(playedPercent([[0, 1.8]], 2)).toBe(90);
    expect(playedPercent([[0, 99.9]], 100)).toBe(100);
  });

  it('keeps to the length, and an unknown length is nothing watched', () => {
    expect(playedPercent([[-5, 150]], 100)).toBe(100);
    expect(playedPercent([[0, 10]], Number.POSITIVE_INFINITY)).toBe(0);
    expect(playedPercent([[0, 10]], Number.NaN)).toBe(0);
    expect(playedPercent([[0, 10]], 0)).toBe(0);
    expect(playedPercent([], 100)).toBe(0);
  });
});

describe('playedRanges', () => {
  it("reads a media element's TimeRanges", () => {
    const ranges = [
      [0, 3],
      [5, 8],
    ];
    expect(playedRanges({ length: 2, start: (i) => ranges[i]![0]!, end: (i) => ranges[i]![1]! })).toEqual(ranges);
  });
});
