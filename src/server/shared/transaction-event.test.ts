import { describe, expect, it } from 'vitest';
import type { Db } from './db/database.ts';
import { transactionEvent } from './transaction-event.ts';

describe('transactionEvent', () => {
  const tx = {} as Db;

  it('calls the listeners in order with the event and its transaction, each once however often subscribed', async () => {
    const moved = transactionEvent<{ tx: Db; userId: number }>();
    const heard: string[] = [];
    const first = async (event: { tx: Db; userId: number }) => void heard.push(`first ${event.userId} ${event.tx === tx}`);
    moved.on(first);
    moved.on(async ({ userId }) => {
      await Promise.resolve();
      heard.push(`second ${userId}`);
    });
    moved.on(first);
    await moved.emit({ tx, userId: 7 });
    expect(heard).toEqual(['first 7 true', 'second 7']);
  });

  it('lets a throw reach the publisher, and does nothing when nobody listens', async () => {
    await expect(transactionEvent<{ tx: Db }>().emit({ tx })).resolves.toBeUndefined();
    const failing = transactionEvent<{ tx: Db }>();
    failing.on(async () => {
      throw new Error('listener failed');
    });
    await expect(failing.emit({ tx })).rejects.toThrow('listener failed');
  });
});
