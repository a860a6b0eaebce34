import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundJobs {
  /**
   * Runs `task` after the current request has been answered: mail and tokens for requests whose
   * answer must not depend on whether an account exists. A failure is logged, never thrown.
   */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Starts nothing more and waits for running tasks. (Schedules and retries: shared/jobs/job-runner.ts.) */
  stop(): Promise<void>;
}

export function createBackgroundJobs(log: FastifyBaseLogger): BackgroundJobs {
  const running = new Set<Promise<unknown>>();
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
    idle,
    async stop() {
      stopped = true;
      await idle();
    },
  };
}
