import { bonusAdminMessages, commonMessages, type ApiAnswer } from '#core';
import { useId, type ReactNode } from 'react';
import { useResource } from '../../views/shared/use-resource.ts';
import { LoadError } from './load-error.tsx';

const g = bonusAdminMessages.groups;

/** A group of the school to choose: the fields the picker shows of a `{school}/students_group/` row. */
export type GroupChoice = Pick<ApiAnswer<'GET {school}/students_group/'>['results'][number], 'group_id' | 'name' | 'course_name'>;

export interface GroupPickerProps {
  school: string;
  /** Reads the school's groups (the feature's own API call). */
  load: () => Promise<GroupChoice[]>;
  selected: readonly number[];
  onChange: (groups: number[]) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
}

/**
 * The school's groups as checkboxes in a fieldset, for choosing whose students see a bonus, a
 * banner or the invites programme; the server's refusal shown under them.
 */
export function GroupPicker({ school, load, selected, onChange, error, hint }: GroupPickerProps) {
  const groups = useResource(`${school}/students_group?choices`, load);
  const errorId = useId();
  const hintId = useId();
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((item) => item !== id));
  return (
    <fieldset className="group-picker" aria-describedby={[error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined}>
      <legend>{g.label}</legend>
      {groups.error ? <LoadError message={g.loadFailed} onRetry={groups.retry} /> : null}
      {groups.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {groups.data && groups.data.length === 0 ? <p className="muted">{g.none}</p> : null}
      {groups.data?.map((group) => (
        <label key={group.group_id} className="check">
          <input type="checkbox" checked={selected.includes(group.group_id)} onChange={(event) => toggle(group.group_id, event.target.checked)} /> {g.option(group.name, group.course_name)}
        </label>
      ))}
      {hint ? (
        <span className="field-hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={errorId} role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
