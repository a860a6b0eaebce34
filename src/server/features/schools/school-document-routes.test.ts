// The caller's stamp and signature ({school}/school_document/) and the header's pictures (school_headers/{id}/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { certificateDocument } from './school-document-routes.ts';
import { uploadFile } from '../../../../tests/server/school-settings-fixtures.ts';
import { schoolHeaders } from './tables.ts';

let t: TestApp;
let dataDir: string;
let owner: Owner;
let admin: Account;
let teacher: Account;
let student: Account;
let other: Owner;
let stamp: Body;
let signature: Body;
let foreign: Body;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-documents-'));
  t = await createTestApp({ dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Школа Печатей' });
  admin = await addMember(t.app, owner.schoolId, 'Admin');
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие печати' });
  stamp = await uploadFile(t, owner, { name: 'stamp.png' });
  signature = await uploadFile(t, owner, { name: 'signature.png' });
  foreign = await uploadFile(t, other);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (school = owner.schoolName) => `/api/${school}/school_document/`;
const patch = (body: unknown, token: string = owner.access) => call(t.app, 'PATCH', url(), { token, body });

describe('{school}/school_document/', () => {
  it('is empty until saved, then holds the caller’s own stamp and signature', async () => {
    expect((await call(t.app, 'GET', url(), { token: owner.access })).body).toEqual({
      school: owner.schoolId,
      user: owner.id,
      stamp_file: null,
      stamp: null,
      signature_file: null,
      signature: null,
    });
    expect(await certificateDocument(t.app.ctx.db, owner.schoolId, owner.id)).toBeNull();
    const res = await patch({ stamp_file: stamp.id, signature_file: signature.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      school: owner.schoolId,
      user: owner.id,
      stamp_file: stamp.id,
      stamp: expect.stringContaining(`/api/files/${stamp.id}/`),
      signature_file: signature.id,
      signature: expect.stringContaining(`/api/files/${signature.id}/`),
    });
    // Another admin has a pair of their own.
    expect((await call(t.app, 'GET', url(), { token: admin.access })).body).toMatchObject({ user: admin.id, stamp_file: null });
  });

  it("gives certificates the owner's pair first, else the latest an admin saved", async () => {
    await patch({ stamp_file: signature.id }, admin.access);
    expect(await certificateDocument(t.app.ctx.db, owner.schoolId, owner.id)).toEqual({ stampFileId: stamp.id, signatureFileId: signature.id });
    expect(await certificateDocument(t.app.ctx.db, owner.schoolId, null)).toEqual({ stampFileId: signature.id, signatureFileId: null });
  });

  it('changes one picture at a time and removes one with null', async () => {
    const res = await patch({ signature_file: null });
    expect(res.body).toMatchObject({ stamp_file: stamp.id, signature_file: null, signature: null });
  });

  it("refuses another school's picture, an unknown file and malformed values", async () => {
    for (const body of [{ stamp_file: foreign.id }, { signature_file: 999999 }]) {
      const res = await patch(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'FILE_NOT_FOUND' });
    }
    for (const body of [{ stamp_file: 'stamp.png' }, { stamp_file: 0 }, { signature_file: '\u0000' }, { stamp_file: 1.5 }]) {
      expect((await patch(body)).status).toBe(400);
    }
    expect((await call(t.app, 'GET', url(), { token: owner.access })).body).toMatchObject({ stamp_file: stamp.id });
  });

  it('is for the school’s admins only', async () => {
    expect((await call(t.app, 'GET', url())).status).toBe(401);
    expect((await call(t.app, 'PATCH', url(), { body: {} })).status).toBe(401);
    for (const member of [teacher, student, other]) {
      expect((await call(t.app, 'GET', url(), { token: member.access })).status).toBe(403);
      expect((await patch({ stamp_file: null }, member.access)).status).toBe(403);
    }
    expect((await call(t.app, 'GET', url(), { token: owner.access })).body).toMatchObject({ stamp_file: stamp.id });
  });
});

describe("the header's logo and background", () => {
  const headerOf = async (schoolId: number) => (await t.app.ctx.db.select().from(schoolHeaders).where(eq(schoolHeaders.schoolId, schoolId)))[0]!;

  it('takes pictures of the school and shows them to members by signed links', async () => {
    const { id } = await headerOf(owner.schoolId);
    const res = await call(t.app, 'PATCH', `/api/school_headers/${id}/`, { token: owner.access, body: { logo_school_file: stamp.id, photo_background_file: signature.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ logo_school_file: stamp.id, photo_background_file: signature.id });
    const seen = await call(t.app, 'GET', `/api/school_headers/${id}/`, { token: student.access });
    expect(seen.body).toMatchObject({ logo_school: expect.stringContaining(`/api/files/${stamp.id}/`), photo_background: expect.stringContaining(`/api/files/${signature.id}/`) });
    const cleared = await call(t.app, 'PATCH', `/api/school_headers/${id}/`, { token: admin.access, body: { photo_background_file: null } });
    expect(cleared.body).toMatchObject({ logo_school_file: stamp.id, photo_background_file: null, photo_background: null });
  });

  it("refuses another school's picture", async () => {
    const { id } = await headerOf(owner.schoolId);
    const res = await call(t.app, 'PATCH', `/api/school_headers/${id}/`, { token: owner.access, body: { logo_school_file: foreign.id } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { logo_school_file: expect.any(Array) } });
  });
});
