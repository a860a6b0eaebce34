import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundJobs {
  /**
   * Runs `task` after the current request has been answered: mail and tokens for requests whose
   * answer must not depend on whether an account exists. A failure is logged, never thrown.
   */
  run(name: string, task: () => Promise<unknown>): void;
  /** Runs `task` every `intervalMs` (first after one interval) until stop(). */
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops the schedules and waits for running tasks. */
  stop(): Promise<void>;
}

export function createBackgroundJobs(log: FastifyBaseLogger): BackgroundJobs {
  const running = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function run(name: string, task: () => Promise<unknown>): void {
    if (stopped) return;
    // setImmediate: the task starts once the current request's answer is on its way.
    const done: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => log.error({ err: error, job: name }, 'background job failed'))
      .finally(() => running.delete(done));
    running.add(done);
  }

  async function idle(): Promise<void> {
    while (running.size) await Promise.all([...running]);
  }

  return {
    run,
    every(name, intervalMs, task) {
      // unref: a schedule never keeps the process alive on its own.
      const timer = setInterval(() => run(name, task), intervalMs);
      timer.unref();
      timers.add(timer);
    },
    idle,
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await idle();
    },
  };
}
