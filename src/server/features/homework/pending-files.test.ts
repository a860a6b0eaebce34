// A hand-in (or an answer) is sent whole or not at all: its files are uploaded first to
// homework_files/ and named in file_ids, and the message takes them in its own transaction
// (homework-file-routes.ts, pending-files.ts). Unsent uploads are pruned a day later.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneOldRows } from '../../retention.ts';
import { rateCounters } from '../../shared/db/core-tables.ts';
import { courseFiles } from '../courses/index.ts';
import { UPLOAD_RATES } from '../courses/upload-rates.ts';
import { lessonProgress } from '../learning/index.ts';
import { homeworkCheckFiles, userHomeworkChecks, userHomeworks } from './index.ts';
import { pruneHomeworkUploads, UNSENT_HOMEWORK_UPLOAD_MS } from './pending-files.ts';
import { homeworkUploads } from './tables.ts';
import { addMember, type Account } from '../../../../tests/server/fixtures.ts';
import { homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let dataDir: string;
let s: HomeworkSchool;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const MP3 = () => Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), randomBytes(500)]);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-homework-pending-'));
  // With the rate limits on, as in production: the uploads' hourly share is tested here.
  t = await createTestApp({ dataDir, rateLimit: true });
  s = await homeworkSchool(t.app, 'Сдача целиком', 4);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Uploads one file to homework_files/ as `who` (null: no token). */
async function upload(who: Account | null, file: { name: string; bytes: Buffer } = { name: 'Решение.pdf', bytes: PDF }, school = s.owner.schoolName) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${school}/homework_files/`,
    headers: { 'content-type': request.headers.get('content-type')!, ...(who ? { authorization: `Bearer ${who.access}` } : {}) },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json<Body>() };
}
async function uploaded(who: Account, file?: { name: string; bytes: Buffer }, school?: string): Promise<number> {
  const res = await upload(who, file, school);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}
const submit = (who: Account | null, body: unknown) => call(t.app, 'POST', `/api/${s.owner.schoolName}/user_homeworks/`, { token: who?.access, body });
const answer = (who: Account, body: unknown) => call(t.app, 'POST', `/api/${s.owner.schoolName}/user_homework_checks/`, { token: who.access, body });
const handInsOf = (userId: number, homework: number) =>
  t.app.ctx.db
    .select()
    .from(userHomeworks)
    .where(and(eq(userHomeworks.userId, userId), eq(userHomeworks.homeworkId, homework)));
const pending = async (fileId: number) => (await t.app.ctx.db.select().from(homeworkUploads).where(eq(homeworkUploads.fileId, fileId))).length === 1;

describe('POST homework_files/', () => {
  it('stores a document or audio of the uploader, of no course, pending until a message takes it', async () => {
    const student = s.students[0]!;
    const pdf = await upload(student);
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({ kind: 'text', name: 'Решение.pdf', mime: 'application/pdf', course_id: null, lesson_id: null, bytes: PDF.length });
    const mp3 = await upload(student, { name: 'Ответ.mp3', bytes: MP3() });
    expect(mp3.body).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
    const [row] = await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.id, pdf.body.id as number));
    expect(row).toMatchObject({ schoolId: s.owner.schoolId, courseId: null, lessonId: null, uploaderId: student.id });
    expect(await pending(pdf.body.id as number)).toBe(true);
    // Staff attach files to their reviews the same way.
    expect((await upload(s.teacher)).status).toBe(201);
  });

  it('refuses a forged type, an empty file, JSON, no token and someone of another school', async () => {
    const student = s.students[0]!;
    const before = (await t.app.ctx.db.select().from(courseFiles)).length;
    const forged = await upload(student, { name: 'song.mp3', bytes: Buffer.from('MZ\x90\x00 not a document') });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'INVALID_FILE_TYPE', fields: { file: ['Приложите документ (PDF, DOCX, XLSX, PPTX, TXT, ZIP) или аудио (MP3, OGG, WAV, M4A).'] } });
    expect((await upload(student, { name: 'empty.pdf', bytes: Buffer.alloc(0) })).status).toBe(400);
    expect((await call(t.app, 'POST', `/api/${s.owner.schoolName}/homework_files/`, { token: student.access, body: { file: 'x' } })).status).toBe(415);
    expect((await upload(null)).status).toBe(401);
    expect((await upload(s.other)).status).toBe(403);
    expect((await upload(student, undefined, s.other.schoolName)).status).toBe(403);
    expect((await upload(student, { name: 'a\u0000.pdf', bytes: PDF })).status).toBe(400);
    expect(await t.app.ctx.db.select().from(courseFiles)).toHaveLength(before);
  });

  it('refuses audio over its 50 MB, as audio_files/ does', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1);
    MP3().copy(big);
    const res = await upload(s.students[0]!, { name: 'long.mp3', bytes: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'FILE_TOO_LARGE', fields: { file: ['Файл больше 50 МБ.'] } });
    expect(await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.name, 'long.mp3'))).toEqual([]);
  });

  it('counts against the school’s storage', async () => {
    const [filler] = await t.app.ctx.db
      .insert(courseFiles)
      .values({ schoolId: s.owner.schoolId, kind: 'text', storageKey: `${s.owner.schoolId}/school/00000000-0000-4000-8000-00000000000a.pdf`, name: 'big.pdf', mime: 'application/pdf', bytes: 100 * 1024 ** 3 })
      .returning();
    try {
      const full = await upload(s.students[0]!, { name: 'quota.pdf', bytes: PDF });
      expect(full.status).toBe(413);
      expect(full.body).toMatchObject({ code: 'STORAGE_QUOTA' });
      expect(await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.name, 'quota.pdf'))).toEqual([]);
    } finally {
      await t.app.ctx.db.delete(courseFiles).where(eq(courseFiles.id, filler!.id));
    }
  });

  it('shares the hour’s upload limit of text_files/ and audio_files/', async () => {
    const student = await addMember(t.app, s.owner.schoolId, 'Student');
    expect((await upload(student)).status).toBe(201);
    await t.app.ctx.db
      .update(rateCounters)
      .set({ hits: UPLOAD_RATES['course-file'].user })
      .where(eq(rateCounters.key, `course-file:user:${student.id}`));
    const refused = await upload(student);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Слишком много загрузок файлов\. Попробуйте снова через \d+ мин\.$/) });
  });
});

describe('a hand-in naming its files', () => {
  it('takes the student’s own pending uploads into its first message, and they are pending no more', async () => {
    const student = s.students[0]!;
    const pdf = await uploaded(student);
    const mp3 = await uploaded(student, { name: 'Ответ.mp3', bytes: MP3() });
    const res = await submit(student, { homework: s.course.homework, text: 'Решение во вложении', file_ids: [pdf, mp3, pdf] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [first] = res.body!.checks as Body[];
    expect(first).toMatchObject({ text_files: [expect.objectContaining({ id: pdf, name: 'Решение.pdf' })], audio_files: [expect.objectContaining({ id: mp3, name: 'Ответ.mp3' })] });
    expect(await pending(pdf)).toBe(false);
    expect(await pending(mp3)).toBe(false);
  });

  it('refuses the whole hand-in for another student’s upload, another school’s, a missing id or one sent already', async () => {
    const student = s.students[1]!;
    const own = await uploaded(student);
    const others = await uploaded(s.students[2]!);
    const otherSchool = await uploaded(s.other, undefined, s.other.schoolName);
    const [sent] = await t.app.ctx.db.select({ fileId: homeworkCheckFiles.fileId }).from(homeworkCheckFiles).limit(1);
    for (const bad of [others, otherSchool, 2147483647, sent!.fileId]) {
      const res = await submit(student, { homework: s.course.homework, text: 'Решение', file_ids: [own, bad] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'FILES_NOT_USABLE', fields: { file_ids: [expect.stringContaining('Приложить можно только свои загруженные файлы')] } });
    }
    expect(await handInsOf(student.id, s.course.homework)).toEqual([]);
    expect(await pending(own)).toBe(true);
    expect(await pending(others)).toBe(true);
    // The same hand-in with its own file goes.
    expect((await submit(student, { homework: s.course.homework, text: 'Решение', file_ids: [own] })).status).toBe(201);
  });

  it('never accepts a teacherless hand-in without its files: a refused one leaves nothing, not even progress', async () => {
    const student = s.alone;
    const others = await uploaded(s.students[3]!);
    const refused = await submit(student, { homework: s.soloCourse.homework, text: 'Сам', file_ids: [others] });
    expect(refused.status).toBe(400);
    expect(await handInsOf(student.id, s.soloCourse.homework)).toEqual([]);
    expect(await t.app.ctx.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, student.id), eq(lessonProgress.lessonId, s.soloCourse.homework)))).toEqual([]);

    const own = await uploaded(student);
    const res = await submit(student, { homework: s.soloCourse.homework, text: 'Сам', file_ids: [own] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'accepted', checks: [expect.objectContaining({ text_files: [expect.objectContaining({ id: own })] })] });
  });

  it('refuses the wrong role, no token, a malformed body and a NUL byte, taking no file', async () => {
    const student = s.students[3]!;
    const own = await uploaded(student);
    const teacherFile = await uploaded(s.teacher);
    expect((await submit(s.teacher, { homework: s.course.homework, file_ids: [teacherFile] })).status).toBe(403);
    expect((await submit(s.admin, { homework: s.course.homework })).status).toBe(403);
    expect((await submit(null, { homework: s.course.homework, file_ids: [own] })).status).toBe(401);
    for (const body of [
      { homework: s.course.homework, file_ids: own },
      { homework: s.course.homework, file_ids: ['x'] },
      { homework: s.course.homework, file_ids: [0] },
      { homework: s.course.homework, file_ids: [-own] },
      { homework: s.course.homework, file_ids: Array.from({ length: 11 }, (_, i) => own + i) },
      { homework: s.course.homework, file_ids: [own], text: 'a\u0000b' },
    ]) {
      const res = await submit(student, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // Another school's homework with the student's file: not found there.
    const elsewhere = await call(t.app, 'POST', `/api/${s.other.schoolName}/user_homeworks/`, { token: student.access, body: { homework: s.course.homework, file_ids: [own] } });
    expect(elsewhere.status).toBe(403);
    expect(await handInsOf(student.id, s.course.homework)).toEqual([]);
    expect(await pending(own)).toBe(true);
  });
});

describe('an answer in the thread naming its files', () => {
  it('takes the author’s own uploads with a student’s answer and a teacher’s review, and refuses another’s', async () => {
    const student = s.students[0]!;
    const [handInRow] = await handInsOf(student.id, s.course.homework);
    const studentFile = await uploaded(student);
    const teacherFile = await uploaded(s.teacher, { name: 'Пометки.mp3', bytes: MP3() });
    const stolen = await answer(s.teacher, { user_homework: handInRow!.id, text: 'Смотрите', status: 'revision', file_ids: [studentFile] });
    expect(stolen).toMatchObject({ status: 400, body: { code: 'FILES_NOT_USABLE' } });
    const checksBefore = (await t.app.ctx.db.select().from(userHomeworkChecks).where(eq(userHomeworkChecks.userHomeworkId, handInRow!.id))).length;
    expect((await t.app.ctx.db.select().from(userHomeworks).where(eq(userHomeworks.id, handInRow!.id)))[0]!.status).toBe('pending');

    const review = await answer(s.teacher, { user_homework: handInRow!.id, text: 'Смотрите', status: 'revision', file_ids: [teacherFile] });
    expect(review.status).toBe(201);
    expect(review.body).toMatchObject({ audio_files: [expect.objectContaining({ id: teacherFile })] });
    const reply = await answer(student, { user_homework: handInRow!.id, text: 'Исправил', file_ids: [studentFile] });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ text_files: [expect.objectContaining({ id: studentFile })] });
    expect((await t.app.ctx.db.select().from(userHomeworkChecks).where(eq(userHomeworkChecks.userHomeworkId, handInRow!.id))).length).toBe(checksBefore + 2);
    expect((await answer(student, { user_homework: handInRow!.id, text: 'x\u0000', file_ids: [] })).status).toBe(400);
  });
});

describe('retention of unsent homework uploads', () => {
  it('deletes an upload nothing took a day later with its object; a taken one and a recent one stay', async () => {
    const student = s.students[3]!;
    const unsent = await uploaded(student);
    const [row] = await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.id, unsent));
    const objectPath = join(dataDir, 'uploads', 'files', row!.storageKey);
    expect(existsSync(objectPath)).toBe(true);
    const taken = await uploaded(student);
    expect((await submit(student, { homework: s.course.autoHomework, text: 'С файлом', file_ids: [taken] })).status).toBe(201);

    expect(await pruneHomeworkUploads(t.app.ctx, new Date(t.clock.now.getTime() + UNSENT_HOMEWORK_UPLOAD_MS - 60_000))).toMatchObject({ deleted: 0 });
    // The hourly retention job runs it.
    t.clock.advance(UNSENT_HOMEWORK_UPLOAD_MS + 60_000);
    const counts = await pruneOldRows(t.app.ctx);
    expect(counts.homework_uploads).toBeGreaterThanOrEqual(1);
    expect(await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.id, unsent))).toEqual([]);
    expect(existsSync(objectPath)).toBe(false);
    expect(await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.id, taken))).toHaveLength(1);
    // A pruned upload can no longer be named.
    const late = await answer(student, { user_homework: (await handInsOf(student.id, s.course.autoHomework))[0]!.id, text: 'Ещё', file_ids: [unsent] });
    expect(late.status).toBe(400);
  });
});
