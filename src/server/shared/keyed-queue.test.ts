import { describe, expect, it } from 'vitest';
import { keyedQueue } from './keyed-queue.ts';

/** A task that finishes when `release` is called, noting its start and end. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      log.push(`${name} start`);
      await done;
      log.push(`${name} end`);
    },
    release,
  };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('keyedQueue', () => {
  it('keeps one key in order and lets another key run while the first waits', async () => {
    const log: string[] = [];
    const { push: run, idle } = keyedQueue(() => undefined);
    const [a1, a2, b1] = [gate(log, 'a1'), gate(log, 'a2'), gate(log, 'b1')];
    run('a', a1.task);
    run('a', a2.task);
    run('b', b1.task);
    await settle();
    expect(log).toEqual(['a1 start', 'b1 start']);
    b1.release();
    await settle();
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end']);
    a1.release();
    await settle();
    a2.release();
    await settle();
    await idle();
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end', 'a1 end', 'a2 start', 'a2 end']);
  });

  it('reports a failed task and goes on with the next of its key', async () => {
    const errors: unknown[] = [];
    const log: string[] = [];
    const { push: run, idle } = keyedQueue((error) => errors.push(error));
    run('a', () => Promise.reject(new Error('boom')));
    run('a', async () => void log.push('next'));
    await idle();
    expect(errors).toEqual([new Error('boom')]);
    expect(log).toEqual(['next']);
  });
});
