// The feature's entry first: courses and groups import each other, and this order is the app's.
import { answers, courses, questions } from './index.ts';
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
/** The owner's course: a test taught by `teacher` to `student`, and a plain lesson. */
let courseId: number;
let testId: number;
let plainLessonId: number;
let otherTestId: number;
let otherQuestionId: number;
let otherAnswerId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Вопросы' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие вопросы' });
  const course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: [['test', 'Тест'], ['lesson', 'Урок']] }] });
  courseId = course.id;
  [testId, plainLessonId] = course.lessonIds as [number, number];
  const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Поток' }).returning({ id: studentsGroups.id });
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: student.id, courseId: course.id });
  otherTestId = (await addCourse(t.app, other.schoolId, { sections: [{ name: 'Их модуль', lessons: [['test', 'Их тест']] }] })).lessonIds[0]!;
  const question = await call(t.app, 'POST', `/api/${other.schoolName}/questions/`, { token: other.access, body: { test: otherTestId, question_type: 'single', body: 'Их вопрос' } });
  expect(question.status).toBe(201);
  otherQuestionId = question.body!.question_id as number;
  const answer = await call(t.app, 'POST', `/api/${other.schoolName}/answers/`, { token: other.access, body: { question: otherQuestionId, body: 'Их ответ', is_correct: true } });
  expect(answer.status).toBe(201);
  otherAnswerId = answer.body!.answer_id as number;
});
afterAll(() => t.close());

type Token = string | null;
const api = (path: string, school = owner.schoolName) => `/api/${school}/${path}`;
const auth = (token: Token) => (token === null ? {} : { token });
const createQuestion = (body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'POST', api('questions/', school), { ...auth(token), body });
const readQuestion = (id: number, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'GET', api(`questions/${id}/`, school), auth(token));
const patchQuestion = (id: number, body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'PATCH', api(`questions/${id}/`, school), { ...auth(token), body });
const removeQuestion = (id: number, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'DELETE', api(`questions/${id}/`, school), auth(token));
const createAnswer = (body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'POST', api('answers/', school), { ...auth(token), body });
const readAnswer = (id: number, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'GET', api(`answers/${id}/`, school), auth(token));
const patchAnswer = (id: number, body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'PATCH', api(`answers/${id}/`, school), { ...auth(token), body });
const removeAnswer = (id: number, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'DELETE', api(`answers/${id}/`, school), auth(token));
const questionOrder = (body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'POST', api('question_order/', school), { ...auth(token), body });
const answerOrder = (body: unknown, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'POST', api('answer_order/', school), { ...auth(token), body });
const getQuestions = (id: number, token: Token = owner.access, school = owner.schoolName) => call(t.app, 'GET', api(`tests/${id}/get_questions/`, school), auth(token));

/** A fresh test of the owner's school (with `count` tests in its module). */
async function freshTest(count = 1): Promise<number[]> {
  const course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: Array.from({ length: count }, (_, i): [string, string] => ['test', `Тест ${i + 1}`]) }] });
  return course.lessonIds;
}

async function addQuestion(test: number, body: Body = {}): Promise<Body> {
  const res = await createQuestion({ test, question_type: 'single', body: 'Вопрос', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!;
}

async function addAnswer(question: number, body: Body = {}): Promise<Body> {
  const res = await createAnswer({ question, body: 'Ответ', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!;
}

/** A test's questions as stored: [id, order] in order. */
async function storedQuestions(test: number): Promise<[number, number][]> {
  const rows = await t.app.ctx.db.select({ id: questions.id, order: questions.order }).from(questions).where(eq(questions.lessonId, test)).orderBy(asc(questions.order));
  return rows.map((row) => [row.id, row.order]);
}

async function storedAnswers(question: number): Promise<{ id: number; order: number; isCorrect: boolean }[]> {
  return t.app.ctx.db.select({ id: answers.id, order: answers.order, isCorrect: answers.isCorrect }).from(answers).where(eq(answers.questionId, question)).orderBy(asc(answers.order));
}

describe('POST /:school/questions/', () => {
  it('adds a question with its rich text sanitised, and answers 201 with the whole question', async () => {
    const [test] = await freshTest();
    const res = await createQuestion({ test, question_type: 'single', body: '<p onclick="x()">Сколько будет <b>2+2</b>?<script>alert(1)</script></p>', picture: 'https://example.com/q.png' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      question_id: expect.any(Number),
      id: res.body!.question_id,
      test,
      question_type: 'single',
      multiple_answer: false,
      body: '<p>Сколько будет <b>2+2</b>?</p>',
      picture: 'https://example.com/q.png',
      order: 1,
      case_sensitive: null,
      only_whole_numbers: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      answers: [],
    });
  });

  it('takes every type, with the settings of its own type', async () => {
    const [test] = await freshTest();
    expect(await addQuestion(test!, { question_type: 'multiple' })).toMatchObject({ question_type: 'multiple', multiple_answer: true, order: 1 });
    expect(await addQuestion(test!, { question_type: 'text' })).toMatchObject({ question_type: 'text', case_sensitive: false, only_whole_numbers: null });
    expect(await addQuestion(test!, { question_type: 'text', case_sensitive: true })).toMatchObject({ case_sensitive: true });
    expect(await addQuestion(test!, { question_type: 'number' })).toMatchObject({ question_type: 'number', only_whole_numbers: false, case_sensitive: null });
    expect(await addQuestion(test!, { question_type: 'number', only_whole_numbers: true })).toMatchObject({ only_whole_numbers: true });
    expect(await addQuestion(test!, { question_type: 'order' })).toMatchObject({ question_type: 'order', multiple_answer: false });
    expect(await addQuestion(test!, { question_type: 'match' })).toMatchObject({ question_type: 'match', order: 7 });
    // Without a type: one answer, as the original's default `Text`.
    const plain = await createQuestion({ test });
    expect(plain.body).toMatchObject({ question_type: 'single', body: '', picture: null, order: 8 });
  });

  it("takes the original's type codes", async () => {
    const [test] = await freshTest();
    const cases: [Body, string][] = [
      [{ question_type: 'Text' }, 'single'],
      [{ question_type: 'Text', multiple_answer: true }, 'multiple'],
      [{ question_type: 'TextPic', multiple_answer: false }, 'single'],
      [{ question_type: 'TextPics', multiple_answer: true }, 'multiple'],
      [{ question_type: 'Free' }, 'text'],
      [{ question_type: 'Numerical', only_whole_numbers: true }, 'number'],
      [{ multiple_answer: true }, 'multiple'],
    ];
    for (const [body, type] of cases) {
      const res = await createQuestion({ test, ...body });
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(res.body!.question_type, JSON.stringify(body)).toBe(type);
      expect(res.body!.multiple_answer).toBe(type === 'multiple');
    }
  });

  it('inserts at a given order and numbers the test 1..n again; past the end goes last', async () => {
    const [test] = await freshTest();
    const a = await addQuestion(test!);
    const b = await addQuestion(test!);
    const middle = await addQuestion(test!, { order: 2 });
    expect(middle.order).toBe(2);
    const last = await addQuestion(test!, { order: 99 });
    expect(last.order).toBe(4);
    const first = await addQuestion(test!, { order: 1 });
    expect(await storedQuestions(test!)).toEqual([
      [first.id, 1],
      [a.id, 2],
      [middle.id, 3],
      [b.id, 4],
      [last.id, 5],
    ]);
  });

  it('takes urlencoded and multipart forms like JSON', async () => {
    const [test] = await freshTest();
    const form = await t.app.inject({
      method: 'POST',
      url: api('questions/'),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ test: String(test), question_type: 'Free', case_sensitive: 'true', body: 'Столица?' }).toString(),
    });
    expect(form.statusCode).toBe(201);
    expect(form.json()).toMatchObject({ question_type: 'text', case_sensitive: true, body: 'Столица?' });
    const data = new FormData();
    data.append('question', String(form.json<Body>().question_id));
    data.append('body', 'Минск');
    const request = new Request('http://x/', { method: 'POST', body: data });
    const multipart = await t.app.inject({
      method: 'POST',
      url: api('answers/'),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode).toBe(201);
    expect(multipart.json()).toMatchObject({ body: 'Минск', is_correct: true, order: 1 });
  });
});

describe('bad question requests', () => {
  const field = async (body: Body, name: string, send = createQuestion) => {
    const res = await send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body!.code).toBe('VALIDATION_ERROR');
    const message = res.body!.fields?.[name]?.[0] as string | undefined;
    expect(message, JSON.stringify(res.body)).toMatch(/[А-Яа-я]/);
    return message;
  };

  it('refuses missing and mistyped fields and unknown types, in Russian', async () => {
    expect(await field({ question_type: 'single' }, 'test')).toBe('Обязательное поле.');
    expect(await field({ test: 'тест' }, 'test')).toBe('Неверный тип значения.');
    expect(await field({ test: 0 }, 'test')).toBe('Значение должно быть не меньше 1.');
    expect(await field({ test: testId, question_type: 'essay' }, 'question_type')).toBe('Недопустимое значение.');
    expect(await field({ test: testId, order: 0 }, 'order')).toBe('Значение должно быть не меньше 1.');
    expect(await field({ test: testId, body: 5 }, 'body')).toBe('Неверный тип значения.');
    expect(await field({ test: testId, multiple_answer: 'да' }, 'multiple_answer')).toBe('Неверный тип значения.');
    expect(await field({ test: testId, body: 'x'.repeat(50_001) }, 'body')).toBe('Не длиннее 50000 символов.');
    const notJson = await t.app.inject({ method: 'POST', url: api('questions/'), headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' }, payload: '{"test":' });
    expect(notJson.statusCode).toBe(400);
  });

  it("refuses another type's settings and a contradicting multiple_answer", async () => {
    expect(await field({ test: testId, question_type: 'single', case_sensitive: true }, 'case_sensitive')).toBe('Эта настройка есть только у вопроса с ответом текстом.');
    expect(await field({ test: testId, question_type: 'text', only_whole_numbers: true }, 'only_whole_numbers')).toBe('Эта настройка есть только у вопроса с ответом числом.');
    expect(await field({ test: testId, question_type: 'single', multiple_answer: true }, 'multiple_answer')).toBe('Не совпадает с типом вопроса.');
    expect(await field({ test: testId, question_type: 'Free', multiple_answer: true }, 'multiple_answer')).toBe('Несколько ответов бывает только у вопроса с выбором ответа.');
  });

  it('refuses a picture that is not an http(s) address', async () => {
    const message = 'Укажите ссылку на изображение, начинающуюся с http:// или https://.';
    for (const picture of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/uploads/a.png', 'не ссылка']) {
      expect(await field({ test: testId, picture }, 'picture')).toBe(message);
    }
  });

  it('refuses a NUL byte in every string, on create and on change', async () => {
    const NUL = 'a\u0000b';
    const question = (await addQuestion(testId)).question_id as number;
    for (const [body, name] of [
      [{ body: NUL }, 'body'],
      [{ picture: `https://example.com/${NUL}.png` }, 'picture'],
      [{ question_type: NUL }, 'question_type'],
    ] as [Body, string][]) {
      const created = await createQuestion({ test: testId, ...body });
      expect(created.status, name).toBe(400);
      expect(Object.keys(created.body!.fields), name).toContain(name);
      const changed = await patchQuestion(question, body);
      expect(changed.status, `PATCH ${name}`).toBe(400);
      expect(Object.keys(changed.body!.fields), name).toContain(name);
    }
    expect((await call(t.app, 'GET', api('questions/1%00/'), { token: owner.access })).status).toBe(400);
    expect((await readQuestion(question, owner.access, 'bad%00name')).status).toBe(400);
  });

  it('refuses a lesson that is not a test, and tests of courses in the recycle bin', async () => {
    const res = await createQuestion({ test: plainLessonId });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'TEST_NOT_FOUND', message: 'Тест не найден.' });
    const binned = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['test', 'Т']] }] });
    const question = await addQuestion(binned.lessonIds[0]!);
    await t.app.ctx.db.update(courses).set({ removedAt: t.clock.now }).where(eq(courses.id, binned.id));
    expect((await createQuestion({ test: binned.lessonIds[0] })).status).toBe(404);
    expect((await readQuestion(question.question_id)).status).toBe(404);
    expect((await getQuestions(binned.lessonIds[0]!)).status).toBe(404);
  });
});

describe('PATCH and DELETE /:school/questions/:id/', () => {
  it('changes the text, the picture and the settings', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!, { question_type: 'text', picture: 'http://example.com/a.png' });
    const res = await patchQuestion(question.id, { body: '<h2 style="x">Новый</h2><iframe src="https://evil.example/"></iframe>', picture: '', case_sensitive: true, test });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ body: '<h2>Новый</h2>', picture: null, case_sensitive: true, order: 1, question_type: 'text' });
    expect((await readQuestion(question.id)).body).toMatchObject({ body: '<h2>Новый</h2>', case_sensitive: true });
    // The settings stay when not sent.
    expect((await patchQuestion(question.id, { body: 'Ещё' })).body).toMatchObject({ case_sensitive: true });
    expect((await patchQuestion(question.id, {})).body).toMatchObject({ body: 'Ещё' });
  });

  it('switches between one and several right answers, and other types only without answers', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!, { question_type: 'multiple' });
    const a = await addAnswer(question.id, { is_correct: true });
    await addAnswer(question.id, { is_correct: true });
    const single = await patchQuestion(question.id, { question_type: 'single' });
    expect(single.status).toBe(400);
    expect(single.body!.fields.question_type).toEqual(['Оставьте один правильный ответ: у вопроса с одним ответом правильный ответ только один.']);
    await patchAnswer(a.id, { is_correct: false });
    expect((await patchQuestion(question.id, { multiple_answer: false })).body).toMatchObject({ question_type: 'single', multiple_answer: false });
    expect((await patchQuestion(question.id, { question_type: 'TextPics', multiple_answer: true })).body).toMatchObject({ question_type: 'multiple' });
    const text = await patchQuestion(question.id, { question_type: 'text' });
    expect(text.body!.fields.question_type).toEqual(['Тип вопроса с ответами можно менять только между одним и несколькими правильными ответами.']);
    const empty = await addQuestion(test!);
    expect((await patchQuestion(empty.id, { question_type: 'Numerical', only_whole_numbers: true })).body).toMatchObject({ question_type: 'number', only_whole_numbers: true });
    expect((await patchQuestion(empty.id, { multiple_answer: true })).body!.fields.multiple_answer).toEqual(['Несколько ответов бывает только у вопроса с выбором ответа.']);
  });

  it('refuses whole numbers only while an answer has a fraction', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!, { question_type: 'number' });
    const answer = await addAnswer(question.id, { from_digit: 2.5 });
    expect((await patchQuestion(question.id, { only_whole_numbers: true })).body!.fields.only_whole_numbers).toEqual(['Среди ответов есть дробные числа: исправьте их сначала.']);
    await patchAnswer(answer.id, { from_digit: 3 });
    expect((await patchQuestion(question.id, { only_whole_numbers: true })).body).toMatchObject({ only_whole_numbers: true });
  });

  it('stays in its test, moves within it, and is deleted with its answers', async () => {
    const [test, second] = await freshTest(2);
    const [a, b, c] = [await addQuestion(test!), await addQuestion(test!), await addQuestion(test!)];
    expect((await patchQuestion(a!.id, { test: second })).body!.fields.test).toEqual(['Вопрос нельзя перенести в другой тест.']);
    expect((await patchQuestion(a!.id, { order: 3, body: 'Последний' })).body).toMatchObject({ order: 3, body: 'Последний' });
    expect((await storedQuestions(test!)).map(([id]) => id)).toEqual([b!.id, c!.id, a!.id]);
    await addAnswer(b!.id);
    const res = await removeQuestion(b!.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await storedQuestions(test!)).toEqual([
      [c!.id, 1],
      [a!.id, 2],
    ]);
    expect(await storedAnswers(b!.id)).toEqual([]);
    expect((await readQuestion(b!.id)).status).toBe(404);
    expect((await removeQuestion(b!.id)).status).toBe(404);
    expect((await patchQuestion(2147483647, { body: 'x' })).status).toBe(404);
  });
});

describe('answers by question type', () => {
  const fieldOf = async (res: Awaited<ReturnType<typeof createAnswer>>, name: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body!.fields?.[name]?.[0] as string | undefined;
  };

  it('single: marking another answer right unmarks the one before', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!, { question_type: 'single' });
    const a = await addAnswer(question.id, { body: '<p>3<script>x</script></p>', is_correct: true });
    expect(a).toEqual({
      answer_id: a.id,
      id: a.id,
      question: question.id,
      body: '<p>3</p>',
      is_correct: true,
      picture: null,
      answer_in_range: false,
      from_digit: null,
      to_digit: null,
      match_body: null,
      order: 1,
    });
    const b = await addAnswer(question.id, { body: '4', is_correct: true });
    expect((await storedAnswers(question.id)).map((row) => [row.id, row.isCorrect])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
    const c = await addAnswer(question.id, { body: '5' });
    expect(c.is_correct).toBe(false);
    await patchAnswer(a.id, { is_correct: true });
    expect((await storedAnswers(question.id)).map((row) => row.isCorrect)).toEqual([true, false, false]);
    // Ten right answers at once still leave one.
    await Promise.all(Array.from({ length: 10 }, (_, i) => createAnswer({ question: question.id, body: `${i}`, is_correct: true })));
    expect((await storedAnswers(question.id)).filter((row) => row.isCorrect)).toHaveLength(1);
  });

  it('multiple: any number of right answers, with pictures', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!, { question_type: 'multiple' });
    await addAnswer(question.id, { is_correct: true, picture: 'https://example.com/a.png' });
    await addAnswer(question.id, { is_correct: true });
    await addAnswer(question.id);
    expect((await storedAnswers(question.id)).map((row) => row.isCorrect)).toEqual([true, true, false]);
    expect((await readQuestion(question.id)).body!.answers[0]).toMatchObject({ picture: 'https://example.com/a.png', order: 1 });
  });

  it('text: accepted answers kept as plain text, never empty', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!, { question_type: 'text' });
    const answer = await addAnswer(question.id, { body: '  a < b & <b>c</b>  ', is_correct: false });
    expect(answer).toMatchObject({ body: 'a < b & <b>c</b>', is_correct: true });
    expect(await fieldOf(await createAnswer({ question: question.id, body: '   ' }), 'body')).toBe('Укажите принимаемый ответ.');
    expect(await fieldOf(await createAnswer({ question: question.id }), 'body')).toBe('Укажите принимаемый ответ.');
    expect(await fieldOf(await patchAnswer(answer.id, { body: '' }), 'body')).toBe('Укажите принимаемый ответ.');
    expect(await fieldOf(await createAnswer({ question: question.id, body: 'x', from_digit: 1 }), 'from_digit')).toBe('Число или диапазон указываются только у вопроса с ответом числом.');
  });

  it('number: an exact number or a range from ≤ to; whole numbers when the question says so', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!, { question_type: 'number' });
    expect(await addAnswer(question.id, { body: '', from_digit: 42 })).toMatchObject({ answer_in_range: false, from_digit: 42, to_digit: 42, is_correct: true });
    const range = await addAnswer(question.id, { body: '', answer_in_range: true, from_digit: -1.5, to_digit: 2.25 });
    expect(range).toMatchObject({ answer_in_range: true, from_digit: -1.5, to_digit: 2.25 });
    // A different end makes a range; a change keeps the other end.
    expect(await addAnswer(question.id, { body: '', from_digit: 1, to_digit: 10 })).toMatchObject({ answer_in_range: true, from_digit: 1, to_digit: 10 });
    expect((await patchAnswer(range.id, { from_digit: 0 })).body).toMatchObject({ answer_in_range: true, from_digit: 0, to_digit: 2.25 });
    expect((await patchAnswer(range.id, { answer_in_range: false, from_digit: 7 })).body).toMatchObject({ answer_in_range: false, from_digit: 7, to_digit: 7 });
    expect(await fieldOf(await createAnswer({ question: question.id, answer_in_range: true, from_digit: 5, to_digit: 1 }), 'to_digit')).toBe('Начало диапазона не может быть больше конца.');
    expect(await fieldOf(await createAnswer({ question: question.id, answer_in_range: true, from_digit: 5 }), 'to_digit')).toBe('Укажите конец диапазона.');
    expect(await fieldOf(await createAnswer({ question: question.id, answer_in_range: true }), 'from_digit')).toBe('Укажите начало диапазона.');
    expect(await fieldOf(await createAnswer({ question: question.id, body: '' }), 'from_digit')).toBe('Укажите число.');
    expect(await fieldOf(await createAnswer({ question: question.id, answer_in_range: false, from_digit: 1, to_digit: 2 }), 'to_digit')).toBe(
      'Конец диапазона указывается только у ответа диапазоном (answer_in_range).',
    );
    expect(await fieldOf(await createAnswer({ question: question.id, from_digit: 1e16 }), 'from_digit')).toBe('Значение должно быть не больше 1000000000000000.');
    expect(await fieldOf(await createAnswer({ question: question.id, from_digit: '5' }), 'from_digit')).toBe('Неверный тип значения.');
    const whole = await addQuestion(test!, { question_type: 'number', only_whole_numbers: true });
    expect(await fieldOf(await createAnswer({ question: whole.id, from_digit: 1.5 }), 'from_digit')).toBe('В этом вопросе ответ — целое число.');
    expect(await fieldOf(await createAnswer({ question: whole.id, from_digit: 1, to_digit: 2.5 }), 'to_digit')).toBe('В этом вопросе ответ — целое число.');
    expect(await addAnswer(whole.id, { from_digit: 1, to_digit: 3 })).toMatchObject({ from_digit: 1, to_digit: 3 });
  });

  it('order: the answers’ order is the right order', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!, { question_type: 'order' });
    const first = await addAnswer(question.id, { body: 'Первый' });
    const second = await addAnswer(question.id, { body: 'Второй' });
    const zeroth = await addAnswer(question.id, { body: 'Нулевой', order: 1 });
    expect([first, second, zeroth].map((a) => a.is_correct)).toEqual([true, true, true]);
    expect((await readQuestion(question.id)).body!.answers.map((a: Body) => [a.body, a.order])).toEqual([
      ['Нулевой', 1],
      ['Первый', 2],
      ['Второй', 3],
    ]);
    expect(await fieldOf(await createAnswer({ question: question.id, body: 'x', match_body: 'y' }), 'match_body')).toBe('Пара указывается только у вопроса на сопоставление.');
  });

  it('match: both sides of each pair', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!, { question_type: 'match' });
    const pair = await addAnswer(question.id, { body: 'Франция', match_body: 'Париж<img src=x onerror=alert(1)>' });
    expect(pair).toMatchObject({ body: 'Франция', match_body: 'Париж', is_correct: true });
    expect(await fieldOf(await createAnswer({ question: question.id, body: 'Италия' }), 'match_body')).toBe('Укажите пару для сопоставления.');
    expect(await fieldOf(await createAnswer({ question: question.id, body: 'Италия', match_body: '<p> </p>' }), 'match_body')).toBe('Укажите пару для сопоставления.');
    expect(await fieldOf(await createAnswer({ question: question.id, body: '', match_body: 'Рим' }), 'body')).toBe('Укажите ответ.');
    expect(await addAnswer(question.id, { body: '', picture: 'https://example.com/flag.png', match_body: 'Рим' })).toMatchObject({ body: '', match_body: 'Рим' });
    expect((await patchAnswer(pair.id, { match_body: 'Лион' })).body).toMatchObject({ body: 'Франция', match_body: 'Лион' });
    expect(await fieldOf(await patchAnswer(pair.id, { match_body: null }), 'match_body')).toBe('Укажите пару для сопоставления.');
    const single = await addQuestion(test!);
    expect(await fieldOf(await createAnswer({ question: single.id, body: 'x', match_body: 'y' }), 'match_body')).toBe('Пара указывается только у вопроса на сопоставление.');
    expect(await fieldOf(await createAnswer({ question: single.id, body: 'x', answer_in_range: true }), 'answer_in_range')).toBe('Число или диапазон указываются только у вопроса с ответом числом.');
  });

  it('refuses malformed answers and a NUL byte in every string, on create and on change', async () => {
    const question = await addQuestion(testId, { question_type: 'match' });
    const answer = await addAnswer(question.question_id, { match_body: 'пара' });
    expect(await fieldOf(await createAnswer({ body: 'x' }), 'question')).toBe('Обязательное поле.');
    expect(await fieldOf(await createAnswer({ question: 'вопрос' }), 'question')).toBe('Неверный тип значения.');
    expect(await fieldOf(await createAnswer({ question: question.id, is_correct: 'да' }), 'is_correct')).toBe('Неверный тип значения.');
    expect(await fieldOf(await createAnswer({ question: question.id, body: 'x'.repeat(10_001) }), 'body')).toBe('Не длиннее 10000 символов.');
    expect(await fieldOf(await createAnswer({ question: question.id, body: 'x', match_body: 'y', picture: 'ftp://example.com/a.png' }), 'picture')).toBe(
      'Укажите ссылку на изображение, начинающуюся с http:// или https://.',
    );
    const NUL = 'a\u0000b';
    for (const [body, name] of [
      [{ body: NUL }, 'body'],
      [{ match_body: NUL }, 'match_body'],
      [{ picture: `https://example.com/${NUL}` }, 'picture'],
    ] as [Body, string][]) {
      const created = await createAnswer({ question: question.id, body: 'x', match_body: 'y', ...body });
      expect(created.status, name).toBe(400);
      expect(Object.keys(created.body!.fields), name).toContain(name);
      const changed = await patchAnswer(answer.id, body);
      expect(changed.status, `PATCH ${name}`).toBe(400);
      expect(Object.keys(changed.body!.fields), name).toContain(name);
    }
    expect((await patchAnswer(answer.id, { question: otherQuestionId })).body!.fields.question).toEqual(['Ответ нельзя перенести к другому вопросу.']);
    expect((await patchAnswer(answer.id, { question: question.id, body: 'Своё' })).body).toMatchObject({ body: 'Своё', match_body: 'пара' });
  });

  it('deletes an answer and numbers the rest 1..n', async () => {
    const [test] = await freshTest();
    const question = await addQuestion(test!);
    const [a, b, c] = [await addAnswer(question.id), await addAnswer(question.id), await addAnswer(question.id)];
    expect((await removeAnswer(b!.id)).status).toBe(204);
    expect((await storedAnswers(question.id)).map((row) => [row.id, row.order])).toEqual([
      [a!.id, 1],
      [c!.id, 2],
    ]);
    expect((await readAnswer(b!.id)).status).toBe(404);
    expect((await removeAnswer(b!.id)).status).toBe(404);
  });
});

describe('who may do what', () => {
  let questionId: number;
  let answerId: number;
  beforeAll(async () => {
    questionId = (await addQuestion(testId, { body: 'Общий вопрос' })).id as number;
    answerId = (await addAnswer(questionId, { body: 'Верно', is_correct: true })).id as number;
  });

  it('lets the admin and the course’s teacher read questions, answers and the test editor’s view', async () => {
    for (const account of [owner, teacher]) {
      expect((await readQuestion(questionId, account.access)).body).toMatchObject({ question_id: questionId, answers: [{ answer_id: answerId, is_correct: true }] });
      expect((await readAnswer(answerId, account.access)).body).toMatchObject({ answer_id: answerId, is_correct: true });
      expect((await getQuestions(testId, account.access)).status).toBe(200);
    }
    // A teacher of none of the course's groups.
    expect((await readQuestion(questionId, otherTeacher.access)).body).toMatchObject({ code: 'QUESTION_NOT_FOUND' });
    expect((await readAnswer(answerId, otherTeacher.access)).body).toMatchObject({ code: 'ANSWER_NOT_FOUND' });
    expect((await getQuestions(testId, otherTeacher.access)).body).toMatchObject({ code: 'TEST_NOT_FOUND' });
  });

  it('never gives a student the answer key: questions and answers 403, the test their view without it', async () => {
    for (const res of [await readQuestion(questionId, student.access), await readAnswer(answerId, student.access)]) {
      expect(res.status).toBe(403);
      expect(res.body!.message).toMatch(/[А-Яа-я]/);
      expect(JSON.stringify(res.body)).not.toMatch(/is_correct|from_digit|match_body|Верно/);
    }
    // The learning feature's view (learning/test-routes.test.ts has the rest).
    const view = await getQuestions(testId, student.access);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ test_id: testId, questions: expect.arrayContaining([expect.objectContaining({ question_id: questionId, answers: [{ answer_id: answerId, body: 'Верно', picture: null }] })]) });
    expect(JSON.stringify(view.body)).not.toMatch(/is_correct|from_digit|to_digit|answer_in_range|match_body/);
  });

  it('lets only admins write: teachers and students get 403', async () => {
    for (const account of [teacher, student]) {
      for (const res of [
        await createQuestion({ test: testId }, account.access),
        await patchQuestion(questionId, { body: 'x' }, account.access),
        await removeQuestion(questionId, account.access),
        await questionOrder([{ question_id: questionId, order: 1 }], account.access),
        await createAnswer({ question: questionId, body: 'x' }, account.access),
        await patchAnswer(answerId, { body: 'x' }, account.access),
        await removeAnswer(answerId, account.access),
        await answerOrder([{ answer_id: answerId, order: 1 }], account.access),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body!.code).toBe('FORBIDDEN');
      }
    }
    expect((await readQuestion(questionId)).body).toMatchObject({ body: 'Общий вопрос', answers: [{ body: 'Верно' }] });
  });

  it('answers 401 without a token', async () => {
    for (const res of [
      await createQuestion({ test: testId }, null),
      await readQuestion(questionId, null),
      await patchQuestion(questionId, { body: 'x' }, null),
      await removeQuestion(questionId, null),
      await questionOrder([{ question_id: questionId, order: 1 }], null),
      await createAnswer({ question: questionId, body: 'x' }, null),
      await readAnswer(answerId, null),
      await patchAnswer(answerId, { body: 'x' }, null),
      await removeAnswer(answerId, null),
      await answerOrder([{ answer_id: answerId, order: 1 }], null),
      await getQuestions(testId, null),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    }
  });

  it("answers 404 for another school's test, question or answer, never 403", async () => {
    const test = await createQuestion({ test: otherTestId });
    expect(test.status).toBe(404);
    expect(test.body).toMatchObject({ code: 'TEST_NOT_FOUND' });
    expect((await getQuestions(otherTestId)).status).toBe(404);
    for (const res of [await readQuestion(otherQuestionId), await patchQuestion(otherQuestionId, { body: 'взлом' }), await removeQuestion(otherQuestionId), await patchQuestion(otherQuestionId, { order: 1 })]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'QUESTION_NOT_FOUND' });
    }
    const answer = await createAnswer({ question: otherQuestionId, body: 'взлом', is_correct: true });
    expect(answer.body).toMatchObject({ code: 'QUESTION_NOT_FOUND' });
    for (const res of [await readAnswer(otherAnswerId), await patchAnswer(otherAnswerId, { is_correct: false }), await removeAnswer(otherAnswerId)]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'ANSWER_NOT_FOUND' });
    }
    const questionsMoved = await questionOrder([{ question_id: otherQuestionId, order: 1 }, { question_id: questionId, order: 1 }]);
    expect(questionsMoved.body).toMatchObject({ code: 'QUESTION_NOT_FOUND', message: `Вопросы с ID [${otherQuestionId}] не найдены.` });
    const answersMoved = await answerOrder([{ answer_id: otherAnswerId, order: 1 }]);
    expect(answersMoved.body).toMatchObject({ code: 'ANSWER_NOT_FOUND', message: `Ответы с ID [${otherAnswerId}] не найдены.` });
    // Their data is as it was; and their own school's address does not open ours.
    expect((await readQuestion(otherQuestionId, other.access, other.schoolName)).body).toMatchObject({ body: 'Их вопрос', answers: [{ body: 'Их ответ', is_correct: true }] });
    expect((await readQuestion(questionId, other.access, other.schoolName)).status).toBe(404);
    expect((await readQuestion(questionId, other.access)).body).toMatchObject({ code: 'NOT_A_MEMBER' });
  });
});

describe('order', () => {
  it('numbers 10 concurrent inserts into one test 1..10, and 10 into one question', async () => {
    const [test] = await freshTest();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createQuestion({ test, body: `${i}` })));
    expect(results.map((res) => res.status)).toEqual(Array(10).fill(201));
    expect((await storedQuestions(test!)).map(([, n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(results.map((res) => res.body!.order)).size).toBe(10);
    const question = results[0]!.body!.id as number;
    const added = await Promise.all(Array.from({ length: 10 }, (_, i) => createAnswer({ question, body: `${i}`, order: 1 })));
    expect(added.map((res) => res.status)).toEqual(Array(10).fill(201));
    expect((await storedAnswers(question)).map((row) => row.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('keeps 1..n under concurrent inserts in the middle, moves and deletes', async () => {
    const [test] = await freshTest();
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await addQuestion(test!)).id as number);
    const results = await Promise.all([
      createQuestion({ test, order: 2 }),
      createQuestion({ test, order: 1 }),
      patchQuestion(ids[5]!, { order: 1 }),
      removeQuestion(ids[2]!),
      questionOrder([{ question_id: ids[0]!, order: 4 }]),
      createQuestion({ test }),
    ]);
    expect(results.map((res) => res.status)).toEqual([201, 201, 200, 204, 200, 201]);
    expect((await storedQuestions(test!)).map(([, n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reorders questions of two tests and answers of two questions in bulk', async () => {
    const [first, second] = await freshTest(2);
    const [a1, a2, a3] = [await addQuestion(first!), await addQuestion(first!), await addQuestion(first!)];
    const [b1, b2] = [await addQuestion(second!), await addQuestion(second!)];
    const res = await questionOrder([
      { question_id: a3!.id, order: 1 },
      { question_id: a1!.id, order: 3 },
      { question_id: b1!.id, order: 2 },
    ]);
    expect(res.body).toEqual({ detail: 'Вопросы успешно обновлены' });
    expect((await storedQuestions(first!)).map(([id]) => id)).toEqual([a3!.id, a2!.id, a1!.id]);
    expect((await storedQuestions(second!)).map(([id]) => id)).toEqual([b2!.id, b1!.id]);

    const [x1, x2, x3] = [await addAnswer(a1!.id), await addAnswer(a1!.id), await addAnswer(a1!.id)];
    const [y1, y2] = [await addAnswer(a2!.id), await addAnswer(a2!.id)];
    const moved = await answerOrder([
      { answer_id: x1!.id, order: 2 },
      { answer_id: y2!.id, order: 1 },
    ]);
    expect(moved.body).toEqual({ detail: 'Ответы успешно обновлены' });
    expect((await storedAnswers(a1!.id)).map((row) => row.id)).toEqual([x2!.id, x1!.id, x3!.id]);
    expect((await storedAnswers(a2!.id)).map((row) => row.id)).toEqual([y2!.id, y1!.id]);
    expect((await patchAnswer(x3!.id, { order: 1 })).body).toMatchObject({ order: 1 });
    expect((await storedAnswers(a1!.id)).map((row) => [row.id, row.order])).toEqual([
      [x3!.id, 1],
      [x2!.id, 2],
      [x1!.id, 3],
    ]);
  });

  it('refuses malformed bulk orders', async () => {
    for (const send of [questionOrder, answerOrder]) {
      expect((await send([])).status).toBe(400);
      expect((await send({ question_id: 1, order: 1 })).status).toBe(400);
      expect((await send([{ question_id: 'a', answer_id: 'a', order: 1 }])).status).toBe(400);
      expect((await send(Array.from({ length: 501 }, (_, i) => ({ question_id: i + 1, answer_id: i + 1, order: 1 })))).status).toBe(400);
    }
    expect((await questionOrder([{ question_id: 1, order: 0 }])).body!.fields['0.order']).toEqual(['Значение должно быть не меньше 1.']);
    expect((await answerOrder([{ answer_id: 2147483647, order: 1 }])).body).toMatchObject({ message: 'Ответы с ID [2147483647] не найдены.' });
  });
});

describe('GET /:school/tests/:id/get_questions/', () => {
  it('gives the test’s settings and its questions with answers, each in order', async () => {
    const section = (await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [] }] })).sectionIds[0]!;
    const test = (await call(t.app, 'POST', api('tests/'), { token: owner.access, body: { section, name: 'Итоговый', success_percent: 80, has_timer: true, time_limit: 600 } })).body!;
    const q1 = await addQuestion(test.id, { body: 'Первый' });
    const q2 = await addQuestion(test.id, { question_type: 'number', body: 'Второй', order: 1 });
    const a1 = await addAnswer(q1.id, { body: 'Б', is_correct: true });
    const a0 = await addAnswer(q1.id, { body: 'А', order: 1 });
    await addAnswer(q2.id, { from_digit: 1, to_digit: 2 });
    const res = await getQuestions(test.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      test: test.id,
      test_id: test.id,
      baselesson_ptr_id: test.id,
      section,
      type: 'test',
      name: 'Итоговый',
      success_percent: 80,
      has_timer: true,
      time_limit: '00:10:00',
      random_test_generator: false,
      tests_ids: [],
      all_questions: 2,
    });
    expect(res.body!.questions.map((q: Body) => [q.question_id, q.order])).toEqual([
      [q2.id, 1],
      [q1.id, 2],
    ]);
    expect(res.body!.questions[1].answers.map((a: Body) => [a.answer_id, a.order, a.is_correct])).toEqual([
      [a0.id, 1, false],
      [a1.id, 2, true],
    ]);
    expect(res.body!.questions[0].answers[0]).toMatchObject({ answer_in_range: true, from_digit: 1, to_digit: 2 });
    expect((await getQuestions(plainLessonId)).status).toBe(404);
    expect((await getQuestions((await freshTest())[0]!)).body).toMatchObject({ all_questions: 0, questions: [] });
  });

  it('costs the same number of queries for 1 question or 30 with 4 answers each', async () => {
    const [small, big] = await freshTest(2);
    const one = await addQuestion(small!);
    await addAnswer(one.id);
    for (let i = 0; i < 30; i += 1) {
      const question = await addQuestion(big!);
      for (let j = 0; j < 4; j += 1) await addAnswer(question.id);
    }
    // Once first: the session check is then remembered, as for every later request.
    await getQuestions(small!);
    let body: Body | null = null;
    const few = await readsDuring(t.app, () => getQuestions(small!));
    const many = await readsDuring(t.app, async () => {
      body = (await getQuestions(big!)).body;
    });
    expect(body!.questions).toHaveLength(30);
    expect(body!.questions.every((q: Body) => q.answers.length === 4)).toBe(true);
    expect(many.length).toBe(few.length);
    // The school and role, the test, the questions with their answers.
    expect(many.length).toBeLessThanOrEqual(3);
  });
});

it('keeps the course id of the test in the editor’s view', async () => {
  expect((await getQuestions(testId)).body).toMatchObject({ course_id: courseId, test_id: testId });
});
