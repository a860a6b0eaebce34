import { appealsMessages } from '#core';
import { APPEAL_STATUSES, type Appeal, type AppealStatus } from './appeals-api.ts';

const t = appealsMessages;

/** The appeal's status select, named by the appeal it changes (a table has one per row). */
export function StatusSelect({ appeal, busy, onChange, id }: { appeal: Appeal; busy: boolean; onChange: (status: AppealStatus) => void; id?: string }) {
  return (
    <select id={id} aria-label={id ? undefined : `${t.status}: ${appeal.name}`} value={appeal.status} disabled={busy} onChange={(event) => onChange(event.target.value as AppealStatus)}>
      {APPEAL_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t.statuses[status]}
        </option>
      ))}
    </select>
  );
}
