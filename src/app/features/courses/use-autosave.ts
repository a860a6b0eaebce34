import { debounce, toApiError } from '#core';
import { useEffect, useRef, useState } from 'react';

export type SaveState = { status: 'idle' | 'saving' | 'saved' } | { status: 'failed'; reason: string };

export interface Autosave<P extends object> {
  state: SaveState;
  /** Adds changes to what will be sent: after `delay` ms of quiet, or at once on flush(). */
  change: (patch: P) => void;
  /** Sends what is pending now (a field's blur, the retry button). */
  flush: () => void;
}

/** How long typing may pause before the text is saved. */
export const AUTOSAVE_MS = 800;

/**
 * Saves an object's changes as they are made: changes are merged into one pending patch, sent
 * after a pause or on flush, one request at a time (changes made meanwhile go in the next one). A
 * failure keeps the patch, says why, and is retried by flush(). Unmounting sends what is pending.
 */
export function useAutosave<P extends object, R>(send: (patch: P) => Promise<R>, onSaved?: (answer: R) => void, delay = AUTOSAVE_MS): Autosave<P> {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const pending = useRef<P | null>(null);
  const sending = useRef(false);
  const mounted = useRef(true);
  const latest = useRef({ send, onSaved });
  latest.current = { send, onSaved };

  const [control] = useState(() => {
    const run = async (): Promise<void> => {
      if (sending.current || !pending.current) return;
      const patch = pending.current;
      pending.current = null;
      sending.current = true;
      if (mounted.current) setState({ status: 'saving' });
      try {
        const answer = await latest.current.send(patch);
        sending.current = false;
        if (!mounted.current) return;
        latest.current.onSaved?.(answer);
        if (pending.current) void run();
        else setState({ status: 'saved' });
      } catch (error) {
        sending.current = false;
        // What failed goes back in front of anything changed since.
        pending.current = { ...patch, ...(pending.current ?? {}) };
        if (mounted.current) setState({ status: 'failed', reason: toApiError(error).message });
      }
    };
    const later = debounce(() => void run(), delay);
    return {
      change(patch: P) {
        pending.current = { ...(pending.current ?? ({} as P)), ...patch };
        later();
      },
      flush() {
        later.cancel();
        void run();
      },
    };
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      control.flush();
    };
  }, [control]);

  return { state, change: control.change, flush: control.flush };
}
