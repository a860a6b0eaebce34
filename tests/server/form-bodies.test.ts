// Every JSON route also takes application/x-www-form-urlencoded and multipart/form-data, with the
// same validation (src/server/shared/http/form-bodies.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerOwner, type Owner } from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let dataDir: string;
let owner: Owner;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'coursehub-forms-'));
  // The AI assistant configured (nothing here reaches its endpoint), so its routes read their forms rather than answer 503.
  t = await createTestApp({ dataDir, ai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: 'gpt-4o-mini' } });
  owner = await registerOwner(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Fields = Record<string, string> | [string, string][];
interface Body {
  headers: Record<string, string>;
  payload: string | Buffer;
}

const urlencoded = (fields: Fields): Body => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

/** A multipart body as a browser sends it (FormData encoded by Request). */
async function multipart(fields: Fields, file?: { name: string; bytes: Buffer; type?: string }): Promise<Body> {
  const form = new FormData();
  for (const [key, value] of Array.isArray(fields) ? fields : Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), 'file.bin');
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { headers: { 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) };
}

const json = (value: unknown): Body => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) });

function send(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body: Body, token?: string) {
  return t.app.inject({ method, url, headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: body.payload });
}

const forms = async (fields: Fields) => [urlencoded(fields), await multipart(fields)];

describe('a form on a JSON route', () => {
  it('signs in, urlencoded or multipart, with the same answer as JSON', async () => {
    const fields = { login: owner.email, password: PASSWORD };
    const byJson = await send('POST', '/api/login/', json(fields));
    expect(byJson.statusCode).toBe(200);
    for (const body of await forms(fields)) {
      const res = await send('POST', '/api/login/', body);
      expect(res.statusCode, body.headers['content-type']).toBe(200);
      expect(Object.keys(res.json<object>()).sort()).toEqual(Object.keys(byJson.json<object>()).sort());
      expect(res.json()).toMatchObject({ access: expect.any(String), refresh: expect.any(String), user: { id: owner.id, email: owner.email } });
    }
  });

  it('gets the same field errors as JSON: wrong types, missing fields, lengths, patterns', async () => {
    const cases: { url: string; fields: Record<string, string>; asJson: Record<string, unknown> }[] = [
      // A number field with text in it.
      { url: '/api/impersonate/start/', fields: { user_id: 'abc', school: owner.schoolName }, asJson: { user_id: 'abc', school: owner.schoolName } },
      // Empty is not a number either (nor null, which the field does not take).
      { url: '/api/impersonate/start/', fields: { user_id: '', school: owner.schoolName }, asJson: { user_id: '', school: owner.schoolName } },
      { url: '/api/login/', fields: { login: owner.email }, asJson: { login: owner.email } },
      { url: '/api/login/', fields: { login: 'x'.repeat(255), password: 'p' }, asJson: { login: 'x'.repeat(255), password: 'p' } },
      { url: '/api/login/', fields: { login: 'a\u0000b', password: 'p' }, asJson: { login: 'a\u0000b', password: 'p' } },
    ];
    for (const { url, fields, asJson } of cases) {
      const expected = await send('POST', url, json(asJson), owner.access);
      expect(expected.statusCode, url).toBe(400);
      expect(expected.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: expect.any(Object) });
      for (const body of await forms(fields)) {
        const res = await send('POST', url, body, owner.access);
        expect({ status: res.statusCode, body: res.json<unknown>() }, `${url} ${body.headers['content-type']}`).toEqual({ status: 400, body: expected.json() });
      }
    }
  });

  it('turns a number field into a number', async () => {
    // The owner is no student of the school: the handler got a number and answered on the merits.
    for (const body of await forms({ user_id: String(owner.id), school: owner.schoolName })) {
      const res = await send('POST', '/api/impersonate/start/', body, owner.access);
      expect(res.json()).toMatchObject({ code: 'IMPERSONATION_FORBIDDEN' });
    }
  });

  it('edits the profile with nested fields', async () => {
    const body = urlencoded({ city: 'Гродно', 'user[first_name]': 'Алла', 'user.last_name': 'Формова' });
    const res = await send('PATCH', `/api/profile/${owner.id}/`, body, owner.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Гродно', user: { first_name: 'Алла', last_name: 'Формова' } });
    // The profile's form is validated by its schema too.
    const wrong = await send('PATCH', `/api/profile/${owner.id}/`, urlencoded({ 'user[first_name]': 'x'.repeat(1000) }), owner.access);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { 'user.first_name': [expect.any(String)] } });
  });

  it('still uploads an avatar as multipart on the profile', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    const res = await send('PATCH', `/api/profile/${owner.id}/`, await multipart({}, { name: 'avatar', bytes: png, type: 'image/png' }), owner.access);
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json<{ avatar: string }>();
    expect(avatar).toMatch(new RegExp(`^avatars/${owner.id}-[0-9a-f]{16}\\.png$`));
    expect(existsSync(join(dataDir, 'uploads', avatar))).toBe(true);
  });

  it('refuses a file where the route takes none', async () => {
    const withFile = await multipart({ login: owner.email }, { name: 'password', bytes: randomBytes(256 * 1024) });
    const res = await send('POST', '/api/login/', withFile);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'Файлы здесь не принимаются.', fields: { password: ['Файлы здесь не принимаются.'] } });
  });

  it('refuses prototype names, and Object.prototype stays as it was', async () => {
    const signIn = { login: owner.email, password: PASSWORD };
    for (const key of ['__proto__[isAdmin]', 'constructor[prototype][isAdmin]', 'user.__proto__.isAdmin']) {
      for (const body of [urlencoded({ ...signIn, [key]: 'true' }), await multipart({ ...signIn, [key]: 'true' })]) {
        const res = await send('POST', '/api/login/', body);
        expect(res.statusCode, `${key} ${body.headers['content-type']}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [key]: ['Недопустимое имя поля.'] } });
      }
    }
    // A bare '__proto__' part is refused by the multipart reader itself.
    const bare = await send('POST', '/api/login/', await multipart([...Object.entries(signIn), ['__proto__', 'x']]));
    expect(bare.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // Names that only look like Object.prototype members are ordinary (unknown) fields.
    expect((await send('POST', '/api/login/', urlencoded({ ...signIn, toString: 'x', hasOwnProperty: 'y' }))).statusCode).toBe(200);
  });

  it('keeps the JSON body limit for forms of either kind, and other media types are refused', async () => {
    const big = 'x'.repeat(1024 * 1024);
    for (const body of [urlencoded({ login: big, password: 'p' }), await multipart([['login', big.slice(0, 600_000)], ['password', big.slice(0, 600_000)]])]) {
      const res = await send('POST', '/api/login/', body);
      expect({ status: res.statusCode, body: res.json<unknown>() }, body.headers['content-type']).toEqual({ status: 413, body: { code: 'BODY_TOO_LARGE', message: 'Некорректный запрос.' } });
    }
    const xml = await send('POST', '/api/login/', { headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('is accepted by every route that takes a JSON body, and validated as JSON: never 415 or 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { type?: string } }> } }>>;
    }>();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let routes = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method) || !operation.requestBody?.content?.['application/json']) continue;
        routes += 1;
        const url = path.replace(/\{school\}/g, owner.schoolName).replace(/\{[^}]+\}/g, '1');
        const verb = method.toUpperCase() as 'POST';
        const answers = [];
        // An empty form is the empty JSON value of the body's type: {} or, for a list body, [].
        const empty = operation.requestBody.content['application/json'].schema?.type === 'array' ? [] : {};
        for (const body of [json(empty), ...(await forms({}))]) {
          const res = await send(verb, url, body, owner.access);
          const kind = body.headers['content-type']!.split(';')[0]!;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 415 || res.statusCode >= 500) failures.push(`${verb} ${path} (${kind}): ${res.statusCode} ${res.body}`);
          answers.push({ kind, status: res.statusCode, body: res.body });
        }
        // An empty form is an empty JSON object: the same answer (the profile's multipart is its avatar upload).
        const [byJson, ...byForm] = answers;
        for (const answer of byForm) {
          if (path === '/api/profile/{id}/' && answer.kind === 'multipart/form-data') continue;
          // A creation (201) names what each request made (a new id): the status is the answer.
          if (answer.status === 201 && byJson!.status === 201) continue;
          if (answer.status !== byJson!.status || answer.body !== byJson!.body) failures.push(`${verb} ${path} (${answer.kind}): ${answer.status} ${answer.body}, JSON: ${byJson!.status} ${byJson!.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThan(20);
    // The token stayed good throughout: most answers are the schemas' own 400s.
    expect(statuses.get(401) ?? 0).toBeLessThan(routes);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(routes);
  });
});
