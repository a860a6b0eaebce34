// A change a lower feature makes inside a transaction that a higher feature must follow in the
// same transaction (the event carries it as `tx`), so the lower one never imports the higher
// (tools/eslint/feature-order.mjs): groups moves a student, homework hands their open work to the
// new group's teacher. Unlike domainEvent (per app, heard once a change is committed), a listener
// here works on the publisher's transaction alone and keeps no app's state, so one set serves every
// app of the process: a publisher deep in a transaction (course chaining, run by learning's
// progress) need not carry an app. The higher feature subscribes where the server is wired;
// subscribing the same function again keeps it once.
import type { Db } from './db/database.ts';

export type TransactionListener<T extends { tx: Db }> = (event: T) => Promise<unknown>;

export interface TransactionEvent<T extends { tx: Db }> {
  /** Calls `listener` with every event published from now on (once, however often subscribed). */
  on(listener: TransactionListener<T>): void;
  /** Calls the listeners one after another, in the order they subscribed; a throw reaches the publisher (and rolls its transaction back). */
  emit(event: T): Promise<void>;
}

export function transactionEvent<T extends { tx: Db }>(): TransactionEvent<T> {
  const listeners = new Set<TransactionListener<T>>();
  return {
    on(listener) {
      listeners.add(listener);
    },
    async emit(event) {
      for (const listener of [...listeners]) await listener(event);
    },
  };
}
