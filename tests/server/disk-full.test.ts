// A full disk is answered 507 INSUFFICIENT_STORAGE «На сервере закончилось место. Попробуйте
// позже.» by every route, never a 500 or no answer: PostgreSQL's disk_full, a file write's ENOSPC
// or EDQUOT, and, when run as root, a real 1 MB tmpfs under DATA_DIR/uploads filled by uploads
// over real HTTP (an answer must reach a client still sending its body).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courseFiles } from '../../src/server/features/courses/index.ts';
import { videoUploads } from '../../src/server/features/courses/tables.ts';
import { localStorage } from '../../src/server/shared/storage/local-storage.ts';
import { registerOwner, type Owner } from './fixtures.ts';
import { addCourse } from './public-fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

const DISK_FULL = { code: 'INSUFFICIENT_STORAGE', message: 'На сервере закончилось место. Попробуйте позже.' };
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(2000)]);

const noSpace = (code: 'ENOSPC' | 'EDQUOT') => Object.assign(new Error(`${code}: no space left on device, rename '/srv/data/uploads/tmp/x.upload'`), { code });

/** A multipart form as a browser sends it. */
async function form(fields: [string, string][], file: { field: string; name: string; bytes: Buffer }) {
  const data = new FormData();
  for (const [key, value] of fields) data.append(key, value);
  data.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://x/', { method: 'POST', body: data });
  return { contentType: request.headers.get('content-type')!, payload: Buffer.from(await request.arrayBuffer()) };
}

describe('PostgreSQL out of disk', () => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOwner(t.app);
    // A profile's city picks the failure its update meets, as PostgreSQL would raise it.
    await t.app.ctx.db.execute(
      sql.raw(`create function test_disk_full() returns trigger language plpgsql as $$ begin
        if new.city = 'disk_full' then raise exception 'could not extend file "base/16384/16385": No space left on device' using errcode = 'disk_full'; end if;
        if new.city = 'no_space' then raise exception 'could not write to file "base/pgsql_tmp/t1": No space left on device' using errcode = 'insufficient_resources'; end if;
        if new.city = 'quota' then raise exception 'could not write to file "pg_wal/x": Disk quota exceeded' using errcode = 'insufficient_resources'; end if;
        if new.city = 'open_files' then raise exception 'could not open file "base/1/2": Too many open files' using errcode = 'insufficient_resources'; end if;
        return new; end $$`),
    );
    await t.app.ctx.db.execute(sql.raw('create trigger test_disk_full before update on users for each row execute function test_disk_full()'));
  });
  afterAll(async () => {
    await t.app.ctx.db.execute(sql.raw('drop trigger test_disk_full on users'));
    await t.app.ctx.db.execute(sql.raw('drop function test_disk_full()'));
    await t.close();
  });

  const save = (city: string) => call(t.app, 'PATCH', `/api/profile/${owner.id}/`, { token: owner.access, body: { city } });

  it('answers a write 507 for disk_full (53100) and for insufficient resources for want of space; reads go on', async () => {
    for (const city of ['disk_full', 'no_space', 'quota']) {
      const res = await save(city);
      expect(res.status, city).toBe(507);
      expect(res.body, city).toEqual(DISK_FULL);
    }
    expect((await call(t.app, 'GET', '/api/profile/', { token: owner.access })).status).toBe(200);
    expect((await save('Казань')).status).toBe(200);
  });

  it('keeps other insufficient resources a 500 without internals: too many open files is not a full disk', async () => {
    const res = await save('open_files');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.' });
  });
});

describe('a file write that finds no space', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: Owner;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ch-disk-'));
    t = await createTestApp({ dataDir });
    owner = await registerOwner(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a course file upload 507 when the storage says ENOSPC or EDQUOT, storing nothing and leaving no temporary file', async () => {
    for (const code of ['ENOSPC', 'EDQUOT'] as const) {
      vi.spyOn(t.app.ctx.storage, 'moveIn').mockRejectedValueOnce(noSpace(code));
      const body = await form([['kind', 'picture']], { field: 'file', name: 'a.png', bytes: PNG });
      const res = await t.app.inject({ method: 'POST', url: `/api/${owner.schoolName}/files/`, headers: { 'content-type': body.contentType, authorization: `Bearer ${owner.access}` }, payload: body.payload });
      expect(res.statusCode, code).toBe(507);
      expect(res.json(), code).toEqual(DISK_FULL);
    }
    expect(await t.app.ctx.db.select().from(courseFiles)).toEqual([]);
    expect(readdirSync(join(dataDir, 'uploads', 'tmp'))).toEqual([]);
  });
});

/** Why the real tmpfs tests cannot run here, or null when they can. */
function tmpfsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'not root: mounting a tmpfs (mount -t tmpfs -o size=1m) needs root';
  const probe = mkdtempSync(join(tmpdir(), 'ch-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `mount -t tmpfs refused here: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
const unavailable = tmpfsUnavailable();

describe.skipIf(unavailable !== null)(`a real full disk: a 1 MB tmpfs as DATA_DIR/uploads${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  const MB = 1024 * 1024;
  let t: TestApp;
  let dataDir: string;
  let uploads: string;
  let base: string;
  let owner: Owner & { lessonId: number };
  // One connection for every request: an answer given while a body still arrived must leave it
  // usable (the next request waits on it otherwise, and gets no answer).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ch-full-'));
    uploads = join(dataDir, 'uploads');
    mkdirSync(uploads);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', uploads]);
    t = await createTestApp({ dataDir, videoMaxBytes: 3 * MB });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const school = await registerOwner(t.app);
    const course = await addCourse(t.app, school.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У']] }] });
    owner = { ...school, lessonId: course.lessonIds[0]! };
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
    if (uploads) execFileSync('umount', [uploads]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Fills the tmpfs to the last byte; returns the filler to remove. */
  function fillDisk(): string {
    const filler = join(uploads, 'filler');
    try {
      writeFileSync(filler, Buffer.alloc(MB));
    } catch (error) {
      expect((error as { code?: string }).code).toBe('ENOSPC');
    }
    return filler;
  }

  /** A request over the one connection, with its whole answer; no answer within 20 s is an answer too (status 0). */
  const send = (method: string, path: string, init: { body?: Buffer; headers?: Record<string, string> } = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string | null }>((resolve) => {
      const url = new URL(path, base);
      const req = httpRequest(url, { method, agent, headers: { authorization: `Bearer ${owner.access}`, ...(init.body ? { 'content-length': String(init.body.length) } : {}), ...init.headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() || null }));
      });
      req.setTimeout(20_000, () => {
        resolve({ status: 0, headers: {}, body: 'no answer within 20 s' });
        req.destroy();
      });
      // A reset connection is no answer either.
      req.on('error', (error) => resolve({ status: 0, headers: {}, body: `no answer: ${String(error)}` }));
      req.end(init.body);
    });

  /** A multipart form of one file, as send() takes it. */
  async function multipart(fields: [string, string][], file: { field: string; name: string; bytes: Buffer }) {
    const body = await form(fields, file);
    return { body: body.payload, headers: { 'content-type': body.contentType } };
  }

  it('answers a 2 MB document 507 while its bytes arrive, removes the temporary file, and takes a small one after', async () => {
    const res = await send('POST', `/api/${owner.schoolName}/files/`, await multipart([['kind', 'text']], { field: 'file', name: 'большой.txt', bytes: Buffer.alloc(2 * MB, 'a') }));
    expect(res.status, res.body ?? '').toBe(507);
    expect(JSON.parse(res.body!)).toEqual(DISK_FULL);
    expect(readdirSync(join(uploads, 'tmp'))).toEqual([]);
    const small = await send('POST', `/api/${owner.schoolName}/files/`, await multipart([['kind', 'text']], { field: 'file', name: 'конспект.txt', bytes: Buffer.from('Конспект урока.') }));
    expect(small.status, small.body ?? '').toBe(201);
  });

  const tusHeaders = { 'tus-resumable': '1.0.0' };
  const metadata = (lessonId: number) => `lesson_id ${Buffer.from(String(lessonId)).toString('base64')},filename ${Buffer.from('урок.mp4').toString('base64')}`;

  it('answers a tus PATCH 507 when the disk fills under it; what came stays, and the upload can be cancelled', async () => {
    const created = await send('POST', `/video/${owner.schoolName}/uploads/`, { headers: { ...tusHeaders, 'upload-length': String(2 * MB), 'upload-metadata': metadata(owner.lessonId) } });
    expect(created.status, created.body ?? '').toBe(201);
    const location = created.headers.location as string;
    const video = Buffer.concat([Buffer.from('00000018667479706d703432000000006d70343269736f6d', 'hex'), randomBytes(2 * MB - 24)]);
    const res = await send('PATCH', location, { body: video, headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } });
    expect(res.status, res.body ?? '').toBe(507);
    expect(JSON.parse(res.body!)).toEqual(DISK_FULL);
    // The connection is kept: the rest of the bytes were read and thrown away.
    expect(res.headers.connection).not.toBe('close');
    const head = await send('HEAD', location, { headers: tusHeaders });
    expect(head.status).toBe(200);
    expect(Number(head.headers['upload-offset'])).toBeLessThan(2 * MB);
    expect(await t.app.ctx.db.select().from(videoUploads)).toHaveLength(1);
    expect((await send('DELETE', location, { headers: tusHeaders })).status).toBe(204);
    expect(await t.app.ctx.db.select().from(videoUploads)).toEqual([]);
  });

  it('answers 507 to a tus creation and to an avatar on a full disk, holding no room and leaving no part behind', async () => {
    const filler = fillDisk();
    try {
      const created = await send('POST', `/video/${owner.schoolName}/uploads/`, { headers: { ...tusHeaders, 'upload-length': '1000', 'upload-metadata': metadata(owner.lessonId) } });
      expect(created.status, created.body ?? '').toBe(507);
      expect(JSON.parse(created.body!)).toEqual(DISK_FULL);
      expect(await t.app.ctx.db.select().from(videoUploads)).toEqual([]);
      const res = await send('PATCH', `/api/profile/${owner.id}/`, await multipart([], { field: 'avatar', name: 'me.png', bytes: PNG }));
      expect(res.status, res.body ?? '').toBe(507);
      expect(JSON.parse(res.body!)).toEqual(DISK_FULL);
      const avatars = join(uploads, 'avatars');
      expect(existsSync(avatars) ? readdirSync(avatars) : []).toEqual([]);
    } finally {
      rmSync(filler, { force: true });
    }
  });

  it('local storage: a put that finds the disk full fails with ENOSPC and leaves no part file', async () => {
    const storage = localStorage(dataDir);
    const error = await storage.put('7/8/00000000-0000-4000-8000-000000000000.txt', Readable.from([Buffer.alloc(2 * MB, 'b')]), { bytes: 2 * MB, contentType: 'text/plain' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(join(uploads, 'files', '7', '8'))).toEqual([]);
  });
});
