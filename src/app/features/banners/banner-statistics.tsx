import { bannerMessages, commonMessages } from '#core';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Modal } from '../../ui/modal.tsx';
import { getBannerStatistics, type Banner, type BannerStatistics } from './banners-api.ts';

const t = bannerMessages;
const when = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
type Click = BannerStatistics['click_details'][number];

/** A banner's clicks over a period (days, inclusive; empty: no bound): totals and who clicked when. */
export function BannerStatisticsDialog({ school, banner, onClose }: { school: string; banner: Banner; onClose: () => void }) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [range, setRange] = useState({ start: '', end: '' });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const stats = useResource(`${school}/banners/${banner.id}/statistics?${range.start}&${range.end}`, () => getBannerStatistics(school, banner.id, range));

  function apply(event: FormEvent) {
    event.preventDefault();
    if (start && end && end < start) {
      setRangeError(t.statsRange);
      return;
    }
    setRangeError(null);
    setRange({ start, end });
  }

  const data = stats.data;
  return (
    <Modal title={t.statsTitle(banner.title)} onClose={onClose} className="banner-stats-dialog">
      <form className="banner-stats-range" onSubmit={apply} noValidate>
        <FormField label={t.statsFrom}>{(control) => <input {...control} type="date" value={start} onChange={(event) => setStart(event.target.value)} />}</FormField>
        <FormField label={t.statsTo} error={rangeError}>
          {(control) => <input {...control} type="date" value={end} onChange={(event) => setEnd(event.target.value)} />}
        </FormField>
        <button type="submit" className="button secondary small">
          {t.statsShow}
        </button>
      </form>
      {stats.error ? <LoadError message={stats.error.message} onRetry={stats.retry} /> : null}
      {stats.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <>
          <dl className="banner-stats-totals">
            <div>
              <dt>{t.statsTotal}</dt>
              <dd>{data.total_clicks}</dd>
            </div>
            <div>
              <dt>{t.statsUnique}</dt>
              <dd>{data.unique_clicks}</dd>
            </div>
          </dl>
          <DataTable<Click>
            caption={t.statsCaption}
            captionHidden
            columns={[
              { key: 'when', header: t.statsWhen, render: (click) => when.format(new Date(click.timestamp)) },
              { key: 'who', header: t.statsWho, render: (click) => (click.user_name ? `${click.user_name} (${click.user_email})` : click.user_email) },
            ]}
            rows={data.click_details}
            rowKey={(click) => `${click.timestamp}-${click.user_id}`}
            empty={<EmptyState title={t.statsEmpty} />}
          />
        </>
      ) : null}
    </Modal>
  );
}
