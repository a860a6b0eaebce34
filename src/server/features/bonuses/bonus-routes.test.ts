// The school's bonuses (bonus-routes.ts): the admin's CRUD, what a teacher and a student see.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { schoolBonusGroups, schoolBonuses } from './tables.ts';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(200)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

let t: TestApp;
let dataDir: string;
let owner: Owner;
let other: Owner;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let classmate: Account;
let loner: Account;
let courseId: number;
/** [teacher's, other teacher's, teacher's second, another school's]. */
let groups: number[];
let logo: Body;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-bonuses-'));
  t = await createTestApp({ dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Бонусы' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие бонусы' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  classmate = await addMember(t.app, owner.schoolId, 'Student');
  loner = await addMember(t.app, owner.schoolId, 'Student');
  courseId = (await addCourse(t.app, owner.schoolId, { name: 'Python' })).id;
  const secondId = (await addCourse(t.app, owner.schoolId, { name: 'Дизайн' })).id;
  const otherCourse = (await addCourse(t.app, other.schoolId)).id;
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId, teacherId: teacher.id, name: 'Поток 1' },
      { schoolId: owner.schoolId, courseId: secondId, teacherId: otherTeacher.id, name: 'Поток 2' },
      { schoolId: owner.schoolId, courseId: secondId, teacherId: teacher.id, name: 'Поток 3' },
      { schoolId: other.schoolId, courseId: otherCourse, teacherId: null, type: 'WITHOUT_TEACHER', name: 'Чужой поток' },
    ])
    .returning({ id: studentsGroups.id });
  groups = rows.map((row) => row.id);
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId: groups[0]!, userId: student.id, courseId },
    { groupId: groups[1]!, userId: classmate.id, courseId: secondId },
  ]);
  logo = await upload(PNG, 'логотип.png');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A file of the school (kind picture unless said), or of one of its courses. */
async function upload(bytes: Buffer, name: string, options: { kind?: string; course?: number; who?: Owner } = {}): Promise<Body> {
  const data = new FormData();
  data.append('kind', options.kind ?? 'picture');
  if (options.course) data.append('course_id', String(options.course));
  data.append('file', new Blob([new Uint8Array(bytes)]), name);
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${(options.who ?? owner).schoolName}/files/`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${(options.who ?? owner).access}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>();
}

const list = (school = owner.schoolName) => `/api/${school}/school_bonuses/`;
const one = (id: number, school = owner.schoolName) => `/api/${school}/school_bonuses/${id}/`;
const create = (body: unknown, token: string = owner.access) => call(t.app, 'POST', list(), { token, body });
const later = (ms: number) => new Date(t.clock.now.getTime() + ms).toISOString();
const DAY = 24 * 3600 * 1000;

/** Puts bonuses straight into the database (for the views and the counts). */
async function addBonus(values: { active?: boolean; expireDate?: Date | null; groups?: number[]; schoolId?: number; text?: string; logoFileId?: number | null }) {
  const [row] = await t.app.ctx.db
    .insert(schoolBonuses)
    .values({
      schoolId: values.schoolId ?? owner.schoolId,
      text: values.text ?? 'Бонус',
      link: 'https://example.com/',
      active: values.active ?? true,
      expireDate: values.expireDate ?? null,
      logoFileId: values.logoFileId ?? null,
    })
    .returning({ id: schoolBonuses.id });
  if (values.groups?.length) await t.app.ctx.db.insert(schoolBonusGroups).values(values.groups.map((groupId) => ({ bonusId: row!.id, groupId })));
  return row!.id;
}

async function clearBonuses() {
  await t.app.ctx.db.delete(schoolBonuses);
}

describe('school bonuses: the admin', () => {
  it('creates, reads, changes and deletes a bonus; the logo stays among the school files', async () => {
    await clearBonuses();
    const expire = '2026-12-01T00:00:00.000Z';
    const created = await create({ logo_file: logo.id, text: '  Скидка 20 % на второй курс  ', link: 'https://coursehub.ru', expire_date: expire, active: true, student_groups: [groups[1], groups[0], groups[0]] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toEqual({
      id,
      logo: expect.stringMatching(new RegExp(`^http://coursehub\\.test/api/files/${logo.id}/[^?]+\\?t=`)),
      logo_file: logo.id,
      text: 'Скидка 20 % на второй курс',
      link: 'https://coursehub.ru/',
      expire_date: expire,
      active: true,
      student_groups: [groups[0], groups[1]],
    });
    const picture = await t.app.inject({ method: 'GET', url: (created.body!.logo as string).replace('http://coursehub.test', '') });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    // Created inactive unless said; no logo, no groups, no end.
    const plain = await create({ link: 'http://example.com/a?b=1' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ logo: null, logo_file: null, text: '', link: 'http://example.com/a?b=1', expire_date: null, active: false, student_groups: [] });

    const page = await call(t.app, 'GET', list(), { token: owner.access });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2, next: null, previous: null });
    // Newest first.
    expect(page.body!.results.map((row: Body) => row.id)).toEqual([plain.body!.id, id]);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).body).toEqual(created.body);

    // Only what is sent changes; student_groups replaces the list; null clears the logo and the end.
    const patched = await call(t.app, 'PATCH', one(id), { token: owner.access, body: { text: 'Скидка 30 %', student_groups: [groups[2]] } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ text: 'Скидка 30 %', link: 'https://coursehub.ru/', logo_file: logo.id, expire_date: expire, active: true, student_groups: [groups[2]] });
    const cleared = await call(t.app, 'PATCH', one(id), { token: owner.access, body: { logo_file: null, expire_date: null, active: false, student_groups: [] } });
    expect(cleared.body).toMatchObject({ logo: null, logo_file: null, expire_date: null, active: false, student_groups: [] });
    const dated = await call(t.app, 'PATCH', one(id), { token: owner.access, body: { expire_date: '2027-01-31' } });
    expect(dated.body!.expire_date).toBe('2027-01-31T00:00:00.000Z');
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { expire_date: '2027-01-31T10:00:00+03:00' } })).body!.expire_date).toBe('2027-01-31T07:00:00.000Z');
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { expire_date: '' } })).body!.expire_date).toBeNull();

    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { logo_file: logo.id } })).status).toBe(200);
    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { text: 'x' } })).status).toBe(404);
    expect(await t.app.ctx.db.select().from(schoolBonusGroups).where(eq(schoolBonusGroups.bonusId, id))).toEqual([]);
    const files = await call(t.app, 'GET', `/api/${owner.schoolName}/files/?kind=picture`, { token: owner.access });
    expect(files.body!.map((file: Body) => file.id)).toContain(logo.id);
  });

  it('takes form and multipart bodies like JSON', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: list(),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['text', 'Из формы'],
        ['link', 'https://example.com/'],
        ['active', 'true'],
        ['expire_date', ''],
        ['logo_file', String(logo.id)],
        ['student_groups[]', String(groups[0])],
        ['student_groups[]', String(groups[2])],
      ]).toString(),
    });
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json()).toMatchObject({ text: 'Из формы', active: true, expire_date: null, logo_file: logo.id, student_groups: [groups[0], groups[2]] });

    const data = new FormData();
    data.append('link', 'https://example.com/m');
    data.append('student_groups', String(groups[1]));
    const request = new Request('http://x/', { method: 'POST', body: data });
    const multipart = await t.app.inject({
      method: 'POST',
      url: list(),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode, multipart.body).toBe(201);
    expect(multipart.json()).toMatchObject({ link: 'https://example.com/m', student_groups: [groups[1]], active: false });
  });

  it("refuses another school's groups, and pictures that are not the school's own", async () => {
    const before = (await call(t.app, 'GET', list(), { token: owner.access })).body!.count;
    const refused = await create({ link: 'https://example.com/', student_groups: [groups[0], groups[3]] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'GROUPS_NOT_IN_SCHOOL', message: 'Не все указанные группы относятся к вашей школе', fields: { student_groups: ['Не все указанные группы относятся к вашей школе'] } });
    expect((await create({ link: 'https://example.com/', student_groups: [999999] })).status).toBe(400);
    expect((await call(t.app, 'GET', list(), { token: owner.access })).body!.count).toBe(before);

    const ofCourse = await upload(PNG, 'курса.png', { course: courseId });
    const ofOther = await upload(PNG, 'чужой.png', { who: other });
    const document = await upload(PDF, 'документ.pdf', { kind: 'text' });
    for (const fileId of [ofCourse.id, ofOther.id, document.id, 999999]) {
      const res = await create({ link: 'https://example.com/', logo_file: fileId });
      expect(res.status, String(fileId)).toBe(400);
      expect(res.body).toMatchObject({ code: 'FILE_NOT_FOUND', fields: { logo_file: ['Выберите изображение, загруженное для школы.'] } });
    }
    const id = await addBonus({});
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { student_groups: [groups[3]] } })).status).toBe(400);
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { logo_file: ofOther.id } })).status).toBe(400);
  });

  it('takes only absolute http(s) links, text up to 2000 characters and real dates', async () => {
    for (const link of ['javascript:alert(1)', 'ftp://example.com/', 'example.com', '/local', 'https://', '   ', 'data:text/html,x']) {
      const res = await create({ link });
      expect(res.status, link).toBe(400);
      expect(res.body!.fields).toHaveProperty('link');
    }
    expect((await create({ link: 'https://example.com/', text: 'я'.repeat(2001) })).status).toBe(400);
    expect((await create({ link: 'https://example.com/', text: 'я'.repeat(2000) })).status).toBe(201);
    for (const date of ['2026-02-30', '01.12.2026', 'завтра', '2026-12-01T25:00:00Z', '2026-13-01']) {
      const res = await create({ link: 'https://example.com/', expire_date: date });
      expect(res.status, date).toBe(400);
      expect(res.body!.fields).toHaveProperty('expire_date');
    }
  });

  it('answers a malformed body, NUL bytes and a missing link with 400', async () => {
    const id = await addBonus({});
    const raw = await t.app.inject({ method: 'POST', url: list(), headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' }, payload: '{"link": ' });
    expect(raw.statusCode).toBe(400);
    expect((await create({ text: 'без ссылки' })).status).toBe(400);
    expect((await create(['https://example.com/'])).status).toBe(400);
    for (const body of [
      { link: 'https://example.com/', student_groups: 'x' },
      { link: 'https://example.com/', student_groups: [0] },
      { link: 'https://example.com/', active: 'yes' },
      { link: 'https://example.com/', logo_file: 'a' },
      { link: 'https://example.com/', expire_date: 5 },
      { link: 'https://example.com/\u0000' },
      { link: 'https://example.com/', text: 'a\u0000b' },
      { link: 'https://example.com/', expire_date: '2026-12-01\u0000' },
    ]) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(400);
      const { link: _, ...patch } = body;
      if (Object.keys(patch).length) expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: patch })).status, JSON.stringify(patch)).toBe(400);
    }
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { link: 'x\u0000' } })).status).toBe(400);
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { link: null } })).status).toBe(400);
    expect((await call(t.app, 'GET', `${list()}?p=0`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/school_bonuses/x/`, { token: owner.access })).status).toBe(400);
  });
});

describe('school bonuses: who sees what', () => {
  it('gives a teacher the bonuses of the groups they teach, with only those groups, read only', async () => {
    await clearBonuses();
    const mine = await addBonus({ groups: [groups[0]!, groups[1]!], text: 'Общий' });
    const inactive = await addBonus({ groups: [groups[2]!], active: false, text: 'Выключенный' });
    const notMine = await addBonus({ groups: [groups[1]!], text: 'Чужой группе' });
    await addBonus({ text: 'Без групп' });
    const page = await call(t.app, 'GET', list(), { token: teacher.access });
    expect(page.status).toBe(200);
    expect(page.body!.count).toBe(2);
    expect(page.body!.results).toEqual([
      expect.objectContaining({ id: inactive, active: false, student_groups: [groups[2]] }),
      expect.objectContaining({ id: mine, student_groups: [groups[0]] }),
    ]);
    expect((await call(t.app, 'GET', one(mine), { token: teacher.access })).status).toBe(200);
    expect((await call(t.app, 'GET', one(notMine), { token: teacher.access })).status).toBe(404);
    expect((await call(t.app, 'GET', one(notMine), { token: otherTeacher.access })).body).toMatchObject({ student_groups: [groups[1]] });

    expect((await create({ link: 'https://example.com/' }, teacher.access)).status).toBe(403);
    expect((await call(t.app, 'PATCH', one(mine), { token: teacher.access, body: { text: 'x' } })).status).toBe(403);
    expect((await call(t.app, 'DELETE', one(mine), { token: teacher.access })).status).toBe(403);
  });

  it('gives a student only the active, unexpired bonuses of their groups, without their groups', async () => {
    await clearBonuses();
    const shown = await addBonus({ groups: [groups[0]!], text: 'Действует', logoFileId: logo.id, expireDate: new Date(later(DAY)) });
    const noEnd = await addBonus({ groups: [groups[0]!, groups[1]!], text: 'Без срока' });
    const inactive = await addBonus({ groups: [groups[0]!], active: false });
    const expired = await addBonus({ groups: [groups[0]!], expireDate: new Date(later(-60_000)) });
    const otherGroup = await addBonus({ groups: [groups[1]!] });
    await addBonus({});

    const page = await call(t.app, 'GET', list(), { token: student.access });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2 });
    expect(page.body!.results).toEqual([
      { id: noEnd, logo: null, text: 'Без срока', link: 'https://example.com/', expire_date: null, active: true },
      { id: shown, logo: expect.stringContaining(`/api/files/${logo.id}/`), text: 'Действует', link: 'https://example.com/', expire_date: later(DAY), active: true },
    ]);
    expect((await call(t.app, 'GET', one(shown), { token: student.access })).body).not.toHaveProperty('student_groups');
    for (const id of [inactive, expired, otherGroup]) expect((await call(t.app, 'GET', one(id), { token: student.access })).status).toBe(404);

    expect((await call(t.app, 'GET', list(), { token: classmate.access })).body!.results.map((row: Body) => row.id)).toEqual([otherGroup, noEnd]);
    expect((await call(t.app, 'GET', list(), { token: loner.access })).body).toMatchObject({ count: 0, results: [] });

    expect((await create({ link: 'https://example.com/' }, student.access)).status).toBe(403);
    expect((await call(t.app, 'PATCH', one(shown), { token: student.access, body: { active: false } })).status).toBe(403);
    expect((await call(t.app, 'DELETE', one(shown), { token: student.access })).status).toBe(403);
  });

  it("keeps a school's bonuses to its members, and asks for a token", async () => {
    await clearBonuses();
    const id = await addBonus({ groups: [groups[0]!] });
    const theirs = await addBonus({ schoolId: other.schoolId, groups: [groups[3]!] });
    // Another school's id through one's own school: not found, whatever the method.
    expect((await call(t.app, 'GET', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(theirs), { token: owner.access, body: { text: 'x' } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', one(id, other.schoolName), { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'GET', list(other.schoolName), { token: other.access })).body!.results.map((row: Body) => row.id)).toEqual([theirs]);
    // Not a member of the school in the path.
    expect((await call(t.app, 'GET', list(), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', one(id), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'POST', list(), { token: other.access, body: { link: 'https://example.com/' } })).status).toBe(403);
    expect((await call(t.app, 'GET', list('No_such_school'), { token: owner.access })).status).toBe(404);
    // No token.
    expect((await call(t.app, 'GET', list())).status).toBe(401);
    expect((await call(t.app, 'GET', one(id))).status).toBe(401);
    expect((await call(t.app, 'POST', list(), { body: { link: 'https://example.com/' } })).status).toBe(401);
    expect((await call(t.app, 'PATCH', one(id), { body: { text: 'x' } })).status).toBe(401);
    expect((await call(t.app, 'DELETE', one(id))).status).toBe(401);
  });

  it('pages the list, reading a page with a constant number of queries', async () => {
    await clearBonuses();
    await addBonus({ groups: [groups[0]!, groups[1]!], logoFileId: logo.id });
    const reads = async (token: string) => {
      const counts = [];
      for (const path of [list(), `${list()}?p=2&s=5`]) counts.push((await readsDuring(t.app, () => call(t.app, 'GET', path, { token }))).length);
      return counts;
    };
    const few = { admin: await reads(owner.access), teacher: await reads(teacher.access), student: await reads(student.access) };
    for (let i = 0; i < 14; i += 1) await addBonus({ groups: [groups[0]!, groups[1]!, groups[2]!], logoFileId: logo.id, expireDate: new Date(later(DAY)) });
    expect({ admin: await reads(owner.access), teacher: await reads(teacher.access), student: await reads(student.access) }).toEqual({
      admin: [few.admin[0], few.admin[0]],
      teacher: [few.teacher[0], few.teacher[0]],
      student: [few.student[0], few.student[0]],
    });
    expect(few.admin[0]).toBeLessThanOrEqual(3);

    const second = await call(t.app, 'GET', `${list()}?p=2&s=5`, { token: student.access });
    expect(second.body).toMatchObject({ count: 15, previous: expect.stringContaining('p=1'), next: expect.stringContaining('p=3') });
    expect(second.body!.results).toHaveLength(5);
    const all = (await call(t.app, 'GET', `${list()}?s=100`, { token: student.access })).body!.results.map((row: Body) => row.id);
    const last = (await call(t.app, 'GET', `${list()}?p=3&s=5`, { token: student.access })).body!.results.map((row: Body) => row.id);
    expect(last).toEqual(all.slice(10, 15));
    expect((await call(t.app, 'GET', `${list()}?p=9`, { token: student.access })).body).toMatchObject({ count: 15, results: [] });
  });

  it("filters the admin's list by text and by the switch; other roles' lists ignore the filters", async () => {
    await clearBonuses();
    const on = await addBonus({ text: 'Скидка 50% на дизайн', active: true, groups: [groups[0]!] });
    const off = await addBonus({ text: 'Подарок: книга', active: false, groups: [groups[0]!] });
    const ids = async (query: string, token = owner.access) => {
      const res = await call(t.app, 'GET', `${list()}?${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body!.results.map((row: Body) => row.id);
    };
    expect(await ids('search=скидка')).toEqual([on]);
    // LIKE's wildcards are the text they are.
    expect(await ids('search=50%25')).toEqual([on]);
    expect(await ids('search=_')).toEqual([]);
    expect(await ids('search=example.com')).toEqual([off, on]);
    expect(await ids('is_active=true')).toEqual([on]);
    expect(await ids('is_active=false')).toEqual([off]);
    expect(await ids('is_active=false&search=скидка')).toEqual([]);
    expect(await ids('is_active=false', student.access)).toEqual([on]);
    expect((await call(t.app, 'GET', `${list()}?search=a%00b`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `${list()}?is_active=maybe`, { token: owner.access })).status).toBe(400);
  });
});
