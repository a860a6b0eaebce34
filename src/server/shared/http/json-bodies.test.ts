import { describe, expect, it } from 'vitest';
import { jsonTextTooDeep, MAX_BODY_DEPTH, valueTooDeep } from './json-bodies.ts';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('JSON text depth', () => {
  it('counts objects and lists up to the limit, and one more is too deep', () => {
    expect(jsonTextTooDeep(nested(MAX_BODY_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(nested(MAX_BODY_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(`${'{"a":'.repeat(MAX_BODY_DEPTH)}1${'}'.repeat(MAX_BODY_DEPTH)}`)).toBe(false);
    expect(jsonTextTooDeep(`${'{"a":['.repeat(17)}1${']}'.repeat(17)}`)).toBe(true);
    // Siblings do not add up: depth is nesting, not count.
    expect(jsonTextTooDeep(`[${'[[1]],'.repeat(10_000)}[]]`)).toBe(false);
    expect(jsonTextTooDeep('"just text"')).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonTextTooDeep(JSON.stringify({ text: '['.repeat(1000) + '{'.repeat(1000) }))).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify({ text: `\\"${'['.repeat(1000)}\\"` }))).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify([`"\\`, nested(MAX_BODY_DEPTH)]))).toBe(false);
  });

  it('reads 100,000 levels in one pass', () => {
    expect(jsonTextTooDeep(nested(100_000))).toBe(true);
    expect(jsonTextTooDeep('{"a":'.repeat(100_000))).toBe(true);
  });
});

describe('parsed value depth', () => {
  const chain = (levels: number) => {
    let value: unknown = 'leaf';
    for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
    return value;
  };

  it('agrees with the text count', () => {
    for (const levels of [0, 1, MAX_BODY_DEPTH, MAX_BODY_DEPTH + 1]) {
      expect(valueTooDeep(chain(levels)), String(levels)).toBe(levels > MAX_BODY_DEPTH);
      expect(jsonTextTooDeep(JSON.stringify(chain(levels))), String(levels)).toBe(levels > MAX_BODY_DEPTH);
    }
    expect(valueTooDeep(null)).toBe(false);
  });

  it('walks 100,000 levels without recursion', () => {
    expect(valueTooDeep(chain(100_000))).toBe(true);
  });
});
