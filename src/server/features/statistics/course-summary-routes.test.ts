// courses_stats/ and its export (course-summary-routes.ts): who may read it, the answer, the files.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress } from '../learning/index.ts';
import { homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let s: HomeworkSchool;
let base: string;
let taughtName: string;
let soloName: string;

const get = (token: string | undefined, path: string) => call(t.app, 'GET', `${base}/${path}`, token === undefined ? {} : { token });

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Статистика курсов', 2);
  base = `/api/${s.owner.schoolName}`;
  await t.app.ctx.db.insert(lessonProgress).values({ userId: s.students[0]!.id, lessonId: s.course.lesson, courseId: s.course.id, completedAt: t.clock.now });
  const list = (await get(s.admin.access, 'courses_stats/')).body as unknown as Body[];
  [taughtName, soloName] = [s.course.id, s.soloCourse.id].map((id) => list.find((row) => row.course_id === id)!.course_name as string) as [string, string];
});
afterAll(() => t.close());

describe('GET courses_stats/', () => {
  it('gives an admin every course with a group, a teacher the courses of their groups', async () => {
    const admin = await get(s.admin.access, 'courses_stats/');
    expect(admin.status).toBe(200);
    const taught = { course_id: s.course.id, course_name: taughtName, groups: 1, students: 2, active_students: 1, average_progress: 16.67, average_mark: null };
    const solo = { course_id: s.soloCourse.id, course_name: soloName, groups: 1, students: 1, active_students: 0, average_progress: 0, average_mark: null };
    expect(admin.body).toEqual([taught, solo].sort((a, b) => (a.course_name < b.course_name ? -1 : 1)));
    // The owner is the school's admin too.
    expect((await get(s.owner.access, 'courses_stats/')).body).toEqual(admin.body);
    expect((await get(s.teacher.access, 'courses_stats/')).body).toEqual([taught]);
    expect((await get(s.otherTeacher.access, 'courses_stats/')).body).toEqual([]);
  });

  it('reads in a constant number of statements', async () => {
    const reads = await readsDuring(t.app, () => get(s.admin.access, 'courses_stats/'));
    // The school and the caller's role, then the summary's three.
    expect(reads.length).toBeLessThanOrEqual(4);
  });

  it('refuses students, another school’s staff, anonymous callers and a malformed school', async () => {
    expect((await get(s.students[0]!.access, 'courses_stats/')).status).toBe(403);
    expect((await get(s.other.access, 'courses_stats/')).status).toBe(403);
    expect((await get(undefined, 'courses_stats/')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/no-such-school/courses_stats/', { token: s.admin.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/${s.owner.schoolName}%00/courses_stats/`, { token: s.admin.access })).status).toBe(400);
    // The other school's own summary has none of this school's courses.
    expect((await call(t.app, 'GET', `/api/${s.other.schoolName}/courses_stats/`, { token: s.other.access })).body).toEqual([]);
  });
});

describe('GET courses_stats/export/', () => {
  const day = () => t.clock.now.toISOString().slice(0, 10);

  it('answers CSV with Russian headers and the same rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/courses_stats/export/?format=csv`, headers: { authorization: `Bearer ${s.teacher.access}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="courses-${day()}.csv"`);
    expect(res.body.replace(/^\ufeff/, '').trim().split('\n')).toEqual([
      'Курс,Группы,Ученики,Активные ученики (30 дней),"Средний прогресс, %",Средний балл',
      `${taughtName},1,2,1,16.67,`,
    ]);
  });

  it('answers XLSX with the same rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/courses_stats/export/?format=xlsx`, headers: { authorization: `Bearer ${s.admin.access}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="courses-${day()}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Курсы');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Курс', 'Группы', 'Ученики', 'Активные ученики (30 дней)', 'Средний прогресс, %', 'Средний балл']);
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining([
        [taughtName, 1, 2, 1, 16.67],
        [soloName, 1, 1, 0, 0],
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('refuses a missing, unknown or NUL-carrying format with 400', async () => {
    for (const query of ['', '?format=pdf', '?format=csv%00', '?format=%00', '?format=CSV']) {
      expect((await get(s.admin.access, `courses_stats/export/${query}`)).status, query).toBe(400);
    }
  });

  it('refuses students, another school’s staff and anonymous callers', async () => {
    expect((await get(s.students[0]!.access, 'courses_stats/export/?format=csv')).status).toBe(403);
    expect((await get(s.other.access, 'courses_stats/export/?format=csv')).status).toBe(403);
    expect((await get(undefined, 'courses_stats/export/?format=csv')).status).toBe(401);
  });
});
