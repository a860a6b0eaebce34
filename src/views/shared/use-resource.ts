import { toApiError, type ApiError } from '#core';
import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'idle'; data: undefined; error: null; retry: () => void }
  | { status: 'loading'; data: undefined; error: null; retry: () => void }
  | { status: 'ready'; data: T; error: null; retry: () => void }
  | { status: 'error'; data: undefined; error: ApiError; retry: () => void };

/**
 * Loads data for a widget: 'loading', then 'ready' or 'error' (with retry). `load` is called again
 * whenever `key` changes; a null key means there is nothing to load yet ('idle'). Answers that
 * arrive after the key changed are dropped.
 */
export function useResource<T>(key: string | null, load: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ key: string | null; status: 'idle' | 'loading' | 'ready' | 'error'; data?: T; error?: ApiError }>({
    key,
    status: key === null ? 'idle' : 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) {
      setState({ key, status: 'idle' });
      return undefined;
    }
    let current = true;
    setState({ key, status: 'loading' });
    loadRef.current().then(
      (data) => current && setState({ key, status: 'ready', data }),
      (error: unknown) => current && setState({ key, status: 'error', error: toApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Until the effect has run for a new key, report loading rather than the previous key's data.
  if (state.key !== key) return { status: key === null ? 'idle' : 'loading', data: undefined, error: null, retry } as Resource<T>;
  if (state.status === 'ready') return { status: 'ready', data: state.data as T, error: null, retry };
  if (state.status === 'error') return { status: 'error', data: undefined, error: state.error!, retry };
  return { status: state.status, data: undefined, error: null, retry } as Resource<T>;
}
