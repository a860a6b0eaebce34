// The job runner: every scheduled or retried task (auto-acceptance, pruning, expiries…) as rows
// of pg-boss on the app's own database, PGlite or PostgreSQL. A job outlives a restart, and of
// several server processes on one database only one takes each job and each schedule's run.
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { SqlExecutor } from './sql-executor.ts';

/** pg-boss's tables live in a schema of their own, beside the app's. */
export const JOB_SCHEMA = 'pgboss';

export type JobData = Record<string, unknown>;
export type JobHandler = (data: JobData) => Promise<unknown>;
export type JobState = 'completed' | 'failed' | 'cancelled';

export interface JobRunnerTiming {
  /** How often an idle worker looks for jobs another process sent (its own are taken at once). */
  pollingIntervalSeconds: number;
  /** How often schedules are checked and their runs handed to the queues (pg-boss: 1–45 s). */
  cronMonitorIntervalSeconds: number;
  cronWorkerIntervalSeconds: number;
}

export interface JobRunner {
  /** Handles the jobs of `name` (one at a time per process); a handler that throws is retried twice. */
  define(name: string, handler: JobHandler): void;
  /**
   * Runs `handler` on a cron schedule (five fields, UTC; a minute at the finest): each run is one
   * job, taken by one process, and a run never starts while the last one is still running.
   */
  schedule(name: string, cron: string, handler: JobHandler): void;
  /**
   * Queues a job of `name`, to run at once or not before `startAfter`; its id. `retry` replaces the
   * two quick retries with `limit` retries, `delaySeconds` apart and doubling (a mail server down).
   */
  send(name: string, data?: JobData, options?: SendOptions): Promise<string>;
  /** Queues a job and waits until some process has run it (tests, tools): its final state. */
  runNow(name: string, data?: JobData, options?: { timeoutMs?: number }): Promise<JobState>;
  /** Creates the queues, starts the workers and the schedules (once, after every define). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones; the database is left open. */
  stop(): Promise<void>;
}

export interface SendOptions {
  startAfter?: Date;
  retry?: { limit: number; delaySeconds: number };
}

const DEFAULT_TIMING: JobRunnerTiming = { pollingIntervalSeconds: 2, cronMonitorIntervalSeconds: 30, cronWorkerIntervalSeconds: 5 };

/**
 * Creates pg-boss's schema, or brings it to this version (run with the migrations, so a test's
 * template database has it). Concurrent installs are safe: pg-boss takes an advisory lock.
 */
export async function installJobSchema(sql: SqlExecutor): Promise<void> {
  const boss = new PgBoss({ db: sql, schema: JOB_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

interface Definition {
  handler: JobHandler;
  cron?: string;
  workerId?: string;
}

export function createJobRunner(options: { sql: SqlExecutor; onError: (error: unknown, job: string | null) => void; timing?: Partial<JobRunnerTiming> }): JobRunner {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  let stopping = false;
  // pg-boss keeps polling briefly after stop() (a worker's fetch, a completion it does not await):
  // once stopped, its statements answer nothing (undefined, as pg-boss's own closed pool does)
  // instead of reaching a database that may be closing.
  const sql: SqlExecutor = {
    executeSql(text, values) {
      if (closed) return Promise.resolve(undefined as never);
      const running = options.sql.executeSql(text, values);
      const settled = running.catch(() => undefined).finally(() => inFlight.delete(settled));
      inFlight.add(settled);
      return running;
    },
  };
  const boss = new PgBoss({
    db: sql,
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: true,
    schedule: true,
    cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds,
    cronWorkerIntervalSeconds: timing.cronWorkerIntervalSeconds,
  });
  boss.on('error', (error: unknown) => {
    if (!closed) options.onError(error, null);
  });
  const definitions = new Map<string, Definition>();
  const queues = new Map<string, Promise<void>>();
  let started: Promise<void> | undefined;

  /**
   * Creates a queue (pg-boss's create_queue skips an existing one). Two processes creating the same
   * queue at once can deadlock inside it (each waits for the other's lock on pg-boss's tables):
   * PostgreSQL fails one, and the queue the other made is there.
   */
  async function createQueue(name: string, policy: 'standard' | 'stately'): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await boss.createQueue(name, { name, policy });
      } catch (error) {
        if (await boss.getQueue(name)) return;
        if (attempt === 3) throw error;
      }
    }
  }

  /** Creates the queue once per process. */
  function queue(name: string, policy: 'standard' | 'stately'): Promise<void> {
    let made = queues.get(name);
    if (!made) {
      made = createQueue(name, policy);
      made.catch(() => queues.delete(name));
      queues.set(name, made);
    }
    return made;
  }

  async function activate(name: string, definition: Definition): Promise<void> {
    // A scheduled task's queue holds at most one waiting and one running job ('stately'), so slow
    // runs never pile up; jobs sent by hand queue up ('standard').
    await queue(name, definition.cron ? 'stately' : 'standard');
    definition.workerId = await boss.work<JobData>(name, { pollingIntervalSeconds: timing.pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
      // Taken just as the runner stops: it fails and is retried, here after a restart or elsewhere.
      if (stopping || !job) throw new Error('job runner stopping');
      try {
        return await definition.handler(job.data ?? {});
      } catch (error) {
        options.onError(error, name);
        throw error;
      }
    });
    if (definition.cron) await boss.schedule(name, definition.cron, {}, { tz: 'UTC' });
  }

  function add(name: string, definition: Definition): void {
    if (definitions.has(name)) throw new Error(`job ${name} is defined twice`);
    definitions.set(name, definition);
    // Defined after the start (a test's own job): its worker starts now.
    if (started) void started.then(() => activate(name, definition)).catch((error: unknown) => options.onError(error, name));
  }

  async function send(name: string, data: JobData = {}, sendOptions: SendOptions = {}): Promise<string> {
    await queue(name, definitions.get(name)?.cron ? 'stately' : 'standard');
    const { startAfter, retry } = sendOptions;
    const id = await boss.send(name, data, {
      ...(startAfter ? { startAfter } : {}),
      ...(retry ? { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: true } : {}),
    });
    if (!id) throw new Error(`job ${name} was not queued`);
    // This process's worker takes a job due now without waiting for its next poll.
    const workerId = definitions.get(name)?.workerId;
    if (workerId && !(startAfter && startAfter.getTime() > Date.now())) boss.notifyWorker(workerId);
    return id;
  }

  return {
    define: (name, handler) => add(name, { handler }),
    schedule: (name, cron, handler) => add(name, { handler, cron }),
    send,
    async runNow(name, data, { timeoutMs = 20_000 } = {}) {
      const id = await send(name, data);
      const deadline = Date.now() + timeoutMs;
      // Polls the job's row: whichever process takes it, its state is there.
      for (;;) {
        const job = await boss.getJobById<JobData>(name, id, { includeArchive: true });
        if (job && (job.state === 'completed' || job.state === 'failed' || job.state === 'cancelled')) return job.state;
        if (Date.now() > deadline) throw new Error(`job ${name} (${id}) did not finish in ${timeoutMs} ms`);
        await sleep(20);
      }
    },
    start() {
      started ??= (async () => {
        await boss.start();
        for (const [name, definition] of definitions) await activate(name, definition);
      })();
      return started;
    },
    async stop() {
      if (closed) return;
      stopping = true;
      // Waits for the handlers that are running, then fails any job still held (retried later).
      if (started) await started.catch(() => undefined);
      await boss.stop({ graceful: true, close: false, timeout: 30_000 });
      closed = true;
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
