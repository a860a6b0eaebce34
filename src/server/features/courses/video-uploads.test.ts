// Resumable video uploads over tus (video-uploads.ts), driven as tus-js-client would: create,
// PATCH in chunks, HEAD to resume, the finished file's signed link read by ranges.
import { courseFiles } from './index.ts';
import { videoUploads } from './tables.ts';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateCounters } from '../../shared/db/core-tables.ts';
import { STORAGE_LIMIT_MESSAGE } from '../tariffs/index.ts';
import { UPLOADS_HOLD_STORAGE_MESSAGE } from './files.ts';
import { UPLOAD_RATES } from './upload-rates.ts';
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
  /** Another test app (the one with rate limits). */
  on?: TestApp;
}
async function tus(method: 'POST' | 'PATCH' | 'HEAD' | 'DELETE', url: string, { token = owner.access, headers = {}, payload, on = t }: TusOptions = {}) {
  const res = await on.app.inject({
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

/** Takes `bytes` of the school's storage with a file row (its object is not needed for the count). */
async function fill(schoolId: number, courseId: number, bytes: number) {
  await t.app.ctx.db.insert(courseFiles).values({ schoolId, courseId, kind: 'text', storageKey: `${schoolId}/${courseId}/${randomUUID()}.pdf`, name: 'big.pdf', mime: 'application/pdf', bytes });
}

/** The school's uploads in progress, as reserved in the database. */
const reservations = (schoolId: number) => t.app.ctx.db.select().from(videoUploads).where(eq(videoUploads.schoolId, schoolId));

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
    await fill(small.schoolId, course.id, 1024 ** 3 - 3000);
    const refused = await tus('POST', `/video/${small.schoolName}/uploads/`, { token: small.access, headers: { 'upload-length': '5000', 'upload-metadata': metadata({ lesson_id: lesson, filename: 'a.mp4' }) } });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'STORAGE_QUOTA', message: expect.stringMatching(/^Недостаточно места в хранилище школы/) });
    // An upload that fits, but a file stored meanwhile takes its room (as another instance's
    // multipart upload could, counted before the reservation): refused when it finishes.
    const created = await tus('POST', `/video/${small.schoolName}/uploads/`, { token: small.access, headers: { 'upload-length': '2000', 'upload-metadata': metadata({ lesson_id: lesson, filename: 'a.mp4' }) } });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    await fill(small.schoolId, course.id, 2000);
    const finished = await patch(location, 0, mp4(2000), { token: small.access });
    expect(finished.statusCode).toBe(413);
    expect(JSON.parse(finished.body)).toMatchObject({ code: 'STORAGE_QUOTA' });
    expect(staged(location)).toEqual([]);
    expect(await reservations(small.schoolId)).toEqual([]);
    expect(await storedKeys(small.schoolId)).toHaveLength(0);
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

/** A school on the Start plan (1 GB) with a lesson and `room` bytes of its storage left. */
async function crampedSchool(room: number, on = t) {
  const school = await registerOwner(on.app, { schoolTitle: `Тесная школа ${randomUUID().slice(0, 8)}` });
  const course = await addCourse(on.app, school.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У']] }] });
  await on.app.ctx.db.insert(courseFiles).values({ schoolId: school.schoolId, courseId: course.id, kind: 'text', storageKey: `${school.schoolId}/${course.id}/${randomUUID()}.pdf`, name: 'big.pdf', mime: 'application/pdf', bytes: 1024 ** 3 - room });
  return { ...school, lessonId: course.lessonIds[0]! };
}

/** Starts an upload of `length` bytes in the school's lesson; `as` another member. */
const start = (school: Owner & { lessonId: number }, length: number, options: { as?: Account; on?: TestApp } = {}) =>
  tus('POST', `/video/${school.schoolName}/uploads/`, {
    token: (options.as ?? school).access,
    ...(options.on ? { on: options.on } : {}),
    headers: { 'upload-length': String(length), 'upload-metadata': metadata({ lesson_id: String(school.lessonId), filename: 'a.mp4', filetype: 'video/mp4' }) },
  });

const DAY = 24 * 60 * 60 * 1000;

describe('uploads in progress hold their room in the storage', () => {
  it('count their declared sizes beside the files: of eight started at once, only those that fit', async () => {
    const school = await crampedSchool(10_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => start(school, 3000)));
    const created = answers.filter((res) => res.statusCode === 201).map((res) => res.headers.location as string);
    expect(created).toHaveLength(3);
    for (const res of answers.filter((res) => res.statusCode !== 201)) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'STORAGE_QUOTA', message: UPLOADS_HOLD_STORAGE_MESSAGE });
    }
    expect((await reservations(school.schoolId)).map((row) => row.bytes)).toEqual([3000, 3000, 3000]);
    // Another admin of the school shares the room; what is left still fits.
    const admin = await addMember(t.app, school.schoolId, 'Admin');
    expect((await start(school, 2000, { as: admin })).statusCode).toBe(413);
    expect((await start(school, 1000, { as: admin })).statusCode).toBe(201);
    // More than the files leave at all: the plan's own message.
    expect((await start(school, 10_001)).json()).toEqual({ code: 'STORAGE_QUOTA', message: STORAGE_LIMIT_MESSAGE });
    // A multipart file is counted against the same room.
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(100)]);
    const body = new FormData();
    body.append('kind', 'picture');
    body.append('file', new Blob([new Uint8Array(png)]), 'a.png');
    const request = new Request('http://x/', { method: 'POST', body });
    const picture = await t.app.inject({ method: 'POST', url: `/api/${school.schoolName}/files/`, headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${school.access}` }, payload: Buffer.from(await request.arrayBuffer()) });
    expect(picture.statusCode).toBe(413);
    expect(picture.json()).toMatchObject({ code: 'STORAGE_QUOTA', message: UPLOADS_HOLD_STORAGE_MESSAGE });

    // Another school's admin cannot cancel it: the room stays taken.
    const [first, second] = created as [string, string];
    const id = first.split('/').pop()!;
    expect((await tus('DELETE', `/video/${other.schoolName}/uploads/${id}`, { token: other.access })).statusCode).toBe(404);
    expect((await tus('DELETE', first, { token: student.access })).statusCode).toBe(403);
    expect((await start(school, 3000)).statusCode).toBe(413);
    // Cancelled by its admin: its room is free again.
    expect((await tus('DELETE', first, { token: school.access })).statusCode).toBe(204);
    expect(staged(first)).toEqual([]);
    expect((await start(school, 3000)).statusCode).toBe(201);
    // Finished: its file takes the upload's room, counted once.
    const done = await patch(second, 0, mp4(3000), { token: school.access });
    expect(done.statusCode, done.body).toBe(200);
    expect(await reservations(school.schoolId)).toHaveLength(3);
    expect((await start(school, 1)).statusCode).toBe(413);
  });

  it('free the room of an abandoned upload a day after it started, refuse to go on with it and delete it', async () => {
    const school = await crampedSchool(5000);
    const abandoned = (await start(school, 4000)).headers.location as string;
    expect((await patch(abandoned, 0, mp4(1000), { token: school.access })).statusCode).toBe(204);
    expect((await start(school, 4000)).statusCode).toBe(413);
    t.clock.advance(DAY);
    try {
      // The day is over: its room is free at once, before any job has run.
      const next = await start(school, 4000);
      expect(next.statusCode).toBe(201);
      // Going on with it is refused, and its bytes go.
      for (const res of [await tus('HEAD', abandoned, { token: school.access }), await patch(abandoned, 1000, randomBytes(1000), { token: school.access })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
      }
      expect(staged(abandoned)).toEqual([]);
      // The hourly job deletes the one left once its day is over too, with its bytes.
      const left = next.headers.location as string;
      expect(staged(left)).toHaveLength(2);
      t.clock.advance(DAY);
      expect(await t.app.ctx.jobRunner.runNow('video-uploads-expired')).toBe('completed');
      expect(staged(left)).toEqual([]);
      expect(await reservations(school.schoolId)).toEqual([]);
    } finally {
      t.clock.advance(-2 * DAY);
    }
    expect((await start(school, 5000)).statusCode).toBe(201);
  });
});

describe('a full disk', () => {
  const diskFull = { code: 'INSUFFICIENT_STORAGE', message: 'На сервере закончилось место. Попробуйте позже.' };

  it('answers 507 to a PATCH whose bytes find no room (the kernel’s ENOSPC), and the upload goes on once there is room', async () => {
    const video = mp4(4000);
    const location = (await create(video.length)).headers.location as string;
    // The staged file now writes into /dev/full: every write fails with ENOSPC.
    const path = join(dataDir, 'uploads', 'tus', location.split('/').pop()!);
    rmSync(path);
    symlinkSync('/dev/full', path);
    const res = await patch(location, 0, video);
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual(diskFull);
    // Room again: the upload is still there, and goes on.
    rmSync(path);
    writeFileSync(path, '');
    expect((await tus('HEAD', location)).headers['upload-offset']).toBe('0');
    const done = await patch(location, 0, video);
    expect(done.statusCode, done.body).toBe(200);
  });

  it('answers 507 when the finished video finds no room in the storage, and keeps the upload to finish it again', async () => {
    const video = mp4(3000);
    const location = (await create(video.length)).headers.location as string;
    vi.spyOn(t.app.ctx.storage, 'moveIn').mockRejectedValueOnce(Object.assign(new Error("ENOSPC: no space left on device, copyfile '/data/uploads/tus/x'"), { code: 'ENOSPC', errno: -28 }));
    const res = await patch(location, 0, video);
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual(diskFull);
    expect(await reservations(owner.schoolId)).toContainEqual(expect.objectContaining({ id: location.split('/').pop(), bytes: 3000 }));
    // An empty PATCH at its end finishes it.
    const again = await patch(location, video.length, Buffer.alloc(0));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ kind: 'video', bytes: 3000 });
    expect(staged(location)).toEqual([]);
  });
});

describe('starting uploads is limited per admin and per school', () => {
  let r: TestApp;
  let rDir: string;
  beforeAll(async () => {
    rDir = mkdtempSync(join(tmpdir(), 'ch-video-rate-'));
    r = await createTestApp({ dataDir: rDir, videoMaxBytes: MAX_MB * 1024 * 1024, rateLimit: true });
  });
  afterAll(async () => {
    await r.close();
    rmSync(rDir, { recursive: true, force: true });
  });

  it('refuses a start past the hour’s share with 429 and the wait; resuming is not a start; the limits are the admin’s and the school’s', async () => {
    const school = await crampedSchool(1024 ** 3 - 1, r);
    const { user, school: perSchool } = UPLOAD_RATES['video-upload'];
    const started: string[] = [];
    for (let i = 0; i < user; i += 1) {
      const res = await start(school, 1000, { on: r });
      expect(res.statusCode, res.body).toBe(201);
      started.push(res.headers.location as string);
    }
    const refused = await start(school, 1000, { on: r });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Слишком много загрузок файлов\. Попробуйте снова через \d+ мин\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await r.app.ctx.db.select().from(videoUploads)).toHaveLength(user);
    // Going on with an upload already started is not a start.
    expect((await tus('HEAD', started[0]!, { token: school.access, on: r })).statusCode).toBe(200);
    expect((await patch(started[0]!, 0, mp4(1000), { token: school.access, on: r })).statusCode).toBe(200);
    // No token and the wrong role are refused as before, and count for no one.
    const teacherR = await addMember(r.app, school.schoolId, 'Teacher');
    expect((await start(school, 1000, { on: r, as: teacherR })).statusCode).toBe(403);
    expect((await tus('POST', `/video/${school.schoolName}/uploads/`, { token: null, on: r, headers: { 'upload-length': '1000' } })).statusCode).toBe(401);
    // Another admin of the school has a share of his own…
    const admin = await addMember(r.app, school.schoolId, 'Admin');
    expect((await start(school, 1000, { on: r, as: admin })).statusCode).toBe(201);
    // …until the school's admins together have started its hour's share.
    await r.app.ctx.db.update(rateCounters).set({ hits: perSchool }).where(eq(rateCounters.key, `video-upload:school:${school.schoolId}`));
    expect((await start(school, 1000, { on: r, as: admin })).statusCode).toBe(429);
    // Another school is not held by this one.
    const elsewhere = await crampedSchool(1024 ** 3 - 1, r);
    expect((await start(elsewhere, 1000, { on: r })).statusCode).toBe(201);
    // The next hour, it starts again.
    r.clock.advance(60 * 60 * 1000);
    try {
      expect((await start(school, 1000, { on: r })).statusCode).toBe(201);
    } finally {
      r.clock.advance(-60 * 60 * 1000);
    }
  });
});
