// A data directory the server cannot write (a read-only volume, a directory of another user, a
// file) stops the start with one clear line, not a stack trace from deep inside the database.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runUntilExit, startTimeout } from '../helpers/spawn-server.ts';

const root = mkdtempSync(join(tmpdir(), 'coursehub-data-dir-'));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// root may write anywhere, so as root the server runs as nobody; otherwise the directory is read-only for us.
const asRoot = process.getuid?.() === 0;
const nobody = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];
const canDropPrivileges = !asRoot || spawnSync(nobody[0]!, [...nobody.slice(1), 'true']).status === 0;

// Each refused start goes through the server's start-up, which a busy machine slows down.
describe('a data directory the server cannot use', { timeout: startTimeout() }, () => {
  it.runIf(canDropPrivileges).each([
    ['without SECRET (the generated secret is written there)', {}],
    ['with SECRET', { SECRET: 's'.repeat(32) }],
  ])('that is not writable stops the start with one line, %s', async (_, env) => {
    const dir = join(root, 'read-only');
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o555);
    const run = await runUntilExit({ DATA_DIR: dir, ...env }, asRoot ? nobody : []);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`Configuration error: DATA_DIR ${dir} is not writable by this user (EACCES): give the server's user write access to it, or set DATA_DIR to a writable directory.`);
  });

  it('that is a file stops the start with one line', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    const run = await runUntilExit({ DATA_DIR: file, SECRET: 's'.repeat(32) });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(new RegExp(`^Configuration error: DATA_DIR ${file} is not a directory \\((ENOTDIR|EEXIST)\\): give the server's user write access to it, or set DATA_DIR to a writable directory\\.$`));
  });
});
