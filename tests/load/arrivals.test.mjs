import { describe, expect, it } from 'vitest';
import { arrivalTimes, MIX, random, roles, thinkTime } from './arrivals.mjs';

describe('the mix of arriving sessions', () => {
  it('holds the shares of 80 / 14 / 5 / 1 % exactly per hundred, and within one session at any moment', () => {
    const order = roles(1000);
    const count = (list, role) => list.filter((r) => r === role).length;
    for (const [role, percent] of Object.entries(MIX)) expect(count(order, role)).toBe(percent * 10);
    for (let n = 1; n <= order.length; n += 1) {
      for (const [role, percent] of Object.entries(MIX)) expect(Math.abs(count(order.slice(0, n), role) - (n * percent) / 100)).toBeLessThanOrEqual(1);
    }
  });
});

describe('arrivals', () => {
  it('bring the users a step adds, spread over its ramp in order, the same in every run', () => {
    const times = arrivalTimes({ from: 100, to: 300, rampMs: 10_000, next: random(7) });
    expect(times).toHaveLength(200);
    expect(times.every((t, i) => t >= 0 && t <= 10_000 && (i === 0 || t >= times[i - 1]))).toBe(true);
    // Evenly: a quarter of them in each quarter of the ramp (give or take one).
    for (let q = 0; q < 4; q += 1) expect(Math.abs(times.filter((t) => t >= q * 2500 && t < (q + 1) * 2500).length - 50)).toBeLessThanOrEqual(1);
    expect(arrivalTimes({ from: 100, to: 300, rampMs: 10_000, next: random(7) })).toEqual(times);
    expect(arrivalTimes({ from: 300, to: 300, rampMs: 10_000 })).toEqual([]);
  });

  it('think 5 to 15 s between steps', () => {
    const next = random(3);
    const thinks = Array.from({ length: 1000 }, () => thinkTime(next));
    expect(Math.min(...thinks)).toBeGreaterThanOrEqual(5_000);
    expect(Math.max(...thinks)).toBeLessThanOrEqual(15_000);
    expect(thinks.reduce((a, b) => a + b) / thinks.length).toBeCloseTo(10_000, -3);
  });
});
