// An admin names a hand-in's checker (reassign-routes.ts): the named checker sees and reviews it,
// the group's teacher no longer does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type Account } from '../../../../tests/server/fixtures.ts';
import { handIn, homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let s: HomeworkSchool;
let base: string;
let pending: number;
let accepted: number;
let foreign: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Назначение проверяющего', 2);
  base = `/api/${s.owner.schoolName}`;
  pending = (await handIn(t.app, s.owner.schoolName, s.students[0]!, s.course.homework)).user_homework_id as number;
  accepted = (await handIn(t.app, s.owner.schoolName, s.students[1]!, s.course.homework)).user_homework_id as number;
  const accept = await call(t.app, 'POST', `${base}/user_homework_checks/`, { token: s.teacher.access, body: { user_homework: accepted, status: 'accepted', mark: 5 } });
  expect(accept.status).toBe(201);
  const other = await homeworkSchool(t.app, 'Чужое назначение', 1);
  foreign = (await handIn(t.app, other.owner.schoolName, other.students[0]!, other.course.homework)).user_homework_id as number;
});
afterAll(() => t.close());

const reassign = (who: Account | null, id: number, body: unknown) => call(t.app, 'PATCH', `${base}/user_homeworks/${id}/teacher/`, { ...(who ? { token: who.access } : {}), body });
const queueIds = async (who: Account) => ((await call(t.app, 'GET', `${base}/homeworks_stats/`, { token: who.access })).body!.results as Body[]).map((row) => row.user_homework_id);

describe('PATCH user_homeworks/{id}/teacher/', () => {
  it('moves the hand-in to the named teacher: they see and review it, the group’s teacher no longer', async () => {
    expect(await queueIds(s.teacher)).toContain(pending);
    expect(await queueIds(s.otherTeacher)).not.toContain(pending);
    const res = await reassign(s.admin, pending, { teacher_id: s.otherTeacher.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ user_homework_id: pending, teacher_id: s.otherTeacher.id, teacher_name: 'Иван Другой', teacher_email: s.otherTeacher.email, status: 'pending', group_id: s.group });

    expect(await queueIds(s.otherTeacher)).toEqual([pending]);
    expect(await queueIds(s.teacher)).not.toContain(pending);
    expect((await call(t.app, 'GET', `${base}/user_homeworks/${pending}/`, { token: s.teacher.access })).status).toBe(404);
    const stale = await call(t.app, 'POST', `${base}/user_homework_checks/`, { token: s.teacher.access, body: { user_homework: pending, status: 'accepted' } });
    expect(stale.status).toBe(403);
    const fresh = await call(t.app, 'POST', `${base}/user_homework_checks/`, { token: s.otherTeacher.access, body: { user_homework: pending, text: 'Доработайте', status: 'revision', mark: 2 } });
    expect(fresh.status).toBe(201);
    // The admin's queue filtered by teacher follows the checker.
    const filtered = await call(t.app, 'GET', `${base}/homeworks_stats/?teacher_id=${s.otherTeacher.id}`, { token: s.admin.access });
    expect((filtered.body!.results as Body[]).map((row) => row.user_homework_id)).toEqual([pending]);
  });

  it('takes an admin as the checker, and gives it back to the group’s teacher by name', async () => {
    expect((await reassign(s.admin, pending, { teacher_id: s.owner.id })).body).toMatchObject({ teacher_id: s.owner.id });
    expect(await queueIds(s.otherTeacher)).not.toContain(pending);
    expect((await reassign(s.owner, pending, { teacher_id: s.teacher.id })).body).toMatchObject({ teacher_id: s.teacher.id, teacher_name: 'Пётр Учителев' });
    expect(await queueIds(s.teacher)).toContain(pending);
  });

  it('refuses a checker who is not staff of the school', async () => {
    const student = await reassign(s.admin, pending, { teacher_id: s.students[0]!.id });
    expect(student.status).toBe(400);
    expect(student.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Преподаватель не найден в этой школе.', fields: { teacher_id: ['Преподаватель не найден в этой школе.'] } });
    const outsider = await addMember(t.app, (await homeworkSchool(t.app, 'Ещё одна школа', 0)).owner.schoolId, 'Teacher');
    expect((await reassign(s.admin, pending, { teacher_id: outsider.id })).status).toBe(400);
    expect((await reassign(s.admin, pending, { teacher_id: 2147483647 })).status).toBe(400);
  });

  it('leaves an accepted hand-in as it is', async () => {
    const res = await reassign(s.admin, accepted, { teacher_id: s.otherTeacher.id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'HOMEWORK_ACCEPTED' });
  });

  it('is for admins of the school only', async () => {
    expect((await reassign(s.teacher, pending, { teacher_id: s.otherTeacher.id })).status).toBe(403);
    expect((await reassign(s.students[0]!, pending, { teacher_id: s.otherTeacher.id })).status).toBe(403);
    expect((await reassign(null, pending, { teacher_id: s.otherTeacher.id })).status).toBe(401);
    expect((await reassign(s.admin, foreign, { teacher_id: s.otherTeacher.id })).status).toBe(404);
    expect((await reassign(s.admin, 999_999, { teacher_id: s.otherTeacher.id })).status).toBe(404);
  });

  it('refuses a malformed body or id', async () => {
    for (const body of [{}, { teacher_id: 'abc' }, { teacher_id: '1' }, { teacher_id: 0 }, { teacher_id: 1.5 }, { teacher_id: null }, { teacher_id: 'a\u0000' }]) {
      expect((await reassign(s.admin, pending, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'PATCH', `${base}/user_homeworks/abc/teacher/`, { token: s.admin.access, body: { teacher_id: s.teacher.id } })).status).toBe(400);
    expect((await call(t.app, 'PATCH', `${base}/user_homeworks/1%00/teacher/`, { token: s.admin.access, body: { teacher_id: s.teacher.id } })).status).toBe(400);
  });
});
