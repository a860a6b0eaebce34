// The load model's smoke (issue 27): `npm run loadtest` for 30 s at a small scale, every role
// present, against the built server on a fresh embedded database. It proves the journeys still
// match the API (any unexpected status fails it) and that the report is written; the service
// level is not judged here (npm test shares the machine with everything else).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadtest } from './run-load.mjs';

const dir = mkdtempSync(join(tmpdir(), 'ch-load-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('runs every journey without an unexpected answer and writes the report', async () => {
  const lines = [];
  const args = ['--scale', 'small', '--data-dir', join(dir, 'data'), '--out', join(dir, 'reports'), '--steps', '12', '--ramp', '5', '--hold', '20', '--think', '1-3', '--mix', 'student:60,anonymous:14,teacher:13,admin:13'];
  const { run, report } = await loadtest(args, { log: (line) => lines.push(line) });

  const [step] = run.steps;
  const failed = Object.entries(step.kinds).filter(([, kind]) => kind.errors > 0);
  expect(failed, lines.join('\n')).toEqual([]);
  // Each role's journey went as far as its writes.
  for (const kind of ['student: test attempt', 'student: hand-in', 'student: chat read', 'student: chat message', 'teacher: review', 'admin: rename lesson', 'admin: students table sorted', 'public: course landing']) {
    expect(step.kinds[kind]?.count, kind).toBeGreaterThan(0);
  }
  // Messages reached the sockets of the group's members online.
  expect(step.delivery.count).toBeGreaterThan(0);
  expect(step.dropped).toBe(0);
  expect(step.cpu.server).toBeGreaterThan(0);
  expect(existsSync(report) && readFileSync(report, 'utf8')).toContain('uPlot');
}, 300_000);
