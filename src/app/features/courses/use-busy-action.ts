import { toApiError } from '#core';
import { useCallback, useState } from 'react';
import { showToast } from '../../ui/toasts.tsx';

/**
 * One action at a time for a list's buttons (add, delete, …): `busy` while it runs, and a failure
 * shown as an error toast with the server's message. `run` never rejects.
 */
export function useBusyAction(): [busy: boolean, run: (action: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      showToast(toApiError(error).message, 'error');
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
