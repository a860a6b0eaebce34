// A school whose students table (statistics: schools/{id}/stats/, all_stats/) has six rows with
// known figures, put straight into the database: two courses, three groups, lesson access,
// progress and homework marks.
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/context.ts';
import { courses } from '../../src/server/features/courses/tables.ts';
import { groupLessonClosures, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../../src/server/features/groups/tables.ts';
import { userHomeworks } from '../../src/server/features/homework/tables.ts';
import { lessonProgress } from '../../src/server/features/learning/tables.ts';
import { addMember, registerOwner, type Account, type Owner } from './fixtures.ts';
import { addCourse } from './public-fixtures.ts';

export const DAY = 86_400_000;
/** The fixture's calendar: progress on day n is at BASE + n days (UTC mornings). */
export const BASE = Date.UTC(2025, 2, 1, 9);
export const day = (n: number) => new Date(BASE + n * DAY);
export const dayString = (n: number) => day(n).toISOString().slice(0, 10);

/** The six rows: a student in a course's group. */
export type RowName = 'annaX' | 'borisX' | 'veraX' | 'dmitryX' | 'annaY' | 'glebY';

export interface StudentsTableSchool {
  owner: Owner;
  teacherX: Account;
  teacherY: Account;
  /** A student of the school (the wrong role). */
  student: Account;
  anna: Account;
  boris: Account;
  vera: Account;
  dmitry: Account;
  gleb: Account;
  /** «Алгебра»: four active lessons (lesson, lesson, homework, test) and an inactive one. */
  x: { id: number; lessons: number[] };
  /** «Физика»: a test, three homeworks, two lessons. */
  y: { id: number; lessons: number[] };
  /** «Поток А» (X, teacherX; the test closed), «Без преподавателя» (X), «Поток Б» (Y, teacherY). */
  groups: { a: number; none: number; b: number };
  /** A course in the bin, with a group and a student: never in the table. */
  binned: number;
  other: Owner;
  /** The student and group of each row. */
  rows: Record<RowName, { student: number; group: number; course: number }>;
}

/**
 * The rows and their figures (progress % / mark sum / average mark / last active day / added day):
 * annaX 100 / 5 / 5 / 3 / 1, borisX 75 / 4 / 4 / 5 / 2, veraX 0 / 0 / null / 2 / 3,
 * dmitryX 0 / 0 / null / null / 4, annaY 50 / 13 / 4.33 / 6 / 5, glebY 33.33 / 3 / 3 / 4 / 6.
 */
export async function studentsTableSchool(app: App, title = 'Статистика учеников'): Promise<StudentsTableSchool> {
  const owner = await registerOwner(app, { schoolTitle: title });
  const schoolId = owner.schoolId;
  const teacherX = await addMember(app, schoolId, 'Teacher', { firstName: 'Ирина', lastName: 'Алгебраева' });
  const teacherY = await addMember(app, schoolId, 'Teacher', { firstName: 'Олег', lastName: 'Физиков' });
  const student = await addMember(app, schoolId, 'Student', { firstName: 'Просто', lastName: 'Ученик' });
  const anna = await addMember(app, schoolId, 'Student', { firstName: 'Анна', lastName: 'Иванова', email: `anna-${schoolId}@example.com` });
  const boris = await addMember(app, schoolId, 'Student', { firstName: 'Борис', lastName: 'Петров', email: `boris-${schoolId}@example.com` });
  const vera = await addMember(app, schoolId, 'Student', { firstName: 'Вера', lastName: 'Сидорова', email: `vera-${schoolId}@example.com` });
  const dmitry = await addMember(app, schoolId, 'Student', { firstName: 'Дмитрий', lastName: 'Кузнецов', email: `dmitry-${schoolId}@example.com` });
  const gleb = await addMember(app, schoolId, 'Student', { firstName: 'Глеб', lastName: 'Орлов', email: `gleb-${schoolId}@example.com` });
  const egor = await addMember(app, schoolId, 'Student', { firstName: 'Егор', lastName: 'Удалённый' });
  const other = await registerOwner(app, { schoolTitle: `${title} (чужая)` });

  const x = await addCourse(app, schoolId, {
    name: 'Алгебра',
    durationDays: null,
    sections: [
      { name: 'Начало', lessons: [['lesson', 'Числа'], ['lesson', 'Дроби']] },
      { name: 'Практика', lessons: [['homework', 'Задачи'], ['test', 'Контрольная'], ['lesson', 'Черновик', false]] },
    ],
  });
  const y = await addCourse(app, schoolId, {
    name: 'Физика',
    durationDays: null,
    sections: [{ name: 'Механика', lessons: [['test', 'Вход'], ['homework', 'Задание 1'], ['homework', 'Задание 2'], ['homework', 'Задание 3'], ['lesson', 'Опыт'], ['lesson', 'Итоги']] }],
  });
  const bin = await addCourse(app, schoolId, { name: 'Старый курс', durationDays: null, sections: [{ name: 'М', lessons: [['lesson', 'Урок']] }] });
  const [l1, l2, l3, l4] = x.lessonIds as [number, number, number, number, number];
  const [y1, h1, h2, h3, y5] = y.lessonIds as [number, number, number, number, number, number];

  const [a, none, b, old] = await app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId, courseId: x.id, teacherId: teacherX.id, name: 'Поток А' },
      { schoolId, courseId: x.id, teacherId: null, type: 'WITHOUT_TEACHER', name: 'Без преподавателя' },
      { schoolId, courseId: y.id, teacherId: teacherY.id, name: 'Поток Б' },
      { schoolId, courseId: bin.id, teacherId: teacherX.id, name: 'Поток В' },
    ])
    .returning({ id: studentsGroups.id });
  const groups = { a: a!.id, none: none!.id, b: b!.id };
  const rows: StudentsTableSchool['rows'] = {
    annaX: { student: anna.id, group: groups.a, course: x.id },
    borisX: { student: boris.id, group: groups.a, course: x.id },
    veraX: { student: vera.id, group: groups.a, course: x.id },
    dmitryX: { student: dmitry.id, group: groups.none, course: x.id },
    annaY: { student: anna.id, group: groups.b, course: y.id },
    glebY: { student: gleb.id, group: groups.b, course: y.id },
  };
  await app.ctx.db.insert(studentsGroupMembers).values([
    ...Object.values(rows).map((row, index) => ({ groupId: row.group, userId: row.student, courseId: row.course, createdAt: day(index + 1) })),
    { groupId: old!.id, userId: egor.id, courseId: bin.id, createdAt: day(7) },
  ]);
  await app.ctx.db.update(courses).set({ removedAt: day(8) }).where(eq(courses.id, bin.id));

  // «Поток А» does not see the test; Борис has it opened for him, Вера has the first lesson hidden.
  await app.ctx.db.insert(groupLessonClosures).values({ groupId: groups.a, lessonId: l4 });
  await app.ctx.db.insert(studentLessonAccess).values([
    { userId: boris.id, lessonId: l4, available: true },
    { userId: vera.id, lessonId: l1, available: false },
  ]);

  const done = (userId: number, courseId: number, lessonId: number, viewed: number, completed: number | null, submitted: number | null = null) => ({
    userId,
    courseId,
    lessonId,
    viewedAt: day(viewed),
    submittedAt: submitted === null ? null : day(submitted),
    completedAt: completed === null ? null : day(completed),
  });
  await app.ctx.db.insert(lessonProgress).values([
    done(anna.id, x.id, l1, 1, 1),
    done(anna.id, x.id, l2, 2, 2),
    done(anna.id, x.id, l3, 2, 3, 2),
    done(boris.id, x.id, l1, 3, 3),
    done(boris.id, x.id, l4, 4, 4, 4),
    done(boris.id, x.id, l3, 4, 5, 4),
    // Вера completed the lesson that is now hidden from her: it does not count.
    done(vera.id, x.id, l1, 1, 1),
    done(vera.id, x.id, l3, 2, null, 2),
    done(anna.id, y.id, h1, 5, 5, 5),
    done(anna.id, y.id, h2, 5, 6, 5),
    done(anna.id, y.id, h3, 5, 6, 5),
    done(gleb.id, y.id, y1, 3, null),
    done(gleb.id, y.id, h1, 3, 4, 3),
    done(gleb.id, y.id, y5, 4, 4),
    done(gleb.id, y.id, h2, 4, null, 4),
  ]);
  const handIn = (userId: number, courseId: number, groupId: number, homeworkId: number, status: string, mark: number | null) => ({
    schoolId,
    userId,
    courseId,
    groupId,
    homeworkId,
    status,
    mark,
  });
  await app.ctx.db.insert(userHomeworks).values([
    handIn(anna.id, x.id, groups.a, l3, 'accepted', 5),
    handIn(boris.id, x.id, groups.a, l3, 'auto_check', 4),
    handIn(vera.id, x.id, groups.a, l3, 'revision', 2),
    handIn(anna.id, y.id, groups.b, h1, 'accepted', 5),
    handIn(anna.id, y.id, groups.b, h2, 'accepted', 4),
    handIn(anna.id, y.id, groups.b, h3, 'accepted', 4),
    handIn(gleb.id, y.id, groups.b, h1, 'accepted', 3),
    handIn(gleb.id, y.id, groups.b, h2, 'rejected', 1),
  ]);
  return { owner, teacherX, teacherY, student, anna, boris, vera, dmitry, gleb, x: { id: x.id, lessons: x.lessonIds }, y: { id: y.id, lessons: y.lessonIds }, groups, binned: bin.id, other, rows };
}
