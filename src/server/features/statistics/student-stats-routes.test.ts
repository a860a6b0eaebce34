// The school's students table: schools/{id}/stats/ (filters, sorting, pages, who sees what) and
// its export all_stats/ (columns, formats, the same rows) (student-stats-routes.ts, student-rows.ts).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type Account } from '../../../../tests/server/fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { day, dayString, studentsTableSchool, type RowName, type StudentsTableSchool } from '../../../../tests/server/students-table-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let s: StudentsTableSchool;
let stats: string;
let exportUrl: string;

/** The row names of a page, in its order. */
const names = (results: Body[]): RowName[] =>
  results.map((row) => (Object.entries(s.rows).find(([, r]) => r.student === row.student_id && r.group === row.group_id)?.[0] ?? `? ${row.student_id}/${row.group_id}`) as RowName);
const page = (who: Account, query = '') => call(t.app, 'GET', `${stats}${query ? `?${query}` : ''}`, { token: who.access });
const rowsOf = async (who: Account, query = '') => {
  const res = await page(who, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return names(res.body!.results as Body[]);
};
const enc = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  s = await studentsTableSchool(t.app);
  stats = `/api/schools/${s.owner.schoolId}/stats/`;
  exportUrl = `/api/schools/${s.owner.schoolId}/all_stats/`;
});
afterAll(() => t.close());

describe('GET schools/{id}/stats/', () => {
  it('gives an admin a row per student and group, newest in the group first, with the contract’s fields', async () => {
    const res = await page(s.owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 6, unique_students_count: 5, next: null, previous: null });
    expect(names(res.body!.results as Body[])).toEqual(['glebY', 'annaY', 'dmitryX', 'veraX', 'borisX', 'annaX']);
    const results = res.body!.results as Body[];
    expect(results[1]).toEqual({
      student_id: s.anna.id,
      email: s.anna.email,
      first_name: 'Анна',
      last_name: 'Иванова',
      avatar: null,
      phone_number: null,
      course_id: s.y.id,
      course_name: 'Физика',
      group_id: s.groups.b,
      group_name: 'Поток Б',
      date_added: day(5).toISOString(),
      last_active: day(6).toISOString(),
      last_login: expect.any(String),
      mark_sum: 13,
      average_mark: 4.33,
      progress: 50,
    });
    const figures = Object.fromEntries(
      results.map((row, i) => [names(results)[i], [row.progress, row.mark_sum, row.average_mark, row.last_active && new Date(row.last_active as string).getTime()]]),
    );
    expect(figures).toEqual({
      annaX: [100, 5, 5, day(3).getTime()],
      borisX: [75, 4, 4, day(5).getTime()],
      veraX: [0, 0, null, day(2).getTime()],
      dmitryX: [0, 0, null, null],
      annaY: [50, 13, 4.33, day(6).getTime()],
      glebY: [33.33, 3, 3, day(4).getTime()],
    });
  });

  it('leaves out the groups of a course in the bin', async () => {
    expect((await page(s.owner, 'group_name=' + enc('Поток В'))).body).toMatchObject({ count: 0, unique_students_count: 0, results: [] });
  });

  it('gives a teacher only the groups they teach', async () => {
    expect(await rowsOf(s.teacherX)).toEqual(['veraX', 'borisX', 'annaX']);
    expect((await page(s.teacherX)).body).toMatchObject({ count: 3, unique_students_count: 3 });
    expect(await rowsOf(s.teacherY)).toEqual(['glebY', 'annaY']);
    // A group or course not theirs filters to nothing.
    expect(await rowsOf(s.teacherX, `group_id=${s.groups.b}`)).toEqual([]);
    expect(await rowsOf(s.teacherY, `course_id=${s.x.id}`)).toEqual([]);
    const idle = await addMember(t.app, s.owner.schoolId, 'Teacher');
    expect((await page(idle)).body).toMatchObject({ count: 0, unique_students_count: 0, results: [] });
  });

  it('filters by course and group', async () => {
    expect(await rowsOf(s.owner, `course_id=${s.x.id}`)).toEqual(['dmitryX', 'veraX', 'borisX', 'annaX']);
    expect(await rowsOf(s.owner, `group_id=${s.groups.b}`)).toEqual(['glebY', 'annaY']);
    expect(await rowsOf(s.owner, `course_id=${s.x.id}&group_id=${s.groups.none}`)).toEqual(['dmitryX']);
    expect((await page(s.owner, `course_id=${s.y.id}`)).body).toMatchObject({ count: 2, unique_students_count: 2 });
  });

  it('finds students by each word in the first name, the last name or the email', async () => {
    expect(await rowsOf(s.owner, `search_value=${enc('анна')}`)).toEqual(['annaY', 'annaX']);
    expect((await page(s.owner, `search_value=${enc('анна')}`)).body).toMatchObject({ count: 2, unique_students_count: 1 });
    expect(await rowsOf(s.owner, `search_value=${enc('  Иванова АННА ')}`)).toEqual(['annaY', 'annaX']);
    expect(await rowsOf(s.owner, `search_value=${enc(`boris-${s.owner.schoolId}@`)}`)).toEqual(['borisX']);
    expect(await rowsOf(s.owner, `search_value=${enc('Иванова Борис')}`)).toEqual([]);
    // LIKE's wildcards are matched as they are.
    expect(await rowsOf(s.owner, `search_value=${enc('%')}`)).toEqual([]);
    expect(await rowsOf(s.owner, `search_value=${enc('_')}`)).toEqual([]);
  });

  it('filters by first name, last name, group name and course name (contains, any case)', async () => {
    expect(await rowsOf(s.owner, `first_name=${enc('ЕР')}`)).toEqual(['veraX']);
    expect(await rowsOf(s.owner, `last_name=${enc('петр')}`)).toEqual(['borisX']);
    expect(await rowsOf(s.owner, `group_name=${enc('поток')}`)).toEqual(['glebY', 'annaY', 'veraX', 'borisX', 'annaX']);
    expect(await rowsOf(s.owner, `group_name=${enc('б')}`)).toEqual(['glebY', 'annaY', 'dmitryX']);
    expect(await rowsOf(s.owner, `course_name=${enc('физ')}`)).toEqual(['glebY', 'annaY']);
    expect(await rowsOf(s.owner, `course_name=${enc('физ')}&first_name=${enc('Анна')}`)).toEqual(['annaY']);
  });

  it('filters by the days of the last activity, inclusive, in UTC', async () => {
    expect(await rowsOf(s.owner, `last_active_min=${dayString(4)}`)).toEqual(['glebY', 'annaY', 'borisX']);
    expect(await rowsOf(s.owner, `last_active_max=${dayString(2)}`)).toEqual(['veraX']);
    expect(await rowsOf(s.owner, `last_active_min=${dayString(5)}&last_active_max=${dayString(5)}`)).toEqual(['borisX']);
    expect(await rowsOf(s.owner, `last_active_min=${dayString(3)}&last_active_max=${dayString(4)}`)).toEqual(['glebY', 'annaX']);
  });

  it('filters by the sum and the average of accepted marks', async () => {
    expect(await rowsOf(s.owner, 'mark_sum_min=4')).toEqual(['annaY', 'borisX', 'annaX']);
    expect(await rowsOf(s.owner, 'mark_sum_max=3')).toEqual(['glebY', 'dmitryX', 'veraX']);
    expect(await rowsOf(s.owner, 'mark_sum_min=4&mark_sum_max=5')).toEqual(['borisX', 'annaX']);
    expect(await rowsOf(s.owner, 'average_mark_min=4.33')).toEqual(['annaY', 'annaX']);
    // Rows without an accepted mark have no average: no average range holds them.
    expect(await rowsOf(s.owner, 'average_mark_max=4')).toEqual(['glebY', 'borisX']);
    expect(await rowsOf(s.owner, 'average_mark_min=0')).toEqual(['glebY', 'annaY', 'borisX', 'annaX']);
  });

  it('filters by progress', async () => {
    expect(await rowsOf(s.owner, 'progress_min=50')).toEqual(['annaY', 'borisX', 'annaX']);
    expect(await rowsOf(s.owner, 'progress_max=33.33')).toEqual(['glebY', 'dmitryX', 'veraX']);
    expect(await rowsOf(s.owner, 'progress_min=33.33&progress_max=33.33')).toEqual(['glebY']);
    expect(await rowsOf(s.owner, 'progress_min=100')).toEqual(['annaX']);
  });

  it('combines filters', async () => {
    expect(await rowsOf(s.owner, `course_id=${s.x.id}&progress_min=1&mark_sum_max=4&last_active_min=${dayString(1)}`)).toEqual(['borisX']);
    expect(await rowsOf(s.teacherY, `search_value=${enc('анна')}&average_mark_min=4&sort_by=progress`)).toEqual(['annaY']);
  });

  it('treats an empty parameter as no filter', async () => {
    expect(await rowsOf(s.owner, 'search_value=&course_id=&progress_min=&sort_by=&sort_order=')).toHaveLength(6);
  });

  describe('sorting', () => {
    const orders: [string, RowName[]][] = [
      ['date_added', ['annaX', 'borisX', 'veraX', 'dmitryX', 'annaY', 'glebY']],
      ['first_name', ['annaX', 'annaY', 'borisX', 'veraX', 'glebY', 'dmitryX']],
      ['last_name', ['annaX', 'annaY', 'dmitryX', 'glebY', 'borisX', 'veraX']],
      ['email', ['annaX', 'annaY', 'borisX', 'dmitryX', 'glebY', 'veraX']],
      ['group_name', ['dmitryX', 'annaX', 'borisX', 'veraX', 'annaY', 'glebY']],
      ['course_name', ['annaX', 'borisX', 'veraX', 'dmitryX', 'annaY', 'glebY']],
      ['mark_sum', ['veraX', 'dmitryX', 'glebY', 'borisX', 'annaX', 'annaY']],
      ['progress', ['veraX', 'dmitryX', 'glebY', 'annaY', 'borisX', 'annaX']],
    ];
    for (const [key, ascending] of orders) {
      it(`by ${key}, ascending and descending (ties by group, then student)`, async () => {
        expect(await rowsOf(s.owner, `sort_by=${key}&sort_order=asc`)).toEqual(ascending);
        const descending = await rowsOf(s.owner, `sort_by=${key}&sort_order=desc`);
        expect(descending).toEqual([...ascending].reverse());
      });
    }

    it('by last activity and by average mark, rows without one last either way', async () => {
      expect(await rowsOf(s.owner, 'sort_by=last_active&sort_order=asc')).toEqual(['veraX', 'annaX', 'glebY', 'borisX', 'annaY', 'dmitryX']);
      expect(await rowsOf(s.owner, 'sort_by=last_active')).toEqual(['annaY', 'borisX', 'glebY', 'annaX', 'veraX', 'dmitryX']);
      expect(await rowsOf(s.owner, 'sort_by=average_mark&sort_order=asc')).toEqual(['glebY', 'borisX', 'annaY', 'annaX', 'veraX', 'dmitryX']);
      expect(await rowsOf(s.owner, 'sort_by=average_mark&sort_order=desc')).toEqual(['annaX', 'annaY', 'borisX', 'glebY', 'dmitryX', 'veraX']);
    });

    it('refuses an unknown sort with 400 «Ошибка в запросе»', async () => {
      for (const query of ['sort_by=name', 'sort_by=progress%20', 'sort_by=PROGRESS', 'sort_order=up', 'sort_by=email&sort_order=ASC', 'sort_by=1']) {
        const res = await page(s.owner, query);
        expect(res.status, query).toBe(400);
        expect(res.body, query).toMatchObject({ code: 'INVALID_SORT', message: 'Ошибка в запросе' });
      }
      expect((await page(s.owner, 'sort_by=name&sort_order=up')).body).toMatchObject({ fields: { sort_by: ['Недопустимое значение.'], sort_order: ['Недопустимое значение.'] } });
    });
  });

  it('pages with links, in the chosen order, a page past the middle read from the end', async () => {
    const first = await page(s.owner, 'sort_by=progress&sort_order=desc&s=4');
    expect(first.body).toMatchObject({ count: 6, unique_students_count: 5, previous: null, next: `${stats}?sort_by=progress&sort_order=desc&s=4&p=2` });
    expect(names(first.body!.results as Body[])).toEqual(['annaX', 'borisX', 'annaY', 'glebY']);
    expect(await rowsOf(s.owner, 'sort_by=progress&sort_order=desc&s=4&p=2')).toEqual(['dmitryX', 'veraX']);
    expect(await rowsOf(s.owner, 'sort_by=last_active&sort_order=asc&s=2&p=3')).toEqual(['annaY', 'dmitryX']);
    expect(await rowsOf(s.owner, 'sort_by=average_mark&s=5&p=2')).toEqual(['veraX']);
    expect(await rowsOf(s.owner, 's=4&p=2')).toEqual(['borisX', 'annaX']);
    expect(await page(s.owner, 'p=9')).toMatchObject({ status: 200, body: { count: 6, unique_students_count: 5, results: [] } });
  });

  it('refuses malformed parameters with 400', async () => {
    const bad = [
      'p=0',
      'p=abc',
      's=101',
      'course_id=abc',
      'group_id=-1',
      'course_id=1.5',
      'group_id=99999999999',
      'last_active_min=01.02.2025',
      'last_active_min=2025-02-30',
      'last_active_max=2025-13-01',
      `last_active_min=${dayString(5)}&last_active_max=${dayString(4)}`,
      'mark_sum_min=-1',
      'mark_sum_max=1.5',
      'mark_sum_min=5&mark_sum_max=4',
      'average_mark_min=abc',
      'average_mark_max=1001',
      'average_mark_min=4.5&average_mark_max=4',
      'progress_min=-0.5',
      'progress_max=101',
      'progress_min=50&progress_max=10',
      `search_value=${'я'.repeat(101)}`,
      `first_name=${'я'.repeat(101)}`,
    ];
    for (const query of bad) expect((await page(s.owner, query)).status, query).toBe(400);
    expect((await page(s.owner, 'progress_min=50&progress_max=10')).body).toMatchObject({ fields: { progress_max: ['Значение «до» меньше значения «от».'] } });
    expect((await page(s.owner, 'last_active_min=2025-02-30')).body).toMatchObject({ fields: { last_active_min: ['Некорректная дата.'] } });
    expect((await call(t.app, 'GET', '/api/schools/abc/stats/', { token: s.owner.access })).status).toBe(400);
  });

  it('refuses a NUL byte in every parameter with 400', async () => {
    const params = ['p', 's', 'course_id', 'group_id', 'search_value', 'first_name', 'last_name', 'group_name', 'course_name', 'last_active_min', 'last_active_max'];
    const more = ['mark_sum_min', 'mark_sum_max', 'average_mark_min', 'average_mark_max', 'progress_min', 'progress_max', 'sort_by', 'sort_order'];
    for (const name of [...params, ...more]) {
      for (const value of ['1%00', '%00', 'a%00b', '2025-01-01%00']) expect((await page(s.owner, `${name}=${value}`)).status, `${name}=${value}`).toBe(400);
    }
    expect((await call(t.app, 'GET', `/api/schools/${s.owner.schoolId}%00/stats/`, { token: s.owner.access })).status).toBe(400);
  });

  it('refuses students, other schools’ staff, strangers’ schools and anonymous callers', async () => {
    expect((await page(s.student)).status).toBe(403);
    expect((await page(s.anna)).status).toBe(403);
    expect((await page(s.other)).status).toBe(403);
    // Our admin asking for the other school's table.
    expect((await call(t.app, 'GET', `/api/schools/${s.other.schoolId}/stats/`, { token: s.owner.access })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/schools/2147483647/stats/', { token: s.owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', stats)).status).toBe(401);
    // Another school's course or group filters to nothing.
    const theirs = await studentsTableSchool(t.app, 'Чужая статистика');
    expect(await rowsOf(s.owner, `course_id=${theirs.x.id}`)).toEqual([]);
    expect(await rowsOf(s.owner, `group_id=${theirs.groups.a}`)).toEqual([]);
    expect((await call(t.app, 'GET', `/api/schools/${theirs.owner.schoolId}/stats/`, { token: s.teacherX.access })).status).toBe(403);
  });

  it('reads a page in the same number of statements whatever its size, filters and order', async () => {
    const queries = ['', `course_id=${s.x.id}&search_value=example&last_name=${enc('о')}&group_name=${enc('поток')}`, `progress_min=0&mark_sum_min=0&mark_sum_max=100&last_active_min=${dayString(0)}&sort_by=progress`];
    for (const who of [s.owner, s.teacherX]) {
      for (const query of queries) {
        const reads: number[] = [];
        for (const size of [1, 3]) {
          const body: { value?: Body | null } = {};
          reads.push((await readsDuring(t.app, async () => (body.value = (await page(who, `s=${size}&${query}`)).body))).length);
          expect(body.value!.results, `${size} ${query}`).toHaveLength(size);
        }
        expect(reads[0], query).toBe(reads[1]);
        // The school and the caller's role, the count, the page.
        expect(reads[0], query).toBeLessThanOrEqual(3);
      }
    }
  });
});

/** An export's rows (CSV parsed by lines, XLSX read back), the header first. */
async function exported(who: Account, query: string): Promise<{ status: number; headers: Record<string, unknown>; rows: unknown[][] }> {
  const res = await t.app.inject({ method: 'GET', url: `${exportUrl}?${query}`, headers: { authorization: `Bearer ${who.access}` } });
  if (res.statusCode !== 200) return { status: res.statusCode, headers: res.headers, rows: [] };
  if (String(res.headers['content-type']).startsWith('text/csv')) {
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    return { status: 200, headers: res.headers, rows: text.slice(1).trimEnd().split('\n').map((line) => line.split(',')) };
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { status: 200, headers: res.headers, rows };
}

const ALL_TITLES = ['Имя', 'Email', 'Телефон', 'Курс', 'Группа', 'Прогресс', 'Средний балл', 'Сумма баллов', 'Дата добавления', 'Последняя активность', 'Последний вход'];

describe('GET schools/{id}/all_stats/', () => {
  it('exports every matching row as CSV with all the columns by default, in the table’s order', async () => {
    const { status, headers, rows } = await exported(s.owner, 'format=csv');
    expect(status).toBe(200);
    expect(headers['content-disposition']).toBe(`attachment; filename="students-${t.clock.now.toISOString().slice(0, 10)}.csv"`);
    expect(rows[0]).toEqual(ALL_TITLES);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Глеб Орлов', 'Анна Иванова', 'Дмитрий Кузнецов', 'Вера Сидорова', 'Борис Петров', 'Анна Иванова']);
    expect(rows[2]!.slice(0, 10)).toEqual(['Анна Иванова', s.anna.email, '', 'Физика', 'Поток Б', '50', '4.33', '13', day(5).toISOString(), day(6).toISOString()]);
    expect(rows[3]!.slice(5, 10)).toEqual(['0', '', '0', day(4).toISOString(), '']);
  });

  it('exports XLSX with numbers and dates as such', async () => {
    const { status, headers, rows } = await exported(s.owner, `format=xlsx&course_id=${s.y.id}`);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(rows[0]).toEqual(ALL_TITLES);
    expect(rows).toHaveLength(3);
    expect(rows[2]!.slice(0, 10)).toEqual(['Анна Иванова', s.anna.email, undefined, 'Физика', 'Поток Б', 50, 4.33, 13, day(5), day(6)]);
  });

  it('applies the filters and the order of the table', async () => {
    const { rows } = await exported(s.owner, `format=csv&course_id=${s.x.id}&sort_by=progress&sort_order=asc&progress_max=80`);
    expect(rows.slice(1).map((row) => [row[0], row[5]])).toEqual([
      ['Вера Сидорова', '0'],
      ['Дмитрий Кузнецов', '0'],
      ['Борис Петров', '75'],
    ]);
    const teacher = await exported(s.teacherY, 'format=csv');
    expect(teacher.rows.slice(1).map((row) => row[0])).toEqual(['Глеб Орлов', 'Анна Иванова']);
    expect((await exported(s.owner, `format=csv&search_value=${enc('никого')}`)).rows).toEqual([ALL_TITLES]);
  });

  it('exports the columns the caller shows, in their order', async () => {
    const patched = await call(t.app, 'PATCH', `/api/${s.owner.schoolName}/students_table_info/`, {
      token: s.teacherX.access,
      body: {
        columns: [
          { id: 'progress', order: 1 },
          { id: 'email', checked: false },
          { id: 'phone_number', checked: false },
          { id: 'last_login', checked: false },
          { id: 'date_added', checked: false },
          { id: 'average_mark', checked: false },
          { id: 'last_active', checked: false },
        ],
      },
    });
    expect(patched.status).toBe(200);
    const csv = await exported(s.teacherX, 'format=csv&sort_by=first_name&sort_order=asc');
    expect(csv.rows).toEqual([
      ['Прогресс', 'Имя', 'Курс', 'Группа', 'Сумма баллов'],
      ['100', 'Анна Иванова', 'Алгебра', 'Поток А', '5'],
      ['75', 'Борис Петров', 'Алгебра', 'Поток А', '4'],
      ['0', 'Вера Сидорова', 'Алгебра', 'Поток А', '0'],
    ]);
    const xlsx = await exported(s.teacherX, 'format=xlsx&sort_by=first_name&sort_order=asc');
    expect(xlsx.rows[0]).toEqual(['Прогресс', 'Имя', 'Курс', 'Группа', 'Сумма баллов']);
    expect(xlsx.rows[1]).toEqual([100, 'Анна Иванова', 'Алгебра', 'Поток А', 5]);
    // Another staff member's layout is their own.
    expect((await exported(s.owner, 'format=csv')).rows[0]).toEqual(ALL_TITLES);
  });

  it('refuses a missing or unknown format, malformed filters and an unknown sort with 400', async () => {
    for (const query of ['', 'format=pdf', 'format=CSV', 'format=csv&progress_min=abc', 'format=csv&last_active_min=2025-02-30', 'format=csv&mark_sum_min=5&mark_sum_max=1']) {
      expect((await exported(s.owner, query)).status, query).toBe(400);
    }
    const res = await call(t.app, 'GET', `${exportUrl}?format=csv&sort_by=name`, { token: s.owner.access });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_SORT', message: 'Ошибка в запросе' } });
  });

  it('refuses a NUL byte in every parameter with 400', async () => {
    const params = ['format', 'course_id', 'group_id', 'search_value', 'first_name', 'last_name', 'group_name', 'course_name', 'last_active_min', 'last_active_max'];
    const more = ['mark_sum_min', 'mark_sum_max', 'average_mark_min', 'average_mark_max', 'progress_min', 'progress_max', 'sort_by', 'sort_order'];
    for (const name of [...params, ...more]) {
      const query = name === 'format' ? 'format=csv%00' : `format=csv&${name}=a%00`;
      expect((await exported(s.owner, query)).status, query).toBe(400);
    }
  });

  it('refuses students, other schools’ staff, an unknown school and anonymous callers', async () => {
    expect((await exported(s.student, 'format=csv')).status).toBe(403);
    expect((await exported(s.other, 'format=xlsx')).status).toBe(403);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/schools/${s.other.schoolId}/all_stats/?format=csv`, headers: { authorization: `Bearer ${s.owner.access}` } });
    expect(theirs.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/schools/2147483647/all_stats/?format=csv', headers: { authorization: `Bearer ${s.owner.access}` } });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${exportUrl}?format=csv` })).statusCode).toBe(401);
  });
});
