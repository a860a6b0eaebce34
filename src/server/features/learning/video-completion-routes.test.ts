import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../../shared/db/core-tables.ts';
import { lessonBlocks } from '../courses/tables.ts';
import { studentsGroupMembers } from '../groups/tables.ts';
import { lessonProgress } from './tables.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { enrol } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let course: CourseFixture;
let otherCourse: CourseFixture;

// Lessons by index: 0 an uploaded video, 1 a YouTube link, 2 no video, 3 a video block left empty, 4 a homework with a video.
const UPLOADED = 0;
const LINKED = 1;
const PLAIN = 2;
const EMPTY = 3;
const HOMEWORK = 4;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Видеошкола' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужая видеошкола' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  course = await addCourse(t.app, owner.schoolId, {
    sections: [{ name: 'Модуль', lessons: [['lesson', 'Загруженное'], ['lesson', 'Ссылка'], ['lesson', 'Без видео'], ['lesson', 'Пустой блок'], ['homework', 'ДЗ с видео']] }],
  });
  otherCourse = await addCourse(t.app, other.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Чужое видео']] }] });
  const video = (lessonId: number, content: object) => ({ lessonId, type: 'video', order: 1, content });
  await t.app.ctx.db.insert(lessonBlocks).values([
    video(course.lessonIds[UPLOADED]!, { url: null, file_id: 987654, file_name: 'урок.webm' }),
    video(course.lessonIds[LINKED]!, { url: 'https://youtu.be/dQw4w9WgXcQ' }),
    { lessonId: course.lessonIds[PLAIN]!, type: 'description', order: 1, content: { description: '<p>Текст</p>' } },
    video(course.lessonIds[EMPTY]!, { url: '' }),
    video(course.lessonIds[HOMEWORK]!, { url: 'https://youtu.be/dQw4w9WgXcQ' }),
    video(otherCourse.lessonIds[0]!, { url: 'https://youtu.be/dQw4w9WgXcQ' }),
  ]);
});
afterAll(() => t.close());

/** A new student of the course (their own progress). */
async function newStudent(schoolId = owner.schoolId, courseId = course.id): Promise<Account> {
  const student = await addMember(t.app, schoolId, 'Student');
  await enrol(t.app, schoolId, courseId, [student.id]);
  return student;
}

const url = (index: number, lessons = course.lessonIds, school = owner.schoolName) => `/api/${school}/lessons/${lessons[index]}/video_progress/`;
const openLesson = (student: Account, index: number) => call(t.app, 'GET', `/api/${owner.schoolName}/lessons/${course.lessonIds[index]}/`, { token: student.access });
const watched = (student: Account, index: number, body: object) => call(t.app, 'POST', url(index), { token: student.access, body });
const progressRow = async (userId: number, index: number) =>
  (await t.app.ctx.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, course.lessonIds[index]!))))[0];

describe('opening a lesson with a video', () => {
  it('records the visit but does not complete it; a lesson without a video (or with an empty video block) is completed by opening', async () => {
    const student = await newStudent();
    for (const index of [UPLOADED, LINKED]) {
      const page = await openLesson(student, index);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ viewed: true, completed: false });
      expect(await progressRow(student.id, index)).toMatchObject({ viewedAt: expect.any(Date), completedAt: null });
      // Opening it again changes nothing.
      expect((await openLesson(student, index)).body).toMatchObject({ completed: false });
    }
    for (const index of [PLAIN, EMPTY]) expect((await openLesson(student, index)).body).toMatchObject({ completed: true });
  });
});

describe('GET {school}/lessons/{id}/video_progress/', () => {
  it("gives the school's share, the lesson's videos and whether it is done, recording nothing", async () => {
    const student = await newStudent();
    const res = await call(t.app, 'GET', url(UPLOADED), { token: student.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ required_percent: 90, completed: false, videos: 1, uploaded: 1 });
    expect(await progressRow(student.id, UPLOADED)).toBeUndefined();
    expect((await call(t.app, 'GET', url(LINKED), { token: student.access })).body).toEqual({ required_percent: 90, completed: false, videos: 1, uploaded: 0 });
  });
});

describe('POST {school}/lessons/{id}/video_progress/', () => {
  it('completes an uploaded video once the share is reached and its watched part could have played since the lesson was opened', async () => {
    const student = await newStudent();
    expect((await openLesson(student, UPLOADED)).status).toBe(200);
    // 60 s of a 100 s video at twice the speed at least: 45 s for 90 %.
    t.clock.advance(30_000);
    const early = await watched(student, UPLOADED, { watched_percent: 90, duration_seconds: 100 });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ code: 'VIDEO_NOT_WATCHED', message: 'Урок открыт 30 с назад: за это время видео не досмотреть.' });
    t.clock.advance(15_000);
    const done = await watched(student, UPLOADED, { watched_percent: 90, duration_seconds: 100 });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ required_percent: 90, completed: true, videos: 1, uploaded: 1 });
    expect((await progressRow(student.id, UPLOADED))!.completedAt).toEqual(t.clock.now);
    expect((await openLesson(student, UPLOADED)).body).toMatchObject({ completed: true });
    // Done is done: a later call with less is no refusal.
    expect((await watched(student, UPLOADED, { watched_percent: 0 })).body).toMatchObject({ completed: true });
  });

  it("refuses a share below the school's, and a direct call right after opening (the server's clock)", async () => {
    const student = await newStudent();
    const below = await watched(student, UPLOADED, { watched_percent: 89, duration_seconds: 100 });
    expect(below.status).toBe(400);
    expect(below.body).toEqual({ code: 'VIDEO_NOT_WATCHED', message: 'Видео просмотрено на 89 %, а нужно не меньше 90 %.' });
    // Never opened before: this call opens it, and no time has passed.
    const direct = await watched(student, UPLOADED, { watched_percent: 100, duration_seconds: 600 });
    expect(direct.status).toBe(400);
    expect(direct.body).toMatchObject({ code: 'VIDEO_NOT_WATCHED' });
    expect(await progressRow(student.id, UPLOADED)).toMatchObject({ completedAt: null });
  });

  it("needs an uploaded video's length", async () => {
    const student = await newStudent();
    await openLesson(student, UPLOADED);
    t.clock.advance(3_600_000);
    const res = await watched(student, UPLOADED, { watched_percent: 100 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { duration_seconds: ['Укажите длительность видео.'] } });
    expect(await progressRow(student.id, UPLOADED)).toMatchObject({ completedAt: null });
  });

  it("follows the school's share as it is now", async () => {
    const student = await newStudent();
    await openLesson(student, LINKED);
    await t.app.ctx.db.update(schools).set({ videoWatchedPercent: 60 }).where(eq(schools.id, owner.schoolId));
    try {
      expect((await call(t.app, 'GET', url(LINKED), { token: student.access })).body).toMatchObject({ required_percent: 60 });
      expect((await watched(student, LINKED, { watched_percent: 59 })).status).toBe(400);
      const res = await watched(student, LINKED, { watched_percent: 60 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ required_percent: 60, completed: true });
    } finally {
      await t.app.ctx.db.update(schools).set({ videoWatchedPercent: 90 }).where(eq(schools.id, owner.schoolId));
    }
  });

  it("completes an embedded host's video on the student's word («Я посмотрел»), which the server cannot time", async () => {
    const student = await newStudent();
    await openLesson(student, LINKED);
    const res = await watched(student, LINKED, { watched_percent: 100 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ required_percent: 90, completed: true, videos: 1, uploaded: 0 });
    expect((await openLesson(student, LINKED)).body).toMatchObject({ completed: true });
  });

  it('finishes the course when the video was the last lesson to do', async () => {
    const small = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Единственное видео']] }] });
    await t.app.ctx.db.insert(lessonBlocks).values({ lessonId: small.lessonIds[0]!, type: 'video', order: 1, content: { url: 'https://vimeo.com/76979871' } });
    const student = await newStudent(owner.schoolId, small.id);
    const finished = async () => (await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.userId, student.id)))[0]!.finishedAt;
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/lessons/${small.lessonIds[0]}/`, { token: student.access })).body).toMatchObject({ completed: false });
    expect(await finished()).toBeNull();
    expect((await call(t.app, 'POST', url(0, small.lessonIds), { token: student.access, body: { watched_percent: 95 } })).status).toBe(200);
    expect(await finished()).toEqual(t.clock.now);
  });

  it('is for a lesson with a video: without one, or a homework, it is refused', async () => {
    const student = await newStudent();
    const plain = await watched(student, PLAIN, { watched_percent: 100 });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ code: 'NO_VIDEO' });
    expect((await watched(student, EMPTY, { watched_percent: 100 })).body).toMatchObject({ code: 'NO_VIDEO' });
    // A homework is done when it is accepted, a video in it or not.
    expect((await watched(student, HOMEWORK, { watched_percent: 100 })).status).toBe(404);
  });

  it("is the lesson's students' alone: no token, staff, another school's member, a student outside the course", async () => {
    const stranger = await addMember(t.app, owner.schoolId, 'Student');
    const foreign = await newStudent(other.schoolId, otherCourse.id);
    for (const [token, status] of [
      [undefined, 401],
      [owner.access, 403],
      [teacher.access, 403],
      [other.access, 403],
      [foreign.access, 403],
      [stranger.access, 404],
    ] as const) {
      expect((await call(t.app, 'POST', url(LINKED), { token, body: { watched_percent: 100 } })).status, String(token)).toBe(status);
      expect((await call(t.app, 'GET', url(LINKED), { token })).status).toBe(status);
    }
    // Another school's lesson through this school's name is unknown here.
    const mine = await newStudent();
    expect((await call(t.app, 'POST', url(0, otherCourse.lessonIds), { token: mine.access, body: { watched_percent: 100 } })).status).toBe(404);
    expect((await call(t.app, 'POST', url(0, otherCourse.lessonIds, other.schoolName), { token: mine.access, body: { watched_percent: 100 } })).status).toBe(403);
    expect(await progressRow(stranger.id, LINKED)).toBeUndefined();
  });

  it.each([
    ['no share', {}, 'watched_percent'],
    ['a share over 100', { watched_percent: 101 }, 'watched_percent'],
    ['a negative share', { watched_percent: -1 }, 'watched_percent'],
    ['a fractional share', { watched_percent: 90.5 }, 'watched_percent'],
    ['a share with a NUL byte', { watched_percent: '95\u0000' }, 'watched_percent'],
    ['a length of zero', { watched_percent: 95, duration_seconds: 0 }, 'duration_seconds'],
    ['a length over a day', { watched_percent: 95, duration_seconds: 86_401 }, 'duration_seconds'],
    ['a length with a NUL byte', { watched_percent: 95, duration_seconds: '10\u0000' }, 'duration_seconds'],
  ])('answers %s with 400 and a field error, completing nothing', async (_name, body, field) => {
    const student = await newStudent();
    const res = await watched(student, LINKED, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
    expect(await progressRow(student.id, LINKED)).toBeUndefined();
  });
});
