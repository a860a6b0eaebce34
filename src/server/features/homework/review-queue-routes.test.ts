// The homework review queue: homeworks_stats/ with its filters, next/, teachers/, filters/,
// teacher_homeworks/{id}/ and the unread flag (review-queue-routes.ts, teacher-homework-routes.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../courses/index.ts';
import { acceptDueHandIns, userHomeworks } from './index.ts';
import { addMember, type Account } from '../../../../tests/server/fixtures.ts';
import { handIn, homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { addGroup, enrol } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

const DAY = 86_400_000;
let t: TestApp;
let s: HomeworkSchool;
let base: string;
/** The hand-ins H0…H7, one a day (see beforeAll). */
const h: number[] = [];
/** The UTC day of H0…H7. */
const days: string[] = [];
let otherCourse: { id: number; homework: number };
let otherGroup: number;
let maria: Account;
let boris: Account;
/** A hand-in of another school. */
let foreign: { school: HomeworkSchool; id: number };

const review = async (who: Account, id: number, status: string, mark: number) => {
  const res = await call(t.app, 'POST', `${base}/user_homework_checks/`, { token: who.access, body: { user_homework: id, text: 'Проверено', status, mark } });
  if (res.status !== 201) throw new Error(`review: ${res.status} ${JSON.stringify(res.body)}`);
};
const queue = (who: Account, query = '') => call(t.app, 'GET', `${base}/homeworks_stats/${query ? `?${query}` : ''}`, { token: who.access });
const ids = async (who: Account, query = '') => {
  const res = await queue(who, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body!.results as Body[]).map((row) => h.indexOf(row.user_homework_id as number));
};

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Очередь проверки', 3);
  base = `/api/${s.owner.schoolName}`;
  const course = await addCourse(t.app, s.owner.schoolId, { durationDays: null, name: 'Другой курс', sections: [{ name: 'Модуль', lessons: [['homework', 'Эссе']] }] });
  otherCourse = { id: course.id, homework: course.lessonIds[0]! };
  maria = await addMember(t.app, s.owner.schoolId, 'Student', { firstName: 'Мария', lastName: 'Ковалёва', email: 'maria.kovaleva@example.com' });
  boris = await addMember(t.app, s.owner.schoolId, 'Student', { firstName: 'Борис', lastName: 'Ковалёв' });
  otherGroup = await enrol(t.app, s.owner.schoolId, otherCourse.id, [maria.id, boris.id], { teacherId: s.otherTeacher.id, name: 'Группа эссе' });
  foreign = { school: await homeworkSchool(t.app, 'Чужая очередь', 1), id: 0 };
  foreign.id = (await handIn(t.app, foreign.school.owner.schoolName, foreign.school.students[0]!, foreign.school.course.homework)).user_homework_id as number;

  // No automatic acceptance here: the job runner's minute (wall time) would accept H3 at the test
  // clock's days-later "now", whenever it happens to run.
  await t.app.ctx.db.update(lessons).set({ settings: {} }).where(eq(lessons.id, s.course.autoHomework));
  // One hand-in a day from a UTC morning on: the queue's order and the date filter's days.
  t.clock.now = new Date(Math.ceil(t.clock.now.getTime() / DAY) * DAY + 10 * 3_600_000);
  const steps: [Account, number, ((id: number) => Promise<void>)?][] = [
    [s.students[0]!, s.course.homework],
    [s.students[1]!, s.course.homework, (id) => review(s.teacher, id, 'revision', 3)],
    [s.students[2]!, s.course.homework, (id) => review(s.teacher, id, 'accepted', 5)],
    [s.students[0]!, s.course.autoHomework],
    [s.students[1]!, s.course.autoHomework, (id) => review(s.teacher, id, 'rejected', 1)],
    [maria, otherCourse.homework],
    [boris, otherCourse.homework, (id) => review(s.otherTeacher, id, 'revision', 4)],
    [s.alone, s.soloCourse.homework],
  ];
  for (const [student, homework, then] of steps) {
    const id = (await handIn(t.app, s.owner.schoolName, student, homework)).user_homework_id as number;
    h.push(id);
    days.push(t.clock.now.toISOString().slice(0, 10));
    t.clock.advance(60_000);
    await then?.(id);
    t.clock.advance(DAY - 60_000);
  }
  // Whenever the job runs, it finds nothing to accept.
  expect(await acceptDueHandIns(t.app.ctx)).toBe(0);
});
afterAll(() => t.close());

describe('GET homeworks_stats/', () => {
  it('gives an admin the school’s hand-ins, the newest reply first, with the contract’s row', async () => {
    const res = await queue(s.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 8, next: null, previous: null });
    expect((res.body!.results as Body[]).map((row) => h.indexOf(row.user_homework_id))).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
    const row = (res.body!.results as Body[]).find((r) => r.user_homework_id === h[1])!;
    expect(row).toEqual({
      user_homework_id: h[1],
      user: s.students[1]!.id,
      user_first_name: 'Ученик1',
      user_last_name: 'Домашкин',
      user_email: s.students[1]!.email,
      user_avatar: null,
      homework: s.course.homework,
      homework_name: 'Первое задание',
      section_id: expect.any(Number),
      course_id: s.course.id,
      course_name: expect.any(String),
      group_id: s.group,
      group_name: 'Поток с преподавателем',
      teacher_id: s.teacher.id,
      // Staff see the real name, not the pseudonym students see.
      teacher_name: 'Пётр Учителев',
      teacher_email: s.teacher.email,
      status: 'revision',
      mark: 3,
      last_reply: new Date(`${days[1]}T10:01:00.000Z`).toISOString(),
      unread: true,
    });
    expect((res.body!.results as Body[])[0]).toMatchObject({ user_homework_id: h[7], group_name: 'Поток без преподавателя', teacher_id: null, teacher_name: null, teacher_email: null, status: 'accepted' });
  });

  it('gives a teacher only the work of the groups they teach', async () => {
    expect(await ids(s.teacher)).toEqual([4, 3, 2, 1, 0]);
    expect(await ids(s.otherTeacher)).toEqual([6, 5]);
    // A teacher's teacher_id is always themselves.
    expect(await ids(s.teacher, `teacher_id=${s.otherTeacher.id}`)).toEqual([4, 3, 2, 1, 0]);
  });

  it('filters by status; no status is every status', async () => {
    expect(await ids(s.admin, 'status=pending')).toEqual([5, 3, 0]);
    expect(await ids(s.admin, 'status=revision')).toEqual([6, 1]);
    expect(await ids(s.admin, 'status=rejected')).toEqual([4]);
    expect(await ids(s.admin, 'status=accepted')).toEqual([7, 2]);
    expect(await ids(s.admin, 'status=auto_check')).toEqual([]);
    expect(await ids(s.admin, 'status=')).toHaveLength(8);
    expect(await ids(s.teacher, 'status=pending')).toEqual([3, 0]);
  });

  it('filters by course, group, teacher (admin) and homework', async () => {
    expect(await ids(s.admin, `course_id=${s.course.id}`)).toEqual([4, 3, 2, 1, 0]);
    expect(await ids(s.admin, `course_id=${otherCourse.id}`)).toEqual([6, 5]);
    expect(await ids(s.admin, `group_id=${otherGroup}`)).toEqual([6, 5]);
    expect(await ids(s.admin, `group_id=${s.soloGroup}`)).toEqual([7]);
    expect(await ids(s.admin, `teacher_id=${s.otherTeacher.id}`)).toEqual([6, 5]);
    expect(await ids(s.admin, `teacher_id=${s.teacher.id}`)).toEqual([4, 3, 2, 1, 0]);
    expect(await ids(s.admin, `homework_id=${s.course.autoHomework}`)).toEqual([4, 3]);
    // Another school's ids filter to nothing.
    expect(await ids(s.admin, `course_id=${foreign.school.course.id}`)).toEqual([]);
    // A teacher filtering by a group not theirs sees nothing of it.
    expect(await ids(s.teacher, `group_id=${otherGroup}`)).toEqual([]);
  });

  it('finds students by each word in the first name, the last name or the email', async () => {
    expect(await ids(s.admin, `student=${encodeURIComponent('Ученик1')}`)).toEqual([4, 1]);
    expect(await ids(s.admin, `student=${encodeURIComponent('ученик1')}`)).toEqual([4, 1]);
    expect(await ids(s.admin, `student=${encodeURIComponent('Ковалёв')}`)).toEqual([6, 5]);
    expect(await ids(s.admin, `student=${encodeURIComponent('Ковалёв Мария')}`)).toEqual([5]);
    expect(await ids(s.admin, `student=${encodeURIComponent('  MARIA.KOV  ')}`)).toEqual([5]);
    expect(await ids(s.admin, `student=${encodeURIComponent('Ученик1 Ковалёв')}`)).toEqual([]);
    // LIKE's wildcards are matched as they are.
    expect(await ids(s.admin, `student=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await ids(s.admin, 'student=')).toHaveLength(8);
  });

  it('filters by a mark range, inclusive', async () => {
    expect(await ids(s.admin, 'start_mark=3')).toEqual([6, 2, 1]);
    expect(await ids(s.admin, 'end_mark=3')).toEqual([4, 1]);
    expect(await ids(s.admin, 'start_mark=3&end_mark=4')).toEqual([6, 1]);
    expect(await ids(s.admin, 'start_mark=1&end_mark=1')).toEqual([4]);
  });

  it('filters by the days of the last reply, inclusive, in UTC', async () => {
    expect(await ids(s.admin, `start_date=${days[2]}&end_date=${days[4]}`)).toEqual([4, 3, 2]);
    expect(await ids(s.admin, `start_date=${days[6]}`)).toEqual([7, 6]);
    expect(await ids(s.admin, `end_date=${days[0]}`)).toEqual([0]);
    expect(await ids(s.admin, `start_date=${days[3]}&end_date=${days[3]}`)).toEqual([3]);
  });

  it('combines filters', async () => {
    expect(await ids(s.admin, `status=pending&course_id=${s.course.id}&start_date=${days[1]}`)).toEqual([3]);
    expect(await ids(s.teacher, `status=revision&start_mark=3&student=${encodeURIComponent('Домашкин')}`)).toEqual([1]);
    expect(await ids(s.admin, `group_id=${s.group}&homework_id=${s.course.homework}&end_mark=4`)).toEqual([1]);
  });

  it('pages with links, the last page read from the end', async () => {
    const first = await queue(s.admin, 's=3');
    expect(first.body).toMatchObject({ count: 8, previous: null, next: `${base}/homeworks_stats/?s=3&p=2` });
    expect((first.body!.results as Body[]).map((r) => h.indexOf(r.user_homework_id))).toEqual([7, 6, 5]);
    expect(await ids(s.admin, 's=3&p=2')).toEqual([4, 3, 2]);
    const last = await queue(s.admin, 's=3&p=3');
    expect((last.body!.results as Body[]).map((r) => h.indexOf(r.user_homework_id))).toEqual([1, 0]);
    expect(last.body).toMatchObject({ next: null, previous: `${base}/homeworks_stats/?s=3&p=2` });
    expect(await queue(s.admin, 'p=9')).toMatchObject({ status: 200, body: { count: 8, results: [] } });
  });

  it('refuses malformed parameters with 400', async () => {
    const bad = [
      'p=0',
      'p=abc',
      's=101',
      'course_id=abc',
      'course_id=-1',
      'group_id=1.5',
      'teacher_id=99999999999',
      'homework_id=x',
      'start_mark=-1',
      'end_mark=1001',
      'start_mark=5&end_mark=4',
      'status=' + encodeURIComponent('Все статусы'),
      'status=done',
      'start_date=01.02.2025',
      'start_date=2025-02-30',
      'end_date=2025-13-01',
      `start_date=${days[3]}&end_date=${days[2]}`,
      `student=${'я'.repeat(101)}`,
    ];
    for (const query of bad) expect((await queue(s.admin, query)).status, query).toBe(400);
    expect((await queue(s.admin, 'start_mark=5&end_mark=4')).body).toMatchObject({ fields: { end_mark: ['Оценка «до» меньше оценки «от».'] } });
    expect((await queue(s.admin, `start_date=${days[3]}&end_date=${days[2]}`)).body).toMatchObject({ fields: { end_date: ['Дата окончания раньше даты начала.'] } });
    expect((await queue(s.admin, 'start_date=2025-02-30')).body).toMatchObject({ fields: { start_date: ['Некорректная дата.'] } });
  });

  it('refuses a NUL byte in every parameter with 400', async () => {
    const params = ['p', 's', 'status', 'course_id', 'group_id', 'teacher_id', 'homework_id', 'student', 'start_mark', 'end_mark', 'start_date', 'end_date'];
    for (const name of params) {
      for (const value of ['1%00', '%00', 'pending%00', '2025-01-01%00']) expect((await queue(s.admin, `${name}=${value}`)).status, `${name}=${value}`).toBe(400);
    }
    expect((await call(t.app, 'GET', `${base}/homeworks_stats/next/?after=1%00`, { token: s.admin.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `${base}/homeworks_stats/next/?student=a%00`, { token: s.admin.access })).status).toBe(400);
  });

  it('refuses students, strangers and anonymous callers', async () => {
    expect((await queue(s.students[0]!)).status).toBe(403);
    expect((await queue(foreign.school.owner)).status).toBe(403);
    expect((await call(t.app, 'GET', `${base}/homeworks_stats/`)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/no-such-school/homeworks_stats/', { token: s.admin.access })).status).toBe(404);
    for (const path of ['next/', 'teachers/', 'filters/']) {
      expect((await call(t.app, 'GET', `${base}/homeworks_stats/${path}`, { token: s.students[0]!.access })).status, path).toBe(403);
      expect((await call(t.app, 'GET', `${base}/homeworks_stats/${path}`)).status, path).toBe(401);
    }
  });
});

describe('unread', () => {
  const unread = async (who: Account, index: number) => ((await queue(who)).body!.results as Body[]).find((row) => row.user_homework_id === h[index])!.unread as boolean;

  it('is on until the viewer opens the hand-in, for that viewer only, and again after the student writes', async () => {
    expect(await unread(s.teacher, 0)).toBe(true);
    expect((await call(t.app, 'GET', `${base}/user_homeworks/${h[0]}/`, { token: s.teacher.access })).status).toBe(200);
    expect(await unread(s.teacher, 0)).toBe(false);
    expect(await unread(s.admin, 0)).toBe(true);
    // A student opening their own work records nothing.
    expect((await call(t.app, 'GET', `${base}/user_homeworks/${h[0]}/`, { token: s.students[0]!.access })).status).toBe(200);
    expect(await unread(s.teacher, 0)).toBe(false);

    // A reviewer's own message is no news to them.
    await review(s.teacher, h[3]!, 'revision', 2);
    await call(t.app, 'GET', `${base}/teacher_homeworks/${h[3]}/`, { token: s.teacher.access });
    expect(await unread(s.teacher, 3)).toBe(false);
    const answer = await call(t.app, 'POST', `${base}/user_homework_checks/`, { token: s.students[0]!.access, body: { user_homework: h[3], text: 'Исправил' } });
    expect(answer.status).toBe(201);
    expect(await unread(s.teacher, 3)).toBe(true);
    // teacher_homeworks/{id}/ is the same hand-in for staff, and records the reading too.
    const opened = await call(t.app, 'GET', `${base}/teacher_homeworks/${h[3]}/`, { token: s.teacher.access });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ user_homework_id: h[3], status: 'pending', teacher_name: 'Пётр Учителев' });
    expect((opened.body!.checks as Body[]).map((check) => check.author_role)).toEqual(['student', 'teacher', 'student']);
    expect(await unread(s.teacher, 3)).toBe(false);
  });
});

describe('GET teacher_homeworks/{id}/', () => {
  it('gives the hand-in to its teacher and admins; others get 404, 403 or 401', async () => {
    expect((await call(t.app, 'GET', `${base}/teacher_homeworks/${h[5]}/`, { token: s.admin.access })).status).toBe(200);
    expect((await call(t.app, 'GET', `${base}/teacher_homeworks/${h[5]}/`, { token: s.otherTeacher.access })).status).toBe(200);
    expect((await call(t.app, 'GET', `${base}/teacher_homeworks/${h[5]}/`, { token: s.teacher.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `${base}/teacher_homeworks/${foreign.id}/`, { token: s.admin.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `${base}/teacher_homeworks/${h[0]}/`, { token: s.students[0]!.access })).status).toBe(403);
    expect((await call(t.app, 'GET', `${base}/teacher_homeworks/${h[0]}/`)).status).toBe(401);
    expect((await call(t.app, 'GET', `${base}/teacher_homeworks/abc/`, { token: s.admin.access })).status).toBe(400);
  });
});

describe('GET homeworks_stats/next/', () => {
  const next = (who: Account, query = '') => call(t.app, 'GET', `${base}/homeworks_stats/next/${query ? `?${query}` : ''}`, { token: who.access });

  it('walks the caller’s hand-ins waiting for a check in the queue’s order, then says there is none', async () => {
    // Pending now: H3 (answered again, newest), H5, H0.
    expect(await ids(s.admin, 'status=pending')).toEqual([3, 5, 0]);
    expect((await next(s.admin)).body).toEqual({ user_homework_id: h[3], homework: s.course.autoHomework, course_id: s.course.id });
    expect((await next(s.admin, `after=${h[3]}`)).body).toMatchObject({ user_homework_id: h[5] });
    expect((await next(s.admin, `after=${h[5]}`)).body).toMatchObject({ user_homework_id: h[0] });
    expect((await next(s.teacher, `after=${h[3]}`)).body).toMatchObject({ user_homework_id: h[0] });
    // After a hand-in that is not pending: the next pending one below it.
    expect((await next(s.admin, `after=${h[4]}`)).body).toMatchObject({ user_homework_id: h[0] });
    // With the queue's filters, and a status filter is always "pending".
    expect((await next(s.admin, `course_id=${otherCourse.id}&status=accepted`)).body).toMatchObject({ user_homework_id: h[5] });
    const none = await next(s.teacher, `after=${h[0]}`);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'NO_NEXT', message: 'Больше нет работ, ожидающих проверки.' });
    expect((await next(s.otherTeacher, `after=${h[5]}`)).status).toBe(404);
    // Another school's hand-in has nothing after it here.
    expect((await next(s.admin, `after=${foreign.id}`)).status).toBe(404);
    expect((await next(s.admin, 'after=0')).status).toBe(400);
    expect((await next(s.admin, 'start_mark=4&end_mark=2')).status).toBe(400);
  });
});

describe('GET homeworks_stats/teachers/ and filters/', () => {
  it('lists the school’s teachers by name', async () => {
    const res = await call(t.app, 'GET', `${base}/homeworks_stats/teachers/`, { token: s.teacher.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: s.otherTeacher.id, name: 'Иван Другой', email: s.otherTeacher.email },
      { id: s.teacher.id, name: 'Пётр Учителев', email: s.teacher.email },
    ]);
  });

  it('gives an admin the school’s courses, groups and homeworks, a teacher their groups’', async () => {
    const admin = (await call(t.app, 'GET', `${base}/homeworks_stats/filters/`, { token: s.admin.access })).body!;
    expect((admin.courses as Body[]).map((c) => c.id).sort()).toEqual([s.course.id, s.soloCourse.id, otherCourse.id].sort());
    expect(admin.groups).toEqual([
      { id: s.group, name: 'Поток с преподавателем', course_id: s.course.id },
      { id: s.soloGroup, name: 'Поток без преподавателя', course_id: s.soloCourse.id },
      { id: otherGroup, name: 'Группа эссе', course_id: otherCourse.id },
    ]);
    expect(admin.homeworks).toHaveLength(4);
    expect(admin.homeworks).toContainEqual({ id: otherCourse.homework, name: 'Эссе', course_id: otherCourse.id });

    const teacher = (await call(t.app, 'GET', `${base}/homeworks_stats/filters/`, { token: s.teacher.access })).body!;
    expect(teacher).toEqual({
      courses: [{ id: s.course.id, name: expect.any(String) }],
      groups: [{ id: s.group, name: 'Поток с преподавателем', course_id: s.course.id }],
      homeworks: [
        { id: s.course.homework, name: 'Первое задание', course_id: s.course.id },
        { id: s.course.autoHomework, name: 'Задание с автопринятием', course_id: s.course.id },
      ],
    });
    const idle = await addMember(t.app, s.owner.schoolId, 'Teacher', { firstName: 'Я', lastName: 'Яковлев' });
    expect((await call(t.app, 'GET', `${base}/homeworks_stats/filters/`, { token: idle.access })).body).toEqual({ courses: [], groups: [], homeworks: [] });
    expect(await ids(idle)).toEqual([]);
  });
});

describe('a page costs the same number of reads whatever its size and filters', () => {
  it('3 rows or 30, for an admin and a teacher', async () => {
    const many = await homeworkSchool(t.app, 'Много работ', 3);
    const course = await addCourse(t.app, many.owner.schoolId, {
      durationDays: null,
      sections: [{ name: 'Модуль', lessons: Array.from({ length: 10 }, (_, i) => ['homework', `Задание ${i}`] as ['homework', string]) }],
    });
    const group = await addGroup(t.app, many.owner.schoolId, course.id, { teacherId: many.teacher.id });
    await t.app.ctx.db.insert(userHomeworks).values(
      many.students.flatMap((student, i) =>
        course.lessonIds.map((homeworkId, j) => ({
          schoolId: many.owner.schoolId,
          homeworkId,
          courseId: course.id,
          userId: student.id,
          groupId: group,
          teacherId: many.teacher.id,
          status: j % 2 ? 'pending' : 'revision',
          mark: j,
          lastReplyAt: new Date(t.clock.now.getTime() - (i * 10 + j) * 60_000),
        })),
      ),
    );
    const url = `/api/${many.owner.schoolName}/homeworks_stats/`;
    for (const who of [many.admin, many.teacher]) {
      for (const filters of ['', `&course_id=${course.id}&student=${encodeURIComponent('Ученик Домашкин')}&start_mark=0&end_mark=9&start_date=2000-01-01&end_date=2100-01-01`]) {
        const reads: number[] = [];
        for (const size of [3, 30]) {
          const page: { body?: Body | null } = {};
          reads.push((await readsDuring(t.app, async () => (page.body = (await call(t.app, 'GET', `${url}?s=${size}${filters}`, { token: who.access })).body))).length);
          expect(page.body!.results, filters).toHaveLength(size);
        }
        expect(reads[0], filters).toBe(reads[1]);
        expect(reads[0]).toBeLessThanOrEqual(4);
      }
    }
  });
});
