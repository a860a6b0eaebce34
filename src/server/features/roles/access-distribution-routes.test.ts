import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, schoolMembers } from '../../shared/db/core-tables.ts';
import { lessonProgress } from '../learning/index.ts';
import { studentsGroupHistory, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { userPseudonyms } from '../schools/index.ts';
import { schoolInvitationGroups, schoolInvitations } from './tables.ts';
import { addMember, PASSWORD, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const DAY = 86_400_000;
let t: TestApp;
let owner: Owner;
let admin: Account;
let teacher: Account;
let teacher2: Account;
let students: Account[];
let other: Owner;
let stranger: Account;
let python: CourseFixture;
let design: CourseFixture;
let g: Record<'python1' | 'python2' | 'design' | 'designAlone' | 'foreign', number>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Распределение доступа' });
  await setTariff(t.app, owner.schoolId, 4);
  admin = await addMember(t.app, owner.schoolId, 'Admin');
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  teacher2 = await addMember(t.app, owner.schoolId, 'Teacher');
  students = [];
  for (let i = 0; i < 4; i += 1) students.push(await addMember(t.app, owner.schoolId, 'Student'));
  other = await registerOwner(t.app, { schoolTitle: 'Чужое распределение' });
  stranger = await addMember(t.app, other.schoolId, 'Student');
  python = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У1'], ['lesson', 'У2']] }] });
  design = await addCourse(t.app, owner.schoolId);
  const foreign = await addCourse(t.app, other.schoolId);
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: python.id, teacherId: teacher.id, name: 'Python 1' },
      { schoolId: owner.schoolId, courseId: python.id, teacherId: teacher.id, name: 'Python 2' },
      { schoolId: owner.schoolId, courseId: design.id, teacherId: teacher.id, name: 'Дизайн' },
      { schoolId: owner.schoolId, courseId: design.id, type: 'WITHOUT_TEACHER', name: 'Дизайн сам' },
      { schoolId: other.schoolId, courseId: foreign.id, name: 'Чужая' },
    ])
    .returning();
  const [a, b, c, d, e] = rows.map((row) => row.id) as [number, number, number, number, number];
  g = { python1: a, python2: b, design: c, designAlone: d, foreign: e };
});
afterAll(() => t.close());

const grant = (body: unknown, token = owner.access) => call(t.app, 'POST', `/api/${owner.schoolName}/access-distribution/`, { token, body });
const revoke = (body: unknown, token = owner.access) => call(t.app, 'DELETE', `/api/${owner.schoolName}/access-distribution/`, { token, body });
const move = (from: string | number, body: unknown, token = owner.access) => call(t.app, 'PATCH', `/api/${owner.schoolName}/access-distribution/${from}/update-group/`, { token, body });
const groupOf = async (userId: number, courseId: number) =>
  (await t.app.ctx.db.select().from(studentsGroupMembers).where(and(eq(studentsGroupMembers.userId, userId), eq(studentsGroupMembers.courseId, courseId))))[0];
const teacherOf = async (groupId: number) => (await t.app.ctx.db.select().from(studentsGroups).where(eq(studentsGroups.id, groupId)))[0]!.teacherId;
const role = async (userId: number) => (await t.app.ctx.db.select().from(schoolMembers).where(and(eq(schoolMembers.schoolId, owner.schoolId), eq(schoolMembers.userId, userId))))[0]?.role ?? null;

describe('POST access-distribution/', () => {
  it('puts students (by id or email) into groups, each with its course and a history row', async () => {
    const res = await grant({ user_ids: [students[0]!.id], emails: [students[1]!.email.toUpperCase()], role: 'Student', student_groups: `${g.python1},${g.design}` });
    expect(res).toMatchObject({ status: 201, body: { detail: 'Доступы предоставлены' } });
    for (const student of students.slice(0, 2)) {
      expect((await groupOf(student.id, python.id))!.groupId).toBe(g.python1);
      expect((await groupOf(student.id, design.id))!.groupId).toBe(g.design);
    }
    const history = await t.app.ctx.db.select().from(studentsGroupHistory).where(eq(studentsGroupHistory.userId, students[0]!.id));
    expect(history.map((row) => row.groupId).sort()).toEqual([g.python1, g.design].sort());
    // Again: nothing changes, nothing fails.
    expect((await grant({ user_ids: [students[0]!.id], role: 'Student', student_groups: [g.python1] })).status).toBe(201);
  });

  it('refuses a second group of a course, in one call or against an earlier one', async () => {
    expect((await grant({ user_ids: [students[2]!.id], role: 'Student', student_groups: [g.python1, g.python2] })).body).toMatchObject({
      fields: { student_groups: ['Нельзя преподавать либо учиться в нескольких группах одного и того же курса'] },
    });
    const clash = await grant({ user_ids: [students[2]!.id, students[0]!.id], role: 'Student', student_groups: [g.python2] });
    expect(clash.status).toBe(400);
    expect(clash.body).toMatchObject({ code: 'ALREADY_IN_COURSE', message: 'Нельзя преподавать либо учиться в нескольких группах одного и того же курса' });
    // Nobody joined: the call is one transaction.
    expect(await groupOf(students[2]!.id, python.id)).toBeUndefined();
  });

  it('gives a group a new teacher and a pseudonym; one teacher per group, never a group without teacher', async () => {
    expect((await grant({ user_ids: [teacher2.id], role: 'Teacher', student_groups: [g.python2], pseudonym: 'Мастер' })).status).toBe(201);
    expect(await teacherOf(g.python2)).toBe(teacher2.id);
    const [named] = await t.app.ctx.db.select().from(userPseudonyms).where(and(eq(userPseudonyms.schoolId, owner.schoolId), eq(userPseudonyms.userId, teacher2.id)));
    expect(named!.pseudonym).toBe('Мастер');
    expect((await grant({ user_ids: [teacher.id, teacher2.id], role: 'Teacher', student_groups: [g.python2] })).body).toMatchObject({ fields: { user_ids: ['Нельзя назначить несколько преподавателей в одни и те же группы'] } });
    expect((await grant({ user_ids: [teacher2.id], role: 'Teacher', student_groups: [g.designAlone] })).body).toMatchObject({ code: 'GROUP_WITHOUT_TEACHER' });
  });

  it('adds nobody to the school: other roles, non-members and unknown addresses are named back', async () => {
    expect((await grant({ user_ids: [teacher.id], role: 'Student', student_groups: [g.python2] })).body).toMatchObject({
      fields: { role: [`Пользователь уже имеет другую роль в этой школе (email=${teacher.email});Teacher`] },
    });
    expect((await grant({ user_ids: [stranger.id], role: 'Student' })).body).toMatchObject({ code: 'NOT_MEMBERS', fields: { user_ids: [expect.stringContaining(String(stranger.id))] } });
    // Unknown addresses are invited only as students into groups (see 'invitations by email'); staff
    // and students without groups are named back, account or not.
    for (const body of [
      { emails: ['new@example.com', stranger.email], role: 'Teacher', student_groups: [g.python2] },
      { emails: ['new@example.com', stranger.email], role: 'Admin' },
      { emails: ['new@example.com', stranger.email], role: 'Student' },
    ]) {
      const unknown = await grant(body);
      expect(unknown.status).toBe(400);
      expect(unknown.body!.code).toBe('NOT_MEMBERS');
      expect(unknown.body!.fields.emails[0]).toContain('new@example.com');
      expect(unknown.body!.fields.emails[0]).toContain(stranger.email);
    }
    expect(await role(stranger.id)).toBeNull();
    expect(await t.app.ctx.db.select().from(schoolInvitations).where(eq(schoolInvitations.schoolId, owner.schoolId))).toEqual([]);
    expect((await grant({ role: 'Student' })).body).toMatchObject({ code: 'NO_USERS' });
    expect((await grant({ user_ids: [students[3]!.id], role: 'Student', student_groups: [g.foreign] })).body).toMatchObject({ message: 'Проверьте принадлежность студенческих групп к вашей школе' });
    expect((await grant({ user_ids: [admin.id], role: 'Admin', student_groups: [g.python1] })).body).toMatchObject({ code: 'GROUPS_FOR_ADMIN' });
  });

  it('is the admin’s only, and refuses malformed bodies', async () => {
    const body = { user_ids: [students[3]!.id], role: 'Student', student_groups: [g.python2] };
    expect((await grant(body, teacher.access)).status).toBe(403);
    expect((await grant(body, students[3]!.access)).status).toBe(403);
    expect((await grant(body, other.access)).status).toBe(403);
    expect((await call(t.app, 'POST', `/api/${owner.schoolName}/access-distribution/`, { body })).status).toBe(401);
    expect((await grant({ ...body, role: 'Owner' })).status).toBe(400);
    expect((await grant({ ...body, student_groups: 'один,два' })).status).toBe(400);
    expect((await grant({ ...body, student_groups: '1\u0000' })).status).toBe(400);
    expect((await grant({ ...body, pseudonym: 'a\u0000' })).status).toBe(400);
    expect((await grant({ ...body, emails: ['not-an-email'] })).status).toBe(400);
  });
});

describe('PATCH access-distribution/{any}/update-group/', () => {
  it('moves students within a course keeping their access period and progress', async () => {
    const before = await groupOf(students[0]!.id, python.id);
    await t.app.ctx.db.insert(lessonProgress).values({ userId: students[0]!.id, lessonId: python.lessonIds[0]!, courseId: python.id, completedAt: t.clock.now });
    t.clock.advance(DAY);
    const res = await move('any', { user_ids: JSON.stringify([students[0]!.id]), role: 'Student', new_group_id: g.python2 });
    expect(res).toMatchObject({ status: 200, body: { detail: 'Группа обновлена' } });
    const after = await groupOf(students[0]!.id, python.id);
    expect(after).toMatchObject({ groupId: g.python2, accessFrom: before!.accessFrom });
    expect(await t.app.ctx.db.select().from(lessonProgress).where(eq(lessonProgress.userId, students[0]!.id))).toHaveLength(1);
    const history = await t.app.ctx.db.select().from(studentsGroupHistory).where(eq(studentsGroupHistory.userId, students[0]!.id));
    expect(history.find((row) => row.groupId === g.python1)!.removedAt).toEqual(t.clock.now);
    expect(history.find((row) => row.groupId === g.python2)!.removedAt).toBeNull();
  });

  it('moves to another course from the group the path names, starting the access period again', async () => {
    await grant({ user_ids: [students[3]!.id], role: 'Student', student_groups: [g.python1] });
    t.clock.advance(DAY);
    expect((await move('any', { user_ids: [students[3]!.id], new_group_id: g.designAlone })).body).toMatchObject({ fields: { user_ids: ['Указанный студент не учится в этой группе'] } });
    const res = await move(g.python1, { user_ids: [students[3]!.id], new_group_id: g.designAlone });
    expect(res.status).toBe(200);
    expect(await groupOf(students[3]!.id, python.id)).toBeUndefined();
    expect(await groupOf(students[3]!.id, design.id)).toMatchObject({ groupId: g.designAlone, accessFrom: t.clock.now });
    // A student with a group in the new group's course moves within that course, whatever the path names.
    expect((await move(g.design, { user_ids: [students[1]!.id], new_group_id: g.python2 })).status).toBe(200);
    expect((await groupOf(students[1]!.id, python.id))!.groupId).toBe(g.python2);
    expect((await groupOf(students[1]!.id, design.id))!.groupId).toBe(g.design);
  });

  it('takes students only, of the school, into a group of the school, from the admin', async () => {
    expect((await move('x', { user_ids: [teacher.id], new_group_id: g.python2 })).status).toBe(400);
    expect((await move('x', { user_ids: [students[0]!.id], role: 'Teacher', new_group_id: g.python2 })).body).toMatchObject({ code: 'STUDENTS_ONLY' });
    expect((await move('x', { user_ids: [students[0]!.id], new_group_id: g.foreign })).status).toBe(404);
    expect((await move('x', { user_ids: [stranger.id], new_group_id: g.python2 })).status).toBe(400);
    expect((await move('x', { user_ids: [students[0]!.id], new_group_id: g.python1 }, teacher.access)).status).toBe(403);
    expect((await move('x\u0000', { user_ids: [students[0]!.id], new_group_id: g.python1 })).status).toBe(400);
    expect((await move('x', { user_ids: 'a\u0000', new_group_id: g.python1 })).status).toBe(400);
  });
});

describe('DELETE access-distribution/', () => {
  it('takes a student out of the named groups on a date, refusing a date before they joined', async () => {
    const [joined] = await t.app.ctx.db
      .select()
      .from(studentsGroupHistory)
      .where(and(eq(studentsGroupHistory.userId, students[1]!.id), eq(studentsGroupHistory.groupId, g.design)));
    const early = await revoke({ user_ids: [students[1]!.id], role: 'Student', student_groups: [g.design], date: '2000-01-01' });
    expect(early.body).toMatchObject({ fields: { date: ['Дата добавления ученика в группу превышает дату удаления его из группы'] } });
    const date = new Date(joined!.addedAt.getTime() + DAY).toISOString();
    const res = await revoke({ user_ids: [students[1]!.id], role: 'Student', student_groups: [g.design], date });
    expect(res).toMatchObject({ status: 200, body: { detail: 'Доступ успешно заблокирован' } });
    expect(await groupOf(students[1]!.id, design.id)).toBeUndefined();
    const [closed] = await t.app.ctx.db
      .select()
      .from(studentsGroupHistory)
      .where(and(eq(studentsGroupHistory.userId, students[1]!.id), eq(studentsGroupHistory.groupId, g.design)));
    expect(closed!.removedAt!.toISOString()).toBe(date);
    // The student stays in the school and in their other groups.
    expect(await role(students[1]!.id)).toBe('Student');
    expect(await groupOf(students[1]!.id, python.id)).toBeDefined();
  });

  it('without groups takes the person out of the school, students out of every group', async () => {
    expect((await revoke({ user_ids: [students[1]!.id], role: 'Teacher' })).body).toMatchObject({ fields: { role: [`У пользователя нет такой роли в вашей школе (email=${students[1]!.email})`] } });
    expect((await revoke({ user_ids: [students[1]!.id], role: 'Student' })).status).toBe(200);
    expect(await role(students[1]!.id)).toBeNull();
    expect(await groupOf(students[1]!.id, python.id)).toBeUndefined();
  });

  it('keeps a group with teacher from losing it, the owner and the last admin in the school', async () => {
    expect((await revoke({ user_ids: [teacher2.id], role: 'Teacher', student_groups: [g.python2] })).body).toMatchObject({ message: 'Группу нельзя оставить без преподавателя' });
    expect((await revoke({ user_ids: [teacher2.id], role: 'Teacher' })).status).toBe(400);
    expect(await role(teacher2.id)).toBe('Teacher');
    expect((await revoke({ user_ids: [owner.id], role: 'Admin' })).body).toMatchObject({ message: 'Владельца школы нельзя лишать его прав' });
    expect((await revoke({ user_ids: [admin.id], role: 'Admin' })).status).toBe(200);
    expect(await role(admin.id)).toBeNull();
    // A teacher who leads no group leaves.
    await grant({ user_ids: [teacher.id], role: 'Teacher', student_groups: [g.python1] });
    await grant({ user_ids: [teacher2.id], role: 'Teacher', student_groups: [g.python2] });
    expect((await revoke({ user_ids: [teacher2.id], role: 'Teacher' })).status).toBe(400);
  });

  it('is the admin’s only', async () => {
    const body = { user_ids: [students[2]!.id], role: 'Student' };
    expect((await revoke(body, teacher.access)).status).toBe(403);
    expect((await revoke(body, other.access)).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/${owner.schoolName}/access-distribution/`, { body })).status).toBe(401);
    expect((await revoke({ ...body, date: 'вчера' })).status).toBe(400);
    expect((await revoke({ ...body, date: '2020\u0000' })).status).toBe(400);
    expect(await role(students[2]!.id)).toBe('Student');
  });
});

describe('invitations by email (issue 12)', () => {
  let course1: CourseFixture;
  let course2: CourseFixture;
  let ig: Record<'a1' | 'a2' | 'b' | 'gone', number>;
  let n = 0;
  const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(n += 1)}@example.com`;

  beforeAll(async () => {
    course1 = await addCourse(t.app, owner.schoolId);
    course2 = await addCourse(t.app, owner.schoolId);
    const rows = await t.app.ctx.db
      .insert(studentsGroups)
      .values([
        { schoolId: owner.schoolId, courseId: course1.id, teacherId: teacher.id, name: 'Курс 1, А' },
        { schoolId: owner.schoolId, courseId: course1.id, teacherId: teacher.id, name: 'Курс 1, Б' },
        { schoolId: owner.schoolId, courseId: course2.id, type: 'WITHOUT_TEACHER', name: 'Курс 2' },
        { schoolId: owner.schoolId, courseId: course2.id, type: 'WITHOUT_TEACHER', name: 'Курс 2, удаляемая' },
      ])
      .returning();
    const [a1, a2, b, gone] = rows.map((row) => row.id) as [number, number, number, number];
    ig = { a1, a2, b, gone };
  });

  /** The token of the newest invitation link mailed to `email` (mail leaves after the answer). */
  async function invitationToken(email: string): Promise<string> {
    await t.app.ctx.jobs.idle();
    const [mail] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
    const token = /http:\/\/coursehub\.test\/invitation\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no invitation link mailed to ${email}`);
    return token;
  }
  const invitationOf = async (email: string) =>
    (await t.app.ctx.db.select().from(schoolInvitations).where(and(eq(schoolInvitations.schoolId, owner.schoolId), eq(schoolInvitations.email, email))))[0];
  const groupsOfInvitation = async (email: string) => {
    const invitation = await invitationOf(email);
    if (!invitation) return null;
    const rows = await t.app.ctx.db.select().from(schoolInvitationGroups).where(eq(schoolInvitationGroups.invitationId, invitation.id));
    return rows.map((row) => row.groupId).sort((x, y) => x - y);
  };
  const historyOf = (userId: number) => t.app.ctx.db.select().from(studentsGroupHistory).where(eq(studentsGroupHistory.userId, userId));

  it('invites an unknown address as a student with its groups, answering the same whether an account exists', async () => {
    const newcomer = fresh('newcomer');
    const elsewhere = await addMember(t.app, other.schoolId, 'Student');
    const a = await grant({ emails: [newcomer.toUpperCase()], role: 'Student', student_groups: [ig.a1, ig.b] });
    const b = await grant({ emails: [elsewhere.email], role: 'Student', student_groups: `${ig.a1},${ig.b}` });
    expect(a).toMatchObject({ status: 201, body: { detail: 'Доступы предоставлены', invited: [newcomer] } });
    expect(b).toMatchObject({ status: 201, body: { detail: 'Доступы предоставлены', invited: [elsewhere.email] } });
    expect(Object.keys(a.body!).sort()).toEqual(Object.keys(b.body!).sort());
    for (const email of [newcomer, elsewhere.email]) {
      expect(await invitationOf(email)).toMatchObject({ role: 'Student' });
      expect(await groupsOfInvitation(email)).toEqual([ig.a1, ig.b]);
      // The mail goes to the address; the school gets no membership.
      expect(await invitationToken(email)).toEqual(expect.any(String));
    }
    expect(await role(elsewhere.id)).toBeNull();
    expect(await groupOf(elsewhere.id, course1.id)).toBeUndefined();
    // The school's list of invitations shows them.
    const pending = await call(t.app, 'GET', `/api/${owner.schoolName}/invitations/`, { token: owner.access });
    expect(pending.body!.results.map((row: { email: string }) => row.email)).toEqual(expect.arrayContaining([newcomer, elsewhere.email]));
  });

  it('adds the members and invites the others in one call, which fails as a whole', async () => {
    const member = await addMember(t.app, owner.schoolId, 'Student');
    const newcomer = fresh('mixed');
    const res = await grant({ emails: [member.email, newcomer], role: 'Student', student_groups: [ig.a2] });
    expect(res).toMatchObject({ status: 201, body: { invited: [newcomer] } });
    expect((await groupOf(member.id, course1.id))!.groupId).toBe(ig.a2);
    // The member cannot join a second group of the course: nobody is invited either.
    const clash = fresh('clash');
    expect((await grant({ emails: [member.email, clash], role: 'Student', student_groups: [ig.a1] })).body).toMatchObject({ code: 'ALREADY_IN_COURSE' });
    expect(await invitationOf(clash)).toBeUndefined();
  });

  it('joins the groups on accepting by the link: a new account, or one that exists', async () => {
    const newcomer = fresh('link-new');
    const existing = await addMember(t.app, other.schoolId, 'Student');
    await grant({ emails: [newcomer, existing.email], role: 'Student', student_groups: [ig.a1, ig.b] });
    const invitationIds = [(await invitationOf(newcomer))!.id, (await invitationOf(existing.email))!.id];
    t.clock.advance(60_000);
    const accepted = await call(t.app, 'POST', `/api/invitations/${await invitationToken(newcomer)}/accept/`, { body: { password: PASSWORD, password_confirmation: PASSWORD } });
    expect(accepted).toMatchObject({ status: 200, body: { school: { name: owner.schoolName, role: 'Student' } } });
    const userId = accepted.body!.user.id as number;
    const byExisting = await call(t.app, 'POST', `/api/invitations/${await invitationToken(existing.email)}/accept/`, { body: {} });
    expect(byExisting).toMatchObject({ status: 200, body: { school: { role: 'Student' } } });
    for (const id of [userId, existing.id]) {
      expect(await role(id)).toBe('Student');
      expect(await groupOf(id, course1.id)).toMatchObject({ groupId: ig.a1, courseId: course1.id, accessFrom: t.clock.now });
      expect(await groupOf(id, course2.id)).toMatchObject({ groupId: ig.b, courseId: course2.id });
      const history = await historyOf(id);
      expect(history.map((row) => row.groupId).sort((x, y) => x - y)).toEqual([ig.a1, ig.b]);
      expect(history.every((row) => row.addedAt.getTime() === t.clock.now.getTime() && row.removedAt === null)).toBe(true);
    }
    // The invitation and its groups are spent.
    expect(await invitationOf(newcomer)).toBeUndefined();
    expect(await t.app.ctx.db.select().from(schoolInvitationGroups).where(inArray(schoolInvitationGroups.invitationId, invitationIds))).toEqual([]);
    // The group's page lists them.
    const listed = await call(t.app, 'GET', `/api/${owner.schoolName}/students_group/${ig.a1}/get_students_for_group/`, { token: owner.access });
    expect(listed.body!.results.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([userId, existing.id]));
  });

  it('joins the groups on accepting on the choose-school screen, skipping a group deleted meanwhile and a course studied already', async () => {
    const person = await addMember(t.app, other.schoolId, 'Student');
    await grant({ emails: [person.email], role: 'Student', student_groups: [ig.a1, ig.gone] });
    await t.app.ctx.db.delete(studentsGroups).where(eq(studentsGroups.id, ig.gone));
    expect(await groupsOfInvitation(person.email)).toEqual([ig.a1]);
    const listed = await call(t.app, 'GET', '/api/user-invitations/', { token: person.access });
    const mine = (listed.body as unknown as { invitation_id: number; school_name: string }[]).find((row) => row.school_name === owner.schoolName);
    expect(mine).toBeDefined();
    const accepted = await call(t.app, 'POST', `/api/user-invitations/${mine!.invitation_id}/accept/`, { token: person.access });
    expect(accepted).toMatchObject({ status: 200, body: { name: owner.schoolName, role: 'Student' } });
    expect(await groupOf(person.id, course1.id)).toMatchObject({ groupId: ig.a1, courseId: course1.id });
    expect((await historyOf(person.id)).map((row) => row.groupId)).toEqual([ig.a1]);

    // Someone who studies the course already (joined another way before accepting) keeps their group.
    const again = await addMember(t.app, other.schoolId, 'Student');
    await grant({ emails: [again.email], role: 'Student', student_groups: [ig.a1, ig.b] });
    await t.app.ctx.db.insert(schoolMembers).values({ schoolId: owner.schoolId, userId: again.id, role: 'Student' });
    await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: ig.a2, userId: again.id, courseId: course1.id });
    const [invitation] = (await call(t.app, 'GET', '/api/user-invitations/', { token: again.access })).body as unknown as { invitation_id: number }[];
    expect((await call(t.app, 'POST', `/api/user-invitations/${invitation!.invitation_id}/accept/`, { token: again.access })).status).toBe(200);
    expect((await groupOf(again.id, course1.id))!.groupId).toBe(ig.a2);
    expect((await groupOf(again.id, course2.id))!.groupId).toBe(ig.b);
  });

  it('renews one invitation for the same address and merges its groups, a group replacing its course’s earlier one', async () => {
    const email = fresh('twice');
    await grant({ emails: [email], role: 'Student', student_groups: [ig.a1] });
    const first = await invitationOf(email);
    const oldToken = await invitationToken(email);
    await grant({ emails: [email], role: 'Student', student_groups: [ig.b] });
    expect(await groupsOfInvitation(email)).toEqual([ig.a1, ig.b]);
    const renewed = await invitationOf(email);
    expect(renewed!.id).toBe(first!.id);
    expect(await t.app.ctx.db.select().from(schoolInvitations).where(eq(schoolInvitations.email, email))).toHaveLength(1);
    const newToken = await invitationToken(email);
    expect(newToken).not.toBe(oldToken);
    expect((await call(t.app, 'GET', `/api/invitations/${oldToken}/`)).status).toBe(404);
    // Another group of the first course replaces the first.
    await grant({ emails: [email], role: 'Student', student_groups: [ig.a2] });
    expect(await groupsOfInvitation(email)).toEqual([ig.a2, ig.b]);
    // Renewed for staff, through the roles feature, it puts nobody into groups.
    expect((await call(t.app, 'POST', '/api/register_user/', { token: owner.access, body: { school: owner.schoolName, email, role: 'Teacher' } })).status).toBe(201);
    expect(await groupsOfInvitation(email)).toEqual([]);
  });

  it('starts an expired invitation afresh, without the groups it named', async () => {
    const email = fresh('expired');
    await grant({ emails: [email], role: 'Student', student_groups: [ig.a1] });
    t.clock.advance(8 * DAY);
    await grant({ emails: [email], role: 'Student', student_groups: [ig.b] });
    expect(await groupsOfInvitation(email)).toEqual([ig.b]);
  });

  it('refuses another school’s groups, other callers and malformed bodies, inviting nobody', async () => {
    const email = fresh('refused');
    const body = { emails: [email], role: 'Student', student_groups: [ig.a1] };
    expect((await grant({ ...body, student_groups: [ig.a1, g.foreign] })).body).toMatchObject({ code: 'GROUP_NOT_FOUND', message: 'Проверьте принадлежность студенческих групп к вашей школе' });
    expect((await grant({ ...body, student_groups: [g.foreign] })).status).toBe(404);
    expect((await grant(body, teacher.access)).status).toBe(403);
    expect((await grant(body, students[3]!.access)).status).toBe(403);
    expect((await grant(body, other.access)).status).toBe(403);
    expect((await call(t.app, 'POST', `/api/${owner.schoolName}/access-distribution/`, { body })).status).toBe(401);
    // Staff are invited through the roles feature: here an unknown address stays a 400.
    expect((await grant({ ...body, role: 'Teacher' })).body).toMatchObject({ code: 'NOT_MEMBERS' });
    for (const bad of [
      { ...body, emails: email },
      { ...body, emails: [`${email}\u0000`] },
      { ...body, emails: [`a\u0000${email}`] },
      { ...body, emails: ['not-an-email'] },
      { ...body, student_groups: `${ig.a1}\u0000` },
      { ...body, pseudonym: 'x\u0000' },
      { ...body, role: 'Student\u0000' },
      { ...body, student_groups: [0] },
    ]) {
      expect((await grant(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await invitationOf(email)).toBeUndefined();
  });
});
