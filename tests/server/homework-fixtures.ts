// A school where students hand in homework, for the homework suites: its staff, students, a course
// taught in a group with a teacher, one without a teacher, and another school.
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/context.ts';
import { lessons } from '../../src/server/features/courses/tables.ts';
import { studentsGroupMembers, studentsGroups } from '../../src/server/features/groups/tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from './fixtures.ts';
import { addCourse } from './public-fixtures.ts';
import { call } from './test-app.ts';

export interface HomeworkSchool {
  owner: Owner;
  admin: Account;
  teacher: Account;
  otherTeacher: Account;
  /** Students of the taught group (`group`). */
  students: Account[];
  /** A student of the teacherless group. */
  alone: Account;
  other: Owner;
  /** The taught course: a lesson, then two homeworks (the second accepts by itself an hour after). */
  course: { id: number; lesson: number; homework: number; autoHomework: number };
  group: number;
  /** A course whose only lesson is a homework, in a group without a teacher. */
  soloCourse: { id: number; homework: number };
  soloGroup: number;
}

export async function homeworkSchool(app: App, title: string, studentCount = 3): Promise<HomeworkSchool> {
  const owner = await registerOwner(app, { schoolTitle: title });
  await setTariff(app, owner.schoolId, 4);
  const admin = await addMember(app, owner.schoolId, 'Admin', { firstName: 'Анна', lastName: 'Админова' });
  const teacher = await addMember(app, owner.schoolId, 'Teacher', { firstName: 'Пётр', lastName: 'Учителев' });
  const otherTeacher = await addMember(app, owner.schoolId, 'Teacher', { firstName: 'Иван', lastName: 'Другой' });
  const students: Account[] = [];
  for (let i = 0; i < studentCount; i += 1) students.push(await addMember(app, owner.schoolId, 'Student', { firstName: `Ученик${i}`, lastName: 'Домашкин' }));
  const alone = await addMember(app, owner.schoolId, 'Student', { firstName: 'Одиночка', lastName: 'Самостоятельный' });
  const other = await registerOwner(app, { schoolTitle: `${title} (чужая)` });
  // The students see the teacher by a pseudonym, set as the admin sets it.
  const named = await call(app, 'PUT', `/api/user_pseudonym/${owner.schoolName}/`, { token: owner.access, body: { user: teacher.id, pseudonym: 'Наставник' } });
  if (named.status !== 200) throw new Error(`pseudonym: ${named.status}`);

  const taught = await addCourse(app, owner.schoolId, {
    durationDays: null,
    sections: [{ name: 'Модуль', lessons: [['lesson', 'Введение'], ['homework', 'Первое задание'], ['homework', 'Задание с автопринятием']] }],
  });
  const [lesson, homework, autoHomework] = taught.lessonIds as [number, number, number];
  await app.ctx.db.update(lessons).set({ settings: { automateAccept: true, timeAccept: 3600 } }).where(eq(lessons.id, autoHomework));
  const solo = await addCourse(app, owner.schoolId, { durationDays: null, sections: [{ name: 'Модуль', lessons: [['homework', 'Самостоятельная работа']] }] });

  const [group, soloGroup] = await app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: taught.id, teacherId: teacher.id, name: 'Поток с преподавателем' },
      { schoolId: owner.schoolId, courseId: solo.id, teacherId: null, type: 'WITHOUT_TEACHER', name: 'Поток без преподавателя' },
    ])
    .returning({ id: studentsGroups.id });
  await app.ctx.db.insert(studentsGroupMembers).values([
    ...students.map((s) => ({ groupId: group!.id, userId: s.id, courseId: taught.id })),
    { groupId: soloGroup!.id, userId: alone.id, courseId: solo.id },
  ]);
  return {
    owner,
    admin,
    teacher,
    otherTeacher,
    students,
    alone,
    other,
    course: { id: taught.id, lesson, homework, autoHomework },
    group: group!.id,
    soloCourse: { id: solo.id, homework: solo.lessonIds[0]! },
    soloGroup: soloGroup!.id,
  };
}

/** Hands in a homework through the API; throws unless it is taken. */
export async function handIn(app: App, school: string, student: Account, homework: number, text = 'Моё решение'): Promise<Record<string, unknown>> {
  const res = await call(app, 'POST', `/api/${school}/user_homeworks/`, { token: student.access, body: { homework, text } });
  if (res.status !== 201) throw new Error(`handIn: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body!;
}
