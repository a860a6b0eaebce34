import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../shared/db/core-tables.ts';
import { DEMO_ACCOUNTS } from '../../shared/demo-accounts.ts';
import { issueCertLink } from './certificate-links.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const CERT_INVALID = { code: 'CERT_INVALID', message: 'Ошибка при расшифровке данных сертификата' };

let t: TestApp;
let owner: Owner;
let other: Owner;
let student: Account;
let classmate: Account;
let course: CourseFixture;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Cert School' });
  other = await registerOwner(t.app, { schoolTitle: 'Cert Other' });
  await t.app.ctx.db.update(users).set({ lastName: 'Владельцев', firstName: 'Олег', patronymic: 'Петрович' }).where(eq(users.id, owner.id));
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Анна', lastName: 'Иванова' });
  classmate = await addMember(t.app, owner.schoolId, 'Student');
  course = await addCourse(t.app, owner.schoolId, {
    name: 'Python для сертификата',
    published: false,
    sections: [{ name: 'Основы', lessons: [['lesson', 'Переменные'], ['test', 'Проверка'], ['lesson', 'Скрытый', false]] }],
  });
});
afterAll(() => t.close());

const issue = (token: string, body: unknown) => call(t.app, 'POST', '/api/certificate/', { token, body });

function flipByte(link: string, index: number): string {
  const bytes = Buffer.from(link, 'base64url');
  bytes[index] = bytes[index]! ^ 0x20;
  return bytes.toString('base64url');
}

describe('certificates', () => {
  it('issues a student their own certificate and shows it to anyone with the link', async () => {
    const res = await issue(student.access, { course_id: course.id });
    expect(res.status).toBe(200);
    const link = res.body!.cert_link as string;
    expect(res.body!.url).toBe(`http://coursehub.test/certificate/${link}`);

    const cert = await t.app.inject({ method: 'GET', url: `/api/certificate/${link}/`, headers: { origin: 'https://elsewhere.example' } });
    expect(cert.statusCode).toBe(200);
    expect(cert.headers['access-control-allow-origin']).toBe('*');
    expect(cert.json()).toEqual({
      user_full_name: 'Иванова Анна',
      first_name: 'Анна',
      last_name: 'Иванова',
      patronymic: '',
      course_name: 'Python для сертификата',
      school_name: 'Cert School',
      date: t.clock.now.toISOString(),
      signature: null,
      stamp: null,
      sections: [
        {
          name: 'Основы',
          lessons: [
            { lesson_id: course.lessonIds[0], name: 'Переменные', type: 'lesson' },
            { lesson_id: course.lessonIds[1], name: 'Проверка', type: 'test' },
          ],
        },
      ],
      director_name: 'Владельцев Олег Петрович',
      teacher: null,
    });
  });

  it('lets the admin issue one for any student of the school', async () => {
    const res = await issue(owner.access, { course_id: course.id, user_id: classmate.id });
    expect(res.status).toBe(200);
    const cert = await call(t.app, 'GET', `/api/certificate/${res.body!.cert_link}/`);
    expect(cert.body).toMatchObject({ user_full_name: null, course_name: 'Python для сертификата' });
  });

  it('refuses other people\'s certificates, teachers, outsiders and non-students', async () => {
    expect((await issue(student.access, { course_id: course.id, user_id: classmate.id })).status).toBe(403);
    const teacher = await addMember(t.app, owner.schoolId, 'Teacher');
    expect((await issue(teacher.access, { course_id: course.id })).status).toBe(403);
    expect((await issue(owner.access, { course_id: course.id, user_id: teacher.id })).body).toMatchObject({ code: 'NOT_A_STUDENT' });
    expect((await issue(owner.access, { course_id: course.id })).status).toBe(403);
    expect((await issue(other.access, { course_id: course.id, user_id: student.id })).status).toBe(403);
    const outsider = await addMember(t.app, other.schoolId, 'Student');
    expect((await issue(owner.access, { course_id: course.id, user_id: outsider.id })).status).toBe(403);
    expect((await issue(student.access, { course_id: 999999 })).body).toMatchObject({ code: 'COURSE_NOT_FOUND' });
    expect((await call(t.app, 'POST', '/api/certificate/', { body: { course_id: course.id } })).status).toBe(401);
    expect((await issue(student.access, {})).status).toBe(400);
  });

  it('refuses a tampered link with the exact message', async () => {
    const link = (await issue(student.access, { course_id: course.id })).body!.cert_link as string;
    for (const index of [0, 15, 40, 48]) {
      const res = await call(t.app, 'GET', `/api/certificate/${flipByte(link, index)}/`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(CERT_INVALID);
    }
    for (const junk of ['abc', `${link}x`, link.slice(0, -2), 'U2FsdGVkX1-old-crypto-js-link']) {
      expect((await call(t.app, 'GET', `/api/certificate/${junk}/`)).body).toEqual(CERT_INVALID);
    }
  });

  it('refuses a link made with another secret', async () => {
    const foreign = issueCertLink('x'.repeat(64), { courseId: course.id, userId: student.id, schoolId: owner.schoolId, issuedAt: new Date() });
    const res = await call(t.app, 'GET', `/api/certificate/${foreign}/`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(CERT_INVALID);
  });

  it('is 404 once the student, the course or the school is gone, or the ids do not match', async () => {
    const leaving = await addMember(t.app, owner.schoolId, 'Student');
    const link = (await issue(leaving.access, { course_id: course.id })).body!.cert_link as string;
    expect((await call(t.app, 'GET', `/api/certificate/${link}/`)).status).toBe(200);
    await t.app.ctx.db.delete(users).where(eq(users.id, leaving.id));
    const res = await call(t.app, 'GET', `/api/certificate/${link}/`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'CERT_NOT_FOUND', message: 'Ошибка при загрузке данных сертификата' });
    const mismatched = issueCertLink(t.app.ctx.config.secret, { courseId: course.id, userId: student.id, schoolId: other.schoolId, issuedAt: new Date() });
    expect((await call(t.app, 'GET', `/api/certificate/${mismatched}/`)).status).toBe(404);
  });

  it('has no demo route without demo data', async () => {
    expect((await call(t.app, 'GET', '/api/dev/demo-certificate/')).status).toBe(404);
  });
});

describe('the demo certificate', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ seedDemo: true });
  });
  afterAll(() => demo.close());

  it('issues the demo student\'s certificate for the first demo course', async () => {
    const res = await call(demo.app, 'GET', '/api/dev/demo-certificate/');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cert = await call(demo.app, 'GET', `/api/certificate/${res.body!.cert_link}/`);
    const demoStudent = DEMO_ACCOUNTS.find((a) => a.role === 'Student')!;
    expect(cert.body).toMatchObject({ user_full_name: `${demoStudent.lastName} ${demoStudent.firstName}`, course_name: 'Python с нуля', school_name: 'CourseHub' });
    expect(cert.body!.sections).toHaveLength(2);
  });

  it('seeds prices, a landing and the two webinars', async () => {
    const catalog = await call(demo.app, 'GET', '/api/course_catalog/?school=Coursehub');
    expect(catalog.body!.results.map((c: { price: number }) => c.price)).toEqual([4900, 2900, 0]);
    const first = await call(demo.app, 'GET', `/api/course_catalog/${catalog.body!.results[0].course_id}/`);
    expect(first.body!.landing.why_python.visible).toBe(true);
    expect(first.body!.landing.stats.lessonCount).toBe(5);
    expect(JSON.stringify(first.body)).not.toMatch(/youtube|youtu\.be/i);
    const live = await call(demo.app, 'GET', '/api/public/webinar/demo-live/');
    expect(live.body).toMatchObject({ status: 'live', video_type: 'upload', uploaded_video_url: 'http://coursehub.test/demo/webinar.webm', youtube_video_id: null });
    demo.clock.advance(7 * 3_600_000 + 1_234_000);
    expect((await call(demo.app, 'GET', '/api/public/webinar/demo-live/')).body).toMatchObject({ status: 'live' });
    const chat = await call(demo.app, 'GET', `/api/public/webinar_chat/playback/${live.body!.playback_session_id}/messages/`);
    expect(chat.body!.all_scripted_messages).toHaveLength(8);
    expect(chat.body!.all_scripted_messages.at(-1).timeshift_ms).toBeLessThanOrEqual(10 * 60_000);
    expect((await call(demo.app, 'GET', '/api/public/webinar/demo-soon/')).body).toMatchObject({ status: 'countdown', message: 'Вебинар начнётся' });
  });
});
