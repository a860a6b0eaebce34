import { commonMessages, formatMoney, schoolPromoMessages, toApiError, type RoleId } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { InvoiceSettingsPanel } from './invoice-settings-panel.tsx';
import { PromoForm } from './promo-form.tsx';
import { deletePromo, listPromos, listSchoolCourses, patchPromo, PROMO_PAGE_SIZE, type SchoolPromo } from './school-promo-api.ts';

const t = schoolPromoMessages;
const day = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** "10 %" or "50 BYN". */
export function discountText(promo: Pick<SchoolPromo, 'discount_type' | 'discount' | 'currency'>): string {
  return promo.discount_type === 'percent' ? `${promo.discount} %` : formatMoney(promo.discount, promo.currency);
}

type Pending = { kind: 'delete' | 'deactivate'; promo: SchoolPromo };

/**
 * The settings tab `promo` (issue 14): the school's own promo codes for its courses, as a table
 * (code, discount, courses, end, uses of the limit, state) with creating and changing in a dialog,
 * switching off (after a confirmation) or on, and deleting (after a confirmation); then the
 * school's invoice settings under «Реквизиты для счетов».
 */
export default function PromoPage({ school }: { school: string; role: RoleId }) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<SchoolPromo | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const promos = useResource(`promo-${school}-${page}-${version}`, () => listPromos(school, page));
  const courses = useResource(`promo-courses-${school}`, () => listSchoolCourses(school));
  const courseList = courses.data?.results ?? [];
  const courseName = new Map(courseList.map((course) => [course.course_id, course.name]));
  const currency = courseList[0]?.currency ?? 'BYN';
  const reload = () => setVersion((n) => n + 1);

  async function act(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      showToast(done);
      reload();
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  function confirm() {
    if (!pending) return;
    const { kind, promo } = pending;
    if (kind === 'delete') {
      void act(() => deletePromo(school, promo.id), t.removed).then(() => {
        // The last code of a later page gone: show the page before.
        if (promos.data?.results.length === 1 && page > 1) setPage(page - 1);
      });
    } else void act(() => patchPromo(school, promo.id, { is_active: false }), t.deactivated);
  }

  function coursesText(promo: SchoolPromo): string {
    if (promo.all_courses) return t.allCourses;
    if (promo.courses.length === 0) return t.noCourses;
    const names = promo.courses.map((id) => courseName.get(id));
    return names.every(Boolean) && names.length <= 2 ? names.join(', ') : t.coursesCount(promo.courses.length);
  }

  function expiryText(promo: SchoolPromo): string {
    if (!promo.expires_at) return t.noExpiry;
    const text = day.format(new Date(promo.expires_at));
    return Date.parse(promo.expires_at) <= Date.now() ? `${text} (${t.expired})` : text;
  }

  const columns: DataColumn<SchoolPromo>[] = [
    { key: 'code', header: t.code, rowHeader: true, render: (promo) => <code>{promo.code}</code> },
    { key: 'discount', header: t.discount, render: discountText },
    { key: 'courses', header: t.courses, render: coursesText },
    { key: 'expires', header: t.expires, render: expiryText },
    { key: 'uses', header: t.uses, render: (promo) => t.usesOf(promo.uses_count, promo.max_uses) },
    { key: 'status', header: t.status, render: (promo) => <span className={promo.is_active ? 'school-promo-on' : 'school-promo-off'}>{promo.is_active ? t.on : t.off}</span> },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.actions}</span>,
      render: (promo) => (
        <div className="school-promo-actions">
          <button type="button" className="button small secondary" aria-label={`${t.edit} ${promo.code}`} onClick={() => setEditing(promo)}>
            {t.edit}
          </button>
          {promo.is_active ? (
            <button type="button" className="button small secondary" aria-label={`${t.deactivate} ${promo.code}`} disabled={busy} onClick={() => setPending({ kind: 'deactivate', promo })}>
              {t.deactivate}
            </button>
          ) : (
            <button type="button" className="button small secondary" aria-label={`${t.activate} ${promo.code}`} disabled={busy} onClick={() => void act(() => patchPromo(school, promo.id, { is_active: true }), t.activated)}>
              {t.activate}
            </button>
          )}
          <button type="button" className="button small secondary danger" aria-label={`${t.remove} ${promo.code}`} disabled={busy} onClick={() => setPending({ kind: 'delete', promo })}>
            {t.remove}
          </button>
        </div>
      ),
    },
  ];

  return (
    <PageFrame
      title={t.title}
      className="school-promo"
      actions={
        <button type="button" className="button primary" onClick={() => setEditing('new')}>
          {t.add}
        </button>
      }
    >
      {promos.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {promos.error ? <LoadError message={promos.error.message} onRetry={promos.retry} /> : null}
      {courses.error ? <LoadError message={t.coursesLoadFailed} onRetry={courses.retry} /> : null}
      {promos.data ? (
        <DataTable
          caption={t.tableCaption}
          captionHidden
          className="school-promo-table"
          columns={columns}
          rows={promos.data.results}
          rowKey={(promo) => promo.id}
          empty={<EmptyState title={t.emptyTitle} text={t.emptyText} />}
          page={page}
          count={promos.data.count}
          size={PROMO_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
      {editing ? (
        <PromoForm
          school={school}
          promo={editing === 'new' ? null : editing}
          courses={courseList}
          currency={currency}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast(t.saved);
            reload();
          }}
        />
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'delete' ? t.removeTitle : t.deactivateTitle}
          message={pending.kind === 'delete' ? t.removeText(pending.promo.code) : t.deactivateText(pending.promo.code)}
          confirmLabel={pending.kind === 'delete' ? t.remove : t.deactivate}
          danger={pending.kind === 'delete'}
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
      <InvoiceSettingsPanel school={school} />
    </PageFrame>
  );
}
