import { homeworkReviewMessages, routeRole, toApiError, $user } from '#core';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $router } from '../../router.ts';
import { showToast } from '../../ui/toasts.tsx';
import { getNextHandIn } from './homework-review-api.ts';
import { checkQueueFilters, readQueueFilters } from './queue-filters.ts';
import { checkPagePath } from './queue-table.tsx';

const t = homeworkReviewMessages;

/**
 * «Следующее непроверенное»: the next hand-in waiting for this reviewer after the open one, in the
 * queue's order and under the queue's stored filters (homeworks_stats/next/); none left says so.
 */
export function NextUnchecked({ school, after }: { school: string; after: number }) {
  const admin = routeRole(useStore($user).role) === 'Admin';
  const [busy, setBusy] = useState(false);
  const [none, setNone] = useState(false);

  async function open() {
    setBusy(true);
    setNone(false);
    try {
      const next = await getNextHandIn(school, after, checkQueueFilters(readQueueFilters(), admin).query);
      $router.open(checkPagePath(school, next));
    } catch (cause) {
      const error = toApiError(cause);
      // 404 NO_NEXT: nothing waits after this one (said beside the button, not as a failure).
      if (error.status === 404) setNone(true);
      else showToast(error.message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button small primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void open()}>
        {busy ? t.nextLoading : t.next}
      </button>
      <span className="muted homework-no-next" role="status">
        {none ? t.noNext : null}
      </span>
    </>
  );
}
