/** Spec §9: "Debounce default 500 ms". */
export const DEFAULT_DEBOUNCE_MS = 500;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call, if any. */
  cancel(): void;
  /** Runs the pending call now (with the latest arguments); does nothing when none is pending. */
  flush(): void;
}

/**
 * Trailing-edge debounce: `fn` runs once, `wait` ms after the last call, with that call's
 * arguments. Timers are only touched when the returned function is used, never at import.
 */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => unknown,
  wait: number = DEFAULT_DEBOUNCE_MS,
): Debounced<A> {
  // The pending call: its timer and the arguments of the latest invocation.
  let pending: { timer: ReturnType<typeof setTimeout>; args: A } | undefined;

  const run = (args: A): void => {
    pending = undefined;
    fn(...args);
  };

  const debounced = (...args: A): void => {
    if (pending) clearTimeout(pending.timer);
    pending = { args, timer: setTimeout(() => run(args), wait) };
  };

  debounced.cancel = (): void => {
    if (pending) clearTimeout(pending.timer);
    pending = undefined;
  };

  debounced.flush = (): void => {
    if (!pending) return;
    clearTimeout(pending.timer);
    run(pending.args);
  };

  return debounced;
}
