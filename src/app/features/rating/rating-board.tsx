import { commonMessages, ratingMessages } from '#core';
import { useEffect, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { listRating, RATING_PAGE_SIZE, type RatingKind, type RatingRow } from './rating-api.ts';

const t = ratingMessages;
/** A row with its position on the page: other students' rows may share place, name and a null id. */
type Row = RatingRow & { index: number };
const KINDS: readonly { kind: RatingKind; label: string }[] = [
  { kind: 'lessons', label: t.byLessons },
  { kind: 'courses', label: t.byCourses },
];

function Avatar({ row }: { row: Row }) {
  if (row.avatar) return <img className="rating-avatar" src={row.avatar} alt="" width={32} height={32} loading="lazy" />;
  const initials = row.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('');
  return (
    <span className="rating-avatar" aria-hidden="true">
      {initials.toUpperCase() || '?'}
    </span>
  );
}

/** The ranking with its two kinds and its pages; the caller's own row is marked «Вы». */
export function RatingBoard({ school, onDisabled }: { school: string; onDisabled: () => void }) {
  const [kind, setKind] = useState<RatingKind>('lessons');
  const [page, setPage] = useState(1);
  const list = useResource(`rating|${school}|${kind}|${page}`, () => listRating(school, kind, page));
  const disabled = list.error?.code === 'RATING_DISABLED';
  useEffect(() => {
    if (disabled) onDisabled();
  }, [disabled, onDisabled]);

  const byLessons = kind === 'lessons';
  const columns: DataColumn<Row>[] = [
    { key: 'place', header: t.place, className: 'rating-place', render: (row) => row.place },
    {
      key: 'student',
      header: t.student,
      rowHeader: true,
      className: 'rating-student',
      render: (row) => (
        <span className="rating-student-cell">
          <Avatar row={row} />
          <span>{row.name}</span>
          {row.is_me ? (
            <span className="badge rating-me" title={t.meLabel}>
              {t.me}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'value',
      header: byLessons ? t.completedLessons : t.availableCourses,
      className: 'rating-value',
      render: (row) => (byLessons ? row.completed_lessons : row.available_courses) ?? 0,
    },
  ];

  return (
    <section className="rating-board" aria-label={t.kindLabel}>
      <div className="tabs" role="group" aria-label={t.kindLabel}>
        {KINDS.map((item) => (
          <button
            key={item.kind}
            type="button"
            className={`button small ${kind === item.kind ? 'primary' : 'secondary'}`}
            aria-pressed={kind === item.kind}
            onClick={() => {
              setKind(item.kind);
              setPage(1);
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      {list.error && !disabled ? <LoadError message={list.error.message} onRetry={list.retry} /> : null}
      {list.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {list.data ? (
        <DataTable
          caption={t.tableCaption(byLessons)}
          captionHidden
          className="rating-table"
          columns={columns}
          rows={list.data.results.map((row, index) => ({ ...row, index }))}
          rowKey={(row) => row.index}
          empty={<EmptyState title={t.emptyTitle} text={byLessons ? t.emptyLessons : t.emptyCourses} />}
          page={page}
          count={list.data.count}
          size={RATING_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
