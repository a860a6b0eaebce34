// The app first: it loads the features in the server's order. Loaded first, courses/index.ts
// reaches catalog/course-landing.ts (through lessons → webinars → catalog) before its own files.ts
// has run, and course-landing reads coverColumns at load time.
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons, sections } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { lessonProgress } from '../learning/index.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SCHOOL } from '../../shared/demo-accounts.ts';
import { issueCertLink } from './certificate-links.ts';
import { qrSvg } from './qr-code.ts';
import { certificateTemplates } from './tables.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';

const CERT_INVALID = { code: 'CERT_INVALID', message: 'Ошибка при расшифровке данных сертификата' };
const NO_CERTIFICATE = { code: 'NO_CERTIFICATE', message: 'У вас нет доступа к сертификату' };
const DAY = 86_400_000;

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let course: CourseFixture;
let certGroupId: number;
let plainGroupId: number;
let finishedAt: Date;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Cert School' });
  other = await registerOwner(t.app, { schoolTitle: 'Cert Other' });
  await t.app.ctx.db.update(users).set({ lastName: 'Владельцев', firstName: 'Олег', patronymic: 'Петрович' }).where(eq(users.id, owner.id));
  teacher = await addMember(t.app, owner.schoolId, 'Teacher', { firstName: 'Пётр', lastName: 'Учителев' });
  course = await addCourse(t.app, owner.schoolId, {
    name: 'Python для сертификата',
    published: false,
    sections: [{ name: 'Основы', lessons: [['lesson', 'Переменные'], ['test', 'Проверка'], ['lesson', 'Скрытый', false]] }],
  });
  const groups = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'С сертификатом', certificate: true },
      { schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Без сертификата' },
    ])
    .returning({ id: studentsGroups.id });
  [certGroupId, plainGroupId] = groups.map((g) => g.id) as [number, number];
  finishedAt = new Date(Math.floor((t.clock.now.getTime() - 3 * DAY) / 1000) * 1000);
});
afterAll(() => t.close());

/** A student of the school in `groupId`, with `done` of the course's two active lessons completed. */
async function student(groupId: number | null, done: number, options: { finished?: boolean; profile?: { firstName: string; lastName: string } } = {}): Promise<Account> {
  const account = await addMember(t.app, owner.schoolId, 'Student', options.profile);
  if (groupId === null) return account;
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId, userId: account.id, courseId: course.id, finishedAt: options.finished ? finishedAt : null });
  const completed = course.lessonIds.slice(0, done);
  if (completed.length > 0) {
    await t.app.ctx.db.insert(lessonProgress).values(completed.map((lessonId) => ({ userId: account.id, lessonId, courseId: course.id, viewedAt: finishedAt, completedAt: finishedAt })));
  }
  return account;
}

const issue = (token: string | undefined, body: unknown) => call(t.app, 'POST', '/api/certificate/', { ...(token ? { token } : {}), body });
const open = (link: string) => call(t.app, 'GET', `/api/certificate/${link}/`);

function flipByte(link: string, index: number): string {
  const bytes = Buffer.from(link, 'base64url');
  bytes[index] = bytes[index]! ^ 0x20;
  return bytes.toString('base64url');
}

describe('POST certificate/', () => {
  it('issues a finished student of a certificate group their certificate, dated the day they finished', async () => {
    const anna = await student(certGroupId, 2, { finished: true, profile: { firstName: 'Анна', lastName: 'Иванова' } });
    const res = await issue(anna.access, { course_id: course.id });
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
      date: finishedAt.toISOString(),
      signature: null,
      stamp: null,
      sections: [
        {
          id: course.sectionIds[0],
          name: 'Основы',
          lessons: [
            { lesson_id: course.lessonIds[0], name: 'Переменные', type: 'lesson', order: 1 },
            { lesson_id: course.lessonIds[1], name: 'Проверка', type: 'test', order: 2 },
          ],
        },
      ],
      director_name: 'Владельцев Олег Петрович',
      // No teacher in the template: the group's teacher.
      teacher: 'Учителев Пётр',
    });
  });

  it('gives the same student the same link every time', async () => {
    const boris = await student(certGroupId, 2, { finished: true });
    const first = (await issue(boris.access, { course_id: course.id })).body!.cert_link as string;
    t.clock.advance(DAY);
    const again = await issue(boris.access, { course_id: course.id });
    expect(again.status).toBe(200);
    expect(again.body!.cert_link).toBe(first);
    expect((await open(first)).body!.date).toBe(finishedAt.toISOString());
  });

  it('names the first active lesson still to be done', async () => {
    const halfway = await student(certGroupId, 1);
    const res = await issue(halfway.access, { course_id: course.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'COURSE_NOT_FINISHED', message: 'Необходимо пройти урок Проверка.' });
    const beginner = await student(certGroupId, 0);
    expect((await issue(beginner.access, { course_id: course.id })).body).toMatchObject({ message: 'Необходимо пройти урок Переменные.' });
  });

  it('finishes a course whose lessons are all done but was not yet marked, dated now', async () => {
    const done = await student(certGroupId, 2);
    const res = await issue(done.access, { course_id: course.id });
    expect(res.status).toBe(200);
    const [member] = await t.app.ctx.db
      .select({ finishedAt: studentsGroupMembers.finishedAt })
      .from(studentsGroupMembers)
      .where(and(eq(studentsGroupMembers.userId, done.id), eq(studentsGroupMembers.courseId, course.id)));
    expect(member!.finishedAt).toEqual(t.clock.now);
    expect((await open(res.body!.cert_link as string)).body!.date).toBe(t.clock.now.toISOString());
    expect((await issue(done.access, { course_id: course.id })).body!.cert_link).toBe(res.body!.cert_link);
  });

  it('refuses a student of a group without certificates, or of no group, even when finished', async () => {
    const plain = await student(plainGroupId, 2, { finished: true });
    const res = await issue(plain.access, { course_id: course.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(NO_CERTIFICATE);
    const loner = await student(null, 0);
    expect((await issue(loner.access, { course_id: course.id })).body).toEqual(NO_CERTIFICATE);
  });

  it('is for students only: the teacher and the admin are refused', async () => {
    expect((await issue(teacher.access, { course_id: course.id })).body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await issue(owner.access, { course_id: course.id })).status).toBe(403);
  });

  it('knows no course of another school, nor one unknown or in the recycle bin', async () => {
    const outsider = await addMember(t.app, other.schoolId, 'Student');
    for (const token of [outsider.access, other.access]) {
      const res = await issue(token, { course_id: course.id });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'COURSE_NOT_FOUND' });
    }
    const anna = await student(certGroupId, 2, { finished: true });
    expect((await issue(anna.access, { course_id: 999999 })).status).toBe(404);
    const binned = await addCourse(t.app, owner.schoolId, { name: 'В корзине' });
    await t.app.ctx.db.update(courses).set({ removedAt: t.clock.now }).where(eq(courses.id, binned.id));
    expect((await issue(anna.access, { course_id: binned.id })).status).toBe(404);
  });

  it('needs a session and a course id', async () => {
    expect((await issue(undefined, { course_id: course.id })).status).toBe(401);
    const anna = await student(certGroupId, 2, { finished: true });
    for (const body of [{}, { course_id: 'abc' }, { course_id: '\u0000' }, { course_id: 0 }, { course_id: 1.5 }, { course_id: null }, [course.id]]) {
      const res = await issue(anna.access, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET certificate/{link}/', () => {
  it('shows the template\'s names over the owner and the group teacher, and the teacher\'s pseudonym', async () => {
    const anna = await student(certGroupId, 2, { finished: true });
    const link = (await issue(anna.access, { course_id: course.id })).body!.cert_link as string;
    const pseudonym = (value: string | null) => call(t.app, 'PUT', `/api/user_pseudonym/${owner.schoolName}/`, { token: owner.access, body: { user: teacher.id, pseudonym: value } });
    expect((await pseudonym('Наставник Пётр')).status).toBe(200);
    expect((await open(link)).body).toMatchObject({ teacher: 'Наставник Пётр', director_name: 'Владельцев Олег Петрович' });
    await t.app.ctx.db.insert(certificateTemplates).values({ courseId: course.id, directorName: 'Директоров Д. Д.', teacherName: 'Преподавателева П. П.' });
    expect((await open(link)).body).toMatchObject({ teacher: 'Преподавателева П. П.', director_name: 'Директоров Д. Д.' });
    await t.app.ctx.db.delete(certificateTemplates).where(eq(certificateTemplates.courseId, course.id));
    expect((await pseudonym(null)).status).toBe(200);
    expect((await open(link)).body).toMatchObject({ teacher: 'Учителев Пётр' });
  });

  it('refuses a tampered link with the exact message', async () => {
    const anna = await student(certGroupId, 2, { finished: true });
    const link = (await issue(anna.access, { course_id: course.id })).body!.cert_link as string;
    for (const index of [0, 15, 40, 48]) {
      const res = await open(flipByte(link, index));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(CERT_INVALID);
    }
    for (const junk of ['abc', `${link}x`, link.slice(0, -2), 'U2FsdGVkX1-old-crypto-js-link', '%00', `${link.slice(0, -1)}%00`]) {
      expect((await open(junk)).body, junk).toEqual(CERT_INVALID);
    }
  });

  it('refuses a link made with another secret', async () => {
    const foreign = issueCertLink('x'.repeat(64), { courseId: course.id, userId: owner.id, schoolId: owner.schoolId, issuedAt: new Date() });
    const res = await open(foreign);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(CERT_INVALID);
  });

  it('is 404 once the student, the course or the school is gone, or the ids do not match', async () => {
    const leaving = await student(certGroupId, 2, { finished: true });
    const link = (await issue(leaving.access, { course_id: course.id })).body!.cert_link as string;
    expect((await open(link)).status).toBe(200);
    await t.app.ctx.db.delete(users).where(eq(users.id, leaving.id));
    const res = await open(link);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'CERT_NOT_FOUND', message: 'Ошибка при загрузке данных сертификата' });
    const mismatched = issueCertLink(t.app.ctx.config.secret, { courseId: course.id, userId: owner.id, schoolId: other.schoolId, issuedAt: new Date() });
    expect((await open(mismatched)).status).toBe(404);
  });
});

describe('GET certificate/{link}/qr.svg', () => {
  it('draws the certificate page\'s own address as a cacheable SVG any site may show', async () => {
    const anna = await student(certGroupId, 2, { finished: true });
    const link = (await issue(anna.access, { course_id: course.id })).body!.cert_link as string;
    const res = await t.app.inject({ method: 'GET', url: `/api/certificate/${link}/qr.svg`, headers: { origin: 'https://school.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=86400',
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toBe(qrSvg(`http://coursehub.test/certificate/${link}`));
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    const etag = res.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: `/api/certificate/${link}/qr.svg`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('is 404 for a link the platform did not issue', async () => {
    const anna = await student(certGroupId, 2, { finished: true });
    const link = (await issue(anna.access, { course_id: course.id })).body!.cert_link as string;
    const foreign = issueCertLink('y'.repeat(64), { courseId: course.id, userId: anna.id, schoolId: owner.schoolId, issuedAt: finishedAt });
    for (const forged of [flipByte(link, 20), foreign, 'abc', '%00', `${link.slice(0, -1)}%00`]) {
      const res = await call(t.app, 'GET', `/api/certificate/${forged}/qr.svg`);
      expect(res.status, forged).toBe(404);
      expect(res.body).toEqual(CERT_INVALID);
    }
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
    expect((await demo.app.inject({ method: 'GET', url: `/api/certificate/${res.body!.cert_link}/qr.svg` })).statusCode).toBe(200);
  });

  it('gives the demo student their own certificate only once they finish the course', async () => {
    const demoStudent = DEMO_ACCOUNTS.find((a) => a.role === 'Student')!;
    const login = await call(demo.app, 'POST', '/api/login/', { body: { login: demoStudent.email, password: DEMO_PASSWORD } });
    const token = login.body!.access as string;
    const [row] = await demo.app.ctx.db
      .select({ groupId: studentsGroupMembers.groupId, courseId: studentsGroupMembers.courseId, userId: studentsGroupMembers.userId })
      .from(studentsGroupMembers)
      .innerJoin(users, eq(users.id, studentsGroupMembers.userId))
      .innerJoin(courses, eq(courses.id, studentsGroupMembers.courseId))
      .innerJoin(schools, eq(schools.id, courses.schoolId))
      .where(and(eq(users.email, demoStudent.email), eq(schools.name, DEMO_SCHOOL)));
    // Whether the seeded group gives certificates is the seed's business; here it does.
    await demo.app.ctx.db.update(studentsGroups).set({ certificate: true }).where(eq(studentsGroups.id, row!.groupId));
    const before = await call(demo.app, 'POST', '/api/certificate/', { token, body: { course_id: row!.courseId } });
    expect(before.status).toBe(400);
    expect(before.body!.message).toMatch(/^Необходимо пройти урок .+\.$/);

    const active = await demo.app.ctx.db
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(sections, eq(sections.id, lessons.sectionId))
      .where(and(eq(sections.courseId, row!.courseId), eq(lessons.active, true)));
    const now = demo.clock.now;
    await demo.app.ctx.db
      .insert(lessonProgress)
      .values(active.map((lesson) => ({ userId: row!.userId, lessonId: lesson.id, courseId: row!.courseId, viewedAt: now, completedAt: now })))
      .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: { completedAt: now } });
    const after = await call(demo.app, 'POST', '/api/certificate/', { token, body: { course_id: row!.courseId } });
    expect(after.status).toBe(200);
    expect((await call(demo.app, 'GET', `/api/certificate/${after.body!.cert_link}/`)).body).toMatchObject({ course_name: 'Python с нуля', teacher: expect.any(String) });
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
