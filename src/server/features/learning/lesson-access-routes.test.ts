import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLessonClosures, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { lessonProgress } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let classmate: Account;
let outsider: Account;
let other: Owner;
let course: CourseFixture;
let second: CourseFixture;
let foreign: CourseFixture;
let group: number;
let secondGroup: number;
let foreignGroup: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Доступ к урокам' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  classmate = await addMember(t.app, owner.schoolId, 'Student');
  outsider = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужой доступ' });
  course = await addCourse(t.app, owner.schoolId, {
    name: 'Основной',
    sections: [
      { name: 'Модуль 1', lessons: [['lesson', 'Урок 1'], ['test', 'Тест'], ['lesson', 'Скрытый', false]] },
      { name: 'Пустой', lessons: [] },
      { name: 'Модуль 3', lessons: [['homework', 'ДЗ']] },
    ],
  });
  second = await addCourse(t.app, owner.schoolId, { name: 'Второй', sections: [{ name: 'М', lessons: [['lesson', 'Другой урок']] }] });
  foreign = await addCourse(t.app, other.schoolId, { sections: [{ name: 'Ч', lessons: [['lesson', 'Чужой урок']] }] });
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Поток', trainingDuration: 10 },
      { schoolId: owner.schoolId, courseId: second.id, teacherId: otherTeacher.id, name: 'Второй поток' },
      { schoolId: other.schoolId, courseId: foreign.id, name: 'Чужой' },
    ])
    .returning();
  [group, secondGroup, foreignGroup] = rows.map((row) => row.id) as [number, number, number];
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId: group, userId: student.id, courseId: course.id, accessFrom: t.clock.now },
    { groupId: group, userId: classmate.id, courseId: course.id, accessFrom: t.clock.now },
    { groupId: secondGroup, userId: student.id, courseId: second.id, accessFrom: t.clock.now },
  ]);
  await t.app.ctx.db.insert(lessonProgress).values({ userId: student.id, lessonId: course.lessonIds[0]!, courseId: course.id, completedAt: t.clock.now });
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token = owner.access, school = owner.schoolName) => call(t.app, 'POST', `/api/${school}/${path}/`, { token, body });
const groupOutline = (id: number, token = owner.access) => call(t.app, 'GET', `/api/${owner.schoolName}/students_group/${id}/section_student_group/`, { token });
const studentOutline = (query: string, token = owner.access, schoolId = owner.schoolId) => call(t.app, 'GET', `/api/${owner.schoolName}/schools/${schoolId}/section_student/${query}`, { token });
const ownAccess = (userId: number) => t.app.ctx.db.select().from(studentLessonAccess).where(eq(studentLessonAccess.userId, userId));

describe('a group’s lessons: section_student_group/ and lesson-enrollment/', () => {
  it('shows every module and lesson of the group’s course, open or closed to the group', async () => {
    const [l1, test, hidden, hw] = course.lessonIds as [number, number, number, number];
    const res = await groupOutline(group, teacher.access);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      group_id: group,
      course_id: course.id,
      sections: [
        {
          section_id: course.sectionIds[0],
          name: 'Модуль 1',
          order: 1,
          lessons: [
            { lesson_id: l1, type: 'lesson', name: 'Урок 1', availability: true, active: true, order: 1 },
            { lesson_id: test, type: 'test', name: 'Тест', availability: true, active: true, order: 2 },
            { lesson_id: hidden, type: 'lesson', name: 'Скрытый', availability: true, active: false, order: 3 },
          ],
        },
        { section_id: course.sectionIds[1], name: 'Пустой', order: 2, lessons: [] },
        { section_id: course.sectionIds[2], name: 'Модуль 3', order: 3, lessons: [{ lesson_id: hw, type: 'homework', name: 'ДЗ', availability: true, active: true, order: 1 }] },
      ],
    });
    // The school and role, the group, the outline.
    expect(await readsDuring(t.app, () => groupOutline(group))).toHaveLength(3);
  });

  it('closes and opens lessons for the whole group', async () => {
    const [l1, test] = course.lessonIds as [number, number];
    const res = await post('lesson-enrollment', { student_group_id: group, lesson_data: [{ lesson_id: test, available: false }, { lesson_id: l1, available: false }] });
    expect(res).toMatchObject({ status: 200, body: { detail: 'Доступность уроков для группы студентов обновлена.' } });
    await post('lesson-enrollment', { student_group_id: group, lesson_data: [{ lesson_id: l1, available: true }] });
    const closures = await t.app.ctx.db.select().from(groupLessonClosures).where(eq(groupLessonClosures.groupId, group));
    expect(closures.map((row) => row.lessonId)).toEqual([test]);
    const lessons = ((await groupOutline(group)).body!.sections[0].lessons as Body[]).map((l) => [l.lesson_id, l.availability]);
    expect(lessons.slice(0, 2)).toEqual([
      [l1, true],
      [test, false],
    ]);
  });

  it('takes only lessons of the group’s course, from the admin of the group’s school', async () => {
    const lessonData = [{ lesson_id: second.lessonIds[0]!, available: false }];
    expect((await post('lesson-enrollment', { student_group_id: group, lesson_data: lessonData })).body).toMatchObject({ code: 'LESSON_NOT_FOUND', fields: { lesson_data: [expect.any(String)] } });
    expect((await post('lesson-enrollment', { student_group_id: group, lesson_data: [{ lesson_id: foreign.lessonIds[0]!, available: false }] })).status).toBe(400);
    expect((await post('lesson-enrollment', { student_group_id: foreignGroup, lesson_data: lessonData })).status).toBe(404);
    expect((await post('lesson-enrollment', { student_group_id: group, lesson_data: lessonData }, teacher.access)).status).toBe(403);
    expect((await call(t.app, 'POST', `/api/${owner.schoolName}/lesson-enrollment/`, { body: { student_group_id: group, lesson_data: lessonData } })).status).toBe(401);
    expect((await post('lesson-enrollment', { student_group_id: group, lesson_data: [] })).status).toBe(400);
    expect((await post('lesson-enrollment', { student_group_id: 'один', lesson_data: lessonData })).status).toBe(400);
    expect((await groupOutline(secondGroup, teacher.access)).status).toBe(404);
    expect((await groupOutline(foreignGroup)).status).toBe(404);
    expect((await groupOutline(group, student.access)).status).toBe(403);
  });
});

describe('one student’s lessons: lesson-availability/, reset_to_group/ and section_student/', () => {
  it('opens a lesson closed to the group for one student from a date, and closes another for them', async () => {
    const [l1, test] = course.lessonIds as [number, number];
    const res = await post('lesson-availability', {
      student_ids: [student.id],
      lesson_data: [
        { lesson_id: test, available: true, access_time: '2030-01-31T10:00:00+03:00', visible_timer: true },
        { lesson_id: l1, available: false },
      ],
    });
    expect(res).toMatchObject({ status: 200, body: { detail: 'Доступность уроков обновлена.' } });
    const rows = await ownAccess(student.id);
    expect(rows.map((row) => [row.lessonId, row.available, row.availableFrom?.toISOString() ?? null]).sort()).toEqual(
      [
        [l1, false, null],
        [test, true, '2030-01-31T07:00:00.000Z'],
      ].sort(),
    );
    // Again: the rows are replaced, not added.
    await post('lesson-availability', { student_ids: [student.id], lesson_data: [{ lesson_id: test, available: true }] });
    expect((await ownAccess(student.id)).find((row) => row.lessonId === test)!.availableFrom).toBeNull();
  });

  it('shows the student’s groups with each lesson open or not to them, its date and whether it is done', async () => {
    const [l1, test, hidden, hw] = course.lessonIds as [number, number, number, number];
    await post('lesson-availability', { student_ids: [student.id], lesson_data: [{ lesson_id: hw, available: true, access_time: '2030-01-31' }] });
    const res = await studentOutline(`?student_id=${student.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ school_name: owner.schoolName, student_id: student.id });
    const data = res.body!.student_data as Body[];
    expect(data.map((d) => [d.group_id, d.group_name, d.course_id, d.course_name, d.remaining_period])).toEqual([
      [group, 'Поток', course.id, 'Основной', 10],
      [secondGroup, 'Второй поток', second.id, 'Второй', null],
    ]);
    const lessons = (data[0]!.sections as Body[]).flatMap((s) => s.lessons as Body[]);
    expect(lessons).toEqual([
      { lesson_id: l1, type: 'lesson', name: 'Урок 1', availability: false, active: true, order: 1, access_time: null, completed: true },
      { lesson_id: test, type: 'test', name: 'Тест', availability: true, active: true, order: 2, access_time: null, completed: false },
      { lesson_id: hidden, type: 'lesson', name: 'Скрытый', availability: true, active: false, order: 3, access_time: null, completed: false },
      { lesson_id: hw, type: 'homework', name: 'ДЗ', availability: true, active: true, order: 1, access_time: '2030-01-31T00:00:00.000Z', completed: false },
    ]);
    expect((data[0]!.sections as Body[]).map((s) => s.name)).toEqual(['Модуль 1', 'Пустой', 'Модуль 3']);
    // One course only, on request; a constant number of queries whatever the number of groups.
    expect((await studentOutline(`?student_id=${student.id}&course_id=${second.id}`)).body!.student_data.map((d: Body) => d.group_id)).toEqual([secondGroup]);
    const reads = await readsDuring(t.app, () => studentOutline(`?student_id=${student.id}`));
    expect(reads).toHaveLength(4);
  });

  it('shows a teacher their own groups only, and a student only themselves, only what they can open', async () => {
    const byTeacher = await studentOutline(`?student_id=${student.id}`, teacher.access);
    expect(byTeacher.body!.student_data.map((d: Body) => d.group_id)).toEqual([group]);
    const own = await studentOutline('', student.access);
    const lessons = (own.body!.student_data[0].sections as Body[]).flatMap((s) => s.lessons as Body[]).map((l) => l.name);
    // Урок 1 is closed to them, Скрытый is switched off.
    expect(lessons).toEqual(['Тест', 'ДЗ']);
    expect((await studentOutline(`?student_id=${classmate.id}`, student.access)).status).toBe(403);
    expect((await studentOutline('')).body).toMatchObject({ fields: { student_id: ['Не указан ID студента'] } });
    expect((await studentOutline(`?student_id=${teacher.id}`)).status).toBe(404);
    expect((await studentOutline(`?student_id=${student.id}`, owner.access, other.schoolId)).status).toBe(404);
    expect((await studentOutline(`?student_id=${student.id}`, other.access)).status).toBe(403);
  });

  it('resets a student’s own access to their group’s', async () => {
    await post('lesson-availability', { student_ids: [student.id], lesson_data: [{ lesson_id: second.lessonIds[0]!, available: false }] });
    const res = await post('lesson-availability/reset_to_group', { group_id: group, student_id: student.id });
    expect(res).toMatchObject({ status: 200, body: { detail: 'Доступы студента к урокам обновлены до групповых.' } });
    // Only the group's course is reset.
    expect((await ownAccess(student.id)).map((row) => row.lessonId)).toEqual([second.lessonIds[0]]);
    expect((await post('lesson-availability/reset_to_group', { group_id: group, student_id: outsider.id })).body).toMatchObject({
      fields: { student_id: ['Указанный студент не учится в этой группе'] },
    });
    expect((await post('lesson-availability/reset_to_group', { group_id: foreignGroup, student_id: student.id })).status).toBe(404);
  });

  it('refuses other schools’ students and lessons, bad dates, NUL bytes and callers other than the admin', async () => {
    const lessonData = [{ lesson_id: course.lessonIds[0]!, available: true }];
    expect((await post('lesson-availability', { student_ids: [teacher.id], lesson_data: lessonData })).body).toMatchObject({ fields: { student_ids: [expect.any(String)] } });
    expect((await post('lesson-availability', { student_ids: [student.id], lesson_data: [{ lesson_id: foreign.lessonIds[0]!, available: true }] })).body).toMatchObject({ code: 'LESSON_NOT_FOUND' });
    for (const access_time of ['2030-02-30', 'завтра', '2030-01-01\u0000']) {
      const res = await post('lesson-availability', { student_ids: [student.id], lesson_data: [{ ...lessonData[0], access_time }] });
      expect(res.status, access_time).toBe(400);
    }
    expect((await post('lesson-availability', { student_ids: [student.id], lesson_data: lessonData }, teacher.access)).status).toBe(403);
    expect((await post('lesson-availability', { student_ids: [student.id], lesson_data: lessonData }, other.access)).status).toBe(403);
    expect((await post('lesson-availability/reset_to_group', { group_id: group, student_id: student.id }, student.access)).status).toBe(403);
    expect((await post('lesson-availability', { student_ids: [], lesson_data: lessonData })).status).toBe(400);
    const untouched = await t.app.ctx.db.select().from(studentLessonAccess).where(and(eq(studentLessonAccess.userId, student.id), eq(studentLessonAccess.lessonId, course.lessonIds[0]!)));
    expect(untouched).toEqual([]);
  });
});
