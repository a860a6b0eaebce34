// The demo testimonials (seed/demo-feedbacks.ts) as feedbacks/ gives them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Body, type TestApp } from '../../../tests/server/test-app.ts';
import { DEMO_FEEDBACKS, seedDemoFeedbacks } from './demo-feedbacks.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFeedbacks(t.app.ctx.db, t.clock.now);
});
afterAll(() => t.close());

describe('the demo testimonials', () => {
  it('are Russian, rated 1–5 and listed in their order, newest first', async () => {
    const rows = (await call(t.app, 'GET', '/api/feedbacks/')).body as unknown as Body[];
    expect(rows.map((row) => [row.name, row.surname, row.rating])).toEqual(DEMO_FEEDBACKS.map((f) => [f.name, f.surname, f.rating]));
    for (const row of rows) {
      expect(row.content).toMatch(/[а-яё]/i);
      expect(new Date(row.created_at as string).getTime()).toBeLessThan(t.clock.now.getTime());
    }
  });
});
