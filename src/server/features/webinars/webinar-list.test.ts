import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addWebinar } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { AUTOWEBINAR_LIST_LIMIT } from './autowebinar-admin-routes.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Автовебинары' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие автовебинары' });
});
afterAll(() => t.close());

const list = (token?: string, school = owner.schoolName) => call(t.app, 'GET', `/api/${school}/autowebinars/`, token ? { token } : {});

describe('GET {school}/autowebinars/', () => {
  it("lists the school's autowebinars by id, active or not, and no other school's", async () => {
    const startsAt = new Date('2026-06-01T12:00:00.000Z');
    const first = await addWebinar(t.app, owner.schoolId, { slug: 'list-first', startsAt });
    await addWebinar(t.app, other.schoolId, { slug: 'list-theirs', startsAt });
    const second = await addWebinar(t.app, owner.schoolId, { slug: 'list-second', startsAt, isActive: false });
    const res = await list(owner.access);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject([
      { id: first, title: 'Вебинар list-first', slug: 'list-first', starts_at: startsAt.toISOString(), is_active: true },
      { id: second, title: 'Вебинар list-second', slug: 'list-second', starts_at: startsAt.toISOString(), is_active: false },
    ]);
    expect(((await list(other.access, other.schoolName)).body as unknown as Body[]).map((w) => w.slug)).toEqual(['list-theirs']);
  });

  it(`answers at most ${AUTOWEBINAR_LIST_LIMIT}`, async () => {
    const school = await registerOwner(t.app, { schoolTitle: 'Много автовебинаров' });
    for (let i = 0; i <= AUTOWEBINAR_LIST_LIMIT; i += 1) await addWebinar(t.app, school.schoolId, { slug: `many-${i}`, startsAt: t.clock.now });
    const body = (await list(school.access, school.schoolName)).body as unknown as Body[];
    expect(body).toHaveLength(AUTOWEBINAR_LIST_LIMIT);
    expect(body[0]!.slug).toBe('many-0');
  });

  it('is for the admins of the school', async () => {
    expect((await list(teacher.access)).status).toBe(403);
    expect((await list(student.access)).status).toBe(403);
    expect((await list(other.access)).status).toBe(403);
    expect((await list()).status).toBe(401);
    expect((await list(owner.access, 'No_Such_School')).status).toBe(404);
  });
});
