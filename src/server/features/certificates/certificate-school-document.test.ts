// The app first (see certificate-routes.test.ts): it loads the features in the server's order.
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseFiles } from '../courses/index.ts';
import { schoolDocuments } from '../schools/index.ts';
import { issueCertLink } from './certificate-links.ts';
import { certificateTemplates } from './tables.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';

let t: TestApp;
let owner: Owner;
let student: Account;
let course: CourseFixture;
let files: number[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Печати на сертификатах' });
  student = await addMember(t.app, owner.schoolId, 'Student');
  course = await addCourse(t.app, owner.schoolId, { name: 'Курс с печатью' });
  const rows = await t.app.ctx.db
    .insert(courseFiles)
    .values(['stamp.png', 'signature.png', 'template-stamp.png'].map((name, index) => ({ schoolId: owner.schoolId, kind: 'picture', storageKey: `${owner.schoolId}/school/${index}.png`, name, mime: 'image/png', bytes: 10 })))
    .returning({ id: courseFiles.id });
  files = rows.map((row) => row.id);
});
afterAll(() => t.close());

const certificate = async () => {
  const link = issueCertLink(t.app.ctx.config.secret, { courseId: course.id, userId: student.id, schoolId: owner.schoolId, issuedAt: t.clock.now });
  const res = await call(t.app, 'GET', `/api/certificate/${link}/`);
  expect(res.status).toBe(200);
  return res.body!;
};

describe("a certificate's stamp and signature", () => {
  it("come from the school's document (settings «Паспорт») when the course's template has none", async () => {
    expect(await certificate()).toMatchObject({ stamp: null, signature: null });
    await t.app.ctx.db.insert(schoolDocuments).values({ schoolId: owner.schoolId, userId: owner.id, stampFileId: files[0]!, signatureFileId: files[1]! });
    expect(await certificate()).toMatchObject({ stamp: expect.stringContaining(`/api/files/${files[0]}/stamp.png?t=`), signature: expect.stringContaining(`/api/files/${files[1]}/signature.png?t=`) });
  });

  it("take the template's own picture first, each on its own", async () => {
    await t.app.ctx.db.insert(certificateTemplates).values({ courseId: course.id, stampFileId: files[2]! });
    expect(await certificate()).toMatchObject({ stamp: expect.stringContaining(`/api/files/${files[2]}/`), signature: expect.stringContaining(`/api/files/${files[1]}/`) });
  });
});
