// Files leave with what they belonged to: the retention step (retention.ts → pruneCourseFiles)
// deletes the files of purged courses and deleted lessons, and videos no block shows, with their
// stored objects; the school's own files and files in use stay.
import { courseFiles, lessons } from './index.ts';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneOldRows, RETENTION } from '../../retention.ts';
import { storageKey } from '../../shared/storage/storage.ts';
import { registerOwner, setTariff, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { UNUSED_VIDEO_DAYS } from './files.ts';

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let dataDir: string;
let owner: Owner;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-prune-'));
  t = await createTestApp({ dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Уборка' });
  await setTariff(t.app, owner.schoolId, 4);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A stored file: its object in the storage and its row. */
async function addFile(kind: string, courseId: number | null, lessonId: number | null, createdAt = t.clock.now) {
  const key = storageKey(owner.schoolId, courseId, 'bin');
  await t.app.ctx.storage.put(key, Readable.from([Buffer.from('bytes')]), { bytes: 5, contentType: 'application/octet-stream' });
  const [row] = await t.app.ctx.db
    .insert(courseFiles)
    .values({ schoolId: owner.schoolId, courseId, lessonId, kind, storageKey: key, name: 'f.bin', mime: 'application/octet-stream', bytes: 5, createdAt })
    .returning({ id: courseFiles.id });
  return { id: row!.id, key };
}
const kept = async (file: { id: number; key: string }) => {
  const row = (await t.app.ctx.db.select({ id: courseFiles.id }).from(courseFiles).where(eq(courseFiles.id, file.id))).length === 1;
  const object = existsSync(join(dataDir, 'uploads', 'files', file.key));
  expect(row, `row and object of ${file.id} together`).toBe(object);
  return row;
};

describe('pruning course files', () => {
  it('deletes files of purged courses and deleted lessons, and unused videos, with their objects', async () => {
    const binned = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У']] }] });
    const live = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'Остаётся'], ['lesson', 'Удаляется']] }] });
    const [keptLesson, deletedLesson] = live.lessonIds as [number, number];
    const ofBinned = await addFile('text', binned.id, binned.lessonIds[0]!);
    const ofDeletedLesson = await addFile('audio', live.id, deletedLesson);
    const ofLesson = await addFile('audio', live.id, keptLesson);
    const ofSchool = await addFile('cover', null, null);
    const oldUnused = await addFile('video', live.id, keptLesson, new Date(t.clock.now.getTime() - (UNUSED_VIDEO_DAYS * DAY + 1000)));
    const newUnused = await addFile('video', live.id, keptLesson);
    const oldUsed = await addFile('video', live.id, keptLesson, new Date(t.clock.now.getTime() - 10 * DAY));
    const block = await call(t.app, 'POST', `/api/${owner.schoolName}/blocks/`, { token: owner.access, body: { base_lesson: keptLesson, type: 'video', video_file: oldUsed.id } });
    expect(block.status).toBe(201);

    // The course goes to the recycle bin: its files stay while it can be restored.
    expect((await call(t.app, 'DELETE', `/api/${owner.schoolName}/courses/${binned.id}/`, { token: owner.access })).status).toBe(204);
    await t.app.ctx.db.delete(lessons).where(eq(lessons.id, deletedLesson));
    let counts = await pruneOldRows(t.app.ctx);
    expect(counts.course_files).toBe(2);
    expect(await kept(ofBinned)).toBe(true);
    expect(await kept(ofDeletedLesson)).toBe(false);
    expect(await kept(oldUnused)).toBe(false);

    // A week later the bin is emptied, and the course's files go with it.
    t.clock.advance((RETENTION.courseBinDays + 1) * DAY);
    counts = await pruneOldRows(t.app.ctx);
    expect(await kept(ofBinned)).toBe(false);
    // By now the newer unused video is a day old too.
    expect(await kept(newUnused)).toBe(false);
    expect(counts.course_files).toBe(2);
    for (const file of [ofLesson, ofSchool, oldUsed]) expect(await kept(file)).toBe(true);
    expect((await pruneOldRows(t.app.ctx)).course_files).toBe(0);
  });
});
