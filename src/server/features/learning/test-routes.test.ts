// The courses feature's entry first: courses, groups and learning import each other, and this order is the app's.
import { lessons, sections, testSettings } from '../courses/index.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { lessonProgress, testAttempts } from './index.ts';
import { TIMER_GRACE_MS } from './attempts.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;
let otherTestId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Тесты' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие тесты' });
  otherTestId = (await addCourse(t.app, other.schoolId, { sections: [{ name: 'Их модуль', lessons: [['test', 'Их тест']] }] })).lessonIds[0]!;
  // Even a student of the other school's course is refused it through this school's name.
  const otherCourse = (await lessonCourse(otherTestId))!;
  const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: other.schoolId, courseId: otherCourse, name: 'Их поток' }).returning({ id: studentsGroups.id });
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: student.id, courseId: otherCourse });
});
afterAll(() => t.close());

async function lessonCourse(lessonId: number): Promise<number | undefined> {
  const [row] = await t.app.ctx.db.select({ courseId: sections.courseId }).from(lessons).innerJoin(sections, eq(sections.id, lessons.sectionId)).where(eq(lessons.id, lessonId));
  return row?.courseId;
}

type Token = string | null;
const api = (path: string, school = owner.schoolName) => `/api/${school}/${path}`;
const auth = (token: Token) => (token === null ? {} : { token });
const getQuestions = (test: number, token: Token = student.access, school = owner.schoolName) => call(t.app, 'GET', api(`tests/${test}/get_questions/`, school), auth(token));
const startTest = (test: number, token: Token = student.access, school = owner.schoolName) => call(t.app, 'POST', api(`tests/${test}/start-test/`, school), { ...auth(token), body: {} });
const checkTimer = (test: number, token: Token = student.access, school = owner.schoolName) => call(t.app, 'GET', api(`tests/${test}/check-timer/`, school), auth(token));
const submit = (body: unknown, token: Token = student.access, school = owner.schoolName) => call(t.app, 'POST', api('usertest/', school), { ...auth(token), body });
const listAttempts = (test: number, token: Token = student.access, school = owner.schoolName) => call(t.app, 'GET', api(`tests/${test}/usertests/`, school), auth(token));

interface Fixture {
  courseId: number;
  groupId: number;
  lessonIds: number[];
}

/** A course of the owner's school with these lessons, studied by `members` in one group. */
async function course(lessonList: [string, string][], group: Partial<typeof studentsGroups.$inferInsert> = {}, members: Account[] = [student]): Promise<Fixture> {
  const made = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: lessonList }] });
  const [row] = await t.app.ctx.db
    .insert(studentsGroups)
    .values({ schoolId: owner.schoolId, courseId: made.id, teacherId: teacher.id, name: 'Поток', ...group })
    .returning({ id: studentsGroups.id });
  for (const member of members) await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: row!.id, userId: member.id, courseId: made.id });
  return { courseId: made.id, groupId: row!.id, lessonIds: made.lessonIds };
}

/** A course with one test; returns the test's id. */
async function oneTest(settings: Record<string, unknown> = {}, members: Account[] = [student]): Promise<number> {
  const { lessonIds } = await course([['test', 'Тест']], {}, members);
  await setTest(lessonIds[0]!, settings);
  return lessonIds[0]!;
}

/** Writes a test's settings (the stored shape, over the defaults). */
async function setTest(testId: number, settings: Record<string, unknown>): Promise<void> {
  await t.app.ctx.db.update(lessons).set({ settings: testSettings(settings) }).where(eq(lessons.id, testId));
}

async function addQuestion(test: number, body: Body, answerBodies: Body[] = []): Promise<{ id: number; answers: number[] }> {
  const res = await call(t.app, 'POST', api('questions/'), { token: owner.access, body: { test, body: 'Вопрос', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const answers: number[] = [];
  for (const answer of answerBodies) {
    const made = await call(t.app, 'POST', api('answers/'), { token: owner.access, body: { question: res.body!.question_id, ...answer } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    answers.push(made.body!.answer_id as number);
  }
  return { id: res.body!.question_id as number, answers };
}

/** A choice question with one right answer ('Да') and one wrong ('Нет'). */
const yesNo = (test: number, body = 'Вопрос') => addQuestion(test, { question_type: 'single', body }, [{ body: 'Да', is_correct: true }, { body: 'Нет' }]);

/** A test with a question of each of the six types. */
async function sixTypes(test: number): Promise<void> {
  await addQuestion(test, { question_type: 'single', body: 'Один' }, [{ body: 'Неверно' }, { body: 'Верно-ключ', is_correct: true }]);
  await addQuestion(test, { question_type: 'multiple', body: 'Несколько' }, [{ body: 'M1', is_correct: true }, { body: 'M2' }, { body: 'M3', is_correct: true }]);
  await addQuestion(test, { question_type: 'text', body: 'Текст' }, [{ body: 'секретный-ответ' }, { body: 'Другой Ответ' }]);
  await addQuestion(test, { question_type: 'number', body: 'Число' }, [{ answer_in_range: true, from_digit: 31337.5, to_digit: 31338.25 }]);
  await addQuestion(test, { question_type: 'order', body: 'Порядок' }, [{ body: 'Первый' }, { body: 'Второй' }, { body: 'Третий' }, { body: 'Четвёртый' }]);
  await addQuestion(test, { question_type: 'match', body: 'Пары' }, [
    { body: 'Лево-1', match_body: 'Право-1' },
    { body: 'Лево-2', match_body: 'Право-2' },
    { body: 'Лево-3', match_body: 'Право-1' },
  ]);
}

const MATCHES: Record<string, string> = { 'Лево-1': 'Право-1', 'Лево-2': 'Право-2', 'Лево-3': 'Право-1' };

/** What a student who knows the key sends for a question of the view (`wrong`: a wrong answer). */
function answerFor(question: Body, wrong = false): Body {
  const id = (body: string) => (question.answers as Body[]).find((a) => a.body === body)!.answer_id as number;
  const q = question.question_id as number;
  switch (question.question_type) {
    case 'single':
      return { question: q, answers: [id(wrong ? 'Неверно' : 'Верно-ключ')] };
    case 'multiple':
      return { question: q, answers: wrong ? [id('M1')] : [id('M3'), id('M1')] };
    case 'text':
      return { question: q, text: wrong ? 'не то' : '  СЕКРЕТНЫЙ-ответ ' };
    case 'number':
      return { question: q, number: wrong ? 31339 : 31338 };
    case 'order':
      return { question: q, order: (wrong ? ['Второй', 'Первый', 'Третий', 'Четвёртый'] : ['Первый', 'Второй', 'Третий', 'Четвёртый']).map(id) };
    case 'match': {
      const option = (body: string) => (question.match_options as Body[]).find((o) => o.body === body)!.id as number;
      return { question: q, pairs: (question.answers as Body[]).map((a) => [a.answer_id, option(wrong ? 'Право-2' : MATCHES[a.body as string]!)]) };
    }
    default:
      // 'Да'/'Нет' questions.
      return { question: q, answers: [id(wrong ? 'Нет' : 'Да')] };
  }
}

const allAnswers = (view: Body, wrong = false) => (view.questions as Body[]).map((q) => (q.question_type === 'single' && (q.answers as Body[]).some((a) => a.body === 'Да') ? { question: q.question_id, answers: [(q.answers as Body[]).find((a) => a.body === (wrong ? 'Нет' : 'Да'))!.answer_id] } : answerFor(q, wrong)));

async function attemptRows(test: number, userId = student.id) {
  return t.app.ctx.db.select().from(testAttempts).where(and(eq(testAttempts.testId, test), eq(testAttempts.userId, userId))).orderBy(testAttempts.id);
}

async function progressRow(lessonId: number, userId = student.id) {
  const [row] = await t.app.ctx.db.select().from(lessonProgress).where(and(eq(lessonProgress.lessonId, lessonId), eq(lessonProgress.userId, userId)));
  return row ?? null;
}

describe('GET tests/{id}/get_questions/ as a student', () => {
  it('gives the questions of a new open attempt, and never any part of the key', async () => {
    const test = await oneTest({ successPercent: 80 });
    await sixTypes(test);
    const res = await getQuestions(test);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ test_id: test, name: 'Тест', time_limit: null, has_timer: false, attempt_limit: false, attempts_left: null, success_percent: 80, deadline: null, user_test_id: expect.any(Number) });
    const questions = res.body!.questions as Body[];
    expect(questions.map((q) => q.question_type)).toEqual(['single', 'multiple', 'text', 'number', 'order', 'match']);
    const json = JSON.stringify(res.body);
    for (const key of ['is_correct', 'from_digit', 'to_digit', 'answer_in_range', 'match_body', 'case_sensitive', 'only_whole_numbers', 'right_answers']) expect(json).not.toContain(`"${key}"`);
    // Accepted texts and numbers are never shown: those questions have no answers to choose.
    for (const value of ['секретный-ответ', 'Другой Ответ', '31337', '31338']) expect(json).not.toContain(value);
    expect(questions[2]!.answers).toEqual([]);
    expect(questions[3]!.answers).toEqual([]);
    expect(questions[0]!.answers).toEqual([
      { answer_id: expect.any(Number), body: 'Неверно', picture: null },
      { answer_id: expect.any(Number), body: 'Верно-ключ', picture: null },
    ]);
    // Order items are named by their place on screen and never shown in their right order.
    const order = questions[4]!.answers as Body[];
    expect(order.map((a) => a.answer_id)).toEqual([1, 2, 3, 4]);
    expect(order.map((a) => a.body)).not.toEqual(['Первый', 'Второй', 'Третий', 'Четвёртый']);
    expect(order.map((a) => a.body).sort()).toEqual(['Второй', 'Первый', 'Третий', 'Четвёртый']);
    // Match: the items, and the distinct right sides as options with ids of their own.
    expect((questions[5]!.answers as Body[]).map((a) => a.body)).toEqual(['Лево-1', 'Лево-2', 'Лево-3']);
    expect((questions[5]!.match_options as Body[]).map((o) => o.body).sort()).toEqual(['Право-1', 'Право-2']);
    expect((questions[5]!.match_options as Body[]).map((o) => o.id).sort()).toEqual([1, 2]);
    expect(questions[0]!.match_options).toBeUndefined();
  });

  it('gives the same attempt, in the same order, until it is sent', async () => {
    const test = await oneTest({ randomQuestions: true, randomAnswers: true });
    for (let i = 0; i < 6; i += 1) await addQuestion(test, { question_type: 'single', body: `В${i}` }, [{ body: 'a', is_correct: true }, { body: 'b' }, { body: 'c' }]);
    const first = await getQuestions(test);
    const again = await getQuestions(test);
    expect(again.body).toEqual(first.body);
    expect(await attemptRows(test)).toHaveLength(1);
  });

  it('opens one attempt for requests at once', async () => {
    const test = await oneTest();
    await yesNo(test);
    const all = await Promise.all([getQuestions(test), getQuestions(test), startTest(test), getQuestions(test)]);
    expect(all.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(all.map((res) => res.body!.user_test_id)).size).toBe(1);
    expect(await attemptRows(test)).toHaveLength(1);
  });

  it('shuffles questions with random_questions and answers with random_answers, keeping every one', async () => {
    const test = await oneTest({ randomQuestions: true, randomAnswers: true });
    const made = [];
    for (let i = 0; i < 8; i += 1) made.push(await addQuestion(test, { question_type: 'multiple', body: `В${i}` }, [{ body: '1' }, { body: '2' }, { body: '3' }, { body: '4' }]));
    const view = (await getQuestions(test)).body!;
    const questions = view.questions as Body[];
    expect(questions.map((q) => q.question_id).sort((a, b) => a - b)).toEqual(made.map((q) => q.id).sort((a, b) => a - b));
    for (const question of questions) {
      const mine = made.find((q) => q.id === question.question_id)!;
      expect((question.answers as Body[]).map((a) => a.answer_id).sort((a, b) => a - b)).toEqual([...mine.answers].sort((a, b) => a - b));
    }
    const [row] = await attemptRows(test);
    expect(row!.questionIds).toEqual(questions.map((q) => q.question_id));
  });

  it('draws a random test’s questions only from its source tests of the course, at most num_questions', async () => {
    const { lessonIds } = await course([
      ['test', 'Источник 1'],
      ['test', 'Источник 2'],
      ['test', 'Не источник'],
      ['test', 'Случайный'],
    ]);
    const [a, b, notSource, random] = lessonIds as [number, number, number, number];
    const sourceIds = [];
    for (const test of [a, b]) for (let i = 0; i < 2; i += 1) sourceIds.push((await yesNo(test, `Из ${test}`)).id);
    const foreign = (await yesNo(notSource)).id;
    const own = (await yesNo(random)).id;
    await setTest(random, { randomTestGenerator: true, numQuestions: 3, testsIds: [a, b, otherTestId] });
    const view = (await getQuestions(random)).body!;
    const drawn = (view.questions as Body[]).map((q) => q.question_id as number);
    expect(drawn).toHaveLength(3);
    expect(new Set(drawn).size).toBe(3);
    for (const id of drawn) expect(sourceIds).toContain(id);
    expect(drawn).not.toContain(foreign);
    expect(drawn).not.toContain(own);
    // Graded on the drawn questions.
    const result = await submit({ test: random, answers: allAnswers(view) });
    expect(result.body).toMatchObject({ status: true, points: 3, max_points: 3, success_percent: 100 });

    // More asked than there are: all of them.
    const { lessonIds: more } = await course([['test', 'Источник'], ['test', 'Случайный']]);
    await yesNo(more[0]!);
    await yesNo(more[0]!);
    await setTest(more[1]!, { randomTestGenerator: true, numQuestions: 10, testsIds: [more[0]!] });
    expect(((await getQuestions(more[1]!)).body!.questions as Body[]).length).toBe(2);
  });

  it('answers 400 when a random test’s sources have no questions', async () => {
    const { lessonIds } = await course([['test', 'Пустой'], ['test', 'Случайный']]);
    await setTest(lessonIds[1]!, { randomTestGenerator: true, numQuestions: 2, testsIds: [lessonIds[0]!, otherTestId] });
    const res = await getQuestions(lessonIds[1]!);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'QUESTIONS_NOT_FOUND', message: 'random_test_generator=True, Вопросы не найдены.' });
    expect(await attemptRows(lessonIds[1]!)).toHaveLength(0);
  });

  it('costs the same number of queries for 1 question or 20 with 4 answers each', async () => {
    const small = await oneTest({ randomAnswers: true });
    await yesNo(small);
    const large = await oneTest({ randomAnswers: true });
    for (let i = 0; i < 20; i += 1) await addQuestion(large, { question_type: 'single' }, [{ body: '1', is_correct: true }, { body: '2' }, { body: '3' }, { body: '4' }]);
    const one = await readsDuring(t.app, () => getQuestions(small));
    const twenty = await readsDuring(t.app, () => getQuestions(large));
    expect(twenty.length).toBe(one.length);
    // And for the attempt already open.
    expect((await readsDuring(t.app, () => getQuestions(large))).length).toBe((await readsDuring(t.app, () => getQuestions(small))).length);
  });
});

describe('POST usertest/', () => {
  it('grades every type on the server and records the pass', async () => {
    const test = await oneTest({ successPercent: 100, pointsPerAnswer: 5 });
    await sixTypes(test);
    const view = (await getQuestions(test)).body!;
    const res = await submit({ test, answers: allAnswers(view) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ user_test_id: view.user_test_id, test, success_percent: 100, status: true, points: 30, max_points: 30, attempt_count: 1, attempts_left: null });
    const progress = await progressRow(test);
    expect(progress?.submittedAt).not.toBeNull();
    expect(progress?.completedAt).not.toBeNull();
    // The only lesson of the course: the course is finished.
    const [member] = await t.app.ctx.db.select().from(studentsGroupMembers).where(and(eq(studentsGroupMembers.userId, student.id), eq(studentsGroupMembers.courseId, (await lessonCourse(test))!)));
    expect(member!.finishedAt).not.toBeNull();
  });

  it('counts each wrong answer of each type', async () => {
    const test = await oneTest({ successPercent: 50, pointsPerAnswer: 2 });
    await sixTypes(test);
    const view = (await getQuestions(test)).body!;
    const questions = view.questions as Body[];
    // Right for the first three, wrong for the last three: 50 %, passed.
    const res = await submit({ test, answers: questions.map((q, i) => answerFor(q, i >= 3)) });
    expect(res.body).toMatchObject({ success_percent: 50, status: true, points: 6, max_points: 12 });
    const wrong = await oneTest({ successPercent: 1 });
    await sixTypes(wrong);
    const wrongView = (await getQuestions(wrong)).body!;
    const all = await submit({ test: wrong, answers: allAnswers(wrongView, true) });
    expect(all.body).toMatchObject({ success_percent: 0, status: false, points: 0, max_points: 6 });
    const progress = await progressRow(wrong);
    expect(progress?.submittedAt).not.toBeNull();
    expect(progress?.completedAt).toBeNull();
  });

  it('ignores a score sent by the client', async () => {
    const test = await oneTest({ successPercent: 50 });
    await yesNo(test);
    const view = (await getQuestions(test)).body!;
    const res = await submit({ test, success_percent: 100, status: true, points: 99, max_points: 1, answers: allAnswers(view, true) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success_percent: 0, status: false, points: 0, max_points: 1 });
    expect((await attemptRows(test))[0]).toMatchObject({ successPercent: 0, passed: false, points: 0 });
  });

  it('counts answers naming other questions’ ids, other tests’ questions and repeated entries as nothing', async () => {
    const test = await oneTest();
    const q1 = await yesNo(test);
    const q2 = await yesNo(test);
    const elsewhere = await oneTest();
    const foreign = await yesNo(elsewhere);
    await getQuestions(test);
    const res = await submit({
      test,
      answers: [
        // Another question's right answer given to q1; then q1 right, but only the first entry counts.
        { question: q1.id, answers: [q2.answers[0]!] },
        { question: q1.id, answers: [q1.answers[0]!] },
        // A question of another test.
        { question: foreign.id, answers: [foreign.answers[0]!] },
        { question: q2.id, answers: [q2.answers[0]!, foreign.answers[0]!] },
      ],
    });
    expect(res.body).toMatchObject({ points: 0, max_points: 2, success_percent: 0 });
  });

  it('grades the attempt’s own questions: one added after it began does not count', async () => {
    const test = await oneTest({ successPercent: 100 });
    await yesNo(test);
    const view = (await getQuestions(test)).body!;
    await yesNo(test, 'Новый');
    const res = await submit({ test, answers: allAnswers(view) });
    expect(res.body).toMatchObject({ status: true, points: 1, max_points: 1 });
  });

  it('opens and grades an attempt at once when none is open (a test without a timer)', async () => {
    const test = await oneTest({ successPercent: 100 });
    const q = await yesNo(test);
    const res = await submit({ test, answers: [{ question: q.id, answers: [q.answers[0]!] }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: true, points: 1, max_points: 1, attempt_count: 1 });
    expect(await attemptRows(test)).toHaveLength(1);
  });

  it('grades once when the same attempt is sent twice at once', async () => {
    const test = await oneTest({ hasTimer: true, timeLimit: 600, attemptLimit: true, attemptCount: 5 });
    await yesNo(test);
    await startTest(test);
    const view = (await getQuestions(test)).body!;
    const both = await Promise.all([submit({ test, answers: allAnswers(view, true) }), submit({ test, answers: allAnswers(view, true) })]);
    expect(both.map((res) => res.status).sort()).toEqual([201, expect.any(Number)]);
    expect(both.filter((res) => res.status === 201)).toHaveLength(1);
    const loser = both.find((res) => res.status !== 201)!;
    // Either it saw the attempt being sent, or it came after and found none open.
    expect(['ATTEMPT_ALREADY_SUBMITTED', 'TIMER_NOT_STARTED']).toContain(loser.body!.code);
    expect((await attemptRows(test)).filter((row) => row.submittedAt !== null)).toHaveLength(1);
  });

  it('keeps to the attempt limit, and shows the right answers only after the last attempt', async () => {
    const test = await oneTest({ attemptLimit: true, attemptCount: 2, showRightAnswers: true, successPercent: 100 });
    const q = await yesNo(test);
    const first = await getQuestions(test);
    expect(first.body).toMatchObject({ attempt_limit: true, attempts_left: 2 });
    const one = await submit({ test, answers: allAnswers(first.body!, true) });
    expect(one.body).toMatchObject({ status: false, attempt_count: 1, attempts_left: 1 });
    expect(one.body!.right_answers).toBeUndefined();
    expect(JSON.stringify(one.body)).not.toContain('"correct"');
    const second = await getQuestions(test);
    expect(second.body).toMatchObject({ attempts_left: 1 });
    expect(second.body!.user_test_id).not.toBe(first.body!.user_test_id);
    const two = await submit({ test, answers: allAnswers(second.body!, true) });
    expect(two.body).toMatchObject({ status: false, attempt_count: 2, attempts_left: 0 });
    expect(two.body!.right_answers).toEqual([{ question: q.id, correct: false, points: 0, answers: [q.answers[0]!] }]);
    for (const res of [await getQuestions(test), await startTest(test), await submit({ test, answers: [] })]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'ATTEMPTS_EXHAUSTED', message: 'Попытки закончились.' });
    }
    expect(await attemptRows(test)).toHaveLength(2);
  });

  it('shows the right answers with a pass, and never without show_right_answers', async () => {
    const shown = await oneTest({ showRightAnswers: true });
    await yesNo(shown);
    const view = (await getQuestions(shown)).body!;
    expect((await submit({ test: shown, answers: allAnswers(view) })).body!.right_answers).toHaveLength(1);

    const hidden = await oneTest({ attemptLimit: true, attemptCount: 1, successPercent: 100 });
    await yesNo(hidden);
    const res = await submit({ test: hidden, answers: [] });
    expect(res.body).toMatchObject({ status: false, attempts_left: 0 });
    expect(res.body!.right_answers).toBeUndefined();

    // Unlimited attempts and a fail: not final.
    const unlimited = await oneTest({ showRightAnswers: true, successPercent: 100 });
    await yesNo(unlimited);
    expect((await submit({ test: unlimited, answers: [] })).body!.right_answers).toBeUndefined();
  });

  it('never lets a passed test be taken again', async () => {
    const test = await oneTest();
    await yesNo(test);
    expect((await submit({ test, answers: [] })).body).toMatchObject({ status: true });
    for (const res of [await getQuestions(test), await startTest(test), await submit({ test, answers: [] })]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'TEST_ALREADY_PASSED', message: 'Этот тест уже пройден пользователем' });
    }
  });

  it('refuses malformed bodies and NUL bytes with 400', async () => {
    const test = await oneTest();
    const q = await yesNo(test);
    for (const body of [
      {},
      { test },
      { test: 'x', answers: [] },
      { test, answers: 'x' },
      { test, answers: [{ question: q.id }] },
      { test, answers: [{ question: q.id, answers: ['1'] }] },
      { test, answers: [{ question: q.id, answers: [q.answers[0]!], text: 'и ещё текст' }] },
      { test, answers: [{ question: q.id, text: 'a\u0000b' }] },
      { test, answers: [{ question: q.id, text: 'x'.repeat(2001) }] },
      { test, answers: [{ question: q.id, number: '5' }] },
      { test, answers: [{ question: q.id, pairs: [[1, 2, 3]] }] },
      { test, answers: [{ question: q.id, order: [0] }] },
      { test, answers: Array.from({ length: 501 }, () => ({ question: q.id, answers: [] })) },
    ]) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body!.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}\u0000/tests/${test}/get_questions/`, { token: student.access })).status).toBe(400);
    expect((await call(t.app, 'GET', api(`tests/${test}\u0000/get_questions/`), { token: student.access })).status).toBe(400);
    expect(await attemptRows(test)).toHaveLength(0);
  });
});

describe('the timer', () => {
  it('runs from the start: remaining time, expiry, and sending within the grace', async () => {
    const test = await oneTest({ hasTimer: true, timeLimit: 60, successPercent: 100 });
    await yesNo(test);
    expect((await checkTimer(test)).body).toEqual({ code: 'TIMER_NOT_STARTED', message: 'Таймер не был запущен или тест не начат' });
    // A timed test is begun before its questions are read or its answers sent.
    expect((await getQuestions(test)).body).toMatchObject({ code: 'TIMER_NOT_STARTED' });
    expect((await submit({ test, answers: [] })).body).toMatchObject({ code: 'TIMER_NOT_STARTED' });
    expect(await attemptRows(test)).toHaveLength(0);
    const started = await startTest(test);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      status: 'Success',
      message: 'Тест успешно начат',
      user_test_id: expect.any(Number),
      start_time: t.clock.now.toISOString(),
      deadline: new Date(t.clock.now.getTime() + 60_000).toISOString(),
    });
    expect((await startTest(test)).body!.user_test_id).toBe(started.body!.user_test_id);
    expect((await checkTimer(test)).body).toEqual({ status: 'Time Remaining', remaining_time: 60 });
    t.clock.advance(30_500);
    expect((await checkTimer(test)).body).toEqual({ status: 'Time Remaining', remaining_time: 30 });
    const view = (await getQuestions(test)).body!;
    expect(view).toMatchObject({ has_timer: true, time_limit: '00:01:00', user_test_id: started.body!.user_test_id, deadline: started.body!.deadline });
    t.clock.advance(29_500 + TIMER_GRACE_MS - 1_000);
    const expired = await checkTimer(test);
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ code: 'TIME_EXPIRED', message: 'Время прохождения теста истекло' });
    // Within the grace the answers are still graded.
    const res = await submit({ test, answers: allAnswers(view) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: true, user_test_id: started.body!.user_test_id });
  });

  it('closes an attempt sent too late as failed, and the next one starts afresh', async () => {
    const test = await oneTest({ hasTimer: true, timeLimit: 60, successPercent: 100, attemptLimit: true, attemptCount: 3 });
    await yesNo(test);
    await startTest(test);
    const view = (await getQuestions(test)).body!;
    expect(view.deadline).toBe(new Date(t.clock.now.getTime() + 60_000).toISOString());
    t.clock.advance(60_000 + TIMER_GRACE_MS + 1);
    const late = await submit({ test, answers: allAnswers(view) });
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: 'TIME_EXPIRED' });
    expect((await listAttempts(test)).body).toEqual([
      { user_test_id: view.user_test_id, success_percent: 0, status: false, points: 0, max_points: 1, created_at: expect.any(String), submitted_at: view.deadline },
    ]);
    expect((await progressRow(test))?.completedAt ?? null).toBeNull();
    await startTest(test);
    const next = (await getQuestions(test)).body!;
    expect(next.user_test_id).not.toBe(view.user_test_id);
    expect(next.attempts_left).toBe(2);

    // An attempt left open past its time is closed when the student comes back.
    t.clock.advance(120_000);
    const third = await startTest(test);
    expect(third.body!.user_test_id).not.toBe(next.user_test_id);
    expect((await listAttempts(test)).body!.map((row: Body) => row.status)).toEqual([false, false, null]);
  });

  it('says No Timer for a test without one', async () => {
    const test = await oneTest();
    expect((await checkTimer(test)).body).toEqual({ status: 'No Timer' });
  });
});

describe('GET tests/{id}/usertests/', () => {
  it('lists the student’s own attempts in order', async () => {
    const test = await oneTest({ successPercent: 100 });
    await yesNo(test);
    const classmate = await addMember(t.app, owner.schoolId, 'Student');
    const courseId = (await lessonCourse(test))!;
    const [group] = await t.app.ctx.db.select({ id: studentsGroups.id }).from(studentsGroups).where(eq(studentsGroups.courseId, courseId));
    await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: classmate.id, courseId });
    await submit({ test, answers: [] }, classmate.access);
    await submit({ test, answers: [] });
    const open = (await getQuestions(test)).body!;
    const res = await listAttempts(test);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { user_test_id: expect.any(Number), success_percent: 0, status: false, points: 0, max_points: 1, created_at: expect.any(String), submitted_at: expect.any(String) },
      { user_test_id: open.user_test_id, success_percent: null, status: null, points: null, max_points: null, created_at: expect.any(String), submitted_at: null },
    ]);
    expect((await listAttempts(test, classmate.access)).body).toHaveLength(1);
  });
});

describe('who may take which test', () => {
  it('keeps a test locked by strict order: 403 with the lock’s message on every route', async () => {
    const { lessonIds } = await course([['lesson', 'Сначала это'], ['test', 'Потом тест']], { strictTaskOrder: true });
    const test = lessonIds[1]!;
    await yesNo(test);
    for (const res of [await getQuestions(test), await startTest(test), await checkTimer(test), await submit({ test, answers: [] }), await listAttempts(test)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'STRICT_ORDER', message: 'Необходимо пройти предыдущие уроки.' });
    }
    expect(await attemptRows(test)).toHaveLength(0);
  });

  it('answers 404 for another school’s test, a test of a course the student does not study, or a switched-off test', async () => {
    const notMine = (await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['test', 'Чужой курс']] }] })).lessonIds[0]!;
    const { lessonIds } = await course([
      ['test', 'Выключен'],
      ['lesson', 'Урок'],
    ]);
    await t.app.ctx.db.update(lessons).set({ active: false }).where(eq(lessons.id, lessonIds[0]!));
    for (const test of [otherTestId, notMine, lessonIds[0]!, 999_999]) {
      for (const res of [await getQuestions(test), await startTest(test), await checkTimer(test), await submit({ test, answers: [] }), await listAttempts(test)]) {
        expect(res.status, String(test)).toBe(404);
        expect(res.body!.code).toBe('TEST_NOT_FOUND');
      }
    }
    // A lesson that is not a test.
    expect((await submit({ test: lessonIds[1]!, answers: [] })).body!.code).toBe('TEST_NOT_FOUND');
    // The other school's own name: the student is not a member there.
    expect((await getQuestions(otherTestId, student.access, other.schoolName)).status).toBe(403);
  });

  it('lets only students take tests: staff get 403 with the reason', async () => {
    const test = await oneTest();
    await yesNo(test);
    for (const token of [owner.access, teacher.access]) {
      const res = await submit({ test, answers: [] }, token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'STUDENTS_ONLY', message: 'Тесты проходить могут только ученики' });
      expect((await startTest(test, token)).body).toEqual({ code: 'STUDENTS_ONLY', message: 'Только студенты могут начинать тест' });
      expect((await checkTimer(test, token)).status).toBe(403);
      expect((await listAttempts(test, token)).status).toBe(403);
      // Staff keep the editor's view (with the key).
      expect((await getQuestions(test, token)).body!.questions[0].answers[0]).toHaveProperty('is_correct', true);
    }
    expect(await t.app.ctx.db.select().from(testAttempts).where(eq(testAttempts.testId, test))).toHaveLength(0);
  });

  it('asks for a session: 401 without a token', async () => {
    const test = await oneTest();
    for (const res of [await getQuestions(test, null), await startTest(test, null), await checkTimer(test, null), await submit({ test, answers: [] }, null), await listAttempts(test, null)]) {
      expect(res.status).toBe(401);
    }
  });
});
