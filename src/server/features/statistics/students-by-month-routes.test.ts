// user_count_by_month/ (students-by-month-routes.ts): who may read it, its parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupHistory } from '../groups/index.ts';
import { homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { lastMonths } from './students-by-month.ts';

let t: TestApp;
let s: HomeworkSchool;
let base: string;

const get = (token: string | undefined, query = '') => call(t.app, 'GET', `${base}/user_count_by_month/${query}`, token === undefined ? {} : { token });
const counts = async (token: string, query = '') => {
  const res = await get(token, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as unknown as Body[]).map((row) => row.count as number);
};

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Ученики по месяцам', 2);
  base = `/api/${s.owner.schoolName}`;
  // The fixture's members came in without history rows: this month, as the groups' routes record it.
  await t.app.ctx.db.insert(studentsGroupHistory).values([
    ...s.students.map((student) => ({ groupId: s.group, userId: student.id, addedAt: t.clock.now })),
    { groupId: s.soloGroup, userId: s.alone.id, addedAt: t.clock.now },
  ]);
});
afterAll(() => t.close());

describe('GET user_count_by_month/', () => {
  it('gives the last 12 months by default, oldest first, as {month, count}', async () => {
    const res = await get(s.admin.access);
    expect(res.status).toBe(200);
    const months = lastMonths(t.clock.now, 12);
    expect(res.body).toEqual(months.map((month, i) => ({ month, count: i === 11 ? 3 : 0 })));
  });

  it('takes months and course_id; a teacher counts their groups', async () => {
    expect(await counts(s.admin.access, '?months=3')).toEqual([0, 0, 3]);
    expect(await counts(s.admin.access, `?months=1&course_id=${s.soloCourse.id}`)).toEqual([1]);
    expect(await counts(s.teacher.access, '?months=2')).toEqual([0, 2]);
    expect(await counts(s.otherTeacher.access, '?months=2')).toEqual([0, 0]);
    expect(await counts(s.admin.access, '?months=36')).toHaveLength(36);
    // Another school's course filters to nothing.
    expect(await counts(s.admin.access, `?months=1&course_id=${s.soloCourse.id + 1000}`)).toEqual([0]);
  });

  it('reads the school and then one statement', async () => {
    expect((await readsDuring(t.app, () => get(s.admin.access))).length).toBeLessThanOrEqual(2);
  });

  it('refuses malformed parameters and a NUL byte in each with 400', async () => {
    for (const query of ['months=0', 'months=37', 'months=abc', 'months=1.5', 'course_id=abc', 'course_id=0', 'course_id=-1', 'course_id=99999999999']) {
      expect((await get(s.admin.access, `?${query}`)).status, query).toBe(400);
    }
    for (const name of ['months', 'course_id']) {
      for (const value of ['1%00', '%00']) expect((await get(s.admin.access, `?${name}=${value}`)).status, `${name}=${value}`).toBe(400);
    }
    expect((await call(t.app, 'GET', `/api/${s.owner.schoolName}%00/user_count_by_month/`, { token: s.admin.access })).status).toBe(400);
  });

  it('refuses students, another school’s staff and anonymous callers', async () => {
    expect((await get(s.students[0]!.access)).status).toBe(403);
    expect((await get(s.other.access)).status).toBe(403);
    expect((await get(undefined)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/no-such-school/user_count_by_month/', { token: s.admin.access })).status).toBe(404);
  });
});
