// The feature's entry first: courses and groups import each other, and this order is the app's.
import { lessonComments } from './index.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let admin: Account;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let classmate: Account;
let outsider: Account;
let other: Owner;
let courseId: number;
/** Lessons of the owner's course: two open, one switched off. */
let lessonIds: number[];
let otherLessonId: number;
let otherCommentId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Комментарии' });
  await setTariff(t.app, owner.schoolId, 4);
  admin = await addMember(t.app, owner.schoolId, 'Admin', { firstName: 'Анна', lastName: 'Админова' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher', { firstName: 'Павел', lastName: 'Учитель' });
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Иван', lastName: 'Петров' });
  classmate = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Мария', lastName: 'Сидорова' });
  outsider = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие комментарии' });
  const course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Урок 1'], ['test', 'Тест'], ['lesson', 'Скрытый', false]] }] });
  courseId = course.id;
  lessonIds = course.lessonIds;
  const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId, teacherId: teacher.id, name: 'Поток' }).returning({ id: studentsGroups.id });
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId: group!.id, userId: student.id, courseId },
    { groupId: group!.id, userId: classmate.id, courseId },
  ]);
  otherLessonId = (await addCourse(t.app, other.schoolId, { sections: [{ name: 'Их', lessons: [['lesson', 'Их урок']] }] })).lessonIds[0]!;
  const theirs = await call(t.app, 'POST', `/api/${other.schoolName}/lesson_comments/`, { token: other.access, body: { lesson: otherLessonId, content: 'Их комментарий' } });
  expect(theirs.status).toBe(201);
  otherCommentId = theirs.body!.id as number;
});
afterAll(() => t.close());

type Token = string | null;
const api = (path: string, school = owner.schoolName) => `/api/${school}/${path}`;
const auth = (token: Token) => (token === null ? {} : { token });
const comment = (body: unknown, token: Token = student.access, school = owner.schoolName) => call(t.app, 'POST', api('lesson_comments/', school), { ...auth(token), body });
const list = (query: string, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'GET', api(`lesson_comments/?${query}`, school), auth(token));
const publish = (body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'PATCH', api('lesson_comments/', school), { ...auth(token), body });
const edit = (id: number, body: unknown, token: Token = student.access, method: 'PUT' | 'PATCH' = 'PATCH', school = owner.schoolName) =>
  call(t.app, method, api(`lesson_comments/${id}/`, school), { ...auth(token), body });
const remove = (id: number, token: Token = student.access, school = owner.schoolName) => call(t.app, 'DELETE', api(`lesson_comments/${id}/`, school), auth(token));
const reply = (body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'POST', api('lesson_comments/admin_reply_to_comment/', school), { ...auth(token), body });

/** A fresh open lesson of the owner's course (so each test counts its own comments). */
async function freshLesson(): Promise<number> {
  const fixture = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У']] }] });
  const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: fixture.id, teacherId: teacher.id, name: 'Г' }).returning({ id: studentsGroups.id });
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId: group!.id, userId: student.id, courseId: fixture.id },
    { groupId: group!.id, userId: classmate.id, courseId: fixture.id },
  ]);
  return fixture.lessonIds[0]!;
}

async function add(lesson: number, content: string, token: string = student.access): Promise<Body> {
  t.clock.advance(1000);
  const res = await comment({ lesson, content }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!;
}

describe('POST /:school/lesson_comments/', () => {
  it('lets a student of the course comment: 201 with the comment, not public, its text as typed', async () => {
    const res = await comment({ lesson: lessonIds[0], content: '  Почему <b>так</b>? <script>alert(1)</script>\nВторая строка  ', course_id: courseId });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      lesson: lessonIds[0],
      course_id: courseId,
      author: student.id,
      author_first_name: 'Иван',
      author_last_name: 'Петров',
      avatar: null,
      content: 'Почему <b>так</b>? <script>alert(1)</script>\nВторая строка',
      public: false,
      reply_to: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      replies: [],
    });
    const [stored] = await t.app.ctx.db.select().from(lessonComments).where(eq(lessonComments.id, res.body!.id as number));
    expect(stored).toMatchObject({ content: 'Почему <b>так</b>? <script>alert(1)</script>\nВторая строка', public: false, courseId });
  });

  it('lets the admin and the course’s teacher comment, on a test too', async () => {
    expect((await comment({ lesson: lessonIds[1], content: 'От админа' }, admin.access)).body).toMatchObject({ author_first_name: 'Анна', lesson: lessonIds[1] });
    expect((await comment({ lesson: lessonIds[0], content: 'От учителя' }, teacher.access)).status).toBe(201);
    // The admin comments on a switched-off lesson; its students do not see it at all.
    expect((await comment({ lesson: lessonIds[2], content: 'Черновик' }, owner.access)).status).toBe(201);
    expect((await comment({ lesson: lessonIds[2], content: 'Я тут' })).body).toMatchObject({ code: 'LESSON_NOT_FOUND' });
  });

  it('is "not found" for readers who may not read the lesson, another school and another course', async () => {
    expect((await comment({ lesson: lessonIds[0], content: 'x' }, outsider.access)).status).toBe(404);
    expect((await comment({ lesson: lessonIds[0], content: 'x' }, otherTeacher.access)).status).toBe(404);
    expect((await comment({ lesson: otherLessonId, content: 'x' }, owner.access)).body).toMatchObject({ code: 'LESSON_NOT_FOUND' });
    expect((await comment({ lesson: lessonIds[0], content: 'x', course_id: courseId + 1000 })).body).toMatchObject({ code: 'COURSE_NOT_FOUND', message: 'Курс не найден.' });
    expect((await comment({ lesson: lessonIds[0], content: 'x' }, other.access)).body).toMatchObject({ code: 'NOT_A_MEMBER' });
    expect((await comment({ lesson: lessonIds[0], content: 'x' }, null)).status).toBe(401);
  });

  it('refuses malformed bodies and a NUL byte with Russian messages', async () => {
    const field = async (body: Body, name: string) => {
      const res = await comment(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body!.fields?.[name]?.[0] as string;
    };
    expect(await field({ content: 'x' }, 'lesson')).toBe('Обязательное поле.');
    expect(await field({ lesson: lessonIds[0] }, 'content')).toBe('Обязательное поле.');
    expect(await field({ lesson: 'урок', content: 'x' }, 'lesson')).toBe('Неверный тип значения.');
    expect(await field({ lesson: lessonIds[0], content: '' }, 'content')).toBe('Поле не может быть пустым.');
    expect(await field({ lesson: lessonIds[0], content: ' \n ' }, 'content')).toBe('Комментарий не может быть пустым.');
    expect(await field({ lesson: lessonIds[0], content: 'x'.repeat(5001) }, 'content')).toBe('Не длиннее 5000 символов.');
    expect(await field({ lesson: lessonIds[0], content: 'a\u0000b' }, 'content')).toBe('Поле содержит недопустимые символы.');
    expect(await field({ lesson: lessonIds[0], content: 'x', course_id: 'курс' }, 'course_id')).toBe('Неверный тип значения.');
  });
});

describe('GET /:school/lesson_comments/', () => {
  let lesson: number;
  let mine: Body;
  let theirs: Body;
  let published: Body;
  let teachers: Body;
  beforeAll(async () => {
    lesson = await freshLesson();
    mine = await add(lesson, 'Мой вопрос');
    theirs = await add(lesson, 'Вопрос одноклассницы', classmate.access);
    published = await add(lesson, 'Опубликованный', classmate.access);
    teachers = await add(lesson, 'От учителя', teacher.access);
    expect((await publish({ lesson_id: lesson, comments: { [published.id]: true } })).status).toBe(200);
    expect((await reply({ comment_id: published.id, content: 'Ответ школы' })).status).toBe(201);
    expect((await reply({ comment_id: theirs.id, content: 'Ответ на скрытый' })).status).toBe(201);
  });

  it('shows staff every comment, newest first, with the replies nested', async () => {
    for (const account of [owner, admin, teacher]) {
      const res = await list(`lesson_id=${lesson}&course_id=${mine.course_id}`, account.access);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 4, next: null, previous: null });
      expect(res.body!.results.map((c: Body) => c.id)).toEqual([teachers.id, published.id, theirs.id, mine.id]);
      expect(res.body!.results[1].replies).toEqual([
        expect.objectContaining({ content: 'Ответ школы', public: true, reply_to: published.id, author: owner.id, replies: [], lesson }),
      ]);
      expect(res.body!.results[2].replies.map((r: Body) => r.content)).toEqual(['Ответ на скрытый']);
    }
  });

  it("shows a student the public comments and their own, never another student's unpublished one", async () => {
    const res = await list(`lesson_id=${lesson}`, student.access);
    expect(res.body).toMatchObject({ count: 2 });
    expect(res.body!.results.map((c: Body) => c.id)).toEqual([published.id, mine.id]);
    expect(JSON.stringify(res.body)).not.toMatch(/Вопрос одноклассницы|От учителя|Ответ на скрытый/);
    expect(res.body!.results[0].replies.map((r: Body) => r.content)).toEqual(['Ответ школы']);
    const hers = await list(`lesson_id=${lesson}`, classmate.access);
    expect(hers.body!.results.map((c: Body) => c.id)).toEqual([published.id, theirs.id]);
    // An unpublished reply is hidden from students too.
    const [answer] = await t.app.ctx.db.select({ id: lessonComments.id }).from(lessonComments).where(eq(lessonComments.replyTo, published.id));
    await publish({ lesson_id: lesson, comments: { [answer!.id]: false } });
    expect((await list(`lesson_id=${lesson}`, student.access)).body!.results[0].replies).toEqual([]);
    await publish({ lesson_id: lesson, comments: { [answer!.id]: true } });
  });

  it('pages with p and s: {count, next, previous, results}', async () => {
    const paged = await freshLesson();
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await add(paged, `№${i}`, owner.access)).id as number);
    const newest = [...ids].reverse();
    const first = await list(`lesson_id=${paged}&s=3`);
    expect(first.body).toMatchObject({ count: 7, previous: null, next: expect.stringContaining('p=2') });
    expect(first.body!.results.map((c: Body) => c.id)).toEqual(newest.slice(0, 3));
    // The last page is read from the other end, in the same order.
    const last = await list(`lesson_id=${paged}&s=3&p=3`);
    expect(last.body).toMatchObject({ next: null, previous: expect.stringContaining('p=2') });
    expect(last.body!.results.map((c: Body) => c.id)).toEqual(newest.slice(6));
    expect((await list(`lesson_id=${paged}&s=3&p=2`)).body!.results.map((c: Body) => c.id)).toEqual(newest.slice(3, 6));
    expect((await list(`lesson_id=${paged}&s=3&p=9`)).body).toMatchObject({ count: 7, results: [] });
    // 20 by default.
    for (let i = 0; i < 14; i += 1) await add(paged, `+${i}`, owner.access);
    expect((await list(`lesson_id=${paged}`)).body!.results).toHaveLength(20);
  });

  it('reads a page in the same number of queries for 2 comments or 20 with replies', async () => {
    const few = await freshLesson();
    const many = await freshLesson();
    for (let i = 0; i < 2; i += 1) await add(few, `${i}`);
    for (let i = 0; i < 20; i += 1) {
      const added = await add(many, `${i}`);
      await reply({ comment_id: added.id, content: `Ответ ${i}` });
    }
    await list(`lesson_id=${few}`);
    const small = await readsDuring(t.app, () => list(`lesson_id=${few}`));
    let body: Body | null = null;
    const big = await readsDuring(t.app, async () => {
      body = (await list(`lesson_id=${many}`)).body;
    });
    expect(body!.results).toHaveLength(20);
    expect(body!.results.every((c: Body) => c.replies.length === 1)).toBe(true);
    expect(big.length).toBe(small.length);
    // The school and role, the lesson, the count, the page, its replies.
    expect(big.length).toBeLessThanOrEqual(5);
  });

  it('is "not found" for other schools, other courses and readers of other courses; 400 for bad queries; 401 without a token', async () => {
    expect((await list(`lesson_id=${otherLessonId}`)).status).toBe(404);
    expect((await list(`lesson_id=${lesson}`, other.access, other.schoolName)).status).toBe(404);
    expect((await list(`lesson_id=${lesson}&course_id=${courseId + 1000}`)).body).toMatchObject({ code: 'COURSE_NOT_FOUND' });
    expect((await list(`lesson_id=${lesson}`, outsider.access)).status).toBe(404);
    expect((await list(`lesson_id=${lesson}`, otherTeacher.access)).status).toBe(404);
    expect((await list(`lesson_id=${lessonIds[2]}`, student.access)).status).toBe(404);
    const missing = await list('');
    expect(missing.status).toBe(400);
    expect(missing.body!.fields.lesson_id).toEqual(['Обязательное поле.']);
    expect((await list(`lesson_id=${lesson}&s=101`)).body!.fields.s).toEqual(['Значение должно быть не больше 100.']);
    expect((await list('lesson_id=a%00b')).status).toBe(400);
    expect((await list(`lesson_id=${lesson}`, null)).status).toBe(401);
  });
});

describe('PATCH /:school/lesson_comments/ (publishing)', () => {
  it('lets the admin publish and hide any comment of the lesson', async () => {
    const lesson = await freshLesson();
    const a = await add(lesson, 'А');
    const b = await add(lesson, 'Б', classmate.access);
    const res = await publish({ lesson_id: lesson, comments: { [a.id]: true, [b.id]: true } }, admin.access);
    expect(res.body).toEqual({ detail: '2 комментария обновлены' });
    expect((await list(`lesson_id=${lesson}`, student.access)).body!.count).toBe(2);
    expect((await publish({ lesson_id: lesson, course_id: a.course_id, comments: { [b.id]: false } })).body).toEqual({ detail: '1 комментарий обновлён' });
    expect((await list(`lesson_id=${lesson}`, student.access)).body!.results.map((c: Body) => c.id)).toEqual([a.id]);
  });

  it("lets the course's teacher moderate too, and a student only hide their own", async () => {
    const lesson = await freshLesson();
    const a = await add(lesson, 'Свой');
    const b = await add(lesson, 'Чужой', classmate.access);
    const selfPublished = await publish({ lesson_id: lesson, comments: { [a.id]: true } }, student.access);
    expect(selfPublished.status).toBe(403);
    expect(selfPublished.body).toMatchObject({ code: 'COMMENT_PUBLISH_FORBIDDEN' });
    expect((await publish({ lesson_id: lesson, comments: { [a.id]: true, [b.id]: true } }, teacher.access)).status).toBe(200);
    const refused = await publish({ lesson_id: lesson, comments: { [a.id]: false, [b.id]: false } }, student.access);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'COMMENT_NOT_FOUND', message: `Комментарии с ID [${b.id}] не найдены.` });
    // Nothing of a refused request was applied; hiding their own alone is fine.
    const [stored] = await t.app.ctx.db.select({ public: lessonComments.public }).from(lessonComments).where(eq(lessonComments.id, a.id as number));
    expect(stored!.public).toBe(true);
    expect((await publish({ lesson_id: lesson, comments: { [a.id]: false } }, student.access)).status).toBe(200);
    // A comment of another lesson, or of another school, is not one of this lesson's.
    const elsewhere = await add(await freshLesson(), 'Где-то');
    expect((await publish({ lesson_id: lesson, comments: { [elsewhere.id]: true } })).status).toBe(400);
    expect((await publish({ lesson_id: lesson, comments: { [otherCommentId]: true } })).body).toMatchObject({ message: `Комментарии с ID [${otherCommentId}] не найдены.` });
    expect((await publish({ lesson_id: otherLessonId, comments: { [otherCommentId]: true } })).status).toBe(404);
    expect((await publish({ lesson_id: lesson, comments: { '9999999999': true } })).body).toMatchObject({ message: 'Комментарии с ID [9999999999] не найдены.' });
  });

  it('refuses malformed bodies with Russian messages; 401 without a token', async () => {
    const field = async (body: Body, name: string) => {
      const res = await publish(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body!.fields?.[name]?.[0] as string;
    };
    expect(await field({ comments: { 1: true } }, 'lesson_id')).toBe('Обязательное поле.');
    expect(await field({ lesson_id: lessonIds[0] }, 'comments')).toBe('Обязательное поле.');
    expect(await field({ lesson_id: lessonIds[0], comments: {} }, 'comments')).toBe('Неверное значение.');
    expect(await field({ lesson_id: lessonIds[0], comments: { abc: true } }, 'comments.abc')).toBe('Неизвестное поле.');
    expect(await field({ lesson_id: lessonIds[0], comments: { '1': 'да' } }, 'comments.1')).toBe('Неверный тип значения.');
    expect(await field({ lesson_id: lessonIds[0], comments: { 'a\u0000b': true } }, 'comments.a\u0000b')).toBe('Неизвестное поле.');
    expect((await publish({ lesson_id: lessonIds[0], comments: { 1: true } }, null)).status).toBe(401);
  });

  it('takes a form like JSON', async () => {
    const lesson = await freshLesson();
    const a = await add(lesson, 'Из формы');
    const res = await t.app.inject({
      method: 'PATCH',
      url: api('lesson_comments/'),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ lesson_id: String(lesson), [`comments[${a.id}]`]: 'true' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect((await list(`lesson_id=${lesson}`, classmate.access)).body!.results.map((c: Body) => c.id)).toEqual([a.id]);
  });
});

describe('changing and deleting a comment', () => {
  it('lets the author change its text, by PUT or PATCH', async () => {
    const lesson = await freshLesson();
    const a = await add(lesson, 'Было');
    expect((await edit(a.id, { content: ' Стало ' })).body).toMatchObject({ id: a.id, content: 'Стало', author_first_name: 'Иван' });
    expect((await edit(a.id, { content: 'Снова' }, student.access, 'PUT')).body).toMatchObject({ content: 'Снова' });
    expect((await edit(a.id, { content: '   ' })).body!.fields.content).toEqual(['Комментарий не может быть пустым.']);
    expect((await edit(a.id, { content: 'a\u0000b' }, student.access, 'PUT')).body!.fields.content).toEqual(['Поле содержит недопустимые символы.']);
    expect((await edit(a.id, {})).body!.fields.content).toEqual(['Обязательное поле.']);
  });

  it("refuses to change someone else's comment: 403 when it is seen, 404 when it is not", async () => {
    const lesson = await freshLesson();
    const hidden = await add(lesson, 'Скрытый', classmate.access);
    const shown = await add(lesson, 'Открытый', classmate.access);
    await publish({ lesson_id: lesson, comments: { [shown.id]: true } });
    expect((await edit(shown.id, { content: 'взлом' })).body).toMatchObject({ code: 'NOT_COMMENT_AUTHOR', message: 'Изменять можно только свои комментарии.' });
    expect((await edit(hidden.id, { content: 'взлом' })).body).toMatchObject({ code: 'COMMENT_NOT_FOUND' });
    // Not even an admin writes in someone else's name.
    expect((await edit(hidden.id, { content: 'взлом' }, owner.access)).status).toBe(403);
    expect((await edit(otherCommentId, { content: 'взлом' }, owner.access)).status).toBe(404);
    expect((await edit(hidden.id, { content: 'взлом' }, null)).status).toBe(401);
  });

  it('lets the author or an admin delete it, with its replies', async () => {
    const lesson = await freshLesson();
    const a = await add(lesson, 'Удалю сам');
    const b = await add(lesson, 'Удалит админ', classmate.access);
    await publish({ lesson_id: lesson, comments: { [b.id]: true } });
    await reply({ comment_id: b.id, content: 'Ответ' });
    expect((await remove(b.id, student.access)).body).toMatchObject({ code: 'NOT_COMMENT_AUTHOR', message: 'Удалять можно только свои комментарии.' });
    expect((await remove(b.id, teacher.access)).status).toBe(403);
    const own = await remove(a.id);
    expect(own.status).toBe(204);
    expect(own.body).toBeNull();
    expect((await remove(b.id, admin.access)).status).toBe(204);
    expect(await t.app.ctx.db.select().from(lessonComments).where(eq(lessonComments.lessonId, lesson))).toEqual([]);
    expect((await remove(a.id)).status).toBe(404);
    expect((await remove(otherCommentId, owner.access)).status).toBe(404);
    expect((await remove(otherCommentId, null)).status).toBe(401);
  });
});

describe('POST /:school/lesson_comments/admin_reply_to_comment/', () => {
  it('adds one public reply per comment', async () => {
    const lesson = await freshLesson();
    const a = await add(lesson, 'Вопрос');
    const res = await reply({ comment_id: a.id, content: '  Ответ  ' }, admin.access);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Ответ администратора успешно добавлен' });
    const again = await reply({ comment_id: a.id, content: 'Ещё' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'ALREADY_REPLIED', message: 'Вы уже отвечали на этот комментарий' });
    const [stored] = await t.app.ctx.db.select().from(lessonComments).where(eq(lessonComments.replyTo, a.id as number));
    expect(stored).toMatchObject({ content: 'Ответ', public: true, authorId: admin.id, lessonId: lesson });
    const replyId = stored!.id;
    expect((await reply({ comment_id: replyId, content: 'x' })).body!.fields.comment_id).toEqual(['Ответить можно только на комментарий, а не на ответ.']);
  });

  it('gives two admins replying at once one reply', async () => {
    const lesson = await freshLesson();
    const a = await add(lesson, 'Вопрос');
    const results = await Promise.all([reply({ comment_id: a.id, content: '1' }), reply({ comment_id: a.id, content: '2' }, admin.access), reply({ comment_id: a.id, content: '3' })]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 400, 400]);
    expect(await t.app.ctx.db.select().from(lessonComments).where(eq(lessonComments.replyTo, a.id as number))).toHaveLength(1);
  });

  it('is for admins of the school only', async () => {
    const lesson = await freshLesson();
    const a = await add(lesson, 'Вопрос');
    expect((await reply({ comment_id: a.id, content: 'x' }, teacher.access)).status).toBe(403);
    expect((await reply({ comment_id: a.id, content: 'x' }, student.access)).status).toBe(403);
    expect((await reply({ comment_id: a.id, content: 'x' }, null)).status).toBe(401);
    expect((await reply({ comment_id: otherCommentId, content: 'x' })).body).toMatchObject({ code: 'COMMENT_NOT_FOUND' });
    expect((await reply({ comment_id: a.id, content: 'x' }, other.access, other.schoolName)).status).toBe(404);
  });

  it('refuses malformed bodies and a NUL byte', async () => {
    expect((await reply({ content: 'x' })).body!.fields.comment_id).toEqual(['Обязательное поле.']);
    expect((await reply({ comment_id: 1 })).body!.fields.content).toEqual(['Обязательное поле.']);
    expect((await reply({ comment_id: 'a', content: 'x' })).body!.fields.comment_id).toEqual(['Неверный тип значения.']);
    expect((await reply({ comment_id: 1, content: 'a\u0000b' })).body!.fields.content).toEqual(['Поле содержит недопустимые символы.']);
    expect((await reply({ comment_id: 1, content: 'x'.repeat(5001) })).body!.fields.content).toEqual(['Не длиннее 5000 символов.']);
  });
});
