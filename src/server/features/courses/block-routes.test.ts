// The feature's entry first: courses and groups import each other, and this order is the app's.
import { courseFiles, lessonBlockBodies, lessonBlocks } from './index.ts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let other: Owner;
/** Lessons of the owner's course: two active, one switched off. */
let lessonIds: number[];
let otherLessonId: number;
let otherBlockId: number;

const SENIOR = 4;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Блоки' });
  await setTariff(t.app, owner.schoolId, SENIOR);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие блоки' });
  const course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Урок 1'], ['lesson', 'Урок 2'], ['lesson', 'Скрытый', false]] }] });
  lessonIds = course.lessonIds;
  const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Поток' }).returning({ id: studentsGroups.id });
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: student.id, courseId: course.id });
  const otherCourse = await addCourse(t.app, other.schoolId, { sections: [{ name: 'Чужой модуль', lessons: [['lesson', 'Чужой урок']] }] });
  otherLessonId = otherCourse.lessonIds[0]!;
  const res = await call(t.app, 'POST', `/api/${other.schoolName}/blocks/`, { token: other.access, body: { base_lesson: otherLessonId, type: 'description', description: '<p>чужое</p>' } });
  expect(res.status).toBe(201);
  otherBlockId = res.body!.id as number;
});
afterAll(() => t.close());

const url = (path: string, school = owner.schoolName) => `/api/${school}/${path}`;
// null: no token at all.
type Token = string | null;
const auth = (token: Token) => (token === null ? {} : { token });
const create = (body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'POST', url('blocks/', school), { ...auth(token), body });
const read = (id: number, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'GET', url(`blocks/${id}/`, school), auth(token));
const patch = (id: number, body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'PATCH', url(`blocks/${id}/`, school), { ...auth(token), body });
const remove = (id: number, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'DELETE', url(`blocks/${id}/`, school), auth(token));
const order = (body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'POST', url('block_order/', school), { ...auth(token), body });

/** A fresh lesson of the owner's school, for tests that count its blocks. */
async function freshLesson(lessons = 1): Promise<number[]> {
  const course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: Array.from({ length: lessons }, (_, i): [string, string] => ['lesson', `Урок ${i + 1}`]) }] });
  return course.lessonIds;
}

/** The lesson's blocks as the database keeps them: [id, order] in order. */
async function stored(lessonId: number): Promise<[number, number][]> {
  const rows = await t.app.ctx.db.select({ id: lessonBlocks.id, order: lessonBlocks.order }).from(lessonBlocks).where(eq(lessonBlocks.lessonId, lessonId)).orderBy(asc(lessonBlocks.order));
  return rows.map((row) => [row.id, row.order]);
}

async function addBlocks(lessonId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await create({ base_lesson: lessonId, type: 'description', description: `<p>${i + 1}</p>` });
    expect(res.status).toBe(201);
    ids.push(res.body!.id as number);
  }
  return ids;
}

const NONE = { description: null, code: null, language: null, code_html: null, formula: null, formula_html: null, url: null, picture: null, video_file: null, video_url: null, picture_file: null, picture_url: null, buttons: null };

describe('POST /:school/blocks/', () => {
  it('adds a text block with its HTML sanitised, and answers 201 with the whole block', async () => {
    const [lessonId] = await freshLesson();
    const res = await create({ base_lesson: lessonId, type: 'description', description: '<p onclick="x()">Привет, <strong>мир</strong><script>alert(1)</script></p>' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ...NONE,
      id: expect.any(Number),
      base_lesson: lessonId,
      type: 'description',
      order: 1,
      description: '<p>Привет, <strong>мир</strong></p>',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // 'text' is the original's other name for it.
    const text = await create({ base_lesson: lessonId, type: 'text', description: 'Ещё' });
    expect(text.body).toMatchObject({ type: 'description', order: 2, description: 'Ещё' });
  });

  it('adds a code block highlighted on the server', async () => {
    const res = await create({ base_lesson: lessonIds[0], type: 'code', code: 'print("<b>")', language: 'Python' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...NONE, type: 'code', code: 'print("<b>")', language: 'python', code_html: expect.stringMatching(/^<pre class="code-block"/) });
    expect(res.body!.code_html).toContain('&#x3C;b>');
    expect(res.body!.code_html).toMatch(/class="hl-[0-9a-f]+">print</);
    const unknown = await create({ base_lesson: lessonIds[0], type: 'code', code: 'x' });
    expect(unknown.body).toMatchObject({ language: 'plaintext', code: 'x' });
  });

  it('adds a formula block rendered to MathML', async () => {
    const res = await create({ base_lesson: lessonIds[0], type: 'formula', formula: ' E = mc^2 ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...NONE, type: 'formula', formula: 'E = mc^2', formula_html: expect.stringMatching(/^<math[^>]*>.*<msup>/) });
  });

  it('adds video blocks from YouTube, Vimeo or a video file', async () => {
    for (const link of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871', 'http://cdn.example.com/lesson/intro.mp4']) {
      const res = await create({ base_lesson: lessonIds[0], type: 'video', url: link });
      expect(res.status, link).toBe(201);
      expect(res.body).toMatchObject({ ...NONE, type: 'video', url: link });
    }
    const empty = await create({ base_lesson: lessonIds[0], type: 'video' });
    expect(empty.body).toMatchObject({ ...NONE, type: 'video', url: null });
  });

  it('adds a picture block from an http(s) address', async () => {
    const res = await create({ base_lesson: lessonIds[0], type: 'picture', picture: 'https://example.com/images/scheme.png' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...NONE, type: 'picture', picture: 'https://example.com/images/scheme.png' });
  });

  it('adds a buttons block with up to 4 buttons, the colour #BA75FF by default', async () => {
    const buttons = [
      { name: 'Сайт', link: 'https://example.com/' },
      { name: 'Почта', link: 'mailto:school@example.com', color: '#00aa00' },
      { name: 'Телефон', link: 'tel:+375291234567', color: '#123456' },
      { name: 'Ещё', link: 'http://example.com/more' },
    ];
    const res = await create({ base_lesson: lessonIds[0], type: 'buttons', buttons });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...NONE,
      type: 'buttons',
      buttons: [
        { name: 'Сайт', link: 'https://example.com/', color: '#BA75FF' },
        { name: 'Почта', link: 'mailto:school@example.com', color: '#00AA00' },
        { name: 'Телефон', link: 'tel:+375291234567', color: '#123456' },
        { name: 'Ещё', link: 'http://example.com/more', color: '#BA75FF' },
      ],
    });
  });

  it('adds a files block (its files are attached to the lesson)', async () => {
    const res = await create({ base_lesson: lessonIds[0], type: 'files' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...NONE, type: 'files' });
  });

  it('takes urlencoded and multipart forms like JSON', async () => {
    const [lessonId] = await freshLesson();
    const fields: [string, string][] = [
      ['base_lesson', String(lessonId)],
      ['type', 'buttons'],
      ['buttons[0][name]', 'Открыть'],
      ['buttons[0][link]', 'https://example.com/'],
      ['buttons[1][name]', 'Написать'],
      ['buttons[1][link]', 'mailto:a@example.com'],
    ];
    const form = await t.app.inject({
      method: 'POST',
      url: url('blocks/'),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(form.statusCode).toBe(201);
    expect(form.json()).toMatchObject({ type: 'buttons', order: 1, buttons: [{ name: 'Открыть' }, { name: 'Написать', link: 'mailto:a@example.com' }] });
    const data = new FormData();
    data.append('base_lesson', String(lessonId));
    data.append('type', 'text');
    data.append('order', '1');
    data.append('description', '<p>Из формы</p><img src="x" onerror="alert(1)">');
    const request = new Request('http://x/', { method: 'POST', body: data });
    const multipart = await t.app.inject({
      method: 'POST',
      url: url('blocks/'),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode).toBe(201);
    expect(multipart.json()).toMatchObject({ type: 'description', order: 1, description: '<p>Из формы</p>' });
    expect((await stored(lessonId!)).map(([, n]) => n)).toEqual([1, 2]);
  });
});

describe('bad requests', () => {
  const field = async (body: Body, name: string) => {
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body!.code).toBe('VALIDATION_ERROR');
    return res.body!.fields?.[name]?.[0] as string | undefined;
  };

  it('refuses two content fields at once', async () => {
    const res = await create({ base_lesson: lessonIds[0], type: 'description', description: 'a', code: 'b' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Можно указать только одно поле', fields: { description: ['Можно указать только одно поле'], code: ['Можно указать только одно поле'] } });
  });

  it('refuses a content field of another type, and a language outside code', async () => {
    expect(await field({ base_lesson: lessonIds[0], type: 'video', description: 'a' }, 'description')).toBe('Это поле не подходит для блока этого типа.');
    expect(await field({ base_lesson: lessonIds[0], type: 'files', url: 'https://youtu.be/x' }, 'url')).toBe('Это поле не подходит для блока этого типа.');
    expect(await field({ base_lesson: lessonIds[0], type: 'description', language: 'python' }, 'language')).toBe('Язык указывается только для блока кода.');
  });

  it('refuses wrong types, unknown block types and missing fields', async () => {
    expect(await field({ base_lesson: 'один', type: 'description' }, 'base_lesson')).toBe('Неверный тип значения.');
    expect(await field({ base_lesson: lessonIds[0], type: 'slideshow' }, 'type')).toBe('Недопустимое значение.');
    expect(await field({ base_lesson: lessonIds[0] }, 'type')).toBe('Обязательное поле.');
    expect(await field({ type: 'description' }, 'base_lesson')).toBe('Обязательное поле.');
    expect(await field({ base_lesson: lessonIds[0], type: 'description', description: 5 }, 'description')).toBe('Неверный тип значения.');
    expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: 'кнопка' }, 'buttons')).toBe('Неверный тип значения.');
    expect(await field({ base_lesson: lessonIds[0], type: 'description', order: 0 }, 'order')).toBe('Значение должно быть не меньше 1.');
    expect(await field({ base_lesson: 0, type: 'description' }, 'base_lesson')).toBe('Значение должно быть не меньше 1.');
    const notJson = await t.app.inject({ method: 'POST', url: url('blocks/'), headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' }, payload: '{"base_lesson":' });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses addresses that are not a video, a picture or a link', async () => {
    const video = 'Укажите ссылку на видео YouTube или Vimeo либо на файл видео (mp4, webm, ogg, mov) по адресу http(s).';
    expect(await field({ base_lesson: lessonIds[0], type: 'video', url: 'javascript:alert(1)' }, 'url')).toBe(video);
    expect(await field({ base_lesson: lessonIds[0], type: 'video', url: 'не ссылка' }, 'url')).toBe(video);
    expect(await field({ base_lesson: lessonIds[0], type: 'video', url: 'https://example.com/page.html' }, 'url')).toBe(video);
    expect(await field({ base_lesson: lessonIds[0], type: 'video', url: 'https://notyoutube.com/watch' }, 'url')).toBe(video);
    const picture = 'Укажите ссылку на изображение, начинающуюся с http:// или https://.';
    expect(await field({ base_lesson: lessonIds[0], type: 'picture', picture: 'data:image/png;base64,AAAA' }, 'picture')).toBe(picture);
    expect(await field({ base_lesson: lessonIds[0], type: 'picture', picture: '/uploads/a.png' }, 'picture')).toBe(picture);
    const link = 'Ссылка должна начинаться с http://, https://, mailto: или tel:';
    expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ name: 'x', link: 'javascript:alert(1)' }] }, 'buttons.0.link')).toBe(link);
    expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ name: 'x', link: 'https://ok.example/' }, { name: 'y', link: 'ftp://example.com/' }] }, 'buttons.1.link')).toBe(link);
    // Protocol-relative and disguised forms, as a browser would read them (core/safe-link.ts has the landing's rule).
    for (const disguised of ['//evil.com', '/\\evil.com', '/%5Cevil.com', ' //evil.com', '/\t/evil.com', 'java\tscript:alert(1)', '\\\\evil.com']) {
      expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ name: 'x', link: disguised }] }, 'buttons.0.link'), JSON.stringify(disguised)).toBe(link);
    }
  });

  it('refuses a fifth button, an empty list, a bad colour and an empty name', async () => {
    const button = { name: 'Кнопка', link: 'https://example.com/' };
    expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: Array.from({ length: 5 }, () => button) }, 'buttons')).toBe('Больше добавлять нельзя, в блоке уже 4 кнопки есть');
    expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: [] }, 'buttons')).toBe('Добавьте хотя бы одну кнопку.');
    expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ ...button, color: 'red' }] }, 'buttons.0.color')).toBe('Неверный формат значения.');
    expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ ...button, name: '' }] }, 'buttons.0.name')).toBe('Поле не может быть пустым.');
    expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ ...button, name: '   ' }] }, 'buttons.0.name')).toBe('Поле не может быть пустым.');
    expect(await field({ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ ...button, name: 'x'.repeat(201) }] }, 'buttons.0.name')).toBe('Не длиннее 200 символов.');
  });

  it('refuses bad TeX, too long a formula and too long code, in Russian', async () => {
    expect(await field({ base_lesson: lessonIds[0], type: 'formula', formula: '\\frac{1' }, 'formula')).toMatch(/^Формула содержит ошибку: ./);
    expect(await field({ base_lesson: lessonIds[0], type: 'formula', formula: '\\href{javascript:alert(1)}{x}' }, 'formula')).toMatch(/^Формула содержит ошибку: ./);
    expect(await field({ base_lesson: lessonIds[0], type: 'formula', formula: 'x'.repeat(501) }, 'formula')).toBe('Не длиннее 500 символов.');
    expect(await field({ base_lesson: lessonIds[0], type: 'code', code: 'x'.repeat(20_001) }, 'code')).toBe('Не длиннее 20000 символов.');
  });

  it('refuses a NUL byte in every string field, on create and on change', async () => {
    const NUL = 'a\u0000b';
    const button = { name: 'Кнопка', link: 'https://example.com/', color: '#BA75FF' };
    const cases: [Body, string][] = [
      [{ base_lesson: lessonIds[0], type: NUL }, 'type'],
      [{ base_lesson: lessonIds[0], type: 'description', description: NUL }, 'description'],
      [{ base_lesson: lessonIds[0], type: 'code', code: NUL }, 'code'],
      [{ base_lesson: lessonIds[0], type: 'code', code: 'x', language: NUL }, 'language'],
      [{ base_lesson: lessonIds[0], type: 'formula', formula: NUL }, 'formula'],
      [{ base_lesson: lessonIds[0], type: 'video', url: `https://youtu.be/${NUL}` }, 'url'],
      [{ base_lesson: lessonIds[0], type: 'picture', picture: `https://example.com/${NUL}.png` }, 'picture'],
      [{ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ ...button, name: NUL }] }, 'buttons.0.name'],
      [{ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ ...button, link: `https://example.com/${NUL}` }] }, 'buttons.0.link'],
      [{ base_lesson: lessonIds[0], type: 'buttons', buttons: [{ ...button, color: `#${NUL}` }] }, 'buttons.0.color'],
    ];
    const existing = (await create({ base_lesson: lessonIds[0], type: 'description' })).body!.id as number;
    for (const [body, name] of cases) {
      const res = await create(body);
      expect(res.status, name).toBe(400);
      expect(Object.keys(res.body!.fields ?? {}), name).toContain(name);
      const { base_lesson: _lesson, type: _type, ...content } = body;
      if (name === 'type') continue;
      const changed = await patch(existing, content);
      expect(changed.status, `PATCH ${name}`).toBe(400);
    }
    expect((await call(t.app, 'GET', url('blocks/1%00/'), { token: owner.access })).status).toBe(400);
    expect((await read(existing, owner.access, 'bad%00name')).status).toBe(400);
  });
});

describe('who may do what', () => {
  let blockId: number;
  let hiddenBlockId: number;
  beforeAll(async () => {
    blockId = (await create({ base_lesson: lessonIds[1], type: 'description', description: 'Текст' })).body!.id as number;
    hiddenBlockId = (await create({ base_lesson: lessonIds[2], type: 'description', description: 'Скрыто' })).body!.id as number;
  });

  it('lets the admin, the group’s teacher and its student read a block', async () => {
    for (const account of [owner, teacher, student]) {
      const res = await read(blockId, account.access);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: blockId, base_lesson: lessonIds[1], description: 'Текст' });
    }
  });

  it('hides blocks of lessons the reader may not see as "not found"', async () => {
    // A teacher of no group of the course; a student on a switched-off lesson.
    expect((await read(blockId, otherTeacher.access)).body).toMatchObject({ code: 'BLOCK_NOT_FOUND', message: 'Блок не найден.' });
    expect((await read(hiddenBlockId, student.access)).status).toBe(404);
    expect((await read(hiddenBlockId, owner.access)).status).toBe(200);
  });

  it("answers 404 for another school's lesson or block, never 403", async () => {
    const res = await create({ base_lesson: otherLessonId, type: 'description', description: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'LESSON_NOT_FOUND', message: 'Урок не найден.' });
    expect((await create({ base_lesson: 2147483647, type: 'description' })).status).toBe(404);
    for (const res of [await read(otherBlockId), await patch(otherBlockId, { description: 'взлом' }), await remove(otherBlockId), await patch(otherBlockId, { order: 1 })]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'BLOCK_NOT_FOUND' });
    }
    expect((await read(otherBlockId, other.access, other.schoolName)).body).toMatchObject({ description: '<p>чужое</p>' });
    const reorder = await order([{ block_id: otherBlockId, order: 1 }, { block_id: blockId, order: 1 }]);
    expect(reorder.status).toBe(400);
    expect(reorder.body).toMatchObject({ code: 'BLOCK_NOT_FOUND', message: `Блоки с ID [${otherBlockId}] не найдены.` });
    // Their own school's address does not open ours either.
    expect((await read(blockId, other.access, other.schoolName)).status).toBe(404);
    expect((await read(blockId, other.access)).body).toMatchObject({ code: 'NOT_A_MEMBER' });
  });

  it('lets only admins write: teachers and students get 403', async () => {
    for (const account of [teacher, student]) {
      expect((await create({ base_lesson: lessonIds[1], type: 'description' }, account.access)).status).toBe(403);
      expect((await patch(blockId, { description: 'x' }, account.access)).status).toBe(403);
      expect((await remove(blockId, account.access)).status).toBe(403);
      expect((await order([{ block_id: blockId, order: 1 }], account.access)).status).toBe(403);
    }
    expect((await read(blockId)).body).toMatchObject({ description: 'Текст' });
  });

  it('answers 401 without a token', async () => {
    for (const res of [
      await create({ base_lesson: lessonIds[1], type: 'description' }, null),
      await read(blockId, null),
      await patch(blockId, { description: 'x' }, null),
      await remove(blockId, null),
      await order([{ block_id: blockId, order: 1 }], null),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    }
    expect((await read(blockId)).body).toMatchObject({ description: 'Текст' });
  });
});

describe('PATCH /:school/blocks/:id/', () => {
  it('changes the content of its own type, rendered again', async () => {
    const [lessonId] = await freshLesson();
    const code = (await create({ base_lesson: lessonId, type: 'code', code: 'let a = 1', language: 'rust' })).body!;
    const renamed = await patch(code.id as number, { language: 'python' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ code: 'let a = 1', language: 'python' });
    expect(renamed.body!.code_html).not.toBe(code.code_html);
    const rewritten = await patch(code.id as number, { code: 'def f(): pass' });
    expect(rewritten.body).toMatchObject({ code: 'def f(): pass', language: 'python', code_html: expect.stringContaining('def') });

    const text = (await create({ base_lesson: lessonId, type: 'description', description: 'a' })).body!;
    const changed = await patch(text.id as number, { description: '<h2 style="x">Заголовок</h2><iframe src="https://evil.example/"></iframe>', type: 'text', base_lesson: lessonId });
    expect(changed.body).toMatchObject({ description: '<h2>Заголовок</h2>', order: 2 });
    expect((await read(text.id as number)).body).toMatchObject({ description: '<h2>Заголовок</h2>' });

    const formula = (await create({ base_lesson: lessonId, type: 'formula', formula: 'x' })).body!;
    expect((await patch(formula.id as number, { formula: '\\sqrt{2}' })).body).toMatchObject({ formula: '\\sqrt{2}', formula_html: expect.stringContaining('<msqrt>') });
    expect((await patch(formula.id as number, { formula: '\\sqrt{' })).status).toBe(400);
    expect((await read(formula.id as number)).body).toMatchObject({ formula: '\\sqrt{2}' });

    const buttons = (await create({ base_lesson: lessonId, type: 'buttons', buttons: [{ name: 'a', link: 'https://a.example/' }] })).body!;
    const more = await patch(buttons.id as number, { buttons: [{ name: 'b', link: 'https://b.example/', color: '#000000' }, { name: 'c', link: 'tel:+123456789' }] });
    expect(more.body!.buttons).toEqual([
      { name: 'b', link: 'https://b.example/', color: '#000000' },
      { name: 'c', link: 'tel:+123456789', color: '#BA75FF' },
    ]);
    const video = (await create({ base_lesson: lessonId, type: 'video', url: 'https://youtu.be/a' })).body!;
    expect((await patch(video.id as number, { url: '' })).body).toMatchObject({ url: null });
  });

  it('refuses another type, another lesson, two fields and fields of another type', async () => {
    const [lessonId, otherLesson] = await freshLesson(2);
    const block = (await create({ base_lesson: lessonId, type: 'description', description: 'a' })).body!;
    expect((await patch(block.id as number, { type: 'code' })).body).toMatchObject({ fields: { type: ['Тип блока изменить нельзя.'] } });
    expect((await patch(block.id as number, { base_lesson: otherLesson })).body).toMatchObject({ fields: { base_lesson: ['Блок нельзя перенести в другой урок.'] } });
    expect((await patch(block.id as number, { description: 'a', url: 'https://youtu.be/x' })).body).toMatchObject({ message: 'Можно указать только одно поле' });
    expect((await patch(block.id as number, { code: 'x' })).status).toBe(400);
    expect((await patch(block.id as number, {})).body).toMatchObject({ description: 'a' });
    expect((await patch(2147483647, { description: 'a' })).status).toBe(404);
  });
});

describe('order', () => {
  it('inserts in the middle and keeps 1..n', async () => {
    const [lessonId] = await freshLesson();
    const [a, b, c] = await addBlocks(lessonId!, 3);
    const res = await create({ base_lesson: lessonId, type: 'description', description: 'middle', order: 2 });
    expect(res.body).toMatchObject({ order: 2 });
    const middle = res.body!.id as number;
    expect(await stored(lessonId!)).toEqual([
      [a, 1],
      [middle, 2],
      [b, 3],
      [c, 4],
    ]);
    // Past the end goes last.
    const last = (await create({ base_lesson: lessonId, type: 'description', order: 99 })).body!;
    expect(last.order).toBe(5);
    const first = (await create({ base_lesson: lessonId, type: 'description', order: 1 })).body!;
    expect((await stored(lessonId!)).map(([id]) => id)).toEqual([first.id, a, middle, b, c, last.id]);
    expect((await stored(lessonId!)).map(([, n]) => n)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('moves a block with PATCH order and renumbers the rest', async () => {
    const [lessonId] = await freshLesson();
    const [a, b, c, d] = await addBlocks(lessonId!, 4);
    expect((await patch(a!, { order: 3 })).body).toMatchObject({ id: a, order: 3 });
    expect(await stored(lessonId!)).toEqual([
      [b, 1],
      [c, 2],
      [a, 3],
      [d, 4],
    ]);
    expect((await patch(d!, { order: 1, description: 'первый' })).body).toMatchObject({ order: 1, description: 'первый' });
    expect((await stored(lessonId!)).map(([id]) => id)).toEqual([d, b, c, a]);
  });

  it('renumbers 1..n after a delete', async () => {
    const [lessonId] = await freshLesson();
    const [a, b, c, d] = await addBlocks(lessonId!, 4);
    const res = await remove(b!);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await stored(lessonId!)).toEqual([
      [a, 1],
      [c, 2],
      [d, 3],
    ]);
    expect((await read(b!)).status).toBe(404);
    expect((await remove(b!)).status).toBe(404);
  });

  it('reorders blocks of two lessons at once with block_order', async () => {
    const [first, second] = await freshLesson(2);
    const [a1, a2, a3] = await addBlocks(first!, 3);
    const [b1, b2] = await addBlocks(second!, 2);
    const res = await order([
      { block_id: a3, order: 1 },
      { block_id: a1, order: 3 },
      { block_id: a2, order: 2 },
      { block_id: b1, order: 2 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Блоки успешно обновлены' });
    expect(await stored(first!)).toEqual([
      [a3, 1],
      [a2, 2],
      [a1, 3],
    ]);
    expect(await stored(second!)).toEqual([
      [b2, 1],
      [b1, 2],
    ]);
  });

  it('moves a block one place down, and applies a partial order around the others', async () => {
    const [lessonId] = await freshLesson();
    const [a, b, c, d] = await addBlocks(lessonId!, 4);
    expect((await order([{ block_id: a, order: 2 }])).status).toBe(200);
    expect((await stored(lessonId!)).map(([id]) => id)).toEqual([b, a, c, d]);
    await order([{ block_id: d, order: 1 }]);
    expect((await stored(lessonId!)).map(([id]) => id)).toEqual([d, b, a, c]);
    // Two asked for one place keep their current order there; past the end is the end.
    await order([{ block_id: c, order: 1 }, { block_id: b, order: 1 }, { block_id: d, order: 99 }]);
    expect((await stored(lessonId!)).map(([id]) => id)).toEqual([b, c, a, d]);
  });

  it('refuses a malformed block_order', async () => {
    expect((await order([])).status).toBe(400);
    expect((await order({ block_id: 1, order: 1 })).status).toBe(400);
    expect((await order([{ block_id: 'a', order: 1 }])).status).toBe(400);
    expect((await order([{ block_id: 1, order: 0 }])).status).toBe(400);
    expect((await order(Array.from({ length: 501 }, (_, i) => ({ block_id: i + 1, order: 1 })))).status).toBe(400);
    const missing = await order([{ block_id: 2147483647, order: 1 }]);
    expect(missing.body).toMatchObject({ message: 'Блоки с ID [2147483647] не найдены.' });
  });

  it('numbers 10 concurrent inserts into one lesson 1..10, without an error', async () => {
    const [lessonId] = await freshLesson();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => create({ base_lesson: lessonId, type: 'description', description: `${i}` })));
    expect(results.map((res) => res.status)).toEqual(Array.from({ length: 10 }, () => 201));
    expect((await stored(lessonId!)).map(([, n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(results.map((res) => res.body!.order)).size).toBe(10);
  });

  it('keeps 1..n under concurrent inserts in the middle, moves and deletes', async () => {
    const [lessonId] = await freshLesson();
    const ids = await addBlocks(lessonId!, 6);
    const results = await Promise.all([
      create({ base_lesson: lessonId, type: 'description', order: 2 }),
      create({ base_lesson: lessonId, type: 'description', order: 1 }),
      patch(ids[5]!, { order: 1 }),
      remove(ids[2]!),
      order([{ block_id: ids[0]!, order: 4 }]),
      create({ base_lesson: lessonId, type: 'description' }),
    ]);
    expect(results.map((res) => res.status)).toEqual([201, 201, 200, 204, 200, 201]);
    expect((await stored(lessonId!)).map(([, n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('uploaded videos and pictures', () => {
  let courseId: number;
  let lessonId: number;
  /** A file row of the owner's school (the bytes are not needed here). */
  const addFile = async (kind: string, values: { schoolId?: number; courseId?: number | null; name?: string } = {}) => {
    const schoolId = values.schoolId ?? owner.schoolId;
    const [row] = await t.app.ctx.db
      .insert(courseFiles)
      .values({ schoolId, courseId: values.courseId === undefined ? courseId : values.courseId, kind, storageKey: `${schoolId}/school/${crypto.randomUUID()}.bin`, name: values.name ?? `${kind}.bin`, mime: 'application/octet-stream', bytes: 10 })
      .returning({ id: courseFiles.id });
    return row!.id;
  };
  const exists = async (id: number) => (await t.app.ctx.db.select({ id: courseFiles.id }).from(courseFiles).where(eq(courseFiles.id, id))).length === 1;
  const signed = (id: number, name: string) => expect.stringMatching(new RegExp(`^http://coursehub\\.test/api/files/${id}/${encodeURIComponent(name)}\\?t=\\d+\\.[A-Za-z0-9_-]{43}$`));

  beforeAll(async () => {
    const course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Видеоурок']] }] });
    courseId = course.id;
    lessonId = course.lessonIds[0]!;
  });

  it('shows an uploaded video or picture by a signed link instead of an address', async () => {
    const video = await addFile('video', { name: 'Лекция 1.mp4' });
    const res = await create({ base_lesson: lessonId, type: 'video', video_file: video });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ ...NONE, type: 'video', url: null, video_file: video, video_url: signed(video, 'Лекция 1.mp4') });
    expect((await read(res.body!.id as number)).body).toMatchObject({ video_file: video, video_url: signed(video, 'Лекция 1.mp4') });
    // The lesson's detail carries the link too.
    const lesson = await call(t.app, 'GET', url(`lessons/${lessonId}/`), { token: owner.access });
    expect(lesson.body!.blocks).toMatchObject([{ id: res.body!.id, video_url: signed(video, 'Лекция 1.mp4') }]);
    const picture = await addFile('picture', { courseId: null, name: 'схема.png' });
    const pic = await create({ base_lesson: lessonId, type: 'picture', picture_file: picture });
    expect(pic.body).toMatchObject({ ...NONE, type: 'picture', picture: null, picture_file: picture, picture_url: signed(picture, 'схема.png') });
    // A form sends the id as text.
    const form = await t.app.inject({
      method: 'POST',
      url: url('blocks/'),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ base_lesson: String(lessonId), type: 'video', video_file: String(video) }).toString(),
    });
    expect(form.json()).toMatchObject({ video_file: video });
  });

  it("refuses another school's or course's file (404), a file of the wrong kind, and a file with an address", async () => {
    const theirs = await addFile('video', { schoolId: other.schoolId, courseId: null });
    const otherCourse = await addCourse(t.app, owner.schoolId);
    const elsewhere = await addFile('video', { courseId: otherCourse.id });
    for (const id of [theirs, elsewhere, 2147483647]) {
      const res = await create({ base_lesson: lessonId, type: 'video', video_file: id });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'FILE_NOT_FOUND', message: 'Файл не найден.' });
    }
    const picture = await addFile('picture');
    const video = await addFile('video');
    expect((await create({ base_lesson: lessonId, type: 'video', video_file: picture })).body).toMatchObject({ fields: { video_file: ['Этот файл не видео.'] } });
    expect((await create({ base_lesson: lessonId, type: 'picture', picture_file: video })).body).toMatchObject({ fields: { picture_file: ['Этот файл не изображение.'] } });
    expect((await create({ base_lesson: lessonId, type: 'video', video_file: video, url: 'https://youtu.be/x' })).body).toMatchObject({ message: 'Можно указать только одно поле' });
    expect((await create({ base_lesson: lessonId, type: 'description', video_file: video })).body).toMatchObject({ fields: { video_file: ['Это поле не подходит для блока этого типа.'] } });
    expect((await create({ base_lesson: lessonId, type: 'video', video_file: 'a\u0000' })).status).toBe(400);
    expect((await create({ base_lesson: otherLessonId, type: 'video', video_file: video })).status).toBe(404);
  });

  it('deletes a video or picture no block shows any more: replaced, cleared, or its block deleted', async () => {
    const first = await addFile('video');
    const block = (await create({ base_lesson: lessonId, type: 'video', video_file: first })).body!.id as number;
    // Changing nothing about the file keeps it.
    expect((await patch(block, { order: 1 })).body).toMatchObject({ video_file: first });
    expect(await exists(first)).toBe(true);
    const second = await addFile('video');
    expect((await patch(block, { video_file: second })).body).toMatchObject({ video_file: second, url: null });
    expect(await exists(first)).toBe(false);
    expect((await patch(block, { url: 'https://youtu.be/abc' })).body).toMatchObject({ video_file: null, video_url: null, url: 'https://youtu.be/abc' });
    expect(await exists(second)).toBe(false);

    const picture = await addFile('picture');
    const one = (await create({ base_lesson: lessonId, type: 'picture', picture_file: picture })).body!.id as number;
    const two = (await create({ base_lesson: lessonId, type: 'picture', picture_file: picture })).body!.id as number;
    // In use: the files route will not delete it.
    expect((await call(t.app, 'DELETE', url(`files/${picture}/`), { token: owner.access })).body).toMatchObject({ code: 'FILE_IN_USE' });
    expect((await remove(one)).status).toBe(204);
    expect(await exists(picture)).toBe(true);
    expect((await patch(two, { picture_file: null })).body).toMatchObject({ picture_file: null, picture: null });
    expect(await exists(picture)).toBe(false);

    const last = await addFile('video');
    const gone = (await create({ base_lesson: lessonId, type: 'video', video_file: last })).body!.id as number;
    expect((await remove(gone)).status).toBe(204);
    expect(await exists(last)).toBe(false);
  });
});

describe('lessonBlockBodies', () => {
  it('reads the blocks of any number of lessons in one query, in order', async () => {
    const [first, second, empty] = await freshLesson(3);
    const [a1, a2] = await addBlocks(first!, 2);
    const [b1] = await addBlocks(second!, 1);
    await patch(a2!, { order: 1 });
    let result = new Map<number, { id: number }[]>();
    const reads = await readsDuring(t.app, async () => {
      result = await lessonBlockBodies(t.app.ctx.db, [first!, second!, empty!]);
    });
    expect(reads).toHaveLength(1);
    expect(result.get(first!)!.map((b) => b.id)).toEqual([a2, a1]);
    expect(result.get(second!)!.map((b) => b.id)).toEqual([b1]);
    expect(result.get(empty!)).toEqual([]);
    expect(result.get(first!)![0]).toMatchObject({ base_lesson: first, order: 1, description: '<p>2</p>', code: null });
    expect(await readsDuring(t.app, () => lessonBlockBodies(t.app.ctx.db, []))).toHaveLength(0);
  });
});

describe('the code stylesheet', () => {
  it('is public CSS with a colour class per theme colour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/code-highlight.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toMatch(/\.code-block \.hl-[0-9a-f]+\{color:#[0-9a-f]+\}/);
  });
});
