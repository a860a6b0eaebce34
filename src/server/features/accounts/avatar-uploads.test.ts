// Concurrent avatar uploads leave no orphaned files, and one user cannot fill the disk.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '../../shared/db/core-tables.ts';
import { UPLOAD_QUOTA_BYTES } from '../../shared/uploads/upload-quota.ts';
import { addMember, registerOwner, type Account } from '../../../../tests/server/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let dataDir: string;
let schoolId: number;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'coursehub-avatars-'));
  t = await createTestApp({ dataDir });
  schoolId = (await registerOwner(t.app)).schoolId;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(256)]);

function upload(user: Account, bytes: Buffer) {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  return t.app.inject({ method: 'PATCH', url: `/api/profile/${user.id}/`, headers: { authorization: `Bearer ${user.access}` }, payload: form });
}

const filesOf = (userId: number) => readdirSync(join(dataDir, 'uploads', 'avatars')).filter((name) => name.startsWith(`${userId}-`));

describe('avatar uploads', () => {
  it('keep exactly the current file when several arrive at once', async () => {
    const user = await addMember(t.app, schoolId, 'Student');
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(user, png())));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const [row] = await t.app.ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id));
    expect(filesOf(user.id)).toEqual([row!.avatar!.replace('avatars/', '')]);
  });

  it('stop at the daily quota, and the refused file is not kept', async () => {
    const user = await addMember(t.app, schoolId, 'Student');
    await t.app.ctx.db.insert(uploads).values({ userId: user.id, kind: 'avatar', bytes: UPLOAD_QUOTA_BYTES - 100, createdAt: t.clock.now });
    const refused = await upload(user, png());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'UPLOAD_QUOTA', message: expect.stringContaining('50 МБ в сутки') });
    expect(filesOf(user.id)).toEqual([]);
    // A day later the quota is free again.
    t.clock.advance(24 * 3600 * 1000 + 1000);
    expect((await upload(user, png())).statusCode).toBe(200);
  });
});
