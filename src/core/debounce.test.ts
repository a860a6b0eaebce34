import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEBOUNCE_MS, debounce } from './debounce.ts';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('defaults to 500 ms (spec §9)', () => {
    expect(DEFAULT_DEBOUNCE_MS).toBe(500);
    const fn = vi.fn();
    const d = debounce(fn);
    d('a');
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('a');
  });

  it.each([
    { wait: 100, calls: [0, 50, 50], expected: 1 },
    { wait: 100, calls: [0, 100, 100], expected: 3 },
    { wait: 100, calls: [0, 99, 99, 99], expected: 1 },
  ])('wait $wait with gaps $calls runs $expected time(s)', ({ wait, calls, expected }) => {
    const fn = vi.fn();
    const d = debounce(fn, wait);
    for (const gap of calls) {
      vi.advanceTimersByTime(gap);
      d(gap);
    }
    vi.advanceTimersByTime(wait);
    expect(fn).toHaveBeenCalledTimes(expected);
  });

  it('wait 0 still collapses calls made in the same tick', () => {
    const fn = vi.fn();
    const d = debounce(fn, 0);
    d(1);
    d(2);
    d(3);
    expect(fn).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('uses the arguments of the last call', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d(1, 'x');
    d(2, 'y');
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledExactlyOnceWith(2, 'y');
  });

  it('cancel drops the pending call', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d('a');
    d.cancel();
    vi.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
    d.cancel(); // harmless when nothing is pending
    d('b');
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledExactlyOnceWith('b');
  });

  it('flush runs the pending call at once and only once', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d('a');
    d.flush();
    expect(fn).toHaveBeenCalledExactlyOnceWith('a');
    vi.runAllTimers();
    d.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('flush without a pending call does nothing', () => {
    const fn = vi.fn();
    debounce(fn, 100).flush();
    expect(fn).not.toHaveBeenCalled();
  });
});
