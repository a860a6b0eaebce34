// The scale seed's shape at a small scale, on a migrated database of the server suite's pool
// (a *.db.test file runs in the server project).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertReferenceData } from '../../src/server/shared/db/reference-data.ts';
import { acquireDatabase } from '../server/database-pool.ts';
import { seedScale } from './seed-scale.mjs';

const SCALE = { schools: 3, students: 25, groupSize: 10, modules: 2, lessonsPerModule: 20, done: 10, messagesPerChat: 4, smallStudents: 5 };
let database;
let seeded;
beforeAll(async () => {
  database = await acquireDatabase();
  // The plans a school refers to (the pool's databases have no rows at all).
  await upsertReferenceData(database.db);
  seeded = await seedScale(database.db, { passwordHash: 'not-a-hash', scale: SCALE });
}, 120_000);
afterAll(() => database?.close());

const one = async (query) => (await database.db.execute(query)).rows[0];

describe('the scale seed', () => {
  it('makes the schools, the big school’s students in groups, its course, progress, hand-ins and chat history', () => {
    // 25 students in groups of 10: 3 groups; 10 lessons done each, one homework among them.
    expect(seeded.counts).toEqual({ schools: 3, students: 25, lessons: 40, progress: 25 * 10, hand_ins: 25, messages: 3 * 4, groups: 3 });
  });

  it('gives every group a teacher and a chat, and every small school a course with its students', async () => {
    expect(await one(sql`select count(*)::int as n from students_groups where school_id = ${seeded.schoolId} and teacher_id is null`)).toEqual({ n: 0 });
    expect(await one(sql`select count(distinct group_id)::int as n from chats where school_id = ${seeded.schoolId} and type = 'group' and last_message_id is not null`)).toEqual({ n: 3 });
    expect(await one(sql`select max(size)::int as largest, min(size)::int as smallest from (select count(*) as size from students_group_members m join students_groups g on g.id = m.group_id where g.school_id = ${seeded.schoolId} group by g.id) s`)).toEqual({ largest: 10, smallest: 5 });
    expect(await one(sql`select count(*)::int as n from students_group_members m join students_groups g on g.id = m.group_id where g.school_id <> ${seeded.schoolId}`)).toEqual({ n: 2 * 5 });
    // A tenth of the hand-ins wait for the teacher; every test has five questions of four answers, one right.
    expect(await one(sql`select count(*) filter (where status = 'pending')::int as pending from user_homeworks`)).toEqual({ pending: 2 });
    expect(await one(sql`select count(*)::int as questions, count(*) filter (where right_answers = 1 and all_answers = 4)::int as well_formed from (
      select q.id, count(*) filter (where a.is_correct) as right_answers, count(*) as all_answers from questions q join answers a on a.question_id = q.id group by q.id) q`)).toEqual({ questions: 5 * (4 + 2 * 1), well_formed: 5 * (4 + 2 * 1) });
  });
});
