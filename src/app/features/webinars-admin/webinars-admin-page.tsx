import { commonMessages, toApiError, webinarsAdminMessages } from '#core';
import { useRef, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { WebinarForm } from './webinar-form.tsx';
import { deleteWebinar, getWebinar, listWebinars, WEBINARS_PAGE_SIZE, type WebinarDetail, type WebinarListItem } from './webinars-admin-api.ts';

const t = webinarsAdminMessages;
const when = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The public page of a webinar. */
export const webinarPath = (slug: string) => `/webinar/${encodeURIComponent(slug)}`;

/** The code a school pastes into its own site to show the webinar. */
export function embedSnippet(origin: string, slug: string): string {
  return `<script src="${origin}/widgets/ch.js" async></script>\n<ch-webinar slug="${slug}"></ch-webinar>`;
}

export function nextStartText(webinar: Pick<WebinarListItem, 'is_active' | 'status' | 'next_start'>): string {
  if (!webinar.is_active) return t.off;
  if (webinar.status === 'live') return t.liveNow;
  return webinar.next_start ? when.format(new Date(webinar.next_start)) : t.ended;
}

/** The embed code with a copy button. */
function EmbedCode({ slug }: { slug: string }) {
  const code = embedSnippet(window.location.origin, slug);
  return (
    <section className="webinars-admin-embed" aria-label={t.embed}>
      <h2>{t.embed}</h2>
      <p className="field-hint">{t.embedHint}</p>
      <pre>
        <code>{code}</code>
      </pre>
      <button
        type="button"
        className="button small secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(code).then(
            () => showToast(t.copied),
            () => undefined,
          );
        }}
      >
        {t.copy}
      </button>
    </section>
  );
}

type Editing = { kind: 'new' } | { kind: 'loading'; id: number } | { kind: 'edit'; webinar: WebinarDetail };

/**
 * The admin's «Вебинары» (issue 15): the school's autowebinars as a table (title, page address with
 * its link, next show), creating and changing one in a dialog (WebinarForm), deleting after a
 * confirmation, and the embed code of the last one saved or opened.
 */
export default function WebinarsAdminPage({ school }: { school: string }) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [pending, setPending] = useState<WebinarListItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [embed, setEmbed] = useState<string | null>(null);
  const webinars = useResource(`webinars-admin-${school}-${page}-${version}`, () => listWebinars(school, page));
  // The list stays on screen while it reloads (after a save or a delete), without a flash of «Загрузка...».
  const last = useRef(webinars.data);
  if (webinars.data !== undefined) last.current = webinars.data;
  const data = webinars.data ?? (webinars.error ? undefined : last.current);
  const reload = () => setVersion((n) => n + 1);

  async function open(id: number) {
    setEditing({ kind: 'loading', id });
    try {
      const webinar = await getWebinar(school, id);
      setEditing({ kind: 'edit', webinar });
      setEmbed(webinar.slug);
    } catch (cause) {
      setEditing(null);
      showToast(toApiError(cause).message, 'error');
    }
  }

  async function remove() {
    if (!pending) return;
    setBusy(true);
    try {
      await deleteWebinar(school, pending.id);
      showToast(t.removed);
      if (embed === pending.slug) setEmbed(null);
      // The last webinar of a later page gone: show the page before.
      if (data?.results.length === 1 && page > 1) setPage(page - 1);
      reload();
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const columns: DataColumn<WebinarListItem>[] = [
    { key: 'title', header: t.name, rowHeader: true, render: (webinar) => webinar.title },
    {
      key: 'slug',
      header: t.page,
      render: (webinar) => (
        // Named by what it shows, then what it opens (label in name, WCAG 2.5.3).
        <a href={webinarPath(webinar.slug)} target="_blank" rel="noopener">
          /webinar/{webinar.slug}
          <span className="visually-hidden"> — {t.openPageLabel(webinar.title)}</span>
        </a>
      ),
    },
    { key: 'next', header: t.nextStart, render: nextStartText },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.actions}</span>,
      render: (webinar) => (
        <div className="webinars-admin-actions">
          <button type="button" className="button small secondary" aria-label={`${t.edit} ${webinar.title}`} disabled={editing?.kind === 'loading'} onClick={() => void open(webinar.id)}>
            {t.edit}
          </button>
          <button type="button" className="button small secondary danger" aria-label={`${t.remove} ${webinar.title}`} disabled={busy} onClick={() => setPending(webinar)}>
            {t.remove}
          </button>
        </div>
      ),
    },
  ];

  return (
    <PageFrame
      title={t.title}
      className="webinars-admin"
      actions={
        <button type="button" className="button primary" onClick={() => setEditing({ kind: 'new' })}>
          {t.add}
        </button>
      }
    >
      {webinars.status === 'loading' && !data ? <p role="status">{commonMessages.loading}</p> : null}
      {webinars.error ? <LoadError message={webinars.error.message} onRetry={webinars.retry} /> : null}
      {data ? (
        <DataTable
          caption={t.tableCaption}
          captionHidden
          className="webinars-admin-table"
          columns={columns}
          rows={data.results}
          rowKey={(webinar) => webinar.id}
          empty={<EmptyState title={t.emptyTitle} text={t.emptyText} />}
          page={page}
          count={data.count}
          size={WEBINARS_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
      {editing?.kind === 'loading' ? <p role="status">{t.detailLoading}</p> : null}
      {embed ? <EmbedCode slug={embed} /> : null}
      {editing && editing.kind !== 'loading' ? (
        <WebinarForm
          school={school}
          webinar={editing.kind === 'edit' ? editing.webinar : null}
          onClose={() => setEditing(null)}
          onSaved={(webinar) => {
            setEditing(null);
            setEmbed(webinar.slug);
            showToast(t.saved);
            reload();
          }}
        />
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={t.removeTitle}
          message={t.removeText(pending.title)}
          confirmLabel={t.remove}
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </PageFrame>
  );
}
