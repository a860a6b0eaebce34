// Issue 25 item 4 in Chromium against the built product: videos have a player. The demo admin
// puts an uploaded video (tus, tests/fixtures/lesson-video.webm: two seconds) into a lesson and a
// YouTube link into another, of a course of their own that goes out to a group with the demo
// student in it. The student opens the first lesson: it is not complete on opening; the video
// plays in a <video> to its end, and then the lesson is complete (the server checked the share
// and its clock). The second lesson shows YouTube's player in a frame the page's CSP lets in (the
// host is stubbed: the network is closed), and «Я посмотрел», once the student clicked into the
// player, completes it.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn, watchProblems, WAIT } from './browser.ts';

const platform = inject('platform');
const SCHOOL = `${platform}/school/Coursehub`;
/** A condition may take a few seconds on a busy machine: waits are on it, never on the clock. */
const VIDEO = readFileSync(new URL('../fixtures/lesson-video.webm', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An account's token and id, from /api/login/. */
async function login(email: string): Promise<{ token: string; id: number }> {
  const response = await fetch(`${platform}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, password: 'coursehub-demo' }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access: string; user: { id: number } };
  return { token: body.access, id: body.user.id };
}

async function api<T>(token: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${platform}/api/Coursehub/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

/** Uploads the fixture video into a lesson as the constructor does (tus: create, then one PATCH); the course file's id. */
async function uploadVideo(token: string, lessonId: number): Promise<number> {
  const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const meta = (value: string) => Buffer.from(value).toString('base64');
  const created = await fetch(`${platform}/video/Coursehub/uploads/`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(VIDEO.length), 'upload-metadata': `lesson_id ${meta(String(lessonId))},filename ${meta('lesson-video.webm')},filetype ${meta('video/webm')}` },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const sent = await fetch(new URL(created.headers.get('location')!, platform), {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: VIDEO,
  });
  const file = (await sent.json()) as { id: number };
  expect(sent.status, JSON.stringify(file)).toBe(200);
  return file.id;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('a lesson video (issue 25)', () => {
  it('plays an uploaded video in a <video>, the lesson complete once it was watched and not on opening; a YouTube link plays in its player', async () => {
    // The author's course: two lessons, an uploaded video and a YouTube link.
    const admin = await login('admin@coursehub.ru');
    const teacher = await login('teacher@coursehub.ru');
    const student = await login('student@coursehub.ru');
    const name = `Видео e2e ${Date.now()}`;
    const course = await api<{ course_id: number }>(admin.token, 'POST', 'courses/', { name, public: 'О' });
    const section = await api<{ section_id: number }>(admin.token, 'POST', 'sections/', { course: course.course_id, name: 'Смотрим' });
    const uploaded = await api<{ id: number }>(admin.token, 'POST', 'lessons/', { section: section.section_id, name: 'Загруженное видео' });
    const linked = await api<{ id: number }>(admin.token, 'POST', 'lessons/', { section: section.section_id, name: 'Видео с YouTube' });
    const fileId = await uploadVideo(admin.token, uploaded.id);
    await api(admin.token, 'POST', 'blocks/', { base_lesson: uploaded.id, type: 'video', video_file: fileId });
    await api(admin.token, 'POST', 'blocks/', { base_lesson: linked.id, type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    await api(admin.token, 'POST', 'students_group/', { name: `${name} — группа`, course_id: course.course_id, teacher_id: teacher.id, students: [student.id] });
    const completed = async (lessonId: number) => {
      const outline = await api<{ sections: { lessons: { id: number; completed: boolean }[] }[] }>(student.token, 'GET', `courses/${course.course_id}/sections/`);
      return outline.sections.flatMap((s) => s.lessons).find((lesson) => lesson.id === lessonId)!.completed;
    };

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const problems = watchProblems(page);
    // YouTube's player, as the network is closed: a page of our own at its address.
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>player</title><button>Смотреть</button>' }));
    await signIn(page, platform, 'student@coursehub.ru', '/school/Coursehub/student-courses');

    // The uploaded video: not complete on opening, the share to watch said, the video playable.
    await page.goto(`${SCHOOL}/student-course/${course.course_id}/module/${section.section_id}/lesson/${uploaded.id}`);
    await heading(page, 'Загруженное видео').waitFor(WAIT);
    await page.getByText('Урок будет пройден, когда вы посмотрите видео не меньше чем на 90 %.').waitFor(WAIT);
    expect(await page.locator('.lesson-page-type .lesson-state').count()).toBe(0);
    expect(await completed(uploaded.id)).toBe(false);
    const video = page.locator('video[aria-label="Видео урока"]');
    expect(await video.getAttribute('src')).toMatch(/\/api\/files\/\d+\/lesson-video\.webm\?.+#t=0\.1$/);
    expect(await video.getAttribute('preload')).toBe('metadata');
    expect(await video.getAttribute('controls')).not.toBeNull();
    // Its first frame at 0.1 s is shown before it plays: the metadata and the frame are there.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), WAIT).toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(2);

    // Played to its end (muted: a page may play a muted video on its own), the lesson is complete.
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), WAIT).toBe(true);
    await page.getByText('Видео просмотрено: урок пройден.').waitFor(WAIT);
    await page.locator('.lesson-page-type .lesson-state', { hasText: 'Пройдено' }).waitFor(WAIT);
    expect(await completed(uploaded.id)).toBe(true);

    // The YouTube link: its player in a frame (the CSP's frame-src lets it in), «Я посмотрел» once started.
    await page.goto(`${SCHOOL}/student-course/${course.course_id}/module/${section.section_id}/lesson/${linked.id}`);
    await heading(page, 'Видео с YouTube').waitFor(WAIT);
    const frame = page.locator('iframe[title="Видео урока (YouTube)"]');
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    const player = page.frameLocator('iframe[title="Видео урока (YouTube)"]');
    await player.getByRole('button', { name: 'Смотреть' }).waitFor(WAIT);
    const watched = page.getByRole('button', { name: 'Я посмотрел' });
    expect(await watched.isDisabled()).toBe(true);
    expect(await completed(linked.id)).toBe(false);
    await player.getByRole('button', { name: 'Смотреть' }).click();
    await expect.poll(() => watched.isEnabled(), WAIT).toBe(true);
    await watched.click();
    await page.getByText('Видео просмотрено: урок пройден.').waitFor(WAIT);
    expect(await completed(linked.id)).toBe(true);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
