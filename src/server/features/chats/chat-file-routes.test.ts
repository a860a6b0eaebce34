// Files for chat messages (chat-file-routes.ts): any member who may write uploads one, then sends it
// with a message; the type is sniffed from the content.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { courseFiles } from '../courses/index.ts';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(200)]);

let t: TestApp;
let dataDir: string;
let owner: Owner;
let other: Owner;
let student: Account;
let outsider: Account;
let chatId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-chat-files-'));
  t = await createTestApp({ dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Файлы чатов' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие файлы чатов' });
  await setTariff(t.app, owner.schoolId, 4);
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Ольга' });
  outsider = await addMember(t.app, owner.schoolId, 'Student');
  chatId = (await call(t.app, 'POST', `/api/${owner.schoolName}/chats/create_personal_chat/`, { token: owner.access, body: { student_id: student.id } })).body!.id as string;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(bytes: Buffer | null, token: string | null, chat = chatId, school = owner.schoolName, name = 'схема.png') {
  const data = new FormData();
  if (bytes) data.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  else data.append('note', 'x');
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${school}/chats/${chat}/files/`,
    headers: { 'content-type': request.headers.get('content-type')!, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json<Body>() };
}

describe('chat files', () => {
  it('lets a student upload a picture and send it with a message', async () => {
    const uploaded = await upload(PNG, student.access);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ name: 'схема.png', size: PNG.length });
    const sent = await call(t.app, 'POST', `/api/${owner.schoolName}/chats/${chatId}/messages/`, { token: student.access, body: { text: 'Вот схема', file_ids: [uploaded.body.id] } });
    expect(sent.status).toBe(201);
    expect(sent.body!.files).toEqual([uploaded.body]);
    const file = await t.app.inject({ method: 'GET', url: (uploaded.body.url as string).replace('http://coursehub.test', '') });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses other types, empty forms, non-members, another school and no token', async () => {
    const before = await t.app.ctx.db.select().from(courseFiles);
    expect((await upload(Buffer.from('MZ\x90\x00 not a picture'), student.access, chatId, owner.schoolName, 'virus.png')).body).toMatchObject({ code: 'INVALID_FILE_TYPE' });
    expect((await upload(null, student.access)).status).toBe(400);
    expect((await upload(PNG, outsider.access)).status).toBe(404);
    expect((await upload(PNG, other.access)).status).toBe(403);
    expect((await upload(PNG, other.access, chatId, other.schoolName)).status).toBe(404);
    expect((await upload(PNG, null)).status).toBe(401);
    expect((await upload(PNG, student.access, 'not-a-uuid')).status).toBe(400);
    const json = await call(t.app, 'POST', `/api/${owner.schoolName}/chats/${chatId}/files/`, { token: student.access, body: { file: 'a\u0000' } });
    expect(json.status).toBe(415);
    expect(await t.app.ctx.db.select().from(courseFiles)).toEqual(before);
  });
});
