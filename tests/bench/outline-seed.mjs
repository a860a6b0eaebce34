// The student outline's data for `npm run bench` (issue 12): one course of 1,000 lessons in 20
// modules, a group with strict order of 10,000 students, each of whom has done a prefix of the
// course (0 to 1,000 lessons, spread by a hash of their id, so every run seeds the same rows:
// about 5 million lesson_progress rows), 20 lessons closed to the group and some students' own
// access rows. Set-based SQL (generate_series), no row-by-row inserts.
import { sql } from 'drizzle-orm';

export const MODULES = 20;
export const LESSONS_PER_MODULE = 50;
export const STUDENTS = 10_000;
const LESSONS = MODULES * LESSONS_PER_MODULE;

/** Lessons a student has done, 0..LESSONS: the same for a user id in every run. */
const donePrefix = (userId) => sql`mod(abs(hashint4(${userId})::bigint), ${LESSONS + 1})`;

/** Seeds the course in the school, its students the school's first STUDENTS students by id. Returns the course's and group's ids. */
export async function seedOutline(db, { schoolId, teacherId }) {
  const [course] = (
    await db.execute(sql`insert into courses (school_id, name, description, published, is_catalog, "order", price)
      values (${schoolId}, 'Большой курс', 'Тысяча уроков в двадцати модулях', true, false, 0, 0) returning id`)
  ).rows;
  await db.execute(sql`insert into sections (course_id, name, "order") select ${course.id}, 'Модуль ' || n, n from generate_series(1, ${MODULES}) as n`);
  // Every tenth lesson a test, every tenth (offset by five) a homework, the rest lessons to read.
  await db.execute(sql`insert into lessons (section_id, type, name, "order", points)
    select s.id, case when n % 10 = 0 then 'test' when n % 10 = 5 then 'homework' else 'lesson' end,
      'Урок ' || s."order" || '.' || n, n, case when n % 10 = 0 then 10 else 0 end
    from sections as s, generate_series(1, ${LESSONS_PER_MODULE}) as n where s.course_id = ${course.id}`);
  const [group] = (
    await db.execute(sql`insert into students_groups (school_id, course_id, teacher_id, name, strict_task_order)
      values (${schoolId}, ${course.id}, ${teacherId}, 'Поток нагрузки', true) returning id`)
  ).rows;
  await db.execute(sql`insert into students_group_members (group_id, user_id, course_id, access_from)
    select ${group.id}, id, ${course.id}, now() - interval '30 days'
    from (select u.id from users as u join school_members as m on m.user_id = u.id and m.school_id = ${schoolId} and m.role = 'Student' order by u.id limit ${STUDENTS}) as students`);
  // The prefix each student has done: read, tests passed, homework handed in and accepted except
  // the last few, still waiting for the teacher.
  await db.execute(sql`insert into lesson_progress (user_id, lesson_id, course_id, viewed_at, submitted_at, completed_at)
    select m.user_id, l.id, ${course.id}, now() - interval '1 day',
      case when l.type in ('test', 'homework') then now() - interval '1 day' end,
      case when l.type <> 'homework' or l.position <= m.done - 10 then now() - interval '1 day' end
    from (select user_id, ${donePrefix(sql`user_id`)} as done from students_group_members where group_id = ${group.id}) as m
    join (select l.id, l.type, (s."order" - 1) * ${LESSONS_PER_MODULE} + l."order" as position
          from lessons as l join sections as s on s.id = l.section_id where s.course_id = ${course.id}) as l
      on l.position <= m.done`);
  // The group's closures: the 48th lesson of every module.
  await db.execute(sql`insert into group_lesson_closures (group_id, lesson_id)
    select ${group.id}, l.id from lessons as l join sections as s on s.id = l.section_id where s.course_id = ${course.id} and l."order" = 48`);
  // A tenth of the students have the first module's closed lesson opened to them, a twentieth the
  // last module's first lesson only from next month.
  await db.execute(sql`insert into student_lesson_access (user_id, lesson_id, available, available_from)
    select m.user_id, l.id, true, case when s."order" = ${MODULES} then now() + interval '30 days' end
    from students_group_members as m, lessons as l join sections as s on s.id = l.section_id
    where m.group_id = ${group.id} and s.course_id = ${course.id}
      and ((s."order" = 1 and l."order" = 48 and m.user_id % 10 = 0) or (s."order" = ${MODULES} and l."order" = 1 and m.user_id % 20 = 1))`);
  return { courseId: course.id, groupId: group.id };
}

/** `count` of the group's students spread over its list (so over every prefix length), in id order. */
export async function sampleStudents(db, groupId, count) {
  const { rows } = await db.execute(sql`select user_id from (select user_id, row_number() over (order by user_id) as n from students_group_members where group_id = ${groupId}) as m
    where n % ${Math.max(1, Math.floor(STUDENTS / count))} = 0 order by user_id limit ${count}`);
  return rows.map((row) => row.user_id);
}
