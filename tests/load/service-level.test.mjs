import { describe, expect, it } from 'vitest';
import { breaches, knee } from './service-level.mjs';

const kind = (p95, p99 = p95, errors = 0) => ({ count: 100, errors, p50: p95 / 2, p95, p99, max: p99 });
const step = (users, kinds, extra = {}) => ({ users, kinds, ...extra });

describe('the service level', () => {
  it('holds within p95 200 ms and p99 500 ms per kind, no error, deliveries within 1 s at p99', () => {
    expect(breaches(step(100, { outline: kind(200, 500), login: kind(20) }, { delivery: kind(900, 1000) }))).toEqual([]);
  });

  it('names each kind and figure that breaks it', () => {
    expect(breaches(step(100, { outline: kind(201, 400), lesson: kind(100, 501), chats: kind(10, 10, 2) }, { delivery: kind(500, 1001), dropped: 3 }))).toEqual([
      'outline: p95 201 ms > 200',
      'lesson: p99 501 ms > 500',
      'chats: 2 errors',
      'chat delivery: p99 1001 ms > 1000',
      '3 sockets dropped',
    ]);
  });
});

describe('the knee', () => {
  it('is the users of the last step before the first that broke the level', () => {
    const ok = { outline: kind(50) };
    expect(knee([step(250, ok), step(500, ok), step(1000, { outline: kind(250) }), step(2000, ok)])).toBe(500);
    expect(knee([step(250, ok), step(500, ok)])).toBe(500);
  });

  it('is null when the first step already broke it', () => {
    expect(knee([step(250, { outline: kind(50, 50, 1) })])).toBeNull();
  });
});
