/**
 * Runs tasks one after another per key and at once across keys: a chat's events keep their order,
 * while a slow one (its database reads waiting on a busy server) holds back only its own chat. One
 * queue for every event made the load model's chat messages arrive 44 s late once the database
 * was busy (issue 27).
 */
export interface KeyedQueue {
  push(key: string, task: () => Promise<void>): void;
  /** Resolves once every task pushed so far (and any they pushed) has run. */
  idle(): Promise<void>;
}

export function keyedQueue(onError: (error: unknown) => void): KeyedQueue {
  const tails = new Map<string, Promise<void>>();
  const push = (key: string, task: () => Promise<void>) => {
    const tail = (tails.get(key) ?? Promise.resolve())
      .then(task)
      .catch(onError)
      .finally(() => {
        // The last task of the key drops the entry: the map holds only keys with work waiting.
        if (tails.get(key) === tail) tails.delete(key);
      });
    tails.set(key, tail);
  };
  const idle = async () => {
    while (tails.size > 0) await Promise.all(tails.values());
  };
  return { push, idle };
}
