// The load model's data at scale (issue 27), set-based SQL (generate_series), no row-by-row
// inserts: 100 schools; one of them («Нагрузка») with 100,000 students in groups of 200 (each
// group a chat of 200 members with history), their teachers and admins, and a course of 1,000
// lessons (20 modules of 50: every tenth a test of five questions, every tenth offset by five a
// homework); each student has done the first ten lessons (1 M progress rows) and handed in its
// homework (100,000 hand-ins, a tenth waiting for review). The other 99 schools are small: a
// course and 100 students each. Every account has one password (`LOAD_PASSWORD`), so sessions
// sign in as the product's users do. A smaller `scale` seeds the same shape (the tests). The full
// scale took 29 s on PostgreSQL and 54 s on PGlite on this 2-core machine (2026-11-29).
import { sql } from 'drizzle-orm';

export const LOAD_PASSWORD = 'Load-pass-1';
export const LOAD_SCHOOL = 'Нагрузка';

/** The figures. */
export const FULL_SCALE = { schools: 100, students: 100_000, groupSize: 200, modules: 20, lessonsPerModule: 50, done: 10, messagesPerChat: 50, smallStudents: 100 };

const rows = async (db, query) => (await db.execute(query)).rows;

/**
 * Seeds an empty, migrated database; returns what the load scenario needs (the big school's id and
 * name, its course, and how many of each row there are).
 */
export async function seedScale(db, { passwordHash, scale = FULL_SCALE }) {
  const { schools, students, groupSize, modules, lessonsPerModule, done, messagesPerChat, smallStudents } = scale;
  const groups = Math.ceil(students / groupSize);
  const teachers = Math.max(1, Math.ceil(groups / 10));
  const far = new Date(Date.now() + 365 * 86_400_000);

  // People: the big school's admins, teachers and students, and each small school's owner and students.
  await db.execute(sql`insert into users (email, password_hash, email_verified, first_name, last_name)
    select 'load-admin-' || n || '@example.com', ${passwordHash}, true, 'Админ', 'Нагрузки ' || n from generate_series(1, 2) n
    union all select 'load-teacher-' || n || '@example.com', ${passwordHash}, true, 'Учитель', 'Нагрузки ' || n from generate_series(1, ${teachers}) n
    union all select 'load-student-' || n || '@example.com', ${passwordHash}, true, 'Ученик', 'Номер ' || n from generate_series(1, ${students}) n
    union all select 'load-owner-' || n || '@example.com', ${passwordHash}, true, 'Владелец', 'Школы ' || n from generate_series(2, ${schools}) n
    union all select 'load-small-' || s || '-' || n || '@example.com', ${passwordHash}, true, 'Ученик', 'Школы ' || s from generate_series(2, ${schools}) s, generate_series(1, ${smallStudents}) n`);
  const [owner] = await rows(db, sql`select id from users where email = 'load-admin-1@example.com'`);
  const [big] = await rows(
    db,
    sql`insert into schools (name, title, owner_id, tariff_id, trial_end_date, purchased_tariff_end_date, used_trial)
      values ('Load', ${LOAD_SCHOOL}, ${owner.id}, 4, ${far}, ${far}, true) returning id`,
  );
  await db.execute(sql`insert into schools (name, title, owner_id, tariff_id, trial_end_date, purchased_tariff_end_date, used_trial)
    select 'Load' || n, 'Школа ' || n, u.id, 4, ${far}, ${far}, true from generate_series(2, ${schools}) n join users u on u.email = 'load-owner-' || n || '@example.com'`);
  await db.execute(sql`insert into school_members (school_id, user_id, role)
    select ${big.id}, id, case when email like 'load-admin-%' then 'Admin' when email like 'load-teacher-%' then 'Teacher' else 'Student' end
      from users where email like 'load-admin-%' or email like 'load-teacher-%' or email like 'load-student-%'
    union all select s.id, s.owner_id, 'Admin' from schools s where s.name like 'Load_%'
    union all select s.id, u.id, 'Student' from schools s join users u on u.email like 'load-small-' || substr(s.name, 5) || '-%' where s.name like 'Load_%'`);

  // The big course, its tests' questions (one right answer of four) and the small schools' courses.
  const [course] = await rows(
    db,
    sql`insert into courses (school_id, name, description, published, is_catalog, "order", price)
      values (${big.id}, 'Большой курс', 'Тысяча уроков в двадцати модулях', true, true, 0, 1000) returning id`,
  );
  await db.execute(sql`insert into courses (school_id, name, description, published, is_catalog, "order", price)
    select id, 'Курс школы ' || substr(name, 5), 'Короткий курс', true, true, 0, 500 from schools where name like 'Load_%'`);
  await db.execute(sql`insert into sections (course_id, name, "order")
    select ${course.id}, 'Модуль ' || n, n from generate_series(1, ${modules}) n
    union all select c.id, 'Модуль 1', 1 from courses c join schools s on s.id = c.school_id where s.name like 'Load_%'`);
  await db.execute(sql`insert into lessons (section_id, type, name, "order", points)
    select s.id, case when n % 10 = 0 then 'test' when n % 10 = 5 then 'homework' else 'lesson' end, 'Урок ' || s."order" || '.' || n, n, case when n % 10 = 0 then 10 else 0 end
    from sections s join courses c on c.id = s.course_id, generate_series(1, case when c.id = ${course.id} then ${lessonsPerModule} else 10 end) n
    where c.id = ${course.id} or c.school_id in (select id from schools where name like 'Load_%')`);
  await db.execute(sql`insert into questions (lesson_id, type, body, "order")
    select l.id, 'single', 'Вопрос ' || q, q from lessons l, generate_series(1, 5) q where l.type = 'test'`);
  await db.execute(sql`insert into answers (question_id, body, is_correct, "order")
    select q.id, 'Ответ ' || a, a = 1, a from questions q, generate_series(1, 4) a`);

  // Groups of groupSize with a teacher each (a tenth of the groups per teacher), and their chats.
  await db.execute(sql`insert into students_groups (school_id, course_id, teacher_id, name)
    select ${big.id}, ${course.id}, t.id, 'Поток ' || g
    from generate_series(1, ${groups}) g join users t on t.email = 'load-teacher-' || (1 + (g - 1) % ${teachers}) || '@example.com'`);
  await db.execute(sql`insert into students_group_members (group_id, user_id, course_id, access_from)
    select g.id, u.id, ${course.id}, now() - interval '30 days'
    from users u join students_groups g on g.school_id = ${big.id} and g.name = 'Поток ' || (1 + (substr(u.email, 14, length(u.email) - 25)::int - 1) / ${groupSize})
    where u.email like 'load-student-%'`);
  await db.execute(sql`insert into students_groups (school_id, course_id, name)
    select c.school_id, c.id, 'Группа' from courses c join schools s on s.id = c.school_id where s.name like 'Load_%'`);
  await db.execute(sql`insert into students_group_members (group_id, user_id, course_id, access_from)
    select g.id, m.user_id, g.course_id, now() - interval '30 days'
    from students_groups g join schools s on s.id = g.school_id and s.name like 'Load_%' join school_members m on m.school_id = s.id and m.role = 'Student'`);
  await db.execute(sql`insert into chats (school_id, type, group_id, created_at, updated_at)
    select school_id, 'group', id, now() - interval '30 days', now() - interval '1 day' from students_groups where school_id = ${big.id}`);
  // History: messages from the group's members in turn, a minute apart.
  await db.execute(sql`insert into chat_messages (chat_id, author_id, text, created_at)
    select c.id, m.user_id, 'Сообщение ' || m.n, now() - interval '1 day' - (${messagesPerChat} - m.n) * interval '1 minute'
    from chats c join lateral (
      select gm.user_id, row_number() over (order by gm.user_id) as n from students_group_members gm where gm.group_id = c.group_id order by gm.user_id limit ${messagesPerChat}
    ) m on true where c.school_id = ${big.id}`);
  await db.execute(sql`update chats c set last_message_id = (select max(id) from chat_messages x where x.chat_id = c.id) where c.school_id = ${big.id}`);

  // Each student of the big course has done its first `done` lessons, and handed in the homework
  // among them (a tenth still waiting for the teacher).
  await db.execute(sql`insert into lesson_progress (user_id, lesson_id, course_id, viewed_at, submitted_at, completed_at)
    select m.user_id, l.id, ${course.id}, now() - interval '2 days',
      case when l.type in ('test', 'homework') then now() - interval '2 days' end,
      case when l.type <> 'homework' or m.user_id % 10 <> 0 then now() - interval '2 days' end
    from students_group_members m
    join (select l.id, l.type from lessons l join sections s on s.id = l.section_id where s.course_id = ${course.id} and s."order" = 1 and l."order" <= ${done}) l on true
    where m.course_id = ${course.id}`);
  await db.execute(sql`insert into user_homeworks (school_id, homework_id, course_id, user_id, group_id, teacher_id, text, status, mark, last_reply_at)
    select ${big.id}, p.lesson_id, ${course.id}, p.user_id, m.group_id, g.teacher_id, 'Моё решение',
      case when p.completed_at is null then 'pending' else 'accepted' end, case when p.completed_at is null then null else 5 end, p.submitted_at
    from lesson_progress p join lessons l on l.id = p.lesson_id and l.type = 'homework'
    join students_group_members m on m.user_id = p.user_id and m.course_id = ${course.id} join students_groups g on g.id = m.group_id
    where p.course_id = ${course.id}`);
  await db.execute(sql`analyze`);

  const [counts] = await rows(
    db,
    sql`select (select count(*) from schools)::int as schools, (select count(*) from school_members where school_id = ${big.id} and role = 'Student')::int as students,
      (select count(*) from lessons l join sections s on s.id = l.section_id where s.course_id = ${course.id})::int as lessons,
      (select count(*) from lesson_progress)::int as progress, (select count(*) from user_homeworks)::int as hand_ins,
      (select count(*) from chat_messages)::int as messages, (select count(*) from students_groups where school_id = ${big.id})::int as groups`,
  );
  return { schoolId: big.id, schoolName: 'Load', courseId: course.id, counts };
}
