// The student rating: individual_rating, all_rating (both kinds, ties, pages), the hidden name,
// pseudonyms, the school's switch, and who may ask (rating-routes.ts, rating-settings-routes.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolMembers } from '../../shared/db/core-tables.ts';
import { lessonProgress } from '../learning/index.ts';
import { setPseudonym } from '../schools/index.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addStudents, enrol } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let base: string;
let admin: Account;
let teacher: Account;
/** anna: 5 lessons, 2 courses; boris: 3 lessons, 1 course; vera: 3 lessons, 2 courses; gleb: 0 lessons, 1 course; dina: nothing. */
let anna: Account;
let boris: Account;
let vera: Account;
let gleb: Account;
let dina: Account;
let other: Owner;

/** Lessons completed (or only viewed) by a user. */
async function progress(userId: number, course: CourseFixture, count: number, completed = true) {
  await t.app.ctx.db.insert(lessonProgress).values(
    course.lessonIds.slice(0, count).map((lessonId) => ({ userId, lessonId, courseId: course.id, completedAt: completed ? t.clock.now : null })),
  );
}

const get = (who: Account | null, path: string) => call(t.app, 'GET', `${base}/${path}`, who ? { token: who.access } : {});
const rating = async (who: Account, query: string) => {
  const res = await get(who, `student_rating/all_rating/?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body!;
};
const hide = (who: Account, hidden: boolean) => call(t.app, 'PATCH', `${base}/student_rating/visibility/`, { token: who.access, body: { hidden } });
const setEnabled = (who: Account, enabled: boolean) => call(t.app, 'PATCH', `${base}/rating_settings/`, { token: who.access, body: { enabled } });

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Рейтинговая школа' });
  base = `/api/${owner.schoolName}`;
  admin = await addMember(t.app, owner.schoolId, 'Admin', { firstName: 'Алла', lastName: 'Админова' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher', { firstName: 'Пётр', lastName: 'Учителев' });
  anna = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Анна', lastName: 'Первая' });
  boris = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Борис', lastName: 'Второй' });
  vera = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Вера', lastName: 'Третья' });
  gleb = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Глеб', lastName: '' });
  dina = await addMember(t.app, owner.schoolId, 'Student');
  const a = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [1, 2, 3, 4, 5].map((i) => ['lesson', `A${i}`] as [string, string]) }] });
  const b = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [1, 2, 3].map((i) => ['lesson', `B${i}`] as [string, string]) }] });
  await enrol(t.app, owner.schoolId, a.id, [anna.id, boris.id, vera.id, gleb.id], { teacherId: teacher.id });
  await enrol(t.app, owner.schoolId, b.id, [anna.id, vera.id]);
  await progress(anna.id, a, 4);
  await progress(anna.id, b, 1);
  await progress(boris.id, a, 3);
  await progress(vera.id, b, 3);
  // Viewed, not completed: no lessons for gleb.
  await progress(gleb.id, a, 2, false);
  // Staff are not ranked, whatever they did.
  await progress(admin.id, a, 5);

  // Another school, where anna studies too: nothing of it counts here.
  other = await registerOwner(t.app, { schoolTitle: 'Чужая школа' });
  const c = await addCourse(t.app, other.schoolId, { sections: [{ name: 'М', lessons: [1, 2, 3, 4, 5, 6].map((i) => ['lesson', `C${i}`] as [string, string]) }] });
  const stranger = await addMember(t.app, other.schoolId, 'Student', { firstName: 'Чужой', lastName: 'Ученик' });
  const otherGroup = await enrol(t.app, other.schoolId, c.id, [stranger.id]);
  await progress(stranger.id, c, 6);
  await t.app.ctx.db.insert(schoolMembers).values({ schoolId: other.schoolId, userId: anna.id, role: 'Student' });
  await addStudents(t.app, otherGroup, c.id, [anna.id]);
  await progress(anna.id, c, 6);
});
afterAll(() => t.close());

describe('GET student_rating/individual_rating/', () => {
  it("gives a student their values and places (1 + students with more), null places at 0", async () => {
    const own = async (who: Account) => (await get(who, 'student_rating/individual_rating/')).body;
    expect(await own(anna)).toEqual({ completed_lessons: 5, top_by_lessons_num: 1, available_courses: 2, top_by_courses_num: 1, hidden: false });
    // A tie shares the place: boris and vera both second by lessons.
    expect(await own(boris)).toEqual({ completed_lessons: 3, top_by_lessons_num: 2, available_courses: 1, top_by_courses_num: 3, hidden: false });
    expect(await own(vera)).toEqual({ completed_lessons: 3, top_by_lessons_num: 2, available_courses: 2, top_by_courses_num: 1, hidden: false });
    expect(await own(gleb)).toEqual({ completed_lessons: 0, top_by_lessons_num: null, available_courses: 1, top_by_courses_num: 3, hidden: false });
    expect(await own(dina)).toEqual({ completed_lessons: 0, top_by_lessons_num: null, available_courses: 0, top_by_courses_num: null, hidden: false });
  });

  it('answers without the trailing slash too (the original client asks so)', async () => {
    const res = await get(anna, 'student_rating/individual_rating');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ completed_lessons: 5 });
  });

  it('is for students only', async () => {
    expect((await get(admin, 'student_rating/individual_rating/')).status).toBe(403);
    expect((await get(teacher, 'student_rating/individual_rating/')).status).toBe(403);
    expect((await get(null, 'student_rating/individual_rating/')).status).toBe(401);
    expect((await call(t.app, 'GET', `${base}/student_rating/individual_rating/`, { token: other.access })).status).toBe(403);
  });
});

describe('GET student_rating/all_rating/', () => {
  it('ranks by completed lessons: ties share a place, zeros and staff left out, no e-mails', async () => {
    const page = await rating(anna, 'lessons_flag=True');
    expect(page).toEqual({
      count: 3,
      next: null,
      previous: null,
      results: [
        { place: 1, student_id: anna.id, name: 'Анна Первая', avatar: null, completed_lessons: 5, is_me: true },
        // Other students' ids stay with staff.
        { place: 2, student_id: null, name: 'Борис Второй', avatar: null, completed_lessons: 3, is_me: false },
        { place: 2, student_id: null, name: 'Вера Третья', avatar: null, completed_lessons: 3, is_me: false },
      ],
    });
    expect(JSON.stringify(page)).not.toContain('@');
  });

  it('ranks by available courses', async () => {
    const page = await rating(admin, 'courses_flag=True');
    expect(page.count).toBe(4);
    expect(page.results).toEqual([
      { place: 1, student_id: anna.id, name: 'Анна Первая', avatar: null, available_courses: 2, is_me: false },
      { place: 1, student_id: vera.id, name: 'Вера Третья', avatar: null, available_courses: 2, is_me: false },
      { place: 3, student_id: boris.id, name: 'Борис Второй', avatar: null, available_courses: 1, is_me: false },
      { place: 3, student_id: gleb.id, name: 'Глеб', avatar: null, available_courses: 1, is_me: false },
    ]);
  });

  it('takes the flags as the original client sends them, both slash forms, for students, teachers and admins', async () => {
    expect((await rating(teacher, 'lessons_flag=true')).count).toBe(3);
    expect((await rating(vera, 'lessons_flag=False&courses_flag=True')).count).toBe(4);
    const bare = await get(vera, 'student_rating/all_rating?lessons_flag=True&p=1&s=30');
    expect(bare.status).toBe(200);
    expect((bare.body!.results as Body[]).find((row) => row.is_me)).toMatchObject({ student_id: vera.id, place: 2 });
  });

  it('pages by 30 at most, with links', async () => {
    const first = await rating(admin, 'lessons_flag=True&s=2');
    expect(first).toMatchObject({ count: 3, previous: null, next: `${base}/student_rating/all_rating/?lessons_flag=True&s=2&p=2` });
    expect((first.results as Body[]).map((row) => row.student_id)).toEqual([anna.id, boris.id]);
    const second = await rating(admin, 'lessons_flag=True&s=2&p=2');
    expect(second).toMatchObject({ count: 3, next: null, previous: `${base}/student_rating/all_rating/?lessons_flag=True&s=2&p=1` });
    expect((second.results as Body[]).map((row) => [row.student_id, row.place])).toEqual([[vera.id, 2]]);
    expect(await rating(admin, 'lessons_flag=True&p=5')).toEqual({ count: 3, next: null, previous: `${base}/student_rating/all_rating/?lessons_flag=True&p=4`, results: [] });
    expect((await get(admin, 'student_rating/all_rating/?lessons_flag=True&s=31')).status).toBe(400);
  });

  it('refuses both flags or neither with the original’s message, and malformed parameters', async () => {
    for (const query of ['lessons_flag=True&courses_flag=True', '', 'lessons_flag=False', 'courses_flag=false&lessons_flag=false']) {
      const res = await get(anna, `student_rating/all_rating/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 'RATING_KIND', message: 'Можно получить рейтинг либо по пройденным занятиям, либо по доступным курсам' });
    }
    for (const query of ['lessons_flag=yes', 'lessons_flag=1', 'courses_flag=', 'lessons_flag=True&p=0', 'lessons_flag=True&p=abc', 'lessons_flag=True&s=0', 'lessons_flag=True&s=1.5', 'lessons_flag=True&p=-1']) {
      expect((await get(anna, `student_rating/all_rating/?${query}`)).status, query).toBe(400);
    }
  });

  it('refuses a NUL byte in every parameter with 400', async () => {
    for (const query of ['lessons_flag=True%00', 'courses_flag=%00', 'lessons_flag=True&p=1%00', 'lessons_flag=True&s=%0030']) {
      expect((await get(anna, `student_rating/all_rating/?${query}`)).status, query).toBe(400);
    }
    for (const path of ['student_rating/all_rating/?lessons_flag=True', 'student_rating/individual_rating/', 'rating_settings/']) {
      expect((await call(t.app, 'GET', `/api/${owner.schoolName}%00/${path}`, { token: anna.access })).status, path).toBe(400);
    }
    expect((await call(t.app, 'PATCH', `/api/${owner.schoolName}%00/student_rating/visibility/`, { token: anna.access, body: { hidden: true } })).status).toBe(400);
  });

  it('refuses strangers, anonymous callers and unknown schools', async () => {
    expect((await call(t.app, 'GET', `${base}/student_rating/all_rating/?lessons_flag=True`, { token: other.access })).status).toBe(403);
    expect((await get(null, 'student_rating/all_rating/?lessons_flag=True')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/no-such-school/student_rating/all_rating/?lessons_flag=True', { token: anna.access })).status).toBe(404);
  });

  it('shows a pseudonym instead of the name', async () => {
    await setPseudonym(t.app.ctx.db, owner.schoolId, vera.id, 'Вера П.');
    try {
      expect(((await rating(anna, 'lessons_flag=True')).results as Body[])[2]).toMatchObject({ name: 'Вера П.' });
      expect(((await rating(vera, 'lessons_flag=True')).results as Body[])[2]).toMatchObject({ name: 'Вера П.', is_me: true });
    } finally {
      await setPseudonym(t.app.ctx.db, owner.schoolId, vera.id, null);
    }
  });

  it('names a student without a name without their e-mail', async () => {
    await progress(dina.id, (await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'D1']] }] })), 1);
    const rows = (await rating(admin, 'lessons_flag=True')).results as Body[];
    expect(rows.at(-1)).toEqual({ place: 4, student_id: dina.id, name: 'Ученик без имени', avatar: null, completed_lessons: 1, is_me: false });
  });
});

describe('PATCH student_rating/visibility/', () => {
  it('hides a student’s name from everyone else, and shows it again', async () => {
    const res = await hide(boris, true);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hidden: true });
    // Twice is the same.
    expect((await hide(boris, true)).body).toEqual({ hidden: true });
    const borisRow = async (who: Account) => ((await rating(who, 'lessons_flag=True')).results as Body[])[1]!;
    expect(await borisRow(anna)).toEqual({ place: 2, student_id: null, name: 'Скрытый участник', avatar: null, completed_lessons: 3, is_me: false });
    expect(await borisRow(admin)).toMatchObject({ student_id: boris.id, name: 'Скрытый участник' });
    // Boris sees himself as he is, and that he is hidden.
    expect(await borisRow(boris)).toMatchObject({ student_id: boris.id, name: 'Борис Второй', is_me: true });
    expect((await get(boris, 'student_rating/individual_rating/')).body).toMatchObject({ hidden: true });

    expect((await hide(boris, false)).body).toEqual({ hidden: false });
    expect(await borisRow(anna)).toMatchObject({ name: 'Борис Второй' });
    expect((await get(boris, 'student_rating/individual_rating/')).body).toMatchObject({ hidden: false });
  });

  it('is for students only, with a boolean', async () => {
    expect((await hide(admin, true)).status).toBe(403);
    expect((await hide(teacher, true)).status).toBe(403);
    expect((await call(t.app, 'PATCH', `${base}/student_rating/visibility/`, { token: other.access, body: { hidden: true } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', `${base}/student_rating/visibility/`, { body: { hidden: true } })).status).toBe(401);
    for (const body of [{}, { hidden: 'maybe' }, { hidden: null }, { hidden: 'a\u0000' }]) {
      expect((await call(t.app, 'PATCH', `${base}/student_rating/visibility/`, { token: anna.access, body })).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('rating_settings/', () => {
  it('is on by default; an admin turns it off, and every rating route then answers 403 RATING_DISABLED', async () => {
    expect((await get(anna, 'rating_settings/')).body).toEqual({ enabled: true });
    expect((await setEnabled(teacher, false)).status).toBe(403);
    expect((await setEnabled(anna, false)).status).toBe(403);
    expect((await call(t.app, 'PATCH', `${base}/rating_settings/`, { token: other.access, body: { enabled: false } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', `${base}/rating_settings/`, { body: { enabled: false } })).status).toBe(401);

    const off = await setEnabled(admin, false);
    expect(off).toMatchObject({ status: 200, body: { enabled: false } });
    try {
      for (const who of [anna, teacher, admin]) expect((await get(who, 'rating_settings/')).body).toEqual({ enabled: false });
      const refusals = [
        await get(anna, 'student_rating/individual_rating/'),
        await get(anna, 'student_rating/all_rating/?lessons_flag=True'),
        await get(admin, 'student_rating/all_rating/?courses_flag=True'),
        await hide(anna, true),
      ];
      for (const res of refusals) expect(res).toMatchObject({ status: 403, body: { code: 'RATING_DISABLED', message: 'Рейтинг отключён в этой школе' } });
      // Another school's rating is its own.
      expect((await call(t.app, 'GET', `/api/${other.schoolName}/rating_settings/`, { token: other.access })).body).toEqual({ enabled: true });
    } finally {
      expect((await setEnabled(admin, true)).body).toEqual({ enabled: true });
    }
    expect((await get(anna, 'student_rating/individual_rating/')).status).toBe(200);
  });

  it('refuses malformed bodies and strangers', async () => {
    for (const body of [{}, { enabled: 'maybe' }, { enabled: null }]) expect((await call(t.app, 'PATCH', `${base}/rating_settings/`, { token: admin.access, body })).status, JSON.stringify(body)).toBe(400);
    expect((await call(t.app, 'GET', `${base}/rating_settings/`, { token: other.access })).status).toBe(403);
    expect((await get(null, 'rating_settings/')).status).toBe(401);
  });
});

describe('a page costs the same number of reads whatever its size', () => {
  it('3 rows or 30, by lessons and by courses, and individual_rating a constant too', async () => {
    const many = await registerOwner(t.app, { schoolTitle: 'Большая школа' });
    const course = await addCourse(t.app, many.schoolId, { sections: [{ name: 'М', lessons: Array.from({ length: 6 }, (_, i) => ['lesson', `L${i}`] as [string, string]) }] });
    const students: Account[] = [];
    for (let i = 0; i < 35; i += 1) students.push(await addMember(t.app, many.schoolId, 'Student', { firstName: `Ученик${i}`, lastName: 'Рейтинговый' }));
    await enrol(t.app, many.schoolId, course.id, students.map((s) => s.id));
    for (const [i, s] of students.entries()) await progress(s.id, course, 1 + (i % 6));
    const url = `/api/${many.schoolName}/student_rating/all_rating/`;

    const full = await call(t.app, 'GET', `${url}?lessons_flag=True`, { token: students[0]!.access });
    expect(full.body).toMatchObject({ count: 35, next: `${url}?lessons_flag=True&p=2` });
    expect(full.body!.results).toHaveLength(30);
    const places = (full.body!.results as Body[]).map((row) => row.place);
    // 35 students with 1…6 lessons: 5 with 6 (places 1–5), 6 with 5 (place 6), …
    expect(places.slice(0, 7)).toEqual([1, 1, 1, 1, 1, 6, 6]);
    expect(((await call(t.app, 'GET', `${url}?lessons_flag=True&p=2`, { token: students[0]!.access })).body!.results as Body[]).map((row) => row.place)).toEqual([30, 30, 30, 30, 30]);

    for (const flag of ['lessons_flag=True', 'courses_flag=True']) {
      const reads: number[] = [];
      for (const size of [3, 30]) {
        reads.push((await readsDuring(t.app, () => call(t.app, 'GET', `${url}?${flag}&s=${size}`, { token: students[0]!.access }))).length);
      }
      expect(reads[0], flag).toBe(reads[1]);
      expect(reads[0], flag).toBeLessThanOrEqual(3);
    }
    const own = await readsDuring(t.app, () => call(t.app, 'GET', `/api/${many.schoolName}/student_rating/individual_rating/`, { token: students[5]!.access }));
    expect(own.length).toBeLessThanOrEqual(3);
    expect((await call(t.app, 'GET', `/api/${many.schoolName}/student_rating/individual_rating/`, { token: students[5]!.access })).body).toMatchObject({ completed_lessons: 6, top_by_lessons_num: 1 });
  });
});
