// A student's statistics by group, module and lesson (student-sections.ts, schools/{id}/section_student/):
// what each role may see, the lessons the student can see, their steps, marks and test time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userHomeworks } from '../homework/index.ts';
import { lessonProgress, testAttempts } from '../learning/index.ts';
import { addMember, type Account } from '../../../../tests/server/fixtures.ts';
import { homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { closeForGroup, enrol, setOwnAccess } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

const MINUTE = 60_000;
let t: TestApp;
let s: HomeworkSchool;
let second: CourseFixture;
let secondGroup: number;
let student: Account;
let handIns: { accepted: number; revision: number };
const at = (minutesAgo: number) => new Date(t.clock.now.getTime() - minutesAgo * MINUTE);

const sectionStudent = (token: string | undefined, query: string, schoolId = s.owner.schoolId) =>
  call(t.app, 'GET', `/api/schools/${schoolId}/section_student/${query}`, token === undefined ? {} : { token });
const ok = async (token: string, studentId: number) => {
  const res = await sectionStudent(token, `?student_id=${studentId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body!;
};

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Статистика ученика', 2);
  student = s.students[0]!;
  second = await addCourse(t.app, s.owner.schoolId, {
    name: 'Второй курс',
    sections: [
      { name: 'Начало', lessons: [['lesson', 'Видео'], ['test', 'Тест']] },
      { name: 'Продолжение', lessons: [['lesson', 'Скрыт от ученика'], ['lesson', 'Закрыт группе'], ['lesson', 'Выключен', false]] },
      { name: 'Пустой модуль', lessons: [] },
    ],
  });
  const [video, test, hidden, closed] = second.lessonIds as [number, number, number, number];
  secondGroup = await enrol(t.app, s.owner.schoolId, second.id, [student.id], { teacherId: s.otherTeacher.id, name: 'Второй поток' });
  await setOwnAccess(t.app, student.id, hidden, false);
  await closeForGroup(t.app, secondGroup, [closed]);

  await t.app.ctx.db.insert(lessonProgress).values([
    { userId: student.id, lessonId: s.course.lesson, courseId: s.course.id, viewedAt: at(100), completedAt: at(100) },
    { userId: student.id, lessonId: s.course.homework, courseId: s.course.id, viewedAt: at(90), submittedAt: at(90), completedAt: at(50) },
    { userId: student.id, lessonId: s.course.autoHomework, courseId: s.course.id, viewedAt: at(80), submittedAt: at(40) },
    { userId: student.id, lessonId: video, courseId: second.id, viewedAt: at(30) },
    { userId: student.id, lessonId: test, courseId: second.id, viewedAt: at(20), submittedAt: at(20), completedAt: at(10) },
  ]);
  const rows = await t.app.ctx.db
    .insert(userHomeworks)
    .values([
      { schoolId: s.owner.schoolId, homeworkId: s.course.homework, courseId: s.course.id, userId: student.id, groupId: s.group, status: 'accepted', mark: 5 },
      { schoolId: s.owner.schoolId, homeworkId: s.course.autoHomework, courseId: s.course.id, userId: student.id, groupId: s.group, status: 'revision', mark: 3 },
    ])
    .returning({ id: userHomeworks.id });
  handIns = { accepted: rows[0]!.id, revision: rows[1]!.id };
  // Two attempts sent (90 s and 30 s), one still open: 2 minutes on tests, the best result 85.5 %.
  await t.app.ctx.db.insert(testAttempts).values([
    { testId: test, userId: student.id, startedAt: at(22), submittedAt: new Date(at(22).getTime() + 90_000), passed: false, successPercent: 40, points: 4, maxPoints: 10 },
    { testId: test, userId: student.id, startedAt: at(11), submittedAt: new Date(at(11).getTime() + 30_000), passed: true, successPercent: 85.5, points: 9, maxPoints: 10 },
    { testId: test, userId: student.id, startedAt: at(5) },
  ]);
});
afterAll(() => t.close());

const lesson = (id: number, type: string, name: string, rest: Partial<Body> = {}) => ({
  lesson_id: id,
  type,
  name,
  status: 'not_started',
  mark: null,
  viewed_at: null,
  completed_at: null,
  homework_status: null,
  user_homework_id: null,
  ...rest,
});

describe('GET schools/{id}/section_student/', () => {
  it('gives an admin the student, each of their groups with its modules, the lessons they can see, steps, marks and test time', async () => {
    const body = await ok(s.admin.access, student.id);
    const [video, test] = second.lessonIds as [number, number];
    expect(body).toEqual({
      school_name: s.owner.schoolName,
      student_id: student.id,
      student: { first_name: 'Ученик0', last_name: 'Домашкин', email: student.email, avatar: null, last_login: expect.any(String) },
      student_data: [
        {
          group_id: s.group,
          group_name: 'Поток с преподавателем',
          course_id: s.course.id,
          course_name: expect.any(String),
          date_added: expect.any(String),
          last_active: at(40).toISOString(),
          tests_time_seconds: 0,
          sections: [
            {
              section_id: expect.any(Number),
              name: 'Модуль',
              lessons: [
                lesson(s.course.lesson, 'lesson', 'Введение', { status: 'completed', viewed_at: at(100).toISOString(), completed_at: at(100).toISOString() }),
                lesson(s.course.homework, 'homework', 'Первое задание', {
                  status: 'completed',
                  mark: 5,
                  viewed_at: at(90).toISOString(),
                  completed_at: at(50).toISOString(),
                  homework_status: 'accepted',
                  user_homework_id: handIns.accepted,
                }),
                // A mark of a hand-in sent back is no mark yet.
                lesson(s.course.autoHomework, 'homework', 'Задание с автопринятием', { status: 'submitted', viewed_at: at(80).toISOString(), homework_status: 'revision', user_homework_id: handIns.revision }),
              ],
            },
          ],
        },
        {
          group_id: secondGroup,
          group_name: 'Второй поток',
          course_id: second.id,
          course_name: 'Второй курс',
          date_added: expect.any(String),
          last_active: at(10).toISOString(),
          tests_time_seconds: 120,
          sections: [
            {
              section_id: second.sectionIds[0],
              name: 'Начало',
              lessons: [
                lesson(video, 'lesson', 'Видео', { status: 'viewed', viewed_at: at(30).toISOString() }),
                lesson(test, 'test', 'Тест', { status: 'completed', mark: 85.5, viewed_at: at(20).toISOString(), completed_at: at(10).toISOString() }),
              ],
            },
            // Hidden from the student, closed to their group, switched off: not listed.
            { section_id: second.sectionIds[1], name: 'Продолжение', lessons: [] },
            { section_id: second.sectionIds[2], name: 'Пустой модуль', lessons: [] },
          ],
        },
      ],
    });
  });

  it('gives a teacher only their groups, and no student outside them', async () => {
    expect(((await ok(s.teacher.access, student.id)).student_data as Body[]).map((group) => group.group_id)).toEqual([s.group]);
    expect(((await ok(s.otherTeacher.access, student.id)).student_data as Body[]).map((group) => group.group_id)).toEqual([secondGroup]);
    // The student of a group without teacher: the admin sees them, the teachers do not.
    expect(((await ok(s.admin.access, s.alone.id)).student_data as Body[]).map((group) => group.group_id)).toEqual([s.soloGroup]);
    expect(await sectionStudent(s.teacher.access, `?student_id=${s.alone.id}`)).toMatchObject({ status: 404, body: { code: 'STUDENT_NOT_FOUND' } });
    expect((await sectionStudent(s.otherTeacher.access, `?student_id=${s.students[1]!.id}`)).status).toBe(404);
  });

  it('gives an admin a student of no group with no groups, and 404 for anyone not a student of the school', async () => {
    const newcomer = await addMember(t.app, s.owner.schoolId, 'Student');
    expect((await ok(s.admin.access, newcomer.id)).student_data).toEqual([]);
    expect((await sectionStudent(s.teacher.access, `?student_id=${newcomer.id}`)).status).toBe(404);
    // Staff, another school's student, an unknown id.
    const foreign = await addMember(t.app, s.other.schoolId, 'Student');
    for (const id of [s.teacher.id, s.admin.id, foreign.id, 2147483647]) expect((await sectionStudent(s.admin.access, `?student_id=${id}`)).status, String(id)).toBe(404);
  });

  it('reads in a constant number of statements', async () => {
    const before = (await readsDuring(t.app, () => ok(s.admin.access, student.id))).length;
    expect(before).toBeLessThanOrEqual(5);
    for (let i = 0; i < 3; i += 1) {
      const course = await addCourse(t.app, s.owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'a'], ['test', 'b'], ['homework', 'c']] }, { name: 'Н', lessons: [['lesson', 'd']] }] });
      await enrol(t.app, s.owner.schoolId, course.id, [student.id]);
    }
    expect((await readsDuring(t.app, () => ok(s.admin.access, student.id))).length).toBe(before);
    expect((await ok(s.admin.access, student.id)).student_data).toHaveLength(5);
  });

  it('refuses students, another school’s staff, anonymous callers and unknown schools', async () => {
    expect((await sectionStudent(student.access, `?student_id=${student.id}`)).status).toBe(403);
    expect((await sectionStudent(s.other.access, `?student_id=${student.id}`)).status).toBe(403);
    // The caller's own school's id does not open another school's student.
    expect((await sectionStudent(s.other.access, `?student_id=${student.id}`, s.other.schoolId)).status).toBe(404);
    expect((await sectionStudent(undefined, `?student_id=${student.id}`)).status).toBe(401);
    expect((await sectionStudent(s.admin.access, `?student_id=${student.id}`, 2147483647)).status).toBe(404);
  });

  it('refuses a missing or malformed student_id or school id, and a NUL byte in each, with 400', async () => {
    for (const query of ['', '?student_id=', '?student_id=abc', '?student_id=0', '?student_id=-2', '?student_id=1.5', '?student_id=99999999999', '?student_id=1%00', '?student_id=%00']) {
      expect((await sectionStudent(s.admin.access, query)).status, query).toBe(400);
    }
    for (const id of ['abc', '0', `${s.owner.schoolId}%00`, '%00']) {
      expect((await call(t.app, 'GET', `/api/schools/${id}/section_student/?student_id=${student.id}`, { token: s.admin.access })).status, id).toBe(400);
    }
  });
});
