// The takeover chain an outside review found: an admin added an existing account to their school
// by email (register_user/), viewed the platform as it, called register-school-owner/ with that
// session and received a normal session of the victim. Each link of the chain is closed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, PASSWORD, registerOwner, type Account, type Owner } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Owner;
let victim: Account;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerOwner(t.app, { schoolTitle: 'Школа захватчика' });
  // The victim has an account of their own elsewhere.
  const elsewhere = await registerOwner(t.app, { schoolTitle: 'Своя школа' });
  victim = await addMember(t.app, elsewhere.schoolId, 'Student');
});
afterAll(() => t.close());

const viewAs = (userId: number) => call(t.app, 'POST', '/api/impersonate/start/', { token: admin.access, body: { user_id: userId, school: admin.schoolName } });

describe('an admin cannot take over an account through "view as"', () => {
  it('adding an existing account by email does not make it a member, so it cannot be viewed as', async () => {
    const added = await call(t.app, 'POST', '/api/register_user/', { token: admin.access, body: { school: admin.schoolName, email: victim.email } });
    expect(added.status).toBe(201);
    // Nothing says whether the account existed, and no user id comes back.
    expect(added.body).not.toHaveProperty('created');
    expect(added.body).not.toHaveProperty('user_id');
    const res = await viewAs(victim.id);
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('access');
  });

  describe('with a student who did join the school', () => {
    let student: Account;
    let asStudent: { access: string; refresh: string };
    beforeAll(async () => {
      student = await addMember(t.app, admin.schoolId, 'Student');
      const started = await viewAs(student.id);
      expect(started.status).toBe(200);
      asStudent = { access: started.body!.access as string, refresh: started.body!.refresh as string };
    });

    it('no route issues tokens to a "view as" session', async () => {
      const attempts = [
        call(t.app, 'POST', '/api/register-school-owner/', { token: asStudent.access, body: { school_name: 'Захваченная школа' } }),
        call(t.app, 'POST', '/api/change-password/', { token: asStudent.access, body: { old_password: PASSWORD, new_password: 'Another-pass-2', new_password_again: 'Another-pass-2' } }),
        call(t.app, 'POST', '/api/impersonate/start/', { token: asStudent.access, body: { user_id: student.id, school: admin.schoolName } }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 'IMPERSONATION_READ_ONLY', message: expect.stringContaining('просмотра от имени ученика') });
        expect(res.body).not.toHaveProperty('access');
      }
      // And none of them created anything: the student still owns no school.
      const schools = await call(t.app, 'GET', '/api/user-schools/', { token: student.access });
      expect(schools.body).toEqual([expect.objectContaining({ name: admin.schoolName, role: 'Student' })]);
    });

    it('the session is read-only: reads pass, every other method answers 403 in Russian', async () => {
      expect((await call(t.app, 'GET', '/api/profile/', { token: asStudent.access })).status).toBe(200);
      for (const [method, url, body] of [
        ['PATCH', `/api/profile/${student.id}/`, { city: 'Минск' }],
        ['POST', '/api/email-confirm/', { email: 'x@example.com', code: '123456' }],
        ['PUT', `/api/user_pseudonym/${admin.schoolName}/`, { user: student.id, pseudonym: 'x' }],
        ['DELETE', '/api/school-new-roles/remove_role/', { school_id: admin.schoolId, user_id: student.id, role_name: 'Student' }],
        ['POST', '/api/logout/', undefined],
      ] as const) {
        const res = await call(t.app, method, url, body === undefined ? { token: asStudent.access } : { token: asStudent.access, body });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toMatchObject({ code: 'IMPERSONATION_READ_ONLY' });
      }
    });

    it('its refresh does not outlive the impersonation (an hour at most)', async () => {
      const refreshed = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: asStudent.refresh } });
      expect(refreshed.status).toBe(200);
      const claims = JSON.parse(Buffer.from((refreshed.body!.access as string).split('.')[1]!, 'base64url').toString()) as { exp: number; act: { sub: string } };
      expect(claims.act.sub).toBe(String(admin.id));
      t.clock.advance(60 * 60 * 1000 + 1000);
      expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: refreshed.body!.refresh } })).status).toBe(401);
      expect((await call(t.app, 'GET', '/api/profile/', { token: refreshed.body!.access as string })).status).toBe(401);
    });

    it('stopping it ends its tokens at once, and its own stop is the one write it may make', async () => {
      const started = await viewAs(student.id);
      const stopped = await call(t.app, 'POST', '/api/impersonate/stop/', { token: started.body!.access as string });
      expect(stopped.status).toBe(200);
      expect((await call(t.app, 'GET', '/api/profile/', { token: started.body!.access as string })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: started.body!.refresh } })).status).toBe(401);
      // The student's own session was never touched.
      expect((await call(t.app, 'GET', '/api/profile/', { token: student.access })).status).toBe(200);
    });
  });
});
