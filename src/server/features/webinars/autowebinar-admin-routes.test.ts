// The admin's autowebinars (autowebinar-admin-routes.ts): CRUD, the scripted chat, the video upload,
// and the public page playing what was made through them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { courseFiles, pruneCourseFiles } from '../courses/index.ts';
import { autowebinars } from './tables.ts';

let t: TestApp;
let dataDir: string;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;
let videoId: number;
let otherVideoId: number;

const WEBM = () => Buffer.concat([Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex'), randomBytes(3000)]);

async function uploadVideo(bytes: Buffer, token: string | null = owner.access, school = owner.schoolName, name = 'запись.webm') {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type: 'video/webm' }), name);
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${school}/autowebinars/video/`,
    headers: { 'content-type': request.headers.get('content-type')!, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json<Body>() };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-autowebinars-'));
  t = await createTestApp({ dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Вебинарная школа' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужая вебинарная школа' });
  await setTariff(t.app, other.schoolId, 4);
  videoId = (await uploadVideo(WEBM())).body.id;
  otherVideoId = (await uploadVideo(WEBM(), other.access, other.schoolName)).body.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const base = (school = owner.schoolName) => `/api/${school}/autowebinars/`;

function newWebinar(slug: string, extra: Body = {}): Body {
  return {
    title: `Вебинар ${slug}`,
    slug,
    description: 'Описание',
    video_type: 'upload',
    video_file_id: videoId,
    starts_at: new Date(t.clock.now.getTime() + 60 * 60_000).toISOString(),
    repeat_minutes: 1440,
    duration_minutes: 30,
    ...extra,
  };
}

async function create(slug: string, extra: Body = {}): Promise<Body> {
  const res = await call(t.app, 'POST', base(), { token: owner.access, body: newWebinar(slug, extra) });
  expect(res.status).toBe(201);
  return res.body!;
}

describe('POST/GET/PATCH/DELETE {school}/autowebinars/', () => {
  it('creates an autowebinar with an uploaded video, reads, edits and deletes it', async () => {
    const created = await create('create-read');
    expect(created).toMatchObject({
      title: 'Вебинар create-read',
      slug: 'create-read',
      description: 'Описание',
      video_type: 'upload',
      video_url: null,
      repeat_minutes: 1440,
      duration_minutes: 30,
      has_chat: true,
      chat_enabled: true,
      is_active: true,
      status: 'countdown',
      chat_script: [],
    });
    expect(created.video_file).toMatchObject({ id: videoId, kind: 'video', mime: 'video/webm' });
    expect(created.next_start).toBe(created.starts_at);

    const read = await call(t.app, 'GET', `${base()}${created.id}/`, { token: owner.access });
    expect(read.status).toBe(200);
    expect(read.body!.slug).toBe('create-read');

    const edited = await call(t.app, 'PATCH', `${base()}${created.id}/`, { token: owner.access, body: { title: ' Новое название ', repeat_minutes: null, is_active: false } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Новое название', repeat_minutes: null, is_active: false, slug: 'create-read' });

    expect((await call(t.app, 'DELETE', `${base()}${created.id}/`, { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', `${base()}${created.id}/`, { token: owner.access })).status).toBe(404);
    // Its video went with it (nothing else showed it).
    expect(await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.id, videoId))).toEqual([]);
    videoId = (await uploadVideo(WEBM())).body.id;
  });

  it('takes a YouTube video instead of an upload, and asks for the video it plays', async () => {
    const youtube = await create('youtube-one', { video_type: 'youtube', video_file_id: null, youtube_video_id: 'dQw4w9WgXcQ' });
    expect(youtube).toMatchObject({ video_type: 'youtube', youtube_video_id: 'dQw4w9WgXcQ', video_file: null });
    const noVideo = await call(t.app, 'POST', base(), { token: owner.access, body: newWebinar('no-video', { video_file_id: null }) });
    expect(noVideo.status).toBe(400);
    expect(noVideo.body!.fields).toEqual({ video_file_id: ['Загрузите видео вебинара.'] });
    const noYoutube = await call(t.app, 'PATCH', `${base()}${youtube.id}/`, { token: owner.access, body: { youtube_video_id: null } });
    expect(noYoutube.status).toBe(400);
    expect(noYoutube.body!.fields).toEqual({ youtube_video_id: ['Укажите видео YouTube.'] });
  });

  it('keeps slugs unique across schools and refuses a malformed one', async () => {
    await create('taken-slug');
    const again = await call(t.app, 'POST', base(other.schoolName), { token: other.access, body: newWebinar('taken-slug', { video_file_id: otherVideoId }) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'SLUG_TAKEN', fields: { slug: ['Этот адрес уже занят другим вебинаром.'] } });
    const mine = await create('another-slug');
    const renamed = await call(t.app, 'PATCH', `${base()}${mine.id}/`, { token: owner.access, body: { slug: 'taken-slug' } });
    expect(renamed.status).toBe(409);
    for (const slug of ['Заглавные', 'with space', '-dash', 'UPPER', '']) {
      expect((await call(t.app, 'POST', base(), { token: owner.access, body: newWebinar(slug) })).status).toBe(400);
    }
  });

  it("refuses another school's webinar and video", async () => {
    const theirs = await call(t.app, 'POST', base(other.schoolName), { token: other.access, body: newWebinar('theirs-one', { video_file_id: otherVideoId }) });
    expect(theirs.status).toBe(201);
    const id = theirs.body!.id as number;
    // Through our school's address, their id is unknown.
    expect((await call(t.app, 'GET', `${base()}${id}/`, { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', `${base()}${id}/`, { token: owner.access, body: { title: 'Моё' } })).status).toBe(404);
    expect((await call(t.app, 'PUT', `${base()}${id}/chat_script/`, { token: owner.access, body: [] })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `${base()}${id}/`, { token: owner.access })).status).toBe(404);
    // Through theirs, we are not members.
    expect((await call(t.app, 'GET', `${base(other.schoolName)}${id}/`, { token: owner.access })).status).toBe(403);
    expect((await call(t.app, 'DELETE', `${base(other.schoolName)}${id}/`, { token: owner.access })).status).toBe(403);
    // Their video cannot be ours.
    const stolen = await call(t.app, 'POST', base(), { token: owner.access, body: newWebinar('stolen-video', { video_file_id: otherVideoId }) });
    expect(stolen.status).toBe(400);
    expect(stolen.body!.fields).toEqual({ video_file_id: ['Видео не найдено в этой школе.'] });
    const [row] = await t.app.ctx.db.select().from(autowebinars).where(eq(autowebinars.id, id));
    expect(row!.title).toBe('Вебинар theirs-one');
  });

  it('is for the admins of the school: teachers, students and visitors are refused', async () => {
    const mine = await create('roles-check');
    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', base()],
      ['GET', `${base()}?p=1`],
      ['POST', base(), newWebinar('roles-new')],
      ['GET', `${base()}${mine.id}/`],
      ['PATCH', `${base()}${mine.id}/`, { title: 'x' }],
      ['PUT', `${base()}${mine.id}/chat_script/`, []],
      ['DELETE', `${base()}${mine.id}/`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(t.app, method, url, { token: teacher.access, body })).status, `${method} ${url}`).toBe(403);
      expect((await call(t.app, method, url, { token: student.access, body })).status, `${method} ${url}`).toBe(403);
      expect((await call(t.app, method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
    expect((await uploadVideo(WEBM(), teacher.access)).status).toBe(403);
    expect((await uploadVideo(WEBM(), student.access)).status).toBe(403);
    expect((await uploadVideo(WEBM(), null)).status).toBe(401);
    expect((await uploadVideo(WEBM(), owner.access, other.schoolName)).status).toBe(403);
    expect((await call(t.app, 'GET', `${base()}${mine.id}/`, { token: owner.access })).body!.title).toBe('Вебинар roles-check');
  });

  it('refuses malformed bodies', async () => {
    const mine = await create('malformed');
    const bad: [method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown][] = [
      ['POST', base(), {}],
      ['POST', base(), newWebinar('bad-1', { duration_minutes: 0 })],
      ['POST', base(), newWebinar('bad-2', { starts_at: 'завтра' })],
      ['POST', base(), newWebinar('bad-3', { repeat_minutes: -5 })],
      ['POST', base(), newWebinar('bad-4', { video_type: 'vimeo' })],
      ['POST', base(), newWebinar('bad-5', { unknown: 1 })],
      ['POST', base(), newWebinar('bad-6', { title: '   ' })],
      ['PATCH', `${base()}${mine.id}/`, {}],
      ['PATCH', `${base()}${mine.id}/`, { has_chat: 'да' }],
      ['PATCH', `${base()}${mine.id}/`, [1]],
      ['PUT', `${base()}${mine.id}/chat_script/`, { lines: [] }],
      ['PUT', `${base()}${mine.id}/chat_script/`, [{ offset_seconds: -1, username: 'А', message: 'Б' }]],
      ['PUT', `${base()}${mine.id}/chat_script/`, [{ offset_seconds: 1, username: '', message: 'Б' }]],
      ['PUT', `${base()}${mine.id}/chat_script/`, [{ offset_seconds: 1, username: 'А', message: '  ' }]],
      ['PUT', `${base()}${mine.id}/chat_script/`, [{ offset_seconds: 1.5, username: 'А', message: 'Б' }]],
      ['PUT', `${base()}${mine.id}/chat_script/`, Array.from({ length: 501 }, () => ({ offset_seconds: 1, username: 'А', message: 'Б' }))],
    ];
    for (const [method, url, body] of bad) expect((await call(t.app, method, url, { token: owner.access, body })).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    const broken = await t.app.inject({ method: 'POST', url: base(), headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' }, payload: '{"title": "Вебинар", ' });
    expect(broken.statusCode).toBe(400);
    const bad415 = await t.app.inject({ method: 'POST', url: `${base()}video/`, headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' }, payload: '{}' });
    expect(bad415.statusCode).toBe(415);
    const notVideo = await uploadVideo(Buffer.from('<!doctype html><script>alert(1)</script>'), owner.access, owner.schoolName, 'x.webm');
    expect(notVideo.status).toBe(400);
    expect(notVideo.body.fields).toEqual({ file: ['Загрузите видео в формате MP4, MOV, WebM или MKV.'] });
    expect((await uploadVideo(Buffer.alloc(0))).status).toBe(400);
  });

  it('refuses a NUL byte in every string', async () => {
    const mine = await create('nul-bytes');
    for (const [field, value] of [
      ['title', 'Веб\u0000инар'],
      ['slug', 'nul\u0000slug'],
      ['description', 'Опи\u0000сание'],
      ['starts_at', '2026-01-01T10:00:00\u0000Z'],
      ['youtube_video_id', 'dQw4w9Wg\u0000cQ'],
    ] as const) {
      const body = field === 'youtube_video_id' ? { video_type: 'youtube', youtube_video_id: value, video_file_id: null } : { [field]: value };
      expect((await call(t.app, 'POST', base(), { token: owner.access, body: newWebinar(`nul-${field.replace('_', '-')}`, body) })).status, field).toBe(400);
      expect((await call(t.app, 'PATCH', `${base()}${mine.id}/`, { token: owner.access, body })).status, field).toBe(400);
    }
    for (const line of [
      { offset_seconds: 1, username: 'Ан\u0000на', message: 'Привет' },
      { offset_seconds: 1, username: 'Анна', message: 'При\u0000вет' },
      { offset_seconds: 1, username: 'Анна', message: 'Привет', role: 'moder\u0000ator' },
    ]) {
      expect((await call(t.app, 'PUT', `${base()}${mine.id}/chat_script/`, { token: owner.access, body: [line] })).status).toBe(400);
    }
    expect((await call(t.app, 'GET', `${base()}${mine.id}/`, { token: owner.access })).body).toMatchObject({ title: 'Вебинар nul-bytes', chat_script: [] });
  });
});

describe('GET {school}/autowebinars/ (list)', () => {
  it('answers pages newest first with the next show, in the same number of reads for any page size', async () => {
    const school = await registerOwner(t.app, { schoolTitle: 'Список вебинаров' });
    await setTariff(t.app, school.schoolId, 4);
    const video = (await uploadVideo(WEBM(), school.access, school.schoolName)).body.id as number;
    const made: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await call(t.app, 'POST', base(school.schoolName), { token: school.access, body: newWebinar(`page-${i}`, { video_file_id: video, starts_at: new Date(t.clock.now.getTime() - 10 * 60_000).toISOString() }) });
      made.push(res.body!.id as number);
    }
    const page = (p: number, s = 20) => call(t.app, 'GET', `${base(school.schoolName)}?p=${p}&s=${s}`, { token: school.access });
    const first = await page(1);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 25, previous: null });
    expect(first.body!.next).toContain('p=2');
    expect(first.body!.results).toHaveLength(20);
    expect(first.body!.results[0]).toMatchObject({ id: made[24], slug: 'page-24', status: 'live', has_video: true, duration_minutes: 30, repeat_minutes: 1440 });
    // Live: the next start named is the show on now.
    expect(first.body!.results[0].next_start).toBe(new Date(t.clock.now.getTime() - 10 * 60_000).toISOString());
    expect((await page(2)).body!.results.map((w: Body) => w.id)).toEqual(made.slice(0, 5).reverse());
    expect((await page(9)).body!.results).toEqual([]);
    const small = await readsDuring(t.app, () => page(1, 2));
    const large = await readsDuring(t.app, () => page(1, 25));
    expect(large.length).toBe(small.length);
    expect(large.length).toBeLessThanOrEqual(3);
    // Without p: the array a webinar lesson's editor chooses from, oldest first.
    const all = await call(t.app, 'GET', base(school.schoolName), { token: school.access });
    expect((all.body as unknown as Body[]).map((w) => w.id)).toEqual(made);
  });
});

describe('PUT {school}/autowebinars/{id}/chat_script/ and the public page', () => {
  it('plays an autowebinar made through these routes on the public page, its chat at its offsets', async () => {
    const startsAt = new Date(t.clock.now.getTime() - 90_000);
    const made = await create('played-webinar', { starts_at: startsAt.toISOString(), repeat_minutes: null, duration_minutes: 10 });
    const script = await call(t.app, 'PUT', `${base()}${made.id}/chat_script/`, {
      token: owner.access,
      body: [
        { offset_seconds: 75, username: 'Ольга', message: 'Спасибо!' },
        { offset_seconds: 5, username: ' Анна ', message: ' Добрый день! ', role: 'moderator' },
        { offset_seconds: 30, username: 'Игорь', message: 'Привет' },
      ],
    });
    expect(script.status).toBe(200);
    expect(script.body).toEqual([
      { offset_seconds: 5, username: 'Анна', message: 'Добрый день!', role: 'moderator' },
      { offset_seconds: 30, username: 'Игорь', message: 'Привет', role: 'participant' },
      { offset_seconds: 75, username: 'Ольга', message: 'Спасибо!', role: 'participant' },
    ]);
    expect((await call(t.app, 'GET', `${base()}${made.id}/`, { token: owner.access })).body!.chat_script).toEqual(script.body);

    const page = await call(t.app, 'GET', '/api/public/webinar/played-webinar/');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      status: 'live',
      id: made.id,
      title: 'Вебинар played-webinar',
      video_type: 'upload',
      school_name: 'Вебинарная школа',
      has_chat: true,
      chat_enabled: true,
      duration_minutes: 10,
      scheduled_show_time_utc: startsAt.toISOString(),
      video_start_offset_seconds: 90,
    });
    // The uploaded video plays by its signed link.
    const video = await t.app.inject({ method: 'GET', url: (page.body!.uploaded_video_url as string).replace('http://coursehub.test', '') });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');
    // The <ch-webinar> widget on a school's own site may play it.
    expect(video.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const chat = await call(t.app, 'GET', `/api/public/webinar_chat/playback/${page.body!.playback_session_id}/messages/`);
    expect(chat.body).toEqual({
      all_scripted_messages: [
        { username: 'Анна', message: 'Добрый день!', role: 'moderator', timeshift_ms: 5000 },
        { username: 'Игорь', message: 'Привет', role: 'participant', timeshift_ms: 30_000 },
        { username: 'Ольга', message: 'Спасибо!', role: 'participant', timeshift_ms: 75_000 },
      ],
    });

    // Switched off: the public page no longer has it.
    await call(t.app, 'PATCH', `${base()}${made.id}/`, { token: owner.access, body: { is_active: false } });
    expect((await call(t.app, 'GET', '/api/public/webinar/played-webinar/')).status).toBe(404);
  });

  it("keeps a webinar's video past the unused-video retention, and frees a replaced one", async () => {
    const first = (await uploadVideo(WEBM())).body.id as number;
    const made = await create('kept-video', { video_file_id: first });
    t.clock.advance(2 * 24 * 60 * 60_000);
    const pruned = await pruneCourseFiles(t.app.ctx);
    expect(pruned).not.toContain(first);
    const second = (await uploadVideo(WEBM())).body.id as number;
    const replaced = await call(t.app, 'PATCH', `${base()}${made.id}/`, { token: owner.access, body: { video_file_id: second } });
    expect(replaced.body!.video_file.id).toBe(second);
    expect(await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.id, first))).toEqual([]);
  });
});
