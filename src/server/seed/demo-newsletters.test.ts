// The demo school's newsletter as `npm start` seeds it, read through the API; nothing is mailed at
// the start, and a template the demo admin makes public reaches the outbox within seconds.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../shared/db/core-tables.ts';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../tests/server/test-app.ts';
import { sendDueNewsletters } from '../features/newsletters/index.ts';
import { DEMO_NEWSLETTERS } from './demo-newsletters.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = (await call(t.app, 'POST', '/api/login/', { body: { login: 'admin@coursehub.ru', password: DEMO_PASSWORD } })).body!.access as string;
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('the demo newsletter', () => {
  it('lists the templates, the welcome letter sent to the students already, and mails nothing at the start', async () => {
    const page = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/newsletter_templates/`, { token: admin });
    expect(page.status).toBe(200);
    expect(page.body!.results.map((row: Body) => row.template_name)).toEqual(DEMO_NEWSLETTERS.map((template) => template.templateName).reverse());
    const welcome = page.body!.results.at(-1);
    expect(welcome).toMatchObject({ is_public: true, delay_days: 0 });
    expect(welcome.sent_count).toBeGreaterThanOrEqual(1);
    expect(await sendDueNewsletters(t.app.ctx)).toBe(0);
    expect(await t.app.ctx.db.select().from(outbox).where(eq(outbox.to, 'student@coursehub.ru'))).toEqual([]);
  });

  it('mails a new public template to the demo student within seconds', async () => {
    // The seed's memberships took the database's clock, a little ahead of the test's frozen one.
    t.clock.advance(60_000);
    const created = await call(t.app, 'POST', `/api/${DEMO_SCHOOL}/newsletter_templates/`, { token: admin, body: { template_name: 'Новости школы', text: '<p>Новый курс!</p>', is_public: true } });
    expect(created.status).toBe(201);
    await vi.waitFor(async () => expect((await t.app.ctx.db.select().from(outbox).where(eq(outbox.to, 'student@coursehub.ru'))).map((mail) => mail.subject)).toEqual(['Новости школы']), {
      timeout: 10_000,
      interval: 100,
    });
  });
});
