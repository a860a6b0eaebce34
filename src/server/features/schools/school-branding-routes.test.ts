// The school's colours, logo and legal details ({school}/school_branding/), and how members see them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { contrastRatio } from '#core/color-contrast';
import { PDF, uploadFile } from '../../../../tests/server/school-settings-fixtures.ts';

let t: TestApp;
let dataDir: string;
let owner: Owner;
let admin: Account;
let teacher: Account;
let student: Account;
let other: Owner;
let logo: Body;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-branding-'));
  t = await createTestApp({ dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Школа Оформления' });
  admin = await addMember(t.app, owner.schoolId, 'Admin');
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужая школа' });
  logo = await uploadFile(t, owner);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (school = owner.schoolName) => `/api/${school}/school_branding/`;
const patch = (body: unknown, token: string = owner.access, school?: string) => call(t.app, 'PATCH', url(school), { token, body });

describe('GET {school}/school_branding/', () => {
  it('gives an admin blank details and no colours before anything is saved', async () => {
    const res = await call(t.app, 'GET', url(), { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      school: owner.schoolId,
      accent_color: null,
      accent_text_color: null,
      logo_file: null,
      logo: null,
      full_organization_name: '',
      unp: '',
      address: '',
      email: '',
      phone: '',
    });
  });

  it('is for the school’s admins only', async () => {
    expect((await call(t.app, 'GET', url())).status).toBe(401);
    for (const member of [teacher, student]) expect((await call(t.app, 'GET', url(), { token: member.access })).status).toBe(403);
    const foreign = await call(t.app, 'GET', url(), { token: other.access });
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toHaveProperty('unp');
  });
});

describe('PATCH {school}/school_branding/', () => {
  it('saves colours (lower case), the logo and the legal details, and gives them back', async () => {
    const res = await patch({
      accent_color: '#1A73E8',
      accent_text_color: '#ffffff',
      logo_file: logo.id,
      full_organization_name: '  ООО «Школа Оформления»  ',
      unp: '191234567',
      address: 'г. Минск, ул. Примерная, 1',
      email: 'Info@School.BY',
      phone: '+375 29 123-45-67',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      school: owner.schoolId,
      accent_color: '#1a73e8',
      accent_text_color: '#ffffff',
      logo_file: logo.id,
      logo: expect.stringMatching(new RegExp(`^http://coursehub\\.test/api/files/${logo.id}/[^?]+\\?t=`)),
      full_organization_name: 'ООО «Школа Оформления»',
      unp: '191234567',
      address: 'г. Минск, ул. Примерная, 1',
      email: 'info@school.by',
      phone: '+375 29 123-45-67',
    });
    // Another admin reads the same row.
    expect((await call(t.app, 'GET', url(), { token: admin.access })).body).toEqual(res.body);
  });

  it('changes only the fields sent; null or "" puts the platform colour back', async () => {
    const res = await patch({ accent_text_color: null, address: '' }, admin.access);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accent_color: '#1a73e8', accent_text_color: null, address: '', unp: '191234567' });
    expect((await patch({ accent_text_color: '' })).body).toMatchObject({ accent_text_color: null });
    expect((await patch({})).body).toMatchObject({ accent_color: '#1a73e8' });
  });

  it('shows the colours and the logo to every member through schools/{id}/', async () => {
    for (const member of [owner, teacher, student]) {
      const res = await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`, { token: member.access });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ accent_color: '#1a73e8', accent_text_color: null, logo: expect.stringContaining(`/api/files/${logo.id}/`) });
    }
  });

  it.each([
    ['a colour name', { accent_color: 'red' }, 'accent_color'],
    ['a short hex colour', { accent_color: '#fff' }, 'accent_color'],
    ['a colour with CSS in it', { accent_text_color: '#fff;x' }, 'accent_text_color'],
    ['letters in the tax id', { unp: '19123456A' }, 'unp'],
    ['an eleven-digit tax id', { unp: '12345678901' }, 'unp'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['letters in the phone', { phone: 'позвоните' }, 'phone'],
    ['a number for a text', { address: 12 }, 'address'],
    ['a string for the logo', { logo_file: 'logo.png' }, 'logo_file'],
  ])('refuses %s under its field, changing nothing', async (_name, body, field) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body!.fields).toHaveProperty(field);
    expect((await call(t.app, 'GET', url(), { token: owner.access })).body).toMatchObject({ accent_color: '#1a73e8', unp: '191234567' });
  });

  it.each(['accent_color', 'accent_text_color', 'full_organization_name', 'unp', 'address', 'email', 'phone'])('refuses a NUL byte in %s', async (field) => {
    const res = await patch({ [field]: 'a\u0000b' });
    expect(res.status).toBe(400);
  });

  it("refuses another school's picture, a course's picture and a document as the logo", async () => {
    const foreign = await uploadFile(t, other);
    const course = await addCourse(t.app, owner.schoolId, { name: 'Курс' });
    const ofCourse = await uploadFile(t, owner, { course: course.id });
    const document = await uploadFile(t, owner, { kind: 'text', bytes: PDF, name: 'doc.pdf' });
    for (const file of [foreign, ofCourse, document]) {
      const res = await patch({ logo_file: file.id });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'FILE_NOT_FOUND', fields: { logo_file: expect.any(Array) } });
    }
    expect((await patch({ logo_file: 999999 })).status).toBe(400);
  });

  it('lets no one else change them', async () => {
    expect((await call(t.app, 'PATCH', url(), { body: { accent_color: '#000000' } })).status).toBe(401);
    for (const member of [teacher, student]) expect((await patch({ accent_color: '#000000' }, member.access)).status).toBe(403);
    expect((await patch({ accent_color: '#000000' }, other.access)).status).toBe(403);
    // Another school's admin on their own school changes only theirs.
    expect((await patch({ accent_color: '#000000' }, other.access, other.schoolName)).body).toMatchObject({ school: other.schoolId, accent_color: '#000000' });
    expect((await call(t.app, 'GET', url(), { token: owner.access })).body).toMatchObject({ accent_color: '#1a73e8' });
  });

  it('removes the logo with null', async () => {
    const res = await patch({ logo_file: null });
    expect(res.body).toMatchObject({ logo_file: null, logo: null });
  });
});

describe('the colours the widgets are given (issue 25)', () => {
  it('are the chosen ones made to read: a light accent darkened, a text colour that does not read on it moved; the settings keep the choice', async () => {
    const course = await addCourse(t.app, owner.schoolId);
    const landing = async () => (await call(t.app, 'GET', `/api/${owner.schoolName}/course_landing/${course.id}/`)).body as { theme: { accent: string | null; accent_text: string | null } };
    expect((await patch({ accent_color: '#1557b0', accent_text_color: '#ffffff' })).status).toBe(200);
    expect((await landing()).theme).toEqual({ accent: '#1557b0', accent_text: '#ffffff' });
    expect((await patch({ accent_color: '#BA75FF', accent_text_color: '#000000' })).status).toBe(200);
    const { theme } = await landing();
    expect(theme).toEqual({ accent: '#9933ff', accent_text: '#f5f5f5' });
    expect(contrastRatio(theme.accent!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.accent_text!, theme.accent!)).toBeGreaterThanOrEqual(4.5);
    expect((await call(t.app, 'GET', url(), { token: owner.access })).body).toMatchObject({ accent_color: '#ba75ff', accent_text_color: '#000000' });
    expect((await patch({ accent_color: null, accent_text_color: null })).status).toBe(200);
    expect((await landing()).theme).toEqual({ accent: null, accent_text: null });
  });
});
