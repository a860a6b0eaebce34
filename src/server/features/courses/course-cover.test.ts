// The course's cover (the course editor's banner tab): PATCH courses/{id}/ with photo_file, shown
// as photo_url in the school's list, the course, the public catalogue and the landing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { storageKey } from '../../shared/storage/storage.ts';
import { deleteFiles, fileInUse, releaseFile } from './files.ts';
import { courseFiles, courses } from './tables.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let other: Owner;
let courseId: number;
let secondId: number;

const SENIOR = 4;
const path = (id = courseId, school = owner.schoolName) => `/api/${school}/courses/${id}/`;

/** A file row of a course, as POST files/ leaves it (the object itself is not read here). */
async function addFile(schoolId: number, course: number | null, kind: string, name = 'Обложка.png') {
  const [row] = await t.app.ctx.db
    .insert(courseFiles)
    .values({ schoolId, courseId: course, lessonId: null, uploaderId: null, kind, storageKey: storageKey(schoolId, course, 'png'), name, mime: 'image/png', bytes: 10, createdAt: t.app.ctx.now() })
    .returning();
  return row!;
}

const patch = (body: Body, token = owner.access, id = courseId) => call(t.app, 'PATCH', path(id), { token, body });

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Школа с обложками' });
  await setTariff(t.app, owner.schoolId, SENIOR);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  other = await registerOwner(t.app, { schoolTitle: 'Чужая с обложками' });
  courseId = (await addCourse(t.app, owner.schoolId, { name: 'Курс с обложкой', published: true, isCatalog: true })).id;
  secondId = (await addCourse(t.app, owner.schoolId, { name: 'Другой курс', published: false })).id;
});
afterAll(() => t.close());

describe('the cover', () => {
  it('is set from a cover or picture file of the course and shown in the course, the list, the catalogue and the landing', async () => {
    const cover = await addFile(owner.schoolId, courseId, 'cover', 'Обложка курса.png');
    const res = await patch({ photo_file: cover.id });
    expect(res.status).toBe(200);
    expect(res.body!.photo_url).toMatch(new RegExp(`/api/files/${cover.id}/${encodeURIComponent('Обложка курса.png')}\\?t=`));

    const signed = (url: string) => url.split('?')[0];
    const detail = await call(t.app, 'GET', path(), { token: owner.access });
    expect(signed(detail.body!.photo_url)).toBe(signed(res.body!.photo_url));
    const list = await call(t.app, 'GET', `/api/${owner.schoolName}/courses/?s=100`, { token: owner.access });
    const row = list.body!.results.find((c: Body) => c.course_id === courseId);
    expect(signed(row.photo_url)).toBe(signed(res.body!.photo_url));
    expect(list.body!.results.find((c: Body) => c.course_id === secondId).photo_url).toBeNull();

    const catalog = await call(t.app, 'GET', `/api/course_catalog/?school=${owner.schoolName}`);
    expect(signed(catalog.body!.results.find((c: Body) => c.course_id === courseId).photo_url)).toBe(signed(res.body!.photo_url));
    const landing = await call(t.app, 'GET', `/api/course_catalog/${courseId}/`);
    expect(signed(landing.body!.course.photo_url)).toBe(signed(res.body!.photo_url));
    const schoolLanding = await call(t.app, 'GET', `/api/${owner.schoolName}/course_landing/${courseId}/`);
    expect(signed(schoolLanding.body!.course.photo_url)).toBe(signed(res.body!.photo_url));

    // The signed link opens the file's route (the object itself is not stored in this test).
    expect(res.body!.photo_url.startsWith(t.app.ctx.config.publicUrl)).toBe(true);

    const picture = await addFile(owner.schoolId, courseId, 'picture', 'picture.png');
    expect((await patch({ photo_file: picture.id })).body!.photo_url).toContain(`/api/files/${picture.id}/`);
  });

  it('is cleared by null, and the outside photo link shows again', async () => {
    await t.app.ctx.db.update(courses).set({ photo: 'https://example.com/photo.png' }).where(eq(courses.id, courseId));
    const cover = await addFile(owner.schoolId, courseId, 'cover');
    expect((await patch({ photo_file: cover.id })).body!.photo_url).toContain(`/api/files/${cover.id}/`);
    const cleared = await patch({ photo_file: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body!.photo_url).toBe('https://example.com/photo.png');
    const [row] = await t.app.ctx.db.select({ photoFileId: courses.photoFileId }).from(courses).where(eq(courses.id, courseId));
    expect(row!.photoFileId).toBeNull();
    // The cover let go of is deleted: it stops counting against the school's storage.
    expect(await t.app.ctx.db.select({ id: courseFiles.id }).from(courseFiles).where(eq(courseFiles.id, cover.id))).toEqual([]);
    await t.app.ctx.db.update(courses).set({ photo: null }).where(eq(courses.id, courseId));
    expect((await call(t.app, 'GET', `/api/course_catalog/${courseId}/`)).body!.course.photo_url).toBeNull();
  });

  it("refuses another course's file, another school's file, a school-level file and a file that is not a picture", async () => {
    const ofOtherCourse = await addFile(owner.schoolId, secondId, 'cover');
    const otherSchoolCourse = await addCourse(t.app, other.schoolId, { name: 'Чужой курс' });
    const ofOtherSchool = await addFile(other.schoolId, otherSchoolCourse.id, 'cover');
    const ofSchool = await addFile(owner.schoolId, null, 'picture');
    const audio = await addFile(owner.schoolId, courseId, 'audio', 'song.mp3');
    for (const id of [ofOtherCourse.id, ofOtherSchool.id, ofSchool.id, audio.id, 2147483647]) {
      const res = await patch({ photo_file: id });
      expect(res.status).toBe(400);
      expect(res.body!.fields.photo_file).toEqual(['Выберите изображение, загруженное для этого курса.']);
    }
    const [row] = await t.app.ctx.db.select({ photoFileId: courses.photoFileId }).from(courses).where(eq(courses.id, courseId));
    expect(row!.photoFileId).toBeNull();
  });

  it.each([['x'], [0], [-1], [1.5], ['1\u0000'], [{}]])('refuses photo_file %j as malformed', async (value) => {
    const res = await patch({ photo_file: value });
    expect(res.status).toBe(400);
    expect(res.body!.fields?.photo_file?.[0] ?? res.body!.message).toMatch(/[А-Яа-я]/);
  });

  it('is set by the school admin only', async () => {
    const cover = await addFile(owner.schoolId, courseId, 'cover');
    expect((await patch({ photo_file: cover.id }, teacher.access)).status).toBe(403);
    expect((await call(t.app, 'PATCH', path(courseId, owner.schoolName), { token: other.access, body: { photo_file: cover.id } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', path(courseId, other.schoolName), { token: other.access, body: { photo_file: cover.id } })).status).toBe(404);
    expect((await call(t.app, 'PATCH', path(), { body: { photo_file: cover.id } })).status).toBe(401);
  });

  it('keeps the file while it is a cover; deleting the file on purpose clears the cover', async () => {
    const cover = await addFile(owner.schoolId, courseId, 'picture');
    await patch({ photo_file: cover.id });
    expect(await fileInUse(t.app.ctx.db, cover.id)).toBe(true);
    // A block letting go of the same picture leaves it to the course.
    await releaseFile(t.app.ctx, cover.id);
    expect(await t.app.ctx.db.select({ id: courseFiles.id }).from(courseFiles).where(eq(courseFiles.id, cover.id))).toHaveLength(1);

    const removed = await call(t.app, 'DELETE', `/api/${owner.schoolName}/files/${cover.id}/`, { token: owner.access });
    expect(removed.status).toBe(204);
    const course = await call(t.app, 'GET', path(), { token: owner.access });
    expect(course.body!.photo_url).toBeNull();

    const again = await addFile(owner.schoolId, courseId, 'cover');
    await patch({ photo_file: again.id });
    await deleteFiles(t.app.ctx, [again]);
    expect((await call(t.app, 'GET', path(), { token: owner.access })).body!.photo_url).toBeNull();
  });

  it('reads the list in the same number of queries with covers as without', async () => {
    const school = await registerOwner(t.app, { schoolTitle: 'Обложки для счёта' });
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await addCourse(t.app, school.schoolId, { name: `Курс ${i}` })).id);
    const url = `/api/${school.schoolName}/courses/?s=20`;
    const without = await readsDuring(t.app, () => call(t.app, 'GET', url, { token: school.access }));
    for (const id of ids) {
      const file = await addFile(school.schoolId, id, 'cover');
      await t.app.ctx.db.update(courses).set({ photoFileId: file.id }).where(eq(courses.id, id));
    }
    let body: Body | undefined;
    const withCovers = await readsDuring(t.app, async () => (body = (await call(t.app, 'GET', url, { token: school.access })).body!));
    expect(withCovers.length).toBe(without.length);
    expect(body!.results.every((c: Body) => typeof c.photo_url === 'string' && c.photo_url.includes('/api/files/'))).toBe(true);
    const catalogWithout = await readsDuring(t.app, () => call(t.app, 'GET', `/api/course_catalog/?school=${owner.schoolName}`));
    const catalogWith = await readsDuring(t.app, () => call(t.app, 'GET', `/api/course_catalog/?school=${school.schoolName}`));
    expect(catalogWith.length).toBe(catalogWithout.length);
  });
});
