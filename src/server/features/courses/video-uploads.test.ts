// Resumable video uploads over tus (video-uploads.ts), driven as tus-js-client would: create,
// PATCH in chunks, HEAD to resume, the finished file's signed link read by ranges.
import { courseFiles } from './index.ts';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let dataDir: string;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;
let lessonId: number;
let courseId: number;
let otherLessonId: number;

const MAX_MB = 3;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-video-'));
  t = await createTestApp({ dataDir, videoMaxBytes: MAX_MB * 1024 * 1024 });
  owner = await registerOwner(t.app, { schoolTitle: 'Видео' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужое видео' });
  const course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Урок']] }] });
  courseId = course.id;
  lessonId = course.lessonIds[0]!;
  otherLessonId = (await addCourse(t.app, other.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Чужой урок']] }] })).lessonIds[0]!;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A small MP4: an 'ftyp' box, then bytes. */
const mp4 = (size: number) => Buffer.concat([Buffer.from('00000018667479706d703432000000006d70343269736f6d', 'hex'), randomBytes(size - 24)]);
const webm = (size: number) => Buffer.concat([Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex'), randomBytes(size - 28)]);

const b64 = (value: string) => Buffer.from(value).toString('base64');
const metadata = (fields: Record<string, string>) => Object.entries(fields).map(([key, value]) => `${key} ${b64(value)}`).join(',');

interface TusOptions {
  token?: string | null;
  headers?: Record<string, string>;
  payload?: Buffer;
}
async function tus(method: 'POST' | 'PATCH' | 'HEAD' | 'DELETE', url: string, { token = owner.access, headers = {}, payload }: TusOptions = {}) {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'tus-resumable': '1.0.0', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
  return res;
}

const create = (length: number, fields: Record<string, string> = { lesson_id: String(lessonId), filename: 'Урок 1.mp4', filetype: 'video/mp4' }, options: TusOptions = {}, school = owner.schoolName) =>
  tus('POST', `/video/${school}/uploads/`, { ...options, headers: { 'upload-length': String(length), 'upload-metadata': metadata(fields), ...options.headers } });

const patch = (location: string, offset: number, chunk: Buffer, options: TusOptions = {}) =>
  tus('PATCH', location, { ...options, headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...options.headers }, payload: chunk });

/** Creates an upload and sends it whole; the last answer, and the upload's address. */
async function upload(bytes: Buffer, fields?: Record<string, string>) {
  const created = await create(bytes.length, fields);
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  return Object.assign(await patch(location, 0, bytes), { location });
}

/** The staged files of an upload (its bytes and its record) still on disk. */
const staged = (location: string) => {
  const id = location.split('/').pop()!;
  const dir = join(dataDir, 'uploads', 'tus');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(id)) : [];
};

/** Keys of the school's objects on the local disk. */
async function storedKeys(schoolId: number): Promise<string[]> {
  const dir = join(dataDir, 'uploads', 'files', String(schoolId));
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.includes('.')) : [];
}

describe('a resumable video upload', () => {
  it('is created, sent in two chunks with a resume in between, and finished into a file with a playable link', async () => {
    const video = mp4(300_000);
    const created = await create(video.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^/video/${owner.schoolName}/uploads/[0-9a-f]{32}$`));
    expect(created.headers['tus-resumable']).toBe('1.0.0');

    const first = await patch(location, 0, video.subarray(0, 100_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('100000');

    // The connection broke: HEAD tells where to go on.
    const head = await tus('HEAD', location);
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'upload-offset': '100000', 'upload-length': String(video.length) });
    // Sending from the wrong place is refused and changes nothing.
    expect((await patch(location, 0, video.subarray(0, 10))).statusCode).toBe(409);

    const last = await patch(location, 100_000, video.subarray(100_000));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.headers['upload-offset']).toBe(String(video.length));
    const file = last.json<{ id: number; url: string; kind: string; mime: string; bytes: number; name: string; lesson_id: number; course_id: number }>();
    expect(file).toMatchObject({ kind: 'video', mime: 'video/mp4', bytes: video.length, name: 'Урок 1.mp4', lesson_id: lessonId, course_id: courseId });

    const [row] = await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.id, file.id));
    expect(row).toMatchObject({ schoolId: owner.schoolId, courseId, lessonId, uploaderId: owner.id, kind: 'video', bytes: video.length });
    expect(row!.storageKey).toMatch(new RegExp(`^${owner.schoolId}/${courseId}/[0-9a-f-]{36}\\.mp4$`));
    expect(existsSync(join(dataDir, 'uploads', 'files', row!.storageKey))).toBe(true);
    // Nothing is left in the staging area.
    expect(staged(location)).toEqual([]);

    // The link plays: a range request gets exactly those bytes.
    const path = file.url.replace('http://coursehub.test', '');
    const ranged = await t.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=1000-1999' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-range': `bytes 1000-1999/${video.length}`, 'content-length': '1000', 'accept-ranges': 'bytes' });
    expect(ranged.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url: path });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    expect(whole.headers['content-disposition']).toMatch(/^inline; /);
    // Finished uploads are gone from tus.
    expect((await tus('HEAD', location)).statusCode).toBe(404);
  });

  it('takes WebM too, named by its sniffed type', async () => {
    const res = await upload(webm(5000), { lesson_id: String(lessonId), filename: 'запись', filetype: 'video/webm' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mime: 'video/webm', name: 'запись.webm' });
  });

  it('refuses a file that is not a video when it is finished, in Russian, and deletes it', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(4000, ' '));
    const before = (await t.app.ctx.db.select().from(courseFiles)).length;
    const res = await upload(html, { lesson_id: String(lessonId), filename: 'video.mp4', filetype: 'video/mp4' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'INVALID_FILE_TYPE', message: 'Загрузите видео в формате MP4, MOV, WebM или MKV.' });
    expect((await t.app.ctx.db.select().from(courseFiles)).length).toBe(before);
    expect(staged(res.location)).toEqual([]);
  });
});

describe('who may upload', () => {
  it('answers 401 without a token, on every tus request', async () => {
    const created = await create(1000);
    const location = created.headers.location as string;
    for (const res of [await create(1000, undefined, { token: null }), await tus('HEAD', location, { token: null }), await patch(location, 0, mp4(1000), { token: null }), await tus('DELETE', location, { token: null })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    }
    expect((await tus('DELETE', location)).statusCode).toBe(204);
  });

  it('lets only the school’s admins upload: teachers and students get 403', async () => {
    for (const account of [teacher, student]) {
      const res = await create(1000, undefined, { token: account.access });
      expect(res.statusCode).toBe(403);
    }
    // Another school's admin, on this school's address.
    expect((await create(1000, undefined, { token: other.access })).json()).toMatchObject({ code: 'NOT_A_MEMBER' });
  });

  it('keeps a "view as" session read-only', async () => {
    const start = await call(t.app, 'POST', '/api/impersonate/start/', { token: owner.access, body: { user_id: student.id, school: owner.schoolName } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const res = await create(1000, undefined, { token: start.body!.access as string });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'IMPERSONATION_READ_ONLY' });
  });

  it("answers 404 for another school's lesson and for another school's or admin's upload", async () => {
    const res = await create(1000, { lesson_id: String(otherLessonId), filename: 'a.mp4', filetype: 'video/mp4' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'LESSON_NOT_FOUND' });
    const mine = (await create(1000)).headers.location as string;
    const id = mine.split('/').pop()!;
    const admin = await addMember(t.app, owner.schoolId, 'Admin');
    await setTariff(t.app, other.schoolId, 4);
    for (const [token, school] of [
      [other.access, other.schoolName],
      [admin.access, owner.schoolName],
    ] as const) {
      for (const res of [await tus('HEAD', `/video/${school}/uploads/${id}`, { token }), await patch(`/video/${school}/uploads/${id}`, 0, mp4(1000), { token }), await tus('DELETE', `/video/${school}/uploads/${id}`, { token })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
      }
    }
    expect((await tus('HEAD', mine)).headers['upload-offset']).toBe('0');
  });
});

describe('limits and bad requests', () => {
  it('refuses a video over the size limit on creation, and bytes past the declared length', async () => {
    const res = await create(MAX_MB * 1024 * 1024 + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: `Видео больше ${MAX_MB} МБ.` });
    const created = await create(100);
    const over = await patch(created.headers.location as string, 0, mp4(200));
    expect(over.statusCode).toBe(413);
  });

  it("refuses what would pass the school's storage quota, on creation and again on finish", async () => {
    const small = await registerOwner(t.app, { schoolTitle: 'Маленькая школа' });
    // Start: 1 GB. Most of it is taken already.
    const [course] = [await addCourse(t.app, small.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У']] }] })];
    const lesson = String(course.lessonIds[0]);
    await t.app.ctx.db.insert(courseFiles).values({ schoolId: small.schoolId, courseId: course.id, kind: 'text', storageKey: `${small.schoolId}/${course.id}/00000000-0000-4000-8000-000000000000.pdf`, name: 'big.pdf', mime: 'application/pdf', bytes: 1024 ** 3 - 3000 });
    const refused = await tus('POST', `/video/${small.schoolName}/uploads/`, { token: small.access, headers: { 'upload-length': '5000', 'upload-metadata': metadata({ lesson_id: lesson, filename: 'a.mp4' }) } });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'STORAGE_QUOTA', message: expect.stringMatching(/^Недостаточно места в хранилище школы/) });
    // Two uploads that each fit, but not both: the second is refused when it finishes.
    const send = async () => {
      const created = await tus('POST', `/video/${small.schoolName}/uploads/`, { token: small.access, headers: { 'upload-length': '2000', 'upload-metadata': metadata({ lesson_id: lesson, filename: 'a.mp4' }) } });
      expect(created.statusCode).toBe(201);
      return created.headers.location as string;
    };
    const [a, b] = [await send(), await send()];
    expect((await patch(a, 0, mp4(2000), { token: small.access })).statusCode).toBe(200);
    const second = await patch(b, 0, mp4(2000), { token: small.access });
    expect(second.statusCode).toBe(413);
    expect(JSON.parse(second.body)).toMatchObject({ code: 'STORAGE_QUOTA' });
    expect(staged(b)).toEqual([]);
    expect(await storedKeys(small.schoolId)).toHaveLength(1);
  });

  it('refuses a missing length or lesson, bad metadata, a type that is not video and NUL bytes: 400', async () => {
    const url = `/video/${owner.schoolName}/uploads/`;
    const noLength = await tus('POST', url, { headers: { 'upload-defer-length': '1', 'upload-metadata': metadata({ lesson_id: String(lessonId) }) } });
    expect(noLength.json()).toMatchObject({ code: 'UPLOAD_LENGTH_REQUIRED' });
    expect((await create(1000, { filename: 'a.mp4' })).json()).toMatchObject({ fields: { lesson_id: ['Обязательное поле.'] } });
    expect((await create(1000, { lesson_id: 'один' })).json()).toMatchObject({ fields: { lesson_id: ['Неверный тип значения.'] } });
    expect((await create(1000, { lesson_id: String(lessonId), filetype: 'text/html' })).json()).toMatchObject({ code: 'INVALID_FILE_TYPE' });
    expect((await tus('POST', url, { headers: { 'upload-length': '10', 'upload-metadata': 'lesson_id %%%' } })).json()).toMatchObject({ code: 'INVALID_METADATA' });
    for (const field of ['filename', 'filetype', 'lesson_id']) {
      const res = await create(1000, { lesson_id: String(lessonId), filename: 'a.mp4', filetype: 'video/mp4', [field]: 'a\u0000b' });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields), field).toEqual([field]);
    }
    expect((await tus('HEAD', `/video/${owner.schoolName}/uploads/not-an-id`)).statusCode).toBe(400);
    expect((await create(1000, undefined, {}, 'bad%00name')).statusCode).toBe(400);
  });
});
