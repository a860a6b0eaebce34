// Course files sent as multipart forms, the original's audio_files/ and text_files/, and the
// signed links they are read through (file-routes.ts).
import { courseFiles } from './index.ts';
import { rateCounters } from '../../shared/db/core-tables.ts';
import { UPLOAD_RATES } from './upload-rates.ts';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let dataDir: string;
let owner: Owner;
let teacher: Account;
let other: Owner;
let courseId: number;
let lessonId: number;
let otherCourseId: number;
let otherLessonId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-files-'));
  t = await createTestApp({ dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Файлы' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие файлы' });
  const course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Урок']] }] });
  courseId = course.id;
  lessonId = course.lessonIds[0]!;
  const otherCourse = await addCourse(t.app, other.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Чужой урок']] }] });
  otherCourseId = otherCourse.id;
  otherLessonId = otherCourse.lessonIds[0]!;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

export const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(200)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), randomBytes(500)]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** A ZIP (stored, not compressed) holding these names: enough for the central directory. */
function zip(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const data = Buffer.from('x');
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(1, 18);
    local.writeUInt32LE(1, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(1, 20);
    central.writeUInt32LE(1, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + 1;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

interface Part {
  field: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body as a browser sends it. */
async function form(fields: [string, string][], files: Part[]) {
  const data = new FormData();
  for (const [key, value] of fields) data.append(key, value);
  for (const file of files) data.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://x/', { method: 'POST', body: data });
  return { contentType: request.headers.get('content-type')!, payload: Buffer.from(await request.arrayBuffer()) };
}

async function post(path: string, fields: [string, string][], files: Part[], token: string | null = owner.access, school = owner.schoolName, on = t) {
  const body = await form(fields, files);
  const res = await on.app.inject({
    method: 'POST',
    url: `/api/${school}/${path}`,
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json<Body>() };
}

const upload = (kind: string, file: Omit<Part, 'field'>, extra: [string, string][] = [], token?: string | null, school?: string) => post('files/', [['kind', kind], ...extra], [{ field: 'file', ...file }], token, school);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: url.replace('http://coursehub.test', ''), headers });

const tmpFiles = () => (existsSync(join(dataDir, 'uploads', 'tmp')) ? readdirSync(join(dataDir, 'uploads', 'tmp')) : []);
const rowsOf = async (name: string) => t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.name, name));

describe('POST /:school/files/', () => {
  it('stores a picture of a lesson, typed by its content, and gives a signed link to it', async () => {
    const res = await upload('picture', { name: 'Схема урока.PNG', bytes: PNG, type: 'image/png' }, [['lesson_id', String(lessonId)]]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'picture', mime: 'image/png', bytes: PNG.length, name: 'Схема урока.PNG', course_id: courseId, lesson_id: lessonId });
    expect(res.body.url).toMatch(new RegExp(`^http://coursehub\\.test/api/files/${res.body.id}/[^?]+\\?t=\\d+\\.[A-Za-z0-9_-]{43}$`));
    const file = await get(res.body.url as string);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'content-length': String(PNG.length) });
    expect(file.headers['content-disposition']).toBe(`inline; filename="_____ _____.PNG"; filename*=UTF-8''${encodeURIComponent('Схема урока.PNG')}`);
    expect(file.headers['cache-control']).toMatch(/^private, max-age=(\d+)$/);
    const maxAge = Number(/max-age=(\d+)/.exec(file.headers['cache-control'] as string)![1]);
    expect(maxAge).toBeGreaterThanOrEqual(4 * 3600);
    expect(maxAge).toBeLessThanOrEqual(5 * 3600);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a forged type: a .png name and image/png type with HTML inside', async () => {
    const res = await upload('picture', { name: 'photo.png', bytes: HTML, type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'INVALID_FILE_TYPE', message: 'Загрузите изображение в формате PNG, JPEG, WebP или GIF.', fields: { file: ['Загрузите изображение в формате PNG, JPEG, WebP или GIF.'] } });
    expect(await rowsOf('photo.png')).toEqual([]);
    expect(tmpFiles()).toEqual([]);
    // Nor does an audio field take a picture.
    expect((await upload('audio', { name: 'song.mp3', bytes: PNG })).body).toMatchObject({ code: 'INVALID_FILE_TYPE', message: 'Загрузите аудио в формате MP3, OGG, WAV или M4A.' });
  });

  it('offers documents as downloads, HTML only as plain text, typed by content', async () => {
    const pdf = await upload('text', { name: 'Конспект', bytes: PDF, type: 'text/html' }, [['course_id', String(courseId)]]);
    expect(pdf.body).toMatchObject({ mime: 'application/pdf', name: 'Конспект.pdf', course_id: courseId, lesson_id: null });
    const served = await get(pdf.body.url as string);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="________\.pdf"; filename\*=UTF-8''/);
    const page = await upload('text', { name: 'page.html', bytes: HTML, type: 'text/html' });
    expect(page.body).toMatchObject({ mime: 'text/plain; charset=utf-8', name: 'page.html.txt', course_id: null });
    const text = await get(page.body.url as string);
    expect(text.headers).toMatchObject({ 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    expect(text.headers['content-disposition']).toMatch(/^attachment; /);
    const docx = await upload('text', { name: 'План.docx', bytes: zip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']) });
    expect(docx.body).toMatchObject({ mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', name: 'План.docx' });
    const xlsx = await upload('text', { name: 'table', bytes: zip(['[Content_Types].xml', 'xl/workbook.xml']) });
    expect(xlsx.body).toMatchObject({ name: 'table.xlsx' });
    const plainZip = await upload('text', { name: 'архив.docx', bytes: zip(['a.txt', 'b/c.txt']) });
    expect(plainZip.body).toMatchObject({ mime: 'application/zip', name: 'архив.docx.zip' });
    expect((await upload('text', { name: 'x.bin', bytes: randomBytes(300) })).body).toMatchObject({ code: 'INVALID_FILE_TYPE' });
    const mp3 = await upload('audio', { name: 'Лекция.mp3', bytes: MP3 });
    expect(mp3.body).toMatchObject({ mime: 'audio/mpeg', name: 'Лекция.mp3' });
    expect((await get(mp3.body.url as string)).headers['content-disposition']).toMatch(/^inline; /);
  });

  it('checks the size of each kind and the school’s storage', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload('picture', { name: 'big.png', bytes: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Файл больше 10 МБ.' });
    expect(tmpFiles()).toEqual([]);
    expect((await upload('picture', { name: 'empty.png', bytes: Buffer.alloc(0) })).body).toMatchObject({ fields: { file: ['Файл пуст.'] } });

    const small = await registerOwner(t.app, { schoolTitle: 'Тесная школа' });
    await t.app.ctx.db.insert(courseFiles).values({ schoolId: small.schoolId, kind: 'text', storageKey: `${small.schoolId}/school/00000000-0000-4000-8000-000000000001.pdf`, name: 'big.pdf', mime: 'application/pdf', bytes: 1024 ** 3 - 100 });
    const full = await upload('picture', { name: 'a.png', bytes: PNG }, [], small.access, small.schoolName);
    expect(full.status).toBe(413);
    expect(full.body).toMatchObject({ code: 'STORAGE_QUOTA' });
    expect(await rowsOf('a.png')).toEqual([]);
  });

  it("answers 404 for another school's course or lesson, 400 for a lesson of another course", async () => {
    for (const extra of [[['course_id', String(otherCourseId)]], [['lesson_id', String(otherLessonId)]]] as [string, string][][]) {
      const res = await upload('picture', { name: 'a.png', bytes: PNG }, extra);
      expect(res.status).toBe(404);
    }
    const second = await addCourse(t.app, owner.schoolId);
    const res = await upload('picture', { name: 'a.png', bytes: PNG }, [['course_id', String(second.id)], ['lesson_id', String(lessonId)]]);
    expect(res.body).toMatchObject({ fields: { lesson_id: ['Урок не из этого курса.'] } });
  });

  it('lets only admins upload, and takes only multipart forms', async () => {
    expect((await upload('picture', { name: 'a.png', bytes: PNG }, [], teacher.access)).status).toBe(403);
    expect((await upload('picture', { name: 'a.png', bytes: PNG }, [], null)).status).toBe(401);
    expect((await upload('picture', { name: 'a.png', bytes: PNG }, [], other.access)).body).toMatchObject({ code: 'NOT_A_MEMBER' });
    const json = await call(t.app, 'POST', `/api/${owner.schoolName}/files/`, { token: owner.access, body: { kind: 'picture' } });
    expect(json.status).toBe(415);
  });

  it('refuses bad fields, a NUL byte in any of them and in the file name: 400', async () => {
    const bad = async (fields: [string, string][], name = 'a.png') => (await post('files/', fields, [{ field: 'file', name, bytes: PNG }])).body;
    expect(await bad([])).toMatchObject({ fields: { kind: ['Обязательное поле.'] } });
    expect(await bad([['kind', 'video']])).toMatchObject({ fields: { kind: ['Недопустимое значение.'] } });
    expect(await bad([['kind', 'picture\u0000']])).toMatchObject({ fields: { kind: ['Недопустимое значение.'] } });
    expect(await bad([['kind', 'picture'], ['course_id', '1\u0000']])).toMatchObject({ fields: { course_id: ['Неверный тип значения.'] } });
    expect(await bad([['kind', 'picture'], ['lesson_id', 'один']])).toMatchObject({ fields: { lesson_id: ['Неверный тип значения.'] } });
    expect(await bad([['kind', 'picture'], ['owner', 'x']])).toMatchObject({ fields: { owner: ['Неизвестное поле.'] } });
    expect(await bad([['kind', 'picture']], 'a\u0000b.png')).toMatchObject({ fields: { file: ['Имя файла содержит недопустимые символы.'] } });
    expect((await post('files/', [['kind', 'picture']], [])).body).toMatchObject({ fields: { file: ['Обязательное поле.'] } });
    expect((await post('files/', [['kind', 'picture']], [{ field: 'file', name: 'a.png', bytes: PNG }, { field: 'file', name: 'b.png', bytes: PNG }])).status).toBe(400);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('signed links', () => {
  let url: string;
  let id: number;
  beforeAll(async () => {
    const res = await upload('text', { name: 'notes.txt', bytes: Buffer.from('0123456789abcdef') });
    url = res.body.url as string;
    id = res.body.id as number;
  });

  it('serve byte ranges: from–to, from an offset, the last bytes; and 416 past the end', async () => {
    const cases: [string, number, string, string][] = [
      ['bytes=2-5', 206, '2345', 'bytes 2-5/16'],
      ['bytes=10-', 206, 'abcdef', 'bytes 10-15/16'],
      ['bytes=-3', 206, 'def', 'bytes 13-15/16'],
      ['bytes=14-100', 206, 'ef', 'bytes 14-15/16'],
    ];
    for (const [range, status, body, contentRange] of cases) {
      const res = await get(url, { range });
      expect({ status: res.statusCode, body: res.body, range: res.headers['content-range'] }, range).toEqual({ status, body, range: contentRange });
    }
    const past = await get(url, { range: 'bytes=16-20' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */16');
    // Several ranges at once, or nonsense: the whole file.
    expect((await get(url, { range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
    expect((await get(url, { range: 'lines=1-2' })).body).toBe('0123456789abcdef');
  });

  it('are refused when forged, altered, moved to another file or expired: 403', async () => {
    const token = new URL(url).searchParams.get('t')!;
    const [expires, signature] = token.split('.');
    const forged = [
      url.replace(`t=${token}`, `t=${expires}.${'A'.repeat(43)}`),
      url.replace(`t=${token}`, `t=${Number(expires) + 3600}.${signature}`),
      url.replace(`/files/${id}/`, `/files/${id - 1}/`),
      url.replace(`t=${token}`, 't=x'),
    ];
    for (const link of forged) {
      const res = await get(link);
      expect(res.statusCode, link).toBe(403);
      expect(res.json()).toMatchObject({ code: 'LINK_INVALID', message: 'Ссылка на файл недействительна.' });
    }
    expect((await get(url.replace(/\?.*$/, ''))).statusCode).toBe(400);
    // The name in the address is only a name.
    expect((await get(url.replace('/notes.txt?', '/other.txt?'))).statusCode).toBe(200);
    t.clock.advance(5 * 3600 * 1000 + 1000);
    try {
      const res = await get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'LINK_EXPIRED', message: 'Срок действия ссылки на файл истёк. Обновите страницу.' });
    } finally {
      t.clock.advance(-(5 * 3600 * 1000 + 1000));
    }
  });

  it('need no token, and a stale one does not get in their way', async () => {
    expect((await get(url, { authorization: 'Bearer stale' })).statusCode).toBe(200);
  });

  it('answer 404 once the file is deleted, and a NUL byte anywhere is a 400', async () => {
    const res = await upload('text', { name: 'gone.txt', bytes: Buffer.from('bye') });
    expect((await call(t.app, 'DELETE', `/api/${owner.schoolName}/files/${res.body.id}/`, { token: owner.access })).status).toBe(204);
    expect((await get(res.body.url as string)).statusCode).toBe(404);
    expect((await get(url.replace('notes.txt', 'no%00tes.txt'))).statusCode).toBe(400);
    expect((await get(`${url}%00`)).statusCode).toBe(400);
  });
});

describe('audio_files/ and text_files/', () => {
  it('take files[] with base_lesson, list them, and delete each by its own route', async () => {
    const res = await post('audio_files/', [['base_lesson', String(lessonId)]], [
      { field: 'files[]', name: 'один.mp3', bytes: MP3 },
      { field: 'files[]', name: 'два.mp3', bytes: MP3 },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject([
      { kind: 'audio', name: 'один.mp3', lesson_id: lessonId, course_id: courseId },
      { kind: 'audio', name: 'два.mp3', lesson_id: lessonId },
    ]);
    const text = await post('text_files/', [['base_lesson', String(lessonId)]], [{ field: 'files', name: 'Методичка.pdf', bytes: PDF }]);
    expect(text.body).toMatchObject([{ kind: 'text', mime: 'application/pdf' }]);
    const list = await call(t.app, 'GET', `/api/${owner.schoolName}/files/?lesson_id=${lessonId}&kind=audio`, { token: owner.access });
    expect((list.body as unknown as Body[]).map((file) => file.name)).toEqual(['один.mp3', 'два.mp3']);
    const [first] = res.body as unknown as Body[];
    // An audio file is not deleted as a text file, nor by another school.
    expect((await call(t.app, 'DELETE', `/api/${owner.schoolName}/text_files/${first!.id}/`, { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/${other.schoolName}/audio_files/${first!.id}/`, { token: other.access })).status).toBe(404);
    const removed = await call(t.app, 'DELETE', `/api/${owner.schoolName}/audio_files/${first!.id}/`, { token: owner.access });
    expect(removed.status).toBe(204);
    const [row] = await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.id, first!.id as number));
    expect(row).toBeUndefined();
  });

  it('refuse the whole batch when one file is of another type, and a lesson of another school', async () => {
    const res = await post('audio_files/', [['base_lesson', String(lessonId)]], [
      { field: 'files[]', name: 'хорошо.mp3', bytes: MP3 },
      { field: 'files[]', name: 'плохо.mp3', bytes: HTML },
    ]);
    expect(res.status).toBe(400);
    expect(await rowsOf('хорошо.mp3')).toEqual([]);
    expect((await post('text_files/', [['base_lesson', String(otherLessonId)]], [{ field: 'files[]', name: 'a.pdf', bytes: PDF }])).status).toBe(404);
    expect((await post('text_files/', [], [{ field: 'files[]', name: 'a.pdf', bytes: PDF }])).body).toMatchObject({ fields: { base_lesson: ['Обязательное поле.'] } });
    expect(tmpFiles()).toEqual([]);
  });

  // Students and teachers reach these routes for their homework threads' files (homework/check-files.test.ts), never a lesson's.
  it('leave a lesson’s files to admins: a teacher or a student neither adds nor deletes them', async () => {
    const student = await addMember(t.app, owner.schoolId, 'Student');
    for (const who of [teacher, student]) expect((await post('text_files/', [['base_lesson', String(lessonId)]], [{ field: 'files[]', name: 'чужой.pdf', bytes: PDF }], who.access)).status).toBe(403);
    expect(await rowsOf('чужой.pdf')).toEqual([]);
    const [file] = (await post('text_files/', [['base_lesson', String(lessonId)]], [{ field: 'files[]', name: 'урок.pdf', bytes: PDF }])).body as unknown as Body[];
    for (const who of [teacher, student]) expect((await call(t.app, 'DELETE', `/api/${owner.schoolName}/text_files/${file!.id}/`, { token: who.access })).status).toBe(403);
    expect(await rowsOf('урок.pdf')).toHaveLength(1);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('uploads per person and per school', () => {
  let r: TestApp;
  let rDir: string;
  beforeAll(async () => {
    rDir = mkdtempSync(join(tmpdir(), 'ch-files-rate-'));
    r = await createTestApp({ dataDir: rDir, rateLimit: true });
  });
  afterAll(async () => {
    await r.close();
    rmSync(rDir, { recursive: true, force: true });
  });

  /** Sets the hour's count of a limit's key (after a first hit made its row). */
  const counted = (key: string, hits: number) => r.app.ctx.db.update(rateCounters).set({ hits }).where(eq(rateCounters.key, key));
  const picture = (who: Account, school: Owner) => post('files/', [['kind', 'picture']], [{ field: 'file', name: 'a.png', bytes: PNG }], who.access, school.schoolName, r);

  it('refuse an upload past the hour’s share with 429 before its file is read; others go on, and the next hour it goes on', async () => {
    const school = await registerOwner(r.app, { schoolTitle: 'Школа с лимитом' });
    await setTariff(r.app, school.schoolId, 4);
    const lesson = (await addCourse(r.app, school.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У']] }] })).lessonIds[0]!;
    const { user, school: perSchool } = UPLOAD_RATES['course-file'];
    expect((await picture(school, school)).status).toBe(201);
    // The admin has used all but one of this hour's uploads.
    await counted(`course-file:user:${school.id}`, user - 1);
    expect((await picture(school, school)).status).toBe(201);
    const refused = [
      await picture(school, school),
      await post('text_files/', [['base_lesson', String(lesson)]], [{ field: 'files[]', name: 'a.pdf', bytes: PDF }], school.access, school.schoolName, r),
      await post('audio_files/', [['base_lesson', String(lesson)]], [{ field: 'files[]', name: 'a.mp3', bytes: MP3 }], school.access, school.schoolName, r),
    ];
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Слишком много загрузок файлов\. Попробуйте снова через \d+ мин\.$/) });
    }
    expect(await r.app.ctx.db.select().from(courseFiles)).toHaveLength(2);
    // No token and the wrong role are refused as before, and count for no one.
    const teacherR = await addMember(r.app, school.schoolId, 'Teacher');
    expect((await picture(teacherR, school)).status).toBe(403);
    expect((await post('files/', [['kind', 'picture']], [{ field: 'file', name: 'a.png', bytes: PNG }], null, school.schoolName, r)).status).toBe(401);
    // Another admin of the school has a share of his own…
    const admin = await addMember(r.app, school.schoolId, 'Admin');
    expect((await picture(admin, school)).status).toBe(201);
    // …until the school's people together have used its hour's share.
    await counted(`course-file:school:${school.schoolId}`, perSchool);
    expect((await picture(admin, school)).status).toBe(429);
    // Another school is not held by this one (nor by its admin's own count in the other).
    const elsewhere = await registerOwner(r.app, { schoolTitle: 'Другая школа' });
    expect((await picture(elsewhere, elsewhere)).status).toBe(201);
    r.clock.advance(60 * 60 * 1000);
    try {
      expect((await picture(school, school)).status).toBe(201);
    } finally {
      r.clock.advance(-60 * 60 * 1000);
    }
  });
});
