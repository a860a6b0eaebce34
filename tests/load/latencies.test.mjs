import { describe, expect, it } from 'vitest';
import { Latencies } from './latencies.mjs';

describe('latencies by kind', () => {
  it('gives each kind its count, errors and percentiles in ms', () => {
    const log = new Latencies();
    for (let ms = 1; ms <= 1000; ms += 1) log.record('outline', ms);
    log.record('login', 12.5, false);
    const { outline, login } = log.summary();
    expect(outline).toMatchObject({ count: 1000, errors: 0 });
    // Three significant digits.
    expect(outline.p50).toBeCloseTo(500, -1);
    expect(outline.p95).toBeCloseTo(950, -1);
    expect(outline.p99).toBeCloseTo(990, -1);
    expect(outline.max).toBeCloseTo(1000, -1);
    expect(login).toMatchObject({ count: 1, errors: 1 });
    expect(login.p99).toBeCloseTo(12.5, 1);
  });

  it('starts each window empty', () => {
    const log = new Latencies();
    log.record('outline', 5);
    log.reset();
    expect(log.summary()).toEqual({});
  });
});
