import { plural, ratingMessages, type PluralForms } from '#core';
import { useEffect, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { getOwnRating, setNameHidden } from './rating-api.ts';

const t = ratingMessages;

function Standing({ title, place, value, forms }: { title: string; place: number | null; value: number; forms: PluralForms }) {
  return (
    <div className="rating-standing">
      <h3>{title}</h3>
      <p className="rating-standing-place">{place === null ? t.noPlace : t.placeText(place)}</p>
      <p className="muted">{plural(value, forms)}</p>
    </div>
  );
}

/** A student's own places in both rankings, and the switch that hides their name from the others. */
export function OwnStanding({ school, onDisabled }: { school: string; onDisabled: () => void }) {
  const own = useResource(`rating-own|${school}`, () => getOwnRating(school));
  const [hidden, setHidden] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const disabled = own.error?.code === 'RATING_DISABLED';
  useEffect(() => {
    if (disabled) onDisabled();
  }, [disabled, onDisabled]);

  if (own.status === 'loading' || disabled) return null;
  if (own.error) return <LoadError message={t.ownLoadFailed} onRetry={own.retry} />;
  if (!own.data) return null;
  const data = own.data;
  const isHidden = hidden ?? data.hidden;

  async function hide(next: boolean) {
    setBusy(true);
    try {
      const saved = await setNameHidden(school, next);
      setHidden(saved.hidden);
      showToast(saved.hidden ? t.nameHidden : t.nameShown);
    } catch (error) {
      showToast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rating-own" aria-label={t.ownTitle}>
      <h2>{t.ownTitle}</h2>
      <div className="rating-standings">
        <Standing title={t.byLessons} place={data.top_by_lessons_num} value={data.completed_lessons} forms={t.lessonsForms} />
        <Standing title={t.byCourses} place={data.top_by_courses_num} value={data.available_courses} forms={t.coursesForms} />
      </div>
      <label className="rating-hide">
        <input type="checkbox" checked={isHidden} disabled={busy} onChange={(event) => void hide(event.target.checked)} /> {t.hideName}
      </label>
      <p className="muted rating-hide-hint">{isHidden ? t.nameHidden : t.hideNameHint}</p>
    </section>
  );
}
