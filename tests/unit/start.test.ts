// `npm start` builds only when dist/ is missing or older than its sources.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { needsBuild } from '../../tools/start.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, number>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ch-start-'));
  dirs.push(dir);
  for (const [file, minutesAgo] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), '');
    const time = new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(join(dir, file), time, time);
  }
  // Directories take the time of their newest file only through their files.
  for (const sub of ['src', 'src/server', 'tools', 'dist', 'dist/server', 'dist/app', 'dist/widgets']) {
    const old = new Date(Date.now() - 600 * 60_000);
    try {
      utimesSync(join(dir, sub), old, old);
    } catch {
      // not part of this project
    }
  }
  return dir;
}

const built = { 'dist/server/main.js': 5, 'dist/app/main.js': 5, 'dist/widgets/ch.js': 5 };

describe('needsBuild', () => {
  it('builds a fresh clone', () => {
    expect(needsBuild(project({ 'src/server/main.ts': 60, 'package.json': 60 }))).toBe(true);
  });

  it('does not build again when nothing changed since the last build', () => {
    expect(needsBuild(project({ 'src/server/main.ts': 60, 'package.json': 60, ...built }))).toBe(false);
  });

  it('builds when a source, a tool or the package changed since', () => {
    for (const changed of ['src/server/main.ts', 'tools/aliases.mjs', 'package-lock.json', 'rollup.config.mjs']) {
      expect(needsBuild(project({ 'src/server/main.ts': 60, [changed]: 1, ...built })), changed).toBe(true);
    }
  });

  it('builds when one of the build steps is missing', () => {
    expect(needsBuild(project({ 'src/server/main.ts': 60, 'dist/server/main.js': 5, 'dist/app/main.js': 5 }))).toBe(true);
  });
});
