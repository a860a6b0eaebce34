import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userHomeworks } from '../homework/tables.ts';
import { studentsGroupMembers } from '../groups/tables.ts';
import { recordProgress } from './progress.ts';
import { lessonProgress } from './tables.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { enrol } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let teacherB: Account;
let idle: Account;
/** s1: 5 of 6 done; s2 and s5: 1 (s2 first); s3: none; s4: everything. */
const s: Account[] = [];
let a: CourseFixture;
let b: CourseFixture;

// Course A: two lessons, two homework, a test, a webinar.
const TYPES = ['lesson', 'lesson', 'homework', 'homework', 'test', 'webinar'];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Успеваемость' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужая успеваемость' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  teacherB = await addMember(t.app, owner.schoolId, 'Teacher');
  idle = await addMember(t.app, owner.schoolId, 'Teacher');
  for (let i = 0; i < 5; i += 1) s.push(await addMember(t.app, owner.schoolId, 'Student', { email: `progress-${i + 1}-${Date.now()}@example.com` }));
  a = await addCourse(t.app, owner.schoolId, { name: 'Курс А', order: 1, sections: [{ name: 'М', lessons: TYPES.map((type, i) => [type, `${type} ${i}`] as [string, string]) }] });
  b = await addCourse(t.app, owner.schoolId, { name: 'Курс Б', order: 2, sections: [{ name: 'М', lessons: [['lesson', 'Б1'], ['test', 'Б2']] }] });
  await enrol(t.app, owner.schoolId, a.id, s.map((x) => x.id), { teacherId: teacher.id });
  await enrol(t.app, owner.schoolId, b.id, [s[0]!.id], { teacherId: teacherB.id });
  const complete = async (student: Account, i: number, at = t.clock.now) =>
    recordProgress(t.app.ctx.db, { userId: student.id, courseId: a.id }, { id: a.lessonIds[i]!, type: TYPES[i]! }, 'completed', at);
  for (const i of [0, 1, 2, 3, 5]) await complete(s[0]!, i);
  await complete(s[1]!, 0);
  await complete(s[4]!, 0, new Date(t.clock.now.getTime() + 60_000));
  for (const i of [0, 1, 2, 3, 4, 5]) await complete(s[3]!, i);
  await t.app.ctx.db.insert(userHomeworks).values([
    { schoolId: owner.schoolId, homeworkId: a.lessonIds[2]!, courseId: a.id, userId: s[0]!.id, status: 'accepted', mark: 80 },
    { schoolId: owner.schoolId, homeworkId: a.lessonIds[3]!, courseId: a.id, userId: s[0]!.id, status: 'accepted', mark: 91 },
    // Not accepted yet: not in the mean.
    { schoolId: owner.schoolId, homeworkId: a.lessonIds[2]!, courseId: a.id, userId: s[1]!.id, status: 'revision', mark: 10 },
  ]);
});
afterAll(() => t.close());

const api = (rest: string, school = owner.schoolName) => `/api/${school}/student_progress/${rest}`;
const get = (rest: string, token?: string, school?: string) => call(t.app, 'GET', api(rest, school), token ? { token } : {});

describe('get_student_progress_for_student', () => {
  it("gives the student's figures in the course, by kind, with the mean accepted mark and their place", async () => {
    const res = await get(`get_student_progress_for_student/?course_id=${a.id}`, s[0]!.access);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      student: s[0]!.email,
      school_id: owner.schoolId,
      school_name: owner.schoolName,
      courses: [
        {
          course_id: a.id,
          course_name: 'Курс А',
          all_baselessons: 6,
          completed_count: 5,
          completed_percent: 83.33,
          average_mark: 85.5,
          lessons: { completed_percent: 100, all_lessons: 3, completed_lessons: 3 },
          homeworks: { completed_percent: 100, all_lessons: 2, completed_lessons: 2 },
          tests: { completed_percent: 0, all_lessons: 1, completed_lessons: 0 },
          rank_in_course: 2,
          better_than_percent: 75,
        },
      ],
    });
  });

  it('ranks ties by the earlier last completion, and nobody before their first completion', async () => {
    const place = async (student: Account) => (await get(`get_student_progress_for_student/?course_id=${a.id}`, student.access)).body!.courses[0];
    expect(await place(s[3]!)).toMatchObject({ rank_in_course: 1, better_than_percent: 100, completed_percent: 100 });
    expect(await place(s[1]!)).toMatchObject({ rank_in_course: 3, better_than_percent: 25, average_mark: null });
    expect(await place(s[4]!)).toMatchObject({ rank_in_course: 4, better_than_percent: 25 });
    expect(await place(s[2]!)).toMatchObject({ rank_in_course: null, better_than_percent: 0, completed_count: 0 });
    // Alone in a course: better than everyone.
    expect((await get(`get_student_progress_for_student/?course_id=${b.id}`, s[0]!.access)).body!.courses[0]).toMatchObject({ rank_in_course: null, better_than_percent: 100 });
  });

  it('writes nothing, even at 100 %', async () => {
    const before = (await t.app.ctx.db.select({ n: count() }).from(lessonProgress))[0]!.n;
    await get(`get_student_progress_for_student/?course_id=${a.id}`, s[3]!.access);
    const [member] = await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.userId, s[3]!.id));
    expect(member!.finishedAt).toBeNull();
    expect((await t.app.ctx.db.select({ n: count() }).from(lessonProgress))[0]!.n).toBe(before);
  });

  it("is 403 with the original's message for a course of the school the student is not in, 404 for another school's", async () => {
    const res = await get(`get_student_progress_for_student/?course_id=${b.id}`, s[1]!.access);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'STUDENT_NOT_IN_COURSE', message: `Студент в курсе course_id = ${b.id} не найден.` });
    const theirs = await addCourse(t.app, other.schoolId);
    expect((await get(`get_student_progress_for_student/?course_id=${theirs.id}`, s[1]!.access)).status).toBe(404);
    expect((await get(`get_student_progress_for_student/?course_id=${a.id}`, other.access, owner.schoolName)).status).toBe(403);
  });

  it('refuses other roles, visitors and bad queries', async () => {
    expect((await get(`get_student_progress_for_student/?course_id=${a.id}`, teacher.access)).status).toBe(403);
    expect((await get(`get_student_progress_for_student/?course_id=${a.id}`, owner.access)).status).toBe(403);
    expect((await get(`get_student_progress_for_student/?course_id=${a.id}`)).status).toBe(401);
    for (const query of ['', '?course_id=abc', '?course_id=0', '?course_id=%00', `?course_id=${a.id}%00`]) {
      expect((await get(`get_student_progress_for_student/${query}`, s[0]!.access)).status).toBe(400);
    }
  });

  it('costs the same number of queries for 1 student in the course or 21', async () => {
    const big = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У1'], ['lesson', 'У2']] }] });
    const small = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У1']] }] });
    const me = await addMember(t.app, owner.schoolId, 'Student');
    const crowd: number[] = [];
    for (let i = 0; i < 20; i += 1) crowd.push((await addMember(t.app, owner.schoolId, 'Student')).id);
    await enrol(t.app, owner.schoolId, big.id, [me.id, ...crowd]);
    await enrol(t.app, owner.schoolId, small.id, [me.id]);
    for (const id of crowd) await recordProgress(t.app.ctx.db, { userId: id, courseId: big.id }, { id: big.lessonIds[0]!, type: 'lesson' }, 'viewed', t.clock.now);
    const few = await readsDuring(t.app, () => get(`get_student_progress_for_student/?course_id=${small.id}`, me.access));
    const many = await readsDuring(t.app, () => get(`get_student_progress_for_student/?course_id=${big.id}`, me.access));
    expect(many.length).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(6);
  });
});

describe('get_student_progress_for_admin_or_teacher', () => {
  it("gives an admin every course of the student, a teacher those of their groups", async () => {
    const admin = await get(`get_student_progress_for_admin_or_teacher/?student_id=${s[0]!.id}`, owner.access);
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ student: s[0]!.email, school_id: owner.schoolId });
    expect(admin.body!.courses.map((c: Body) => [c.course_name, c.completed_count, c.rank_in_course])).toEqual([
      ['Курс А', 5, 2],
      ['Курс Б', 0, null],
    ]);
    expect((await get(`get_student_progress_for_admin_or_teacher/?student_id=${s[0]!.id}`, teacher.access)).body!.courses.map((c: Body) => c.course_id)).toEqual([a.id]);
    expect((await get(`get_student_progress_for_admin_or_teacher/?student_id=${s[0]!.id}`, teacherB.access)).body!.courses.map((c: Body) => c.course_id)).toEqual([b.id]);
  });

  it("is 404 for a student a teacher does not teach, another school's student and a member who is not a student", async () => {
    expect((await get(`get_student_progress_for_admin_or_teacher/?student_id=${s[0]!.id}`, idle.access)).status).toBe(404);
    const foreign = await addMember(t.app, other.schoolId, 'Student');
    expect((await get(`get_student_progress_for_admin_or_teacher/?student_id=${foreign.id}`, owner.access)).body).toMatchObject({ code: 'STUDENT_NOT_FOUND' });
    expect((await get(`get_student_progress_for_admin_or_teacher/?student_id=${teacher.id}`, owner.access)).status).toBe(404);
    expect((await get(`get_student_progress_for_admin_or_teacher/?student_id=${s[0]!.id}`, other.access, other.schoolName)).status).toBe(404);
  });

  it('refuses students, visitors and bad queries', async () => {
    expect((await get(`get_student_progress_for_admin_or_teacher/?student_id=${s[0]!.id}`, s[0]!.access)).status).toBe(403);
    expect((await get(`get_student_progress_for_admin_or_teacher/?student_id=${s[0]!.id}`)).status).toBe(401);
    for (const query of ['', '?student_id=x', '?student_id=-1', '?student_id=%00']) {
      expect((await get(`get_student_progress_for_admin_or_teacher/${query}`, owner.access)).status).toBe(400);
    }
  });
});

describe('homework_progress', () => {
  it('gives every course of the student without the places, or one course with them', async () => {
    const all = await get('homework_progress/', s[0]!.access);
    expect(all.status).toBe(200);
    expect(all.body!.courses.map((c: Body) => c.course_name)).toEqual(['Курс А', 'Курс Б']);
    expect(all.body!.courses[0]).not.toHaveProperty('rank_in_course');
    expect(all.body!.courses[0]).toMatchObject({ completed_count: 5, average_mark: 85.5, homeworks: { completed_lessons: 2 } });
    const one = await get(`homework_progress/?course_id=${b.id}`, s[0]!.access);
    expect(one.body!.courses).toHaveLength(1);
    expect(one.body!.courses[0]).toMatchObject({ course_id: b.id, rank_in_course: null, better_than_percent: 100 });
    expect((await get(`homework_progress/?course_id=${b.id}`, s[1]!.access)).status).toBe(403);
  });

  it('refuses other roles, visitors and bad queries, and gives nothing for another school', async () => {
    expect((await get('homework_progress/', teacher.access)).status).toBe(403);
    expect((await get('homework_progress/')).status).toBe(401);
    expect((await get('homework_progress/?course_id=%00', s[0]!.access)).status).toBe(400);
    expect((await get('homework_progress/?course_id=abc', s[0]!.access)).status).toBe(400);
    const stranger = await addMember(t.app, other.schoolId, 'Student');
    expect((await get('homework_progress/', stranger.access, other.schoolName)).body!.courses).toEqual([]);
    expect((await get(`homework_progress/?course_id=${a.id}`, stranger.access, other.schoolName)).status).toBe(404);
  });

  it('costs the same number of queries for one course or several', async () => {
    const one = await addMember(t.app, owner.schoolId, 'Student');
    await enrol(t.app, owner.schoolId, (await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У']] }] })).id, [one.id]);
    const few = await readsDuring(t.app, () => get('homework_progress/', one.access));
    const many = await readsDuring(t.app, () => get('homework_progress/', s[0]!.access));
    expect(many.length).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(5);
  });
});
