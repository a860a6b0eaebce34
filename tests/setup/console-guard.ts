// A test that logs console.error or console.warn fails, unless it declared the message with
// expectConsole() first. Keeps `npm test` quiet and makes unexpected warnings visible.
import { afterEach, beforeEach, expect, vi } from 'vitest';

type Level = 'error' | 'warn';
interface Expected { level: Level; pattern: RegExp; seen: boolean }

let expected: Expected[] = [];
let unexpected: string[] = [];

/** Allow one kind of console message in the current test; the test fails if it never appears. */
export function expectConsole(level: Level, pattern: RegExp): void {
  expected.push({ level, pattern, seen: false });
}

function capture(level: Level) {
  return (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    const match = expected.find((e) => e.level === level && e.pattern.test(text));
    if (match) match.seen = true;
    else unexpected.push(`console.${level}: ${text}`);
  };
}

beforeEach(() => {
  expected = [];
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation(capture('error'));
  vi.spyOn(console, 'warn').mockImplementation(capture('warn'));
});

afterEach(() => {
  const missing = expected.filter((e) => !e.seen).map((e) => `expected console.${e.level} ${e.pattern}`);
  expect(unexpected, 'unexpected console output').toEqual([]);
  expect(missing, 'expected console output that never came').toEqual([]);
});
