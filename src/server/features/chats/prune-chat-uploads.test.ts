// Chat uploads no message took (prune-chat-uploads.ts): a day later they are deleted with their
// stored objects; sent ones, ones something else shows, and recent ones stay. The clock is the
// test's: `now` is passed in.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { courseFiles } from '../courses/index.ts';
import { schoolBranding } from '../schools/index.ts';
import { pruneChatUploads, UNSENT_CHAT_UPLOAD_MS } from './prune-chat-uploads.ts';
import { chatUploads } from './tables.ts';

const PNG = () => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(200)]);

let t: TestApp;
let dataDir: string;
let owner: Owner;
let student: Account;
let chatId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-chat-prune-'));
  t = await createTestApp({ dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Уборка чатов' });
  await setTariff(t.app, owner.schoolId, 4);
  student = await addMember(t.app, owner.schoolId, 'Student');
  chatId = (await call(t.app, 'POST', `/api/${owner.schoolName}/chats/create_personal_chat/`, { token: owner.access, body: { student_id: student.id } })).body!.id as string;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Uploads a picture for the chat at the test clock's time; its file id. */
async function upload(token: string): Promise<number> {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(PNG())], { type: 'image/png' }), 'схема.png');
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${owner.schoolName}/chats/${chatId}/files/`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>().id as number;
}

const send = (token: string, fileIds: number[]) => call(t.app, 'POST', `/api/${owner.schoolName}/chats/${chatId}/messages/`, { token, body: { text: 'файлы', file_ids: fileIds } });

/** Whether the file's row is there; its stored object must be there exactly as long. */
async function stored(id: number): Promise<boolean> {
  const [row] = await t.app.ctx.db.select({ key: courseFiles.storageKey }).from(courseFiles).where(eq(courseFiles.id, id));
  if (row) expect(existsSync(join(dataDir, 'uploads', 'files', row.key)), `object of file ${id}`).toBe(true);
  return row !== undefined;
}
const objectPath = async (id: number) => {
  const [row] = await t.app.ctx.db.select({ key: courseFiles.storageKey }).from(courseFiles).where(eq(courseFiles.id, id));
  return join(dataDir, 'uploads', 'files', row!.key);
};
const marked = async (id: number) => (await t.app.ctx.db.select().from(chatUploads).where(eq(chatUploads.fileId, id))).length === 1;

describe('pruning chat uploads', () => {
  it('deletes uploads no message took after a day with their objects; sent, shown and recent ones stay', async () => {
    const start = t.clock.now;
    const sent = await upload(student.access);
    const unsent = await upload(student.access);
    const logo = await upload(owner.access);
    const inBlock = await upload(owner.access);
    expect((await send(student.access, [sent])).status).toBe(201);
    // The owner makes two of their chat uploads the school's logo and a lesson's picture.
    await t.app.ctx.db.insert(schoolBranding).values({ schoolId: owner.schoolId, logoFileId: logo });
    const course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У']] }] });
    const block = await call(t.app, 'POST', `/api/${owner.schoolName}/blocks/`, { token: owner.access, body: { base_lesson: course.lessonIds[0], type: 'picture', picture_file: inBlock } });
    expect(block.status, JSON.stringify(block.body)).toBe(201);
    t.clock.advance(UNSENT_CHAT_UPLOAD_MS - 60_000);
    const recent = await upload(student.access);
    const unsentObject = await objectPath(unsent);

    // A minute before the day is over nothing goes.
    expect(await pruneChatUploads(t.app.ctx, new Date(start.getTime() + UNSENT_CHAT_UPLOAD_MS - 1000))).toEqual({ deleted: 0, kept: 0 });
    expect(await stored(unsent)).toBe(true);

    const dayLater = new Date(start.getTime() + UNSENT_CHAT_UPLOAD_MS + 1000);
    expect(await pruneChatUploads(t.app.ctx, dayLater)).toEqual({ deleted: 1, kept: 3 });
    expect(await stored(unsent)).toBe(false);
    expect(existsSync(unsentObject)).toBe(false);
    for (const id of [sent, logo, inBlock, recent]) expect(await stored(id)).toBe(true);
    // The ones kept are no longer chat uploads to look at; the recent one still is.
    for (const id of [sent, logo, inBlock]) expect(await marked(id)).toBe(false);
    expect(await marked(recent)).toBe(true);
    expect((await send(student.access, [unsent])).body).toMatchObject({ code: 'FILES_NOT_USABLE' });
    expect(await pruneChatUploads(t.app.ctx, dayLater)).toEqual({ deleted: 0, kept: 0 });

    // The sent file stays with its message, however old.
    const later = new Date(start.getTime() + 3 * UNSENT_CHAT_UPLOAD_MS);
    expect(await pruneChatUploads(t.app.ctx, later)).toEqual({ deleted: 1, kept: 0 });
    expect(await stored(recent)).toBe(false);
    expect(await stored(sent)).toBe(true);
    const messages = await call(t.app, 'GET', `/api/${owner.schoolName}/chats/${chatId}/messages/`, { token: student.access });
    expect(JSON.stringify(messages.body)).toContain(`"id":${sent}`);
  });

  it('keeps a file whose object the storage fails to delete, and deletes it on the next run', async () => {
    const start = t.clock.now;
    const first = await upload(student.access);
    const second = await upload(student.access);
    const dayLater = new Date(start.getTime() + UNSENT_CHAT_UPLOAD_MS + 1000);
    const failing = { db: t.app.ctx.db, storage: { ...t.app.ctx.storage, delete: () => Promise.reject(new Error('storage unreachable')) } };
    expect(await pruneChatUploads(failing, dayLater)).toEqual({ deleted: 0, kept: 0 });
    for (const id of [first, second]) {
      expect(await stored(id)).toBe(true);
      expect(await marked(id)).toBe(true);
    }
    // Withdrawn from their uploader, they can no longer be sent.
    expect((await send(student.access, [first])).body).toMatchObject({ code: 'FILES_NOT_USABLE' });
    expect(await pruneChatUploads(t.app.ctx, dayLater)).toEqual({ deleted: 2, kept: 0 });
    for (const id of [first, second]) expect(await stored(id)).toBe(false);
  });
});
