// Spec §7's own paths (shared/http/spec-paths.ts): chats/…, payment_method/ and courses/{id}/clone/
// without the school in the path are the same routes as under /{school}/: the school comes from
// ?school= or the caller's only school, and is checked (membership and role) in the database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../src/server/features/courses/tables.ts';
import { studentsGroupMembers, studentsGroups } from '../../src/server/features/groups/index.ts';
import { CLONE_NEEDS_POST } from '../../src/server/features/courses/course-copy-routes.ts';
import { schoolMembers } from '../../src/server/shared/db/core-tables.ts';
import { NO_SCHOOL, SCHOOL_REQUIRED } from '../../src/server/shared/http/spec-paths.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from './fixtures.ts';
import { addCourse } from './public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from './test-app.ts';

const NUL = 'a\u0000b';
const PRODAMUS = { payment_method: 'prodamus', payment_method_name: 'Prodamus', account_no: 'shop-1', api_key: 'prodamus-secret-key-9876', payment_url: 'https://demo.payform.ru/' };

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let student: Account;
let stranger: Account;
let courseId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Пути спецификации' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужая школа путей' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher', { firstName: 'Анна', lastName: 'Учитель' });
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Ольга', lastName: 'Петрова' });
  stranger = await addMember(t.app, other.schoolId, 'Student');
  courseId = (await addCourse(t.app, owner.schoolId, { name: 'Копируемый' })).id;
  const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId, teacherId: teacher.id, name: 'Поток' }).returning({ id: studentsGroups.id });
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: student.id, courseId });
});
afterAll(() => t.close());

describe('chats at /chats/', () => {
  it('are the school’s chats: the caller’s only school, or ?school=', async () => {
    const made = await call(t.app, 'POST', '/api/chats/create_personal_chat/', { token: teacher.access, body: { student_id: student.id } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body!.id as string;
    const sent = await call(t.app, 'POST', `/api/chats/${id}/messages/`, { token: student.access, body: { text: 'Здравствуйте' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await call(t.app, 'GET', `/api/chats/${id}/messages/`, { token: teacher.access })).body!.results.map((m: Body) => m.text)).toEqual(['Здравствуйте']);
    expect((await call(t.app, 'GET', `/api/chats/${id}/`, { token: teacher.access })).body).toMatchObject({ id, unread: 1 });
    expect((await call(t.app, 'PATCH', `/api/chats/${id}/`, { token: teacher.access, body: { last_read_id: sent.body!.id } })).body).toMatchObject({ id, unread: 0 });
    // The same list as on the school's own path, with or without ?school=.
    const own = (await call(t.app, 'GET', `/api/${owner.schoolName}/chats/`, { token: student.access })).body!;
    expect((await call(t.app, 'GET', '/api/chats/', { token: student.access })).body!.results).toEqual(own.results);
    expect((await call(t.app, 'GET', `/api/chats/?school=${owner.schoolName}`, { token: student.access })).body!.results).toEqual(own.results);
    const custom = await call(t.app, 'POST', '/api/chats/', { token: owner.access, body: { name: 'Совет', member_ids: [teacher.id] } });
    expect(custom.status, JSON.stringify(custom.body)).toBe(201);
    expect(custom.body).toMatchObject({ type: 'custom', name: 'Совет' });
  });

  it('refuse another school, its chats, the wrong role, no token, a malformed body and a NUL byte', async () => {
    const id = (await call(t.app, 'POST', '/api/chats/create_personal_chat/', { token: teacher.access, body: { student_id: student.id } })).body!.id as string;
    // Another school: by parameter (not a member), or the other school's chat from its own school.
    expect((await call(t.app, 'GET', `/api/chats/?school=${owner.schoolName}`, { token: stranger.access })).body).toMatchObject({ code: 'NOT_A_MEMBER' });
    expect((await call(t.app, 'GET', `/api/chats/${id}/`, { token: stranger.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/chats/${id}/messages/`, { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/chats/${id}/messages/`, { token: other.access, body: { text: 'чужое' } })).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/chats/create_personal_chat/', { token: other.access, body: { student_id: student.id } })).body).toMatchObject({ code: 'NOT_YOUR_STUDENT' });
    expect((await call(t.app, 'POST', '/api/chats/', { token: other.access, body: { name: 'x', member_ids: [teacher.id] } })).body).toMatchObject({ code: 'MEMBERS_NOT_IN_SCHOOL' });
    // The wrong role: a student makes no group chats.
    expect((await call(t.app, 'POST', '/api/chats/', { token: student.access, body: { name: 'x', member_ids: [teacher.id] } })).status).toBe(403);
    // No token.
    for (const [method, url] of [['GET', '/api/chats/'], ['GET', `/api/chats/${id}/`], ['GET', `/api/chats/${id}/messages/`], ['POST', '/api/chats/'], ['PATCH', `/api/chats/${id}/`], ['POST', '/api/chats/create_personal_chat/']] as const) {
      const body = method === 'GET' ? undefined : url.endsWith('personal_chat/') ? { student_id: student.id } : { name: 'x', member_ids: [teacher.id], last_read_id: 1 };
      expect((await call(t.app, method, url, { body: method === 'PATCH' ? { last_read_id: 1 } : body })).status, `${method} ${url}`).toBe(401);
    }
    // A malformed body.
    for (const body of [[], { name: 5, member_ids: [teacher.id] }, { name: 'x', member_ids: 'все' }]) {
      expect((await call(t.app, 'POST', '/api/chats/', { token: owner.access, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'POST', `/api/chats/${id}/messages/`, { token: teacher.access, body: { text: 1 } })).status).toBe(400);
    // A NUL byte in each string: the name, the text, the school parameter.
    expect((await call(t.app, 'POST', '/api/chats/', { token: owner.access, body: { name: NUL, member_ids: [teacher.id] } })).status).toBe(400);
    expect((await call(t.app, 'PATCH', `/api/chats/${id}/`, { token: teacher.access, body: { name: NUL } })).status).toBe(400);
    expect((await call(t.app, 'POST', `/api/chats/${id}/messages/`, { token: teacher.access, body: { text: NUL } })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/chats/?school=${encodeURIComponent(NUL)}`, { token: teacher.access })).status).toBe(400);
  });

  it('ask which school when the caller is in several, and say so when in none', async () => {
    const both = await addMember(t.app, owner.schoolId, 'Student');
    await t.app.ctx.db.insert(schoolMembers).values({ schoolId: other.schoolId, userId: both.id, role: 'Student' });
    const res = await call(t.app, 'GET', '/api/chats/', { token: both.access });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'SCHOOL_REQUIRED', fields: { school: [SCHOOL_REQUIRED] } });
    expect((await call(t.app, 'GET', `/api/chats/?school=${other.schoolName}`, { token: both.access })).status).toBe(200);
    const nobody = await addMember(t.app, owner.schoolId, 'Student');
    await t.app.ctx.db.delete(schoolMembers).where(eq(schoolMembers.userId, nobody.id));
    expect((await call(t.app, 'GET', '/api/chats/', { token: nobody.access })).body).toMatchObject({ code: 'SCHOOL_REQUIRED', fields: { school: [NO_SCHOOL] } });
  });

  it('leave a school named «chats» its own paths', async () => {
    const chatsSchool = await registerOwner(t.app, { schoolTitle: 'chats' });
    expect(chatsSchool.schoolName).toBe('chats');
    await setTariff(t.app, chatsSchool.schoolId, 4);
    const res = await call(t.app, 'GET', '/api/chats/chats/', { token: chatsSchool.access });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await call(t.app, 'GET', '/api/chats/courses/', { token: chatsSchool.access })).status).toBe(200);
  });
});

describe('payment methods at /payment_method/', () => {
  it('are the school’s own: created, listed, read, changed and deleted there', async () => {
    const made = await call(t.app, 'POST', '/api/payment_method/', { token: owner.access, body: PRODAMUS });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body!.id as number;
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/payment_method/${id}/`, { token: owner.access })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/payment_method/?school=${owner.schoolName}`, { token: owner.access })).body!.results.map((m: Body) => m.id)).toContain(id);
    expect((await call(t.app, 'GET', `/api/payment_method/${id}/`, { token: owner.access })).body).toMatchObject({ id, payment_method_name: 'Prodamus' });
    expect((await call(t.app, 'PATCH', `/api/payment_method/${id}/`, { token: owner.access, body: { payment_method_name: 'Касса' } })).body).toMatchObject({ payment_method_name: 'Касса' });
    expect((await call(t.app, 'DELETE', `/api/payment_method/${id}/`, { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', `/api/payment_method/${id}/`, { token: owner.access })).status).toBe(404);
  });

  it('refuse another school, its ids, the wrong role, no token, a malformed body and a NUL byte', async () => {
    const id = (await call(t.app, 'POST', '/api/payment_method/', { token: owner.access, body: PRODAMUS })).body!.id as number;
    expect((await call(t.app, 'GET', `/api/payment_method/?school=${owner.schoolName}`, { token: other.access })).body).toMatchObject({ code: 'NOT_A_MEMBER' });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect((await call(t.app, method, `/api/payment_method/${id}/`, { token: other.access, body: method === 'PATCH' ? { payment_method_name: 'x' } : undefined })).status, method).toBe(404);
    }
    expect((await call(t.app, 'GET', '/api/payment_method/', { token: teacher.access })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/payment_method/', { token: student.access, body: PRODAMUS })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/payment_method/')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/payment_method/', { body: PRODAMUS })).status).toBe(401);
    for (const body of [[], { ...PRODAMUS, payment_method: 'paypal' }, { ...PRODAMUS, payment_method_name: 7 }]) {
      expect((await call(t.app, 'POST', '/api/payment_method/', { token: owner.access, body })).status, JSON.stringify(body)).toBe(400);
    }
    for (const key of ['payment_method_name', 'account_no', 'api_key', 'payment_url'] as const) {
      expect((await call(t.app, 'POST', '/api/payment_method/', { token: owner.access, body: { ...PRODAMUS, [key]: NUL } })).status, key).toBe(400);
      expect((await call(t.app, 'PATCH', `/api/payment_method/${id}/`, { token: owner.access, body: { [key]: NUL } })).status, key).toBe(400);
    }
    expect((await call(t.app, 'GET', `/api/payment_method/?school=${encodeURIComponent(NUL)}`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/payment_method/${id}/`, { token: owner.access })).body).toMatchObject({ payment_method_name: 'Prodamus' });
  });
});

describe('courses/{id}/clone/', () => {
  const copies = async () => (await t.app.ctx.db.select().from(courses).where(eq(courses.copiedFromId, courseId))).length;

  it('copies by POST on the spec’s path; a GET copies nothing and says to use POST', async () => {
    for (const url of [`/api/courses/${courseId}/clone/?user_email=${other.email}`, `/api/${owner.schoolName}/courses/${courseId}/clone/?user_email=${other.email}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.access}` } });
      expect(res.statusCode, url).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.json()).toMatchObject({ code: 'CLONE_NEEDS_POST', message: CLONE_NEEDS_POST });
    }
    expect(await copies()).toBe(0);
    const res = await call(t.app, 'POST', `/api/courses/${courseId}/clone/`, { token: owner.access, body: { user_email: other.email } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await copies()).toBe(1);
  });

  it('refuses another school’s course, the wrong role, no token, a malformed body and a NUL byte', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(t.app, method, `/api/courses/${courseId}/clone/`, { token: other.access, body: method === 'POST' ? { user_email: owner.email } : undefined })).status, method).toBe(404);
      expect((await call(t.app, method, `/api/courses/${courseId}/clone/?school=${owner.schoolName}`, { token: other.access, body: method === 'POST' ? { user_email: owner.email } : undefined })).body).toMatchObject({ code: 'NOT_A_MEMBER' });
      expect((await call(t.app, method, `/api/courses/${courseId}/clone/`, { token: teacher.access, body: method === 'POST' ? { user_email: other.email } : undefined })).status, method).toBe(403);
      expect((await call(t.app, method, `/api/courses/${courseId}/clone/`, { body: method === 'POST' ? { user_email: other.email } : undefined })).status, method).toBe(401);
    }
    for (const body of [[], { user_email: 5 }, { user_email: 'не почта' }]) {
      expect((await call(t.app, 'POST', `/api/courses/${courseId}/clone/`, { token: owner.access, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'POST', `/api/courses/${courseId}/clone/`, { token: owner.access, body: { user_email: `x${NUL}@example.ru` } })).status).toBe(400);
    expect((await call(t.app, 'POST', `/api/courses/${courseId}/clone/?school=${encodeURIComponent(NUL)}`, { token: owner.access, body: { user_email: other.email } })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/courses/${courseId}/clone/?user_email=${encodeURIComponent(NUL)}`, { token: owner.access })).status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('lists both paths of each', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const methods = (path: string) => Object.keys(paths[path] ?? {}).sort();
    expect(methods('/api/chats/')).toEqual(['get', 'post']);
    expect(methods('/api/{school}/chats/')).toEqual(['get', 'post']);
    expect(methods('/api/chats/{id}/')).toEqual(['get', 'patch']);
    expect(methods('/api/{school}/chats/{id}/')).toEqual(['get', 'patch']);
    expect(methods('/api/chats/{id}/messages/')).toEqual(['get', 'post']);
    expect(methods('/api/chats/create_personal_chat/')).toEqual(['post']);
    expect(methods('/api/payment_method/')).toEqual(['get', 'post']);
    expect(methods('/api/{school}/payment_method/')).toEqual(['get', 'post']);
    expect(methods('/api/payment_method/{id}/')).toEqual(['delete', 'get', 'patch']);
    expect(methods('/api/courses/{id}/clone/')).toEqual(['get', 'post']);
    expect(methods('/api/{school}/courses/{id}/clone/')).toEqual(['get', 'post']);
  });
});
