// A course's certificate template (template-routes.ts) and the public certificate that shows it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(200)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

let t: TestApp;
let dataDir: string;
let owner: Owner;
let other: Owner;
let teacher: Account;
let student: Account;
let courseId: number;
let secondCourseId: number;
let otherCourseId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-cert-templates-'));
  t = await createTestApp({ dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Шаблоны' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие шаблоны' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Анна', lastName: 'Иванова' });
  courseId = (await addCourse(t.app, owner.schoolId, { name: 'Курс с сертификатом' })).id;
  secondCourseId = (await addCourse(t.app, owner.schoolId, { name: 'Второй курс' })).id;
  otherCourseId = (await addCourse(t.app, other.schoolId, { name: 'Чужой курс' })).id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(kind: string, course: number, bytes: Buffer, name: string, who: Owner = owner): Promise<Body> {
  const data = new FormData();
  data.append('kind', kind);
  data.append('course_id', String(course));
  data.append('file', new Blob([new Uint8Array(bytes)]), name);
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${who.schoolName}/files/`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${who.access}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>();
}

const path = (course = courseId, school = owner.schoolName) => `/api/${school}/courses/${course}/certificate/`;
const patch = (body: unknown, token: string | undefined = owner.access, url = path()) => call(t.app, 'PATCH', url, { token, body });

describe('certificate template', () => {
  it('is blank until saved, then keeps names and pictures with signed links', async () => {
    const empty = await call(t.app, 'GET', path(), { token: owner.access });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ course_id: courseId, director_name: '', teacher_name: '', signature_file: null, stamp_file: null, signature_url: null, stamp_url: null });

    const signature = await upload('picture', courseId, PNG, 'подпись.png');
    const stamp = await upload('picture', courseId, PNG, 'печать.png');
    const res = await patch({ director_name: '  Петров Пётр ', teacher_name: 'Сидорова Мария', signature_file: signature.id, stamp_file: stamp.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ course_id: courseId, director_name: 'Петров Пётр', teacher_name: 'Сидорова Мария', signature_file: signature.id, stamp_file: stamp.id });
    expect(res.body!.signature_url).toMatch(new RegExp(`^http://coursehub\\.test/api/files/${signature.id}/[^?]+\\?t=`));
    const picture = await t.app.inject({ method: 'GET', url: (res.body!.stamp_url as string).replace('http://coursehub.test', '') });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    // Only what is sent changes; null clears a picture.
    const cleared = await patch({ stamp_file: null });
    expect(cleared.body).toMatchObject({ director_name: 'Петров Пётр', signature_file: signature.id, stamp_file: null, stamp_url: null });
    expect((await call(t.app, 'GET', path(), { token: owner.access })).body).toMatchObject({ teacher_name: 'Сидорова Мария', stamp_file: null });
  });

  it('is shown by the public certificate, and the owner and the defaults stand in for what is blank', async () => {
    // A student who finished the course in a group that gives certificates (and has no teacher).
    const [group] = await t.app.ctx.db
      .insert(studentsGroups)
      .values({ schoolId: owner.schoolId, courseId: secondCourseId, name: 'Поток', type: 'WITHOUT_TEACHER', certificate: true })
      .returning({ id: studentsGroups.id });
    await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: student.id, courseId: secondCourseId, finishedAt: t.clock.now });
    const issued = await call(t.app, 'POST', '/api/certificate/', { token: student.access, body: { course_id: secondCourseId } });
    expect(issued.status).toBe(200);
    const certificate = () => call(t.app, 'GET', `/api/certificate/${issued.body!.cert_link}/`);
    const before = await certificate();
    expect(before.body).toMatchObject({ signature: null, stamp: null, teacher: null });
    const ownerName = before.body!.director_name;

    const stamp = await upload('picture', secondCourseId, PNG, 'печать.png');
    expect((await patch({ teacher_name: 'Сидорова Мария', stamp_file: stamp.id }, owner.access, path(secondCourseId))).status).toBe(200);
    const after = await certificate();
    expect(after.body).toMatchObject({ director_name: ownerName, teacher: 'Сидорова Мария', signature: null });
    expect(after.body!.stamp).toMatch(new RegExp(`^http://coursehub\\.test/api/files/${stamp.id}/`));

    await patch({ director_name: 'Директоров Д. Д.' }, owner.access, path(secondCourseId));
    expect((await certificate()).body).toMatchObject({ director_name: 'Директоров Д. Д.' });

    // A deleted picture leaves the template (set null), and the viewer's default returns.
    expect((await call(t.app, 'DELETE', `/api/${owner.schoolName}/files/${stamp.id}/`, { token: owner.access })).status).toBe(204);
    expect((await certificate()).body).toMatchObject({ stamp: null });
    expect((await call(t.app, 'GET', path(secondCourseId), { token: owner.access })).body).toMatchObject({ stamp_file: null, stamp_url: null });
  });

  it('takes only pictures of this course of this school', async () => {
    const ofOtherCourse = await upload('picture', secondCourseId, PNG, 'чужая.png');
    const ofOtherSchool = await upload('picture', otherCourseId, PNG, 'чужая школа.png', other);
    const document = await upload('text', courseId, PDF, 'документ.pdf');
    for (const [field, id] of [
      ['signature_file', ofOtherCourse.id],
      ['stamp_file', ofOtherSchool.id],
      ['signature_file', document.id],
      ['stamp_file', 2147483647],
    ] as const) {
      const res = await patch({ [field]: id });
      expect(res.status, `${field} ${id}`).toBe(400);
      expect(res.body!.errors ?? res.body).toBeTruthy();
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });

  it('answers 404 for another school’s course and a course in the recycle bin', async () => {
    expect((await call(t.app, 'GET', path(otherCourseId), { token: owner.access })).status).toBe(404);
    expect((await patch({ director_name: 'x' }, owner.access, path(otherCourseId))).status).toBe(404);
    expect((await patch({ director_name: 'x' }, owner.access, path(courseId, other.schoolName))).status).toBe(403);
    const binned = (await addCourse(t.app, owner.schoolId, { name: 'В корзине' })).id;
    expect((await call(t.app, 'DELETE', `/api/${owner.schoolName}/courses/${binned}/`, { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', path(binned), { token: owner.access })).status).toBe(404);
  });

  it('is for admins only, and needs a token', async () => {
    expect((await call(t.app, 'GET', path(), { token: teacher.access })).status).toBe(403);
    expect((await patch({ director_name: 'x' }, student.access)).status).toBe(403);
    expect((await call(t.app, 'GET', path())).status).toBe(401);
    expect((await call(t.app, 'PATCH', path(), { body: { director_name: 'x' } })).status).toBe(401);
  });

  it('refuses malformed bodies', async () => {
    for (const body of [{ director_name: 'a\u0000b' }, { teacher_name: 'x'.repeat(201) }, { signature_file: 'one' }, { stamp_file: 0 }, { director_name: 5 }]) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/courses/abc/certificate/`, { token: owner.access })).status).toBe(400);
  });
});
