// The platform's testimonials (feedbacks/): public, newest first, at most FEEDBACKS_MAX.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { FEEDBACKS_MAX } from './feedback-routes.ts';
import { feedbacks } from './index.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /feedbacks/', () => {
  it('answers an empty list before any testimonial', async () => {
    expect(await call(t.app, 'GET', '/api/feedbacks/')).toMatchObject({ status: 200, body: [] });
  });

  it('lists testimonials newest first with the contract’s fields, to anyone, from any origin', async () => {
    const now = t.clock.now.getTime();
    await t.app.ctx.db.insert(feedbacks).values([
      { name: 'Старый', surname: 'Отзыв', position: 'Автор курса', content: 'Было хорошо.', rating: 4, createdAt: new Date(now - 2 * DAY), updatedAt: new Date(now - 2 * DAY) },
      { name: 'Новый', content: 'Отлично!', rating: 5, avatar: 'https://example.com/a.png', createdAt: new Date(now - DAY), updatedAt: new Date(now) },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/feedbacks/', headers: { origin: 'https://some-school.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const rows = res.json<Body[]>();
    expect(rows.map((row) => row.name)).toEqual(['Новый', 'Старый']);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      name: 'Новый',
      surname: '',
      position: '',
      avatar: 'https://example.com/a.png',
      content: 'Отлично!',
      rating: 5,
      created_at: new Date(now - DAY).toISOString(),
      updated_at: new Date(now).toISOString(),
    });
    expect(rows[1]).toMatchObject({ surname: 'Отзыв', position: 'Автор курса', avatar: null, rating: 4 });
    // A signed-in caller gets the same list; a stale token does not stop a public read.
    const owner = await registerOwner(t.app);
    expect((await call(t.app, 'GET', '/api/feedbacks/', { token: owner.access })).body).toEqual(rows);
    expect((await call(t.app, 'GET', '/api/feedbacks/', { token: 'expired.or.forged' })).status).toBe(200);
  });

  it(`gives at most ${FEEDBACKS_MAX}, the newest`, async () => {
    const at = t.clock.now.getTime();
    await t.app.ctx.db
      .insert(feedbacks)
      .values(Array.from({ length: FEEDBACKS_MAX }, (_, i) => ({ name: `Отзыв ${i}`, content: 'Текст', rating: 3, createdAt: new Date(at + (i + 1) * 1000) })));
    const rows = (await call(t.app, 'GET', '/api/feedbacks/')).body as unknown as Body[];
    expect(rows).toHaveLength(FEEDBACKS_MAX);
    expect(rows[0]!.name).toBe(`Отзыв ${FEEDBACKS_MAX - 1}`);
    expect(rows.some((row) => row.name === 'Новый')).toBe(false);
  });

  it('refuses a rating outside 1–5 in the database', async () => {
    await expect(t.app.ctx.db.insert(feedbacks).values({ name: 'Плохо', content: 'x', rating: 6 })).rejects.toThrow();
    await expect(t.app.ctx.db.insert(feedbacks).values({ name: 'Плохо', content: 'x', rating: 0 })).rejects.toThrow();
  });

  it('answers only GET', async () => {
    expect((await call(t.app, 'POST', '/api/feedbacks/', { body: { name: 'x' } })).status).toBe(404);
  });
});
