import { appealsMessages, commonMessages } from '#core';
import { useId } from 'react';
import { Modal } from '../../ui/modal.tsx';
import type { Appeal, AppealStatus } from './appeals-api.ts';
import { formatAppealDate } from './appeal-format.ts';
import { StatusSelect } from './status-select.tsx';

const t = appealsMessages;

/** One appeal whole: its course, contacts and message (plain text), its status, and read or unread. */
export function AppealDialog({ appeal, busy, onChange, onClose }: { appeal: Appeal; busy: boolean; onChange: (patch: { is_read?: boolean; status?: AppealStatus }) => void; onClose: () => void }) {
  const statusId = useId();
  return (
    <Modal
      title={appeal.name}
      onClose={onClose}
      className="appeal-dialog"
      footer={
        <>
          <button type="button" className="button secondary" disabled={busy} onClick={() => onChange({ is_read: !appeal.is_read })}>
            {appeal.is_read ? t.markUnread : t.markRead}
          </button>
          <button type="button" className="button primary" onClick={onClose}>
            {commonMessages.close}
          </button>
        </>
      }
    >
      <dl className="appeal-facts">
        <dt>{t.date}</dt>
        <dd>
          <time dateTime={appeal.created_at}>{formatAppealDate(appeal.created_at)}</time>
        </dd>
        <dt>{t.course}</dt>
        <dd>{appeal.course_name}</dd>
        <dt>{t.email}</dt>
        <dd>{appeal.email ? <a href={`mailto:${appeal.email}`}>{appeal.email}</a> : t.none}</dd>
        <dt>{t.phone}</dt>
        <dd>{appeal.phone ? <a href={`tel:${appeal.phone}`}>{appeal.phone}</a> : t.none}</dd>
        <dt>{t.message}</dt>
        <dd className="appeal-full-message">{appeal.message || <span className="muted">{t.noMessage}</span>}</dd>
      </dl>
      <div className="field">
        <label htmlFor={statusId}>{t.status}</label>
        <StatusSelect id={statusId} appeal={appeal} busy={busy} onChange={(status) => onChange({ status })} />
      </div>
    </Modal>
  );
}
