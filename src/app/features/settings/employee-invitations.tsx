import { commonMessages, employeesMessages, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { INVITATIONS_PAGE_SIZE, listInvitations, revokeInvitation, type SchoolInvitation } from './employees-api.ts';

const t = employeesMessages;
const day = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dayOf = (iso: string) => day.format(new Date(iso));

/**
 * The invitations nobody has answered yet ({school}/invitations/), each with «Отозвать» after a
 * confirmation: its emailed link stops working. `version` changes when a new one was sent.
 */
export function EmployeeInvitations({ school, version }: { school: string; version: number }) {
  const [page, setPage] = useState(1);
  const [own, setOwn] = useState(0);
  const [revoking, setRevoking] = useState<SchoolInvitation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invitations = useResource(`${school}/invitations?p=${page}&v=${version}.${own}`, () => listInvitations(school, page));
  const data = invitations.data ?? null;

  async function revoke(invitation: SchoolInvitation) {
    setBusy(true);
    setError(null);
    try {
      await revokeInvitation(school, invitation.invitation_id);
      showToast(t.revoked);
      // The last one of a later page gone: show the page before.
      if (data?.results.length === 1 && page > 1) setPage(page - 1);
      else setOwn((n) => n + 1);
    } catch (cause) {
      setError(toApiError(cause).message);
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  const columns: DataColumn<SchoolInvitation>[] = [
    { key: 'email', header: t.email, rowHeader: true, render: (row) => row.email },
    { key: 'role', header: t.role, render: (row) => t.roleNames[row.role] ?? row.role },
    { key: 'sent', header: t.sent, render: (row) => dayOf(row.created_at) },
    { key: 'expires', header: t.expires, render: (row) => dayOf(row.expires_at) },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.actions}</span>,
      render: (row) => (
        <button type="button" className="button small secondary danger" aria-label={t.revokeLabel(row.email)} disabled={busy} onClick={() => setRevoking(row)}>
          {t.revoke}
        </button>
      ),
    },
  ];

  return (
    <section className="employees-invitations" aria-labelledby="employees-invitations-title">
      <h2 id="employees-invitations-title">{t.invitationsTitle}</h2>
      {invitations.error ? <LoadError message={invitations.error.message} onRetry={invitations.retry} /> : null}
      <FormError message={error} />
      {invitations.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <DataTable
          caption={t.invitationsCaption}
          captionHidden
          columns={columns}
          rows={data.results}
          rowKey={(row) => row.invitation_id}
          empty={<EmptyState title={t.invitationsEmpty} />}
          page={page}
          count={data.count}
          size={INVITATIONS_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title={t.revokeTitle}
          message={t.revokeText(revoking.email)}
          confirmLabel={t.revoke}
          danger
          busy={busy}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}
