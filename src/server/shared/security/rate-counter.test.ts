import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCounters } from '../db/core-tables.ts';
import { AppError } from '../errors.ts';
import { hitRate, pruneRateCounters, takeRate } from './rate-counter.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: true });
});
afterAll(() => t.close());

const MINUTE = 60_000;

describe('database rate counters', () => {
  it('count concurrent hits exactly, per key and window', async () => {
    const hits = await Promise.all(Array.from({ length: 12 }, () => hitRate(t.app.ctx, 'probe:a', { max: 5, windowMs: MINUTE })));
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await hitRate(t.app.ctx, 'probe:b', { max: 5, windowMs: MINUTE })).hits).toBe(1);
    t.clock.advance(MINUTE);
    expect((await hitRate(t.app.ctx, 'probe:a', { max: 5, windowMs: MINUTE })).hits).toBe(1);
  });

  it('refuse past the maximum with 429 and the seconds to wait, until the window is over', async () => {
    const rule = { key: 'probe:take', max: 2, windowMs: MINUTE };
    await takeRate(t.app.ctx, [rule]);
    await takeRate(t.app.ctx, [rule]);
    const refused = await takeRate(t.app.ctx, [rule]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((refused as AppError).retryAfter).toBeGreaterThan(0);
    expect((refused as AppError).retryAfter).toBeLessThanOrEqual(60);
    t.clock.advance(MINUTE);
    await takeRate(t.app.ctx, [rule]);
  });

  it('refuse when any one of several keys is over (per user and per school)', async () => {
    const user = (id: number) => ({ key: `probe:user:${id}`, max: 2, windowMs: MINUTE });
    const school = { key: 'probe:school:1', max: 3, windowMs: MINUTE };
    await takeRate(t.app.ctx, [user(1), school]);
    await takeRate(t.app.ctx, [user(1), school]);
    await takeRate(t.app.ctx, [user(2), school]);
    // User 3 has not written yet, but the school has had its share.
    await expect(takeRate(t.app.ctx, [user(3), school], 'Школа отправила слишком много.')).rejects.toMatchObject({ status: 429, message: 'Школа отправила слишком много.' });
  });

  it('are lifted with RATE_LIMIT=0 and pruned once their window is over', async () => {
    const lifted = { ...t.app.ctx, config: { ...t.app.ctx.config, rateLimit: false } };
    for (let i = 0; i < 5; i += 1) await takeRate(lifted, [{ key: 'probe:lifted', max: 1, windowMs: MINUTE }]);
    const before = await t.app.ctx.db.select().from(rateCounters);
    expect(before.some((row) => row.key === 'probe:lifted')).toBe(false);
    t.clock.advance(2 * MINUTE);
    expect(await pruneRateCounters(t.app.ctx)).toBe(before.length);
    expect(await t.app.ctx.db.select().from(rateCounters)).toEqual([]);
  });
});
