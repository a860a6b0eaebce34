// The job runner (job-runner.ts) on the test's database: PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { App } from '../../context.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { withDatabase } from '../../../../tests/helpers/postgres-admin.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { createJobRunner, JOB_SCHEMA, type JobData, type JobRunner } from './job-runner.ts';
import type { SqlExecutor } from './sql-executor.ts';

let t: TestApp;
/** The app on t's database now (the restart test replaces the first). */
let current: App;
beforeAll(async () => {
  t = await createTestApp();
  current = t.app;
});
afterAll(async () => {
  if (current !== t.app) await current.close();
  await t.close();
});

/** A promise and the function that settles it: a handler says it ran, the test waits on it. */
function signal<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const jobRows = async (name: string) => {
  const result = (await t.database.db.execute(sql.raw(`select state from ${JOB_SCHEMA}.job where name = '${name}'`))) as unknown as { rows: { state: string }[] };
  return result.rows.map((row) => row.state);
};

describe('job runner', () => {
  it('runs a job sent before a restart once the app is back on the same database', async () => {
    const first = current;
    const id = await first.ctx.jobRunner.send('test-restart', { lesson: 7 });
    // Nobody handles it in this app: it waits in the database while the app closes.
    await first.close();
    let second: App | undefined;
    try {
      second = await buildApp({ config: first.ctx.config, database: t.database, logger: false, now: () => t.clock.now });
      const ran = signal<JobData>();
      second.ctx.jobRunner.define('test-restart', async (data) => ran.resolve(data));
      expect(await ran.promise).toEqual({ lesson: 7 });
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await second?.close();
      // The next tests use an app of their own on the same database.
      current = await buildApp({ config: first.ctx.config, database: t.database, logger: false, now: () => t.clock.now });
    }
  });

  it('retries a job whose handler failed, and answers its final state', async () => {
    let attempts = 0;
    current.ctx.jobRunner.define('test-retry', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('first attempt fails');
    });
    expect(await current.ctx.jobRunner.runNow('test-retry')).toBe('completed');
    expect(attempts).toBe(2);
    expect(await jobRows('test-retry')).toEqual(['completed']);
  });

  it('holds a job sent for later until its time', async () => {
    const ran = signal<void>();
    let calls = 0;
    current.ctx.jobRunner.define('test-later', async () => {
      calls += 1;
      ran.resolve();
    });
    await current.ctx.jobRunner.send('test-later', {}, { startAfter: new Date(Date.now() + 60_000) });
    expect(await current.ctx.jobRunner.runNow('test-later')).toBe('completed');
    await ran.promise;
    // The job due now ran; the one for later still waits.
    expect(calls).toBe(1);
    expect((await jobRows('test-later')).sort()).toEqual(['completed', 'created']);
  });
});

/** Counts the statements by which a runner claims a schedule's turn (pg-boss's cron check). */
function counted(executor: SqlExecutor) {
  const counter = { cronChecks: 0, sql: executor };
  counter.sql = {
    executeSql(text, values) {
      if (text.includes('cron_on')) counter.cronChecks += 1;
      return executor.executeSql(text, values);
    },
  };
  return counter;
}

// Two server processes are two runners, each with a pool of its own, on one PostgreSQL database.
// PGlite is one process's database by design (a second one is refused the data directory).
describe.skipIf(!process.env.TEST_DATABASE_URL)('job runner across processes (PostgreSQL only: PGlite serves one process)', () => {
  const databases: Database[] = [];
  const runners: JobRunner[] = [];
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const database of databases) await database.close();
  });

  it('runs a scheduled job once, whichever process takes it', async () => {
    const name = ((await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;
    // A cron for this very minute (UTC) only: runs due later cannot be counted as a second run.
    // Late in a minute, the next one is taken, once it has begun.
    let at = new Date();
    if (at.getUTCSeconds() >= 45) {
      const next = Math.ceil((at.getTime() + 1) / 60_000) * 60_000;
      await new Promise((resolve) => setTimeout(resolve, next - at.getTime()));
      at = new Date();
    }
    const cron = `${at.getUTCMinutes()} ${at.getUTCHours()} * * *`;
    const runs: number[] = [];
    const counters: ReturnType<typeof counted>[] = [];
    for (const instance of [1, 2]) {
      const database = await openDatabase({ kind: 'postgres', url: withDatabase(process.env.TEST_DATABASE_URL!, name) });
      databases.push(database);
      const counter = counted(database.sql);
      counters.push(counter);
      const runner = createJobRunner({ sql: counter.sql, onError: () => undefined, timing: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } });
      runner.schedule('test-once', cron, async () => void runs.push(instance));
      runners.push(runner);
    }
    await Promise.all(runners.map((runner) => runner.start()));
    // Both processes have checked the schedule again and again after the run.
    await expect.poll(() => runs.length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    const after = counters.map((counter) => counter.cronChecks);
    await expect
      .poll(() => counters.every((counter, i) => counter.cronChecks >= after[i]! + 3), { timeout: 20_000, interval: 50 })
      .toBe(true);
    await expect.poll(() => jobRows('test-once'), { timeout: 20_000, interval: 50 }).toEqual(['completed']);
    expect(runs).toHaveLength(1);
  });
});
