// The school's email newsletter: the admin's templates, the job mailing them to students, and the
// unsubscribe link. The job's own tests come first: later ones save public templates through the
// API, which runs the job in the background.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { outbox, schoolMembers, users } from '../../shared/db/core-tables.ts';
import { sendDueNewsletters } from './newsletter-job.ts';
import { newsletterTemplates, newsletterUnsubscriptions, sentNewsletters } from './tables.ts';
import { signUnsubscribe } from './unsubscribe-token.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let student: Account;
let veteran: Account;
let stranger: Account;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Рассылки' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужая школа' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  veteran = await addMember(t.app, owner.schoolId, 'Student');
  stranger = await addMember(t.app, other.schoolId, 'Student');
  // The veteran joined 10 days ago, everyone else a minute ago (by the test's clock).
  await t.app.ctx.db.update(schoolMembers).set({ createdAt: new Date(t.clock.now.getTime() - 60_000) });
  await t.app.ctx.db.update(schoolMembers).set({ createdAt: new Date(t.clock.now.getTime() - 10 * DAY) }).where(eq(schoolMembers.userId, veteran.id));
});
afterAll(async () => {
  await t.close();
});

const list = (school = owner.schoolName) => `/api/${school}/newsletter_templates/`;
const one = (id: number, school = owner.schoolName) => `/api/${school}/newsletter_templates/${id}/`;
const create = (body: unknown, token: string = owner.access) => call(t.app, 'POST', list(), { token, body });

async function addTemplate(values: { schoolId?: number; delayDays?: number; isPublic?: boolean; name?: string; text?: string }) {
  const [row] = await t.app.ctx.db
    .insert(newsletterTemplates)
    .values({ schoolId: values.schoolId ?? owner.schoolId, templateName: values.name ?? 'Письмо', text: values.text ?? '<p>Текст</p>', delayDays: values.delayDays ?? 0, isPublic: values.isPublic ?? true })
    .returning({ id: newsletterTemplates.id });
  return row!.id;
}

const mailsTo = (email: string) => t.app.ctx.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);
const sentPairs = async (templateIds: number[]) =>
  (await t.app.ctx.db.select({ templateId: sentNewsletters.templateId, userId: sentNewsletters.userId }).from(sentNewsletters).where(inArray(sentNewsletters.templateId, templateIds)))
    .map((row) => `${row.templateId}:${row.userId}`)
    .sort();

describe('the newsletter job', () => {
  beforeEach(async () => {
    await t.app.ctx.db.delete(newsletterTemplates);
    await t.app.ctx.db.delete(outbox);
    await t.app.ctx.db.delete(newsletterUnsubscriptions);
  });

  it("mails each public template to the school's students whose delay has passed, once", async () => {
    const welcome = await addTemplate({ delayDays: 0, name: 'Добро пожаловать', text: '<p>Привет, <a href="https://coursehub.ru/">школа</a>!</p>' });
    const week = await addTemplate({ delayDays: 7, name: 'Неделя с нами' });
    const month = await addTemplate({ delayDays: 30, name: 'Месяц' });
    const hidden = await addTemplate({ delayDays: 0, isPublic: false });
    const theirs = await addTemplate({ schoolId: other.schoolId, delayDays: 0, name: 'Чужое' });

    expect(await sendDueNewsletters(t.app.ctx)).toBe(4);
    expect(await sentPairs([welcome, week, month, hidden, theirs])).toEqual(
      [`${welcome}:${student.id}`, `${welcome}:${veteran.id}`, `${week}:${veteran.id}`, `${theirs}:${stranger.id}`].sort(),
    );
    // Staff get nothing; a second run finds nothing more.
    expect(await mailsTo(teacher.email)).toEqual([]);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(await sendDueNewsletters(t.app.ctx)).toBe(0);

    const [mail] = await mailsTo(student.email);
    expect(mail).toMatchObject({ subject: 'Добро пожаловать' });
    expect(mail!.text).toContain('Привет, школа (https://coursehub.ru/)!');
    expect(mail!.text).toContain('ученик школы «Рассылки»');
    expect(mail!.text).toContain(`http://coursehub.test/unsubscribe/${signUnsubscribe(t.app.ctx.config.secret, owner.schoolId, student.id)}`);
    expect((await mailsTo(veteran.email)).map((row) => row.subject)).toEqual(['Добро пожаловать', 'Неделя с нами']);

    // Three weeks on, the student's week and the veteran's month; ten days later, the student's month.
    t.clock.advance(21 * DAY);
    expect(await sendDueNewsletters(t.app.ctx)).toBe(2);
    expect((await mailsTo(student.email)).map((row) => row.subject)).toEqual(['Добро пожаловать', 'Неделя с нами']);
    expect((await mailsTo(veteran.email)).map((row) => row.subject)).toEqual(['Добро пожаловать', 'Неделя с нами', 'Месяц']);
    t.clock.advance(10 * DAY);
    expect(await sendDueNewsletters(t.app.ctx)).toBe(1);
    expect(await sendDueNewsletters(t.app.ctx)).toBe(0);
    t.clock.advance(-31 * DAY);
  });

  it('skips students who unsubscribed and blocked accounts, and takes a batch at a time', async () => {
    const a = await addTemplate({});
    const b = await addTemplate({});
    await t.app.ctx.db.insert(newsletterUnsubscriptions).values({ schoolId: owner.schoolId, userId: veteran.id });
    await t.app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, stranger.id));
    await addTemplate({ schoolId: other.schoolId });
    try {
      expect(await sendDueNewsletters(t.app.ctx, 1)).toBe(1);
      expect(await sendDueNewsletters(t.app.ctx, 1)).toBe(1);
      expect(await sendDueNewsletters(t.app.ctx, 1)).toBe(0);
      expect(await sentPairs([a, b])).toEqual([`${a}:${student.id}`, `${b}:${student.id}`].sort());
      expect(await mailsTo(veteran.email)).toEqual([]);
      expect(await mailsTo(stranger.email)).toEqual([]);
    } finally {
      await t.app.ctx.db.update(users).set({ isActive: true }).where(eq(users.id, stranger.id));
    }
  });

  it('mails a pair once when two runs race', async () => {
    const id = await addTemplate({});
    const counts = await Promise.all([sendDueNewsletters(t.app.ctx), sendDueNewsletters(t.app.ctx), sendDueNewsletters(t.app.ctx)]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(await sentPairs([id])).toEqual([`${id}:${student.id}`, `${id}:${veteran.id}`].sort());
    expect(await mailsTo(student.email)).toHaveLength(1);
  });
});

describe('newsletter templates: the admin', () => {
  it('creates, reads, changes and deletes a template; the text is sanitised', async () => {
    await t.app.ctx.db.delete(newsletterTemplates);
    const created = await create({ template_name: '  Первое письмо  ', text: '<p onclick="x()">Привет<script>alert(1)</script> <a href="javascript:alert(1)">ссылка</a></p><img src=x onerror=alert(1)>', delay_days: 3 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toEqual({ id, template_name: 'Первое письмо', text: '<p>Привет <a>ссылка</a></p>', delay_days: 3, is_public: false, sent_count: 0, template_created_at: expect.any(String) });
    const minimal = await create({ template_name: 'Пустое' });
    expect(minimal.body).toMatchObject({ text: '', delay_days: 0, is_public: false });

    const page = await call(t.app, 'GET', list(), { token: owner.access });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(page.body!.results.map((row: Body) => row.id)).toEqual([minimal.body!.id, id]);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).body).toEqual(created.body);

    const patched = await call(t.app, 'PATCH', one(id), { token: owner.access, body: { text: '<h2>Заголовок</h2><p><strong>жирный</strong></p>', delay_days: 0 } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ template_name: 'Первое письмо', text: '<h2>Заголовок</h2><p><strong>жирный</strong></p>', delay_days: 0, is_public: false });
    const [stored] = await t.app.ctx.db.select({ text: newsletterTemplates.text }).from(newsletterTemplates).where(eq(newsletterTemplates.id, id));
    expect(stored!.text).toBe('<h2>Заголовок</h2><p><strong>жирный</strong></p>');

    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { delay_days: 1 } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(404);
  });

  it('answers a malformed body, NUL bytes, a blank name and an impossible delay with 400', async () => {
    const id = await addTemplate({ isPublic: false });
    const raw = await t.app.inject({ method: 'POST', url: list(), headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' }, payload: '{"template_name": ' });
    expect(raw.statusCode).toBe(400);
    const blank = await create({ template_name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body!.fields).toHaveProperty('template_name');
    for (const body of [
      {},
      ['x'],
      { template_name: '' },
      { template_name: 'я'.repeat(201) },
      { template_name: 'a\u0000b' },
      { template_name: 'x', text: 'a\u0000b' },
      { template_name: 'x', text: 'я'.repeat(50_001) },
      { template_name: 'x', delay_days: -1 },
      { template_name: 'x', delay_days: 3651 },
      { template_name: 'x', delay_days: 1.5 },
      { template_name: 'x', delay_days: '2' },
      { template_name: 'x', is_public: 'yes' },
      { template_name: 5 },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      const { template_name: _, ...patch } = body as Record<string, unknown>;
      if (Object.keys(patch).length && !Array.isArray(body)) expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: patch })).status, JSON.stringify(patch)).toBe(400);
    }
    for (const patch of [{ template_name: 'a\u0000' }, { template_name: null }, { template_name: ' ' }]) {
      expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: patch })).status, JSON.stringify(patch)).toBe(400);
    }
    const field = await create({ template_name: 'x', delay_days: -1 });
    expect(field.body!.fields).toHaveProperty('delay_days');
    expect((await call(t.app, 'GET', `${list()}?p=0`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `${list()}x/`, { token: owner.access })).status).toBe(400);
  });

  it("keeps a school's templates to its admins, and asks for a token", async () => {
    const id = await addTemplate({ isPublic: false });
    const theirs = await addTemplate({ schoolId: other.schoolId, isPublic: false });
    // Another school's template through one's own school: not found, whatever the method.
    expect((await call(t.app, 'GET', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(theirs), { token: owner.access, body: { template_name: 'x' } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', list(other.schoolName), { token: other.access })).body!.results.map((row: Body) => row.id)).toContain(theirs);
    expect((await call(t.app, 'GET', list(other.schoolName), { token: other.access })).body!.results.map((row: Body) => row.id)).not.toContain(id);
    // Not a member of the school in the path.
    expect((await call(t.app, 'GET', list(), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', one(id), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'POST', list(), { token: other.access, body: { template_name: 'x' } })).status).toBe(403);
    // Teachers and students: no newsletter (spec §6).
    for (const who of [teacher, student]) {
      expect((await call(t.app, 'GET', list(), { token: who.access })).status).toBe(403);
      expect((await call(t.app, 'GET', one(id), { token: who.access })).status).toBe(403);
      expect((await create({ template_name: 'x' }, who.access)).status).toBe(403);
      expect((await call(t.app, 'PATCH', one(id), { token: who.access, body: { template_name: 'x' } })).status).toBe(403);
      expect((await call(t.app, 'DELETE', one(id), { token: who.access })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', list('No_such_school'), { token: owner.access })).status).toBe(404);
    // No token.
    expect((await call(t.app, 'GET', list())).status).toBe(401);
    expect((await call(t.app, 'GET', one(id))).status).toBe(401);
    expect((await call(t.app, 'POST', list(), { body: { template_name: 'x' } })).status).toBe(401);
    expect((await call(t.app, 'PATCH', one(id), { body: { template_name: 'x' } })).status).toBe(401);
    expect((await call(t.app, 'DELETE', one(id))).status).toBe(401);
  });

  it('pages the list, reading a page with a constant number of queries, with the sent counts', async () => {
    await t.app.ctx.db.delete(newsletterTemplates).where(eq(newsletterTemplates.schoolId, owner.schoolId));
    const first = await addTemplate({ isPublic: false });
    await t.app.ctx.db.insert(sentNewsletters).values([{ templateId: first, userId: student.id }, { templateId: first, userId: veteran.id }]);
    const reads = async () => {
      const counts = [];
      for (const path of [list(), `${list()}?p=2&s=5`]) counts.push((await readsDuring(t.app, () => call(t.app, 'GET', path, { token: owner.access }))).length);
      return counts;
    };
    const few = await reads();
    for (let i = 0; i < 14; i += 1) await addTemplate({ isPublic: false });
    expect(await reads()).toEqual([few[0], few[0]]);
    expect(few[0]).toBeLessThanOrEqual(3);
    const second = await call(t.app, 'GET', `${list()}?p=2&s=5`, { token: owner.access });
    expect(second.body).toMatchObject({ count: 15, previous: expect.stringContaining('p=1'), next: expect.stringContaining('p=3') });
    const last = await call(t.app, 'GET', `${list()}?p=3&s=5`, { token: owner.access });
    expect(last.body!.results.at(-1)).toMatchObject({ id: first, sent_count: 2 });
    expect((await call(t.app, 'GET', `${list()}?p=9`, { token: owner.access })).body).toMatchObject({ count: 15, results: [] });
  });
});

describe('unsubscribing and prompt sending', () => {
  it('records an unsubscription from a genuine link only, once, and mails that student no more', async () => {
    await t.app.ctx.db.delete(newsletterTemplates);
    const url = (token: string) => `/api/newsletter_unsubscribe/${token}/`;
    const token = signUnsubscribe(t.app.ctx.config.secret, owner.schoolId, student.id);
    for (const forged of [signUnsubscribe('z'.repeat(40), owner.schoolId, student.id), `${owner.schoolId}.${veteran.id}.${token.split('.')[2]}`, 'x', `${token}%00`]) {
      const res = await call(t.app, 'POST', url(forged));
      expect(res.status, forged).toBe(404);
      expect(res.body).toMatchObject({ code: 'UNSUBSCRIBE_LINK_INVALID' });
    }
    expect(await t.app.ctx.db.select().from(newsletterUnsubscriptions).where(eq(newsletterUnsubscriptions.userId, student.id))).toEqual([]);

    const done = await call(t.app, 'POST', url(token));
    expect(done).toMatchObject({ status: 200, body: { school_title: 'Рассылки' } });
    // A mail client's one-click unsubscribe (RFC 8058), and a repeat: the same.
    const oneClick = await t.app.inject({ method: 'POST', url: url(token), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    // A signed-in student's bearer token changes nothing.
    expect((await call(t.app, 'POST', url(token), { token: veteran.access })).status).toBe(200);
    expect(await t.app.ctx.db.select().from(newsletterUnsubscriptions).where(and(eq(newsletterUnsubscriptions.schoolId, owner.schoolId), eq(newsletterUnsubscriptions.userId, student.id)))).toHaveLength(1);
    // A school or account that is gone: the same answer for the school, nothing written for the user.
    expect((await call(t.app, 'POST', url(signUnsubscribe(t.app.ctx.config.secret, 999999, student.id)))).status).toBe(404);
    expect((await call(t.app, 'POST', url(signUnsubscribe(t.app.ctx.config.secret, owner.schoolId, 999999)))).status).toBe(200);

    await t.app.ctx.db.delete(outbox);
    await addTemplate({ name: 'После отписки' });
    await sendDueNewsletters(t.app.ctx);
    expect(await mailsTo(student.email)).toEqual([]);
    expect((await mailsTo(veteran.email)).map((row) => row.subject)).toEqual(['После отписки']);
    // Other schools' newsletters are not affected.
    expect(await t.app.ctx.db.select().from(newsletterUnsubscriptions).where(eq(newsletterUnsubscriptions.schoolId, other.schoolId))).toEqual([]);
  });

  it('mails a public template with delay 0 within seconds of saving it, through the job runner', async () => {
    await t.app.ctx.db.delete(outbox);
    const created = await create({ template_name: 'Сразу', text: '<p>Здравствуйте!</p>', delay_days: 0, is_public: true });
    expect(created.status).toBe(201);
    await vi.waitFor(async () => expect((await mailsTo(veteran.email)).map((row) => row.subject)).toEqual(['Сразу']), { timeout: 10_000, interval: 100 });
    await vi.waitFor(async () => expect((await call(t.app, 'GET', one(created.body!.id as number), { token: owner.access })).body!.sent_count).toBe(1), { timeout: 10_000, interval: 100 });
    // Turned public later: mailed then.
    const later = await create({ template_name: 'Позже' });
    expect((await call(t.app, 'PATCH', one(later.body!.id as number), { token: owner.access, body: { is_public: true } })).status).toBe(200);
    await vi.waitFor(async () => expect((await mailsTo(veteran.email)).map((row) => row.subject)).toEqual(['Сразу', 'Позже']), { timeout: 10_000, interval: 100 });
  });
});
