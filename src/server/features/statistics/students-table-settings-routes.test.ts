// The students table's settings: students_table_info/ (each staff member's columns per school)
// and school_students_table_settings/{school_id}/ (students-table-settings-routes.ts).
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { schoolStudentsTableSettings, studentsTableInfo } from './tables.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;
let info: string;
let settings: string;

const ids = (body: Body | null | undefined) => (body!.columns as Body[]).map((column) => column.id);
const rowsOf = async (table: typeof studentsTableInfo | typeof schoolStudentsTableSettings) => (await t.app.ctx.db.select({ n: count() }).from(table))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Настройки таблицы' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие настройки' });
  info = `/api/${owner.schoolName}/students_table_info/`;
  settings = `/api/school_students_table_settings/${owner.schoolId}/`;
});
afterAll(() => t.close());

describe('students_table_info/', () => {
  it('gives the default columns without writing anything', async () => {
    const res = await call(t.app, 'GET', info, { token: teacher.access });
    expect(res.status).toBe(200);
    expect(res.body!.columns).toHaveLength(11);
    expect((res.body!.columns as Body[])[5]).toEqual({ id: 'progress', name: 'Прогресс', order: 6, checked: true });
    expect(await rowsOf(studentsTableInfo)).toBe(0);
  });

  it('changes some columns and answers all of them; each staff member and school keeps their own', async () => {
    const res = await call(t.app, 'PATCH', info, {
      token: teacher.access,
      body: {
        columns: [
          { id: 'progress', order: 1, checked: true },
          { id: 'email', checked: false },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(ids(res.body).slice(0, 3)).toEqual(['progress', 'name', 'email']);
    expect((res.body!.columns as Body[])[2]).toEqual({ id: 'email', name: 'Email', order: 3, checked: false });
    expect((await call(t.app, 'GET', info, { token: teacher.access })).body).toEqual(res.body);
    // The next change starts from the stored one.
    const moved = await call(t.app, 'PATCH', info, { token: teacher.access, body: { columns: [{ id: 'last_login', order: 2 }] } });
    expect(ids(moved.body).slice(0, 4)).toEqual(['progress', 'last_login', 'name', 'email']);
    expect((moved.body!.columns as Body[])[3]).toMatchObject({ checked: false });
    // The admin's layout and the teacher's layout in another school are untouched.
    expect(ids((await call(t.app, 'GET', info, { token: owner.access })).body)[0]).toBe('name');
    const elsewhere = await addMember(t.app, other.schoolId, 'Teacher', { email: `second-${teacher.email}` });
    expect(ids((await call(t.app, 'GET', `/api/${other.schoolName}/students_table_info/`, { token: elsewhere.access })).body)[0]).toBe('name');
  });

  it('keeps both of two changes sent at once', async () => {
    const admin = await addMember(t.app, owner.schoolId, 'Admin');
    const [a, b] = await Promise.all([
      call(t.app, 'PATCH', info, { token: admin.access, body: { columns: [{ id: 'phone_number', checked: false }] } }),
      call(t.app, 'PATCH', info, { token: admin.access, body: { columns: [{ id: 'mark_sum', checked: false }] } }),
    ]);
    expect([a!.status, b!.status]).toEqual([200, 200]);
    const columns = (await call(t.app, 'GET', info, { token: admin.access })).body!.columns as Body[];
    expect(columns.filter((column) => !column.checked).map((column) => column.id)).toEqual(['phone_number', 'mark_sum']);
  });

  it('refuses an unknown column, a column twice, hiding them all and malformed bodies with 400', async () => {
    const patch = (body: unknown) => call(t.app, 'PATCH', info, { token: teacher.access, body });
    expect((await patch({ columns: [{ id: 'chat', checked: true }] })).body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { 'columns.0.id': ['Нет такого столбца.'] } });
    expect((await patch({ columns: [{ id: 'email' }, { id: 'email', order: 2 }] })).status).toBe(400);
    const all = ['name', 'email', 'phone_number', 'course_name', 'group_name', 'progress', 'average_mark', 'mark_sum', 'date_added', 'last_active', 'last_login'];
    expect((await patch({ columns: all.map((id) => ({ id, checked: false })) })).body).toMatchObject({ fields: { columns: ['Оставьте видимым хотя бы один столбец.'] } });
    for (const body of [{}, { columns: [] }, { columns: 'name' }, { columns: [{ order: 1 }] }, { columns: [{ id: 'name', order: 0 }] }, { columns: [{ id: 'name', order: 1.5 }] }, { columns: [{ id: 'name', checked: 'yes' }] }, { columns: [{ id: 'name\u0000' }] }]) {
      expect((await patch(body)).status, JSON.stringify(body)).toBe(400);
    }
    // Nothing of that was kept.
    expect(ids((await call(t.app, 'GET', info, { token: teacher.access })).body).slice(0, 2)).toEqual(['progress', 'last_login']);
  });

  it('refuses students, other schools’ staff and anonymous callers; an unknown school is 404; a NUL byte 400', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const body = method === 'PATCH' ? { columns: [{ id: 'name', checked: true }] } : undefined;
      expect((await call(t.app, method, info, { token: student.access, body })).status, method).toBe(403);
      expect((await call(t.app, method, info, { token: other.access, body })).status, method).toBe(403);
      expect((await call(t.app, method, info, { body })).status, method).toBe(401);
      expect((await call(t.app, method, '/api/no-such-school/students_table_info/', { token: owner.access, body })).status, method).toBe(404);
      expect((await call(t.app, method, `/api/${owner.schoolName}%00/students_table_info/`, { token: owner.access, body })).status, method).toBe(400);
    }
  });
});

describe('school_students_table_settings/{school_id}/', () => {
  it('gives the school’s setting (not grouped by default) to its staff without writing anything', async () => {
    for (const who of [owner, teacher]) {
      const res = await call(t.app, 'GET', settings, { token: who.access });
      expect(res).toMatchObject({ status: 200, body: { id: owner.schoolId, school: owner.schoolId, is_students_grouped: false } });
    }
    expect(await rowsOf(schoolStudentsTableSettings)).toBe(0);
  });

  it('lets an admin change it, for this school only', async () => {
    const res = await call(t.app, 'PATCH', settings, { token: owner.access, body: { is_students_grouped: true } });
    expect(res).toMatchObject({ status: 200, body: { id: owner.schoolId, school: owner.schoolId, is_students_grouped: true } });
    expect((await call(t.app, 'GET', settings, { token: teacher.access })).body).toMatchObject({ is_students_grouped: true });
    expect((await call(t.app, 'GET', `/api/school_students_table_settings/${other.schoolId}/`, { token: other.access })).body).toMatchObject({ is_students_grouped: false });
    expect((await call(t.app, 'PATCH', settings, { token: owner.access, body: { is_students_grouped: false } })).body).toMatchObject({ is_students_grouped: false });
  });

  it('refuses teachers’ and students’ changes, other schools, anonymous callers and malformed input', async () => {
    expect((await call(t.app, 'PATCH', settings, { token: teacher.access, body: { is_students_grouped: true } })).status).toBe(403);
    expect((await call(t.app, 'GET', settings, { token: student.access })).status).toBe(403);
    expect((await call(t.app, 'PATCH', settings, { token: student.access, body: { is_students_grouped: true } })).status).toBe(403);
    // The original let anyone read and write any school's settings by its id.
    expect((await call(t.app, 'GET', settings, { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'PATCH', settings, { token: other.access, body: { is_students_grouped: true } })).status).toBe(403);
    expect((await call(t.app, 'GET', settings)).status).toBe(401);
    expect((await call(t.app, 'PATCH', settings, { body: { is_students_grouped: true } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/school_students_table_settings/2147483647/', { token: owner.access })).status).toBe(404);
    for (const path of ['abc', '0', '1%00']) expect((await call(t.app, 'GET', `/api/school_students_table_settings/${path}/`, { token: owner.access })).status, path).toBe(400);
    for (const body of [{}, { is_students_grouped: 'true' }, { is_students_grouped: 1 }, { is_students_grouped: null }]) {
      expect((await call(t.app, 'PATCH', settings, { token: owner.access, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'GET', settings, { token: owner.access })).body).toMatchObject({ is_students_grouped: false });
  });
});
