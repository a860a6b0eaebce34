import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackgroundJobs } from './background-jobs.ts';

const log = () => ({ error: vi.fn() }) as unknown as Parameters<typeof createBackgroundJobs>[0] & { error: ReturnType<typeof vi.fn> };

afterEach(() => {
  vi.useRealTimers();
});

describe('background jobs', () => {
  it('run a task after the current turn, and idle() waits for it', async () => {
    const jobs = createBackgroundJobs(log());
    const order: string[] = [];
    jobs.run('task', async () => {
      order.push('task');
    });
    order.push('answer');
    await jobs.idle();
    expect(order).toEqual(['answer', 'task']);
  });

  it('log a failure instead of throwing it', async () => {
    const logger = log();
    const jobs = createBackgroundJobs(logger);
    jobs.run('broken', () => Promise.reject(new Error('boom')));
    await jobs.idle();
    expect(logger.error).toHaveBeenCalledWith({ err: expect.any(Error), job: 'broken' }, 'background job failed');
  });

  it('starts nothing after stop', async () => {
    const jobs = createBackgroundJobs(log());
    const task = vi.fn(async () => undefined);
    await jobs.stop();
    jobs.run('late', task);
    await jobs.idle();
    expect(task).not.toHaveBeenCalled();
  });
});
