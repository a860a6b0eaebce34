// Every JSON route also takes application/x-www-form-urlencoded and multipart/form-data, with the
// same validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerOwner, type Owner } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

const urlencoded = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

async function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.name, new Blob([new Uint8Array(file.bytes)]), 'file.bin');
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { headers: { 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a form on a JSON route', () => {
  it('signs in, urlencoded or multipart, like JSON', async () => {
    const fields = { login: owner.email, password: PASSWORD };
    for (const body of [urlencoded(fields), await multipart(fields)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login/', ...body });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ access: expect.any(String), user: { email: owner.email } });
    }
  });

  it('gets the same field errors as JSON', async () => {
    const json = await call(t.app, 'POST', '/api/impersonate/start/', { token: owner.access, body: { user_id: 'abc', school: owner.schoolName } });
    for (const body of [urlencoded({ user_id: 'abc', school: owner.schoolName }), await multipart({ user_id: 'abc', school: owner.schoolName })]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/impersonate/start/', headers: { ...body.headers, ...auth(owner.access) }, payload: body.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(json.body);
    }
    // A number in a form is a number: this one is a user who is not a student here.
    const res = await t.app.inject({ method: 'POST', url: '/api/impersonate/start/', ...urlencoded({ user_id: String(owner.id), school: owner.schoolName }), headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth(owner.access) } });
    expect(res.json()).toMatchObject({ code: 'IMPERSONATION_FORBIDDEN' });
  });

  it('edits the profile with nested fields', async () => {
    const body = urlencoded({ city: 'Гродно', 'user[first_name]': 'Алла', 'user.last_name': 'Формова' });
    const res = await t.app.inject({ method: 'PATCH', url: `/api/profile/${owner.id}/`, headers: { ...body.headers, ...auth(owner.access) }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Гродно', user: { first_name: 'Алла', last_name: 'Формова' } });
  });

  it('refuses a file where the route takes none, and prototype keys do nothing', async () => {
    const withFile = await multipart({ login: owner.email }, { name: 'password', bytes: Buffer.from('secret') });
    const res = await t.app.inject({ method: 'POST', url: '/api/login/', ...withFile });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { password: ['Файлы здесь не принимаются.'] } });

    const polluted = urlencoded({ '__proto__[isAdmin]': 'true', 'constructor[prototype][isAdmin]': 'true', login: owner.email, password: PASSWORD });
    expect((await t.app.inject({ method: 'POST', url: '/api/login/', ...polluted })).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('is accepted by every route that takes a body: never 415 or 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> }>();
    const failures: string[] = [];
    let routes = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.requestBody?.content?.['application/json']) continue;
        routes += 1;
        const url = path.replace(/\{school\}/g, owner.schoolName).replace(/\{[^}]+\}/g, '1');
        for (const body of [urlencoded({}), await multipart({})]) {
          const res = await t.app.inject({ method: method.toUpperCase() as 'POST', url, headers: { ...body.headers, ...auth(owner.access) }, payload: body.payload });
          if (res.statusCode === 415 || res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${path} (${body.headers['content-type'].split(';')[0]}): ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThan(20);
  });
});
