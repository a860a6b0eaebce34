// A small typed domain event: a lower feature says what happened, a higher one listens, so the
// lower one never imports the higher (tools/eslint/feature-order.mjs). Listeners are kept per app
// (its context object), since tests build many apps in one process; a higher feature subscribes
// where the server wires it (its routes' registration).

export type DomainListener<T> = (event: T) => Promise<void> | void;

export interface DomainEvent<T> {
  /** Calls `listener` with every event `app` publishes from now on; returns the unsubscribe function. */
  on(app: object, listener: DomainListener<T>): () => void;
  /** Calls the app's listeners one after another, in the order they subscribed; a throw reaches the publisher. */
  emit(app: object, event: T): Promise<void>;
}

export function domainEvent<T>(): DomainEvent<T> {
  const listeners = new WeakMap<object, Set<DomainListener<T>>>();
  return {
    on(app, listener) {
      let set = listeners.get(app);
      if (!set) listeners.set(app, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    async emit(app, event) {
      for (const listener of [...(listeners.get(app) ?? [])]) await listener(event);
    },
  };
}
