import { $user, appMessages, commonMessages, ratingMessages, routeRole } from '#core';
import { useStore } from '@nanostores/react';
import { useCallback, useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { OwnStanding } from './own-standing.tsx';
import { getRatingSettings, setRatingEnabled } from './rating-api.ts';
import { RatingBoard } from './rating-board.tsx';

const t = ratingMessages;

/** The school's rating switch (admins): saved at once, the page following it. */
function RatingSwitch({ school, enabled, onChange }: { school: string; enabled: boolean; onChange: (enabled: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  async function toggle(next: boolean) {
    setBusy(true);
    try {
      const saved = await setRatingEnabled(school, next);
      onChange(saved.enabled);
      showToast(saved.enabled ? t.enabledNow : t.disabledNow);
    } catch (error) {
      showToast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="rating-switch">
      <label>
        <input type="checkbox" role="switch" checked={enabled} disabled={busy} aria-describedby={hintId} onChange={(event) => void toggle(event.target.checked)} />{' '}
        {t.switchLabel}
      </label>
      <p id={hintId} className="muted">
        {t.switchHint}
      </p>
    </div>
  );
}

/**
 * «Рейтинг» (spec §2 `rating`, Admin and Student): the school's students ranked by lessons
 * completed («По занятиям») or by courses available («По курсам»), 30 a page. A student sees their
 * own places first, their row marked in the table, and may hide their name from the others; an
 * admin turns the school's rating on or off. While it is off, the page says so.
 */
export default function RatingPage({ school }: { school: string }) {
  const admin = routeRole(useStore($user).role) === 'Admin';
  const settings = useResource(`rating-settings|${school}`, () => getRatingSettings(school));
  // The switch's answer, over what was loaded; a rating call refused as disabled turns it off too.
  const [changed, setChanged] = useState<boolean | null>(null);
  const enabled = changed ?? settings.data?.enabled;
  const turnedOff = useCallback(() => setChanged(false), []);

  return (
    <PageFrame title={appMessages.routes.rating} className="rating-page">
      {settings.error ? <LoadError message={t.settingsLoadFailed} onRetry={settings.retry} /> : null}
      {settings.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {admin && enabled !== undefined ? <RatingSwitch school={school} enabled={enabled} onChange={setChanged} /> : null}
      {enabled === false ? <EmptyState title={t.disabledTitle} text={admin ? t.disabledAdmin : t.disabledStudent} /> : null}
      {enabled ? (
        <>
          {admin ? null : <OwnStanding school={school} onDisabled={turnedOff} />}
          <RatingBoard school={school} onDisabled={turnedOff} />
        </>
      ) : null}
    </PageFrame>
  );
}
