// The homework review queue's data for `npm run bench` (issue 13): 100,000 hand-ins — each of the
// outline group's 10,000 students handed in the course's first 10 homeworks — in the five statuses
// (spread by a hash, so every run seeds the same rows), marked when reviewed, their last replies
// spread over the past year, each with its first message. Set-based SQL, no row-by-row inserts.
import { sql } from 'drizzle-orm';

export const HOMEWORKS_PER_STUDENT = 10;

/** Seeds the hand-ins of the outline's course and group (outline-seed.mjs). Returns how many there are. */
export async function seedHomeworkQueue(db, { schoolId, courseId, groupId, teacherId }) {
  await db.execute(sql`insert into user_homeworks (school_id, homework_id, course_id, user_id, group_id, teacher_id, text, status, mark, last_reply_at, created_at, updated_at)
    select ${schoolId}, h.id, ${courseId}, m.user_id, ${groupId}, ${teacherId}, 'Решение задания', x.status,
      case when x.status in ('revision', 'rejected', 'accepted') then mod(x.hash, 6) end,
      x.reply, x.reply - interval '1 day', x.reply
    from students_group_members as m
    cross join (select l.id from lessons as l join sections as s on s.id = l.section_id
                where s.course_id = ${courseId} and l.type = 'homework' order by s."order", l."order" limit ${HOMEWORKS_PER_STUDENT}) as h
    cross join lateral (select abs(hashint4(m.user_id * 7919 + h.id)::bigint) as hash) as k
    cross join lateral (select k.hash,
      (array['pending', 'pending', 'revision', 'rejected', 'accepted', 'accepted', 'auto_check'])[1 + mod(k.hash, 7)] as status,
      now() - mod(k.hash, 365 * 24 * 60) * interval '1 minute' as reply) as x
    where m.group_id = ${groupId}`);
  // The thread's first message: the hand-in itself (the queue's `unread` reads the thread).
  await db.execute(sql`insert into user_homework_checks (user_homework_id, author_id, text, status, created_at, updated_at)
    select id, user_id, text, 'pending', created_at, created_at from user_homeworks where school_id = ${schoolId}`);
  const [{ n }] = (await db.execute(sql`select count(*)::int as n from user_homeworks where school_id = ${schoolId}`)).rows;
  return n;
}

/** The filtered page the bench loads: waiting hand-ins of the course, last replied in the past half year. */
export function queueQuery(courseId) {
  const since = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10);
  return `status=pending&course_id=${courseId}&start_date=${since}`;
}
