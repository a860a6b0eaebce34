// all_stats/ with 100,000 rows (issue 13: "exports with 100,000 rows"): CSV and XLSX come whole,
// read through the cursor in batches (student-stats-routes.ts, shared/db/cursor.ts).
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { users } from '../../shared/db/core-tables.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { userHomeworks } from '../homework/index.ts';
import { lessonProgress } from '../learning/index.ts';

const COURSES = 10;
const STUDENTS = 10_000;
const ROWS = COURSES * STUDENTS;

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Большая выгрузка' });
  for (let c = 0; c < COURSES; c += 1) {
    const course = await addCourse(t.app, owner.schoolId, { durationDays: null, name: `Курс ${c}`, sections: [{ name: 'Модуль', lessons: [['lesson', 'Урок'], ['homework', 'Задание'], ['test', 'Тест']] }] });
    await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: course.id, name: `Группа ${c}` });
  }
  // 10,000 students, each in the school's ten groups: one statement.
  await t.app.ctx.db.execute(sql`
    with students as (
      insert into ${users} (email, first_name, last_name)
      select 'bulk-' || g || '@example.com', 'Ученик', 'Номер ' || g from generate_series(1, ${STUDENTS}::int) g
      returning id)
    insert into ${studentsGroupMembers} (group_id, user_id, course_id, created_at)
    select gr.id, students.id, gr.course_id, timestamptz '2025-01-01' + (students.id % 5000) * interval '1 minute'
    from students cross join ${studentsGroups} gr where gr.school_id = ${owner.schoolId}`);
  // Some progress and accepted marks, so the figures are read for real.
  await t.app.ctx.db.execute(sql`
    insert into ${lessonProgress} (user_id, lesson_id, course_id, viewed_at, completed_at)
    select m.user_id, l.id, m.course_id, timestamptz '2025-02-01', timestamptz '2025-02-01'
    from ${studentsGroupMembers} m join sections s on s.course_id = m.course_id join lessons l on l.section_id = s.id
    where m.user_id % 10 = 0 and l.type <> 'test'`);
  await t.app.ctx.db.execute(sql`
    insert into ${userHomeworks} (school_id, homework_id, course_id, user_id, group_id, status, mark)
    select ${owner.schoolId}, l.id, m.course_id, m.user_id, m.group_id, 'accepted', m.user_id % 6
    from ${studentsGroupMembers} m join sections s on s.course_id = m.course_id join lessons l on l.section_id = s.id
    where m.user_id % 10 = 0 and l.type = 'homework'`);
}, 240_000);
afterAll(() => t.close());

const download = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/schools/${owner.schoolId}/all_stats/?${query}`, headers: { authorization: `Bearer ${owner.access}` } });

describe('all_stats/ with 100,000 rows', () => {
  it('exports them all as CSV', { timeout: 240_000 }, async () => {
    const res = await download('format=csv');
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toBe('\ufeffИмя,Email,Телефон,Курс,Группа,Прогресс,Средний балл,Сумма баллов,Дата добавления,Последняя активность,Последний вход');
    // Newest in the group first: the last minute of the day's 5,000.
    expect(lines[1]).toMatch(/^Ученик Номер \d+,bulk-\d+@example\.com,,Курс \d,Группа \d,(0|66\.66),[0-5]?,[0-5],2025-01-04T11:19:00\.000Z,(2025-02-01T00:00:00\.000Z)?,$/);
  });

  it('exports them all as XLSX, sorted by progress', { timeout: 240_000 }, async () => {
    const res = await download('format=xlsx&sort_by=progress');
    expect(res.statusCode).toBe(200);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(res.rawPayload), { sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
    let rows = 0;
    const progress: unknown[] = [];
    for await (const sheet of reader) {
      for await (const row of sheet) {
        rows += 1;
        if (rows === 2 || rows === ROWS + 1) progress.push(row.getCell(6).value);
      }
    }
    expect(rows).toBe(ROWS + 1);
    // A tenth of the students completed the lesson and the homework of three lessons.
    expect(progress).toEqual([66.66, 0]);
  });
});
