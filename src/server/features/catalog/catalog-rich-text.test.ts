import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../courses/tables.ts';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

// A course description is rich text. The public answers give it as plain text where only text fits
// (catalogue cards, the landing's texts) and as the sanitised HTML where it is shown whole (the
// preview): the widgets carry no sanitiser, so nothing else of what an admin typed reaches them.

const TYPED =
  '<p>Короткий курс <strong>о Python</strong> &amp; данных.</p><script>alert(1)</script>' +
  '<img src=x onerror="alert(2)"><p onclick="steal()">Второй <em>абзац</em> &lt;b&gt;</p>';
const TEXT = 'Короткий курс о Python & данных.\nВторой абзац <b>';
const HTML = '<p>Короткий курс <strong>о Python</strong> &amp; данных.</p><p>Второй <em>абзац</em> &lt;b&gt;</p>';

let t: TestApp;
let owner: Owner;
let courseId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Rich Alpha' });
  courseId = (await addCourse(t.app, owner.schoolId, { name: 'Курс с описанием', order: 1 })).id;
  // The admin writes the description through the course form (the rich-text editor's HTML).
  const saved = await call(t.app, 'PATCH', `/api/${owner.schoolName}/courses/${courseId}/`, { token: owner.access, body: { description: TYPED } });
  expect(saved.status).toBe(200);
});
afterAll(() => t.close());

const card = async (id: number) => {
  const list = await call(t.app, 'GET', `/api/course_catalog/?school=${owner.schoolName}&s=12`);
  expect(list.status).toBe(200);
  return list.body!.results.find((course: { course_id: number }) => course.course_id === id);
};

describe('course descriptions in the public answers', () => {
  it('gives a catalogue card the description as one line of plain text', async () => {
    expect((await card(courseId)).description).toBe(TEXT.replace('\n', ' '));
  });

  it('gives the preview the plain text and the sanitised HTML, and the landing plain texts', async () => {
    for (const url of [`/api/course_catalog/${courseId}/`, `/api/${owner.schoolName}/course_landing/${courseId}/`]) {
      const res = await call(t.app, 'GET', url);
      expect(res.status).toBe(200);
      expect(res.body!.course.description).toBe(TEXT);
      expect(res.body!.course.description_html).toBe(HTML);
      expect(res.body!.landing.header.description).toBe(TEXT);
    }
  });

  it('makes a row stored without the sanitiser (an old row, an import) safe on reading', async () => {
    const raw = (await addCourse(t.app, owner.schoolId, { name: 'Старый курс', order: 2 })).id;
    await t.app.ctx.db
      .update(courses)
      .set({ description: '<p onmouseover="alert(1)">Старое <b>описание</b></p><script>alert(2)</script><style>p{}</style><a href="javascript:alert(3)">ссылка</a>' })
      .where(eq(courses.id, raw));
    expect((await card(raw)).description).toBe('Старое описание ссылка');
    const res = await call(t.app, 'GET', `/api/course_catalog/${raw}`);
    expect(res.body!.course.description).toBe('Старое описание\nссылка');
    expect(res.body!.course.description_html).toBe('<p>Старое <b>описание</b></p><a>ссылка</a>');
    expect(JSON.stringify([res.body!.course, res.body!.landing.header])).not.toMatch(/<script|onmouseover|javascript:/i);
  });

  it('refuses a description with a NUL byte and keeps the one stored', async () => {
    const res = await call(t.app, 'PATCH', `/api/${owner.schoolName}/courses/${courseId}/`, { token: owner.access, body: { description: '<p>a\u0000b</p>' } });
    expect(res.status).toBe(400);
    expect((await card(courseId)).description).toBe(TEXT.replace('\n', ' '));
  });

  it('cuts a long description to a card excerpt and keeps the whole text for the preview', async () => {
    const long = (await addCourse(t.app, owner.schoolId, { name: 'Длинный курс', order: 3, description: `<p>${'слово '.repeat(200)}</p>` })).id;
    const excerpt = (await card(long)).description as string;
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt.endsWith('слово…')).toBe(true);
    expect((await call(t.app, 'GET', `/api/course_catalog/${long}`)).body!.course.description).toBe('слово '.repeat(200).trim());
  });

  it('keeps a landing header the admin wrote, and an empty description empty', async () => {
    const plain = (await addCourse(t.app, owner.schoolId, { name: 'Без описания', order: 4, description: '' })).id;
    const res = await call(t.app, 'GET', `/api/course_catalog/${plain}`);
    expect(res.body!.course).toMatchObject({ description: '', description_html: '' });
    const patched = await call(t.app, 'PATCH', `/api/${owner.schoolName}/course_landing/${courseId}/`, { token: owner.access, body: { landing: { header: { description: 'Своё <p> слово' } } } });
    expect(patched.status).toBe(200);
    expect(patched.body!.landing.header.description).toBe('Своё <p> слово');
  });

  it("reads a header saved with the description's HTML (the editor's old default) as its text", async () => {
    const saved = await call(t.app, 'PATCH', `/api/${owner.schoolName}/course_landing/${courseId}/`, { token: owner.access, body: { landing: { header: { description: HTML } } } });
    expect(saved.status).toBe(200);
    expect(saved.body!.landing.header.description).toBe(TEXT);
    await call(t.app, 'PATCH', `/api/${owner.schoolName}/course_landing/${courseId}/`, { token: owner.access, body: { landing: { header: null } } });
  });

  it('documents both forms in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toContain('description_html');
  });
});
