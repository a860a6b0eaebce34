import { statisticsMessages, studentsTableColumnTitle, toApiError } from '#core';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../ui/modal.tsx';
import { saveTableSettings, type TableColumn, type TableSettings } from './students-table-api.ts';

const t = statisticsMessages.studentsTable;

export interface ColumnSettingsDialogProps {
  school: string;
  /** Every column, in the caller's order. */
  columns: readonly TableColumn[];
  onSaved: (settings: TableSettings) => void;
  onClose: () => void;
}

/**
 * «Столбцы таблицы»: each column checked or not and moved up or down; «Сохранить» sends the whole
 * layout (students_table_info/ PATCH), which the table and its export then follow. At least one
 * column stays checked. Focus follows a moved column's button, so the keyboard can keep moving it.
 */
export function ColumnSettingsDialog({ school, columns: initial, onSaved, onClose }: ColumnSettingsDialogProps) {
  const [columns, setColumns] = useState(() => initial.map((column) => ({ ...column })));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // The column just moved: its row's button gets focus once the list shows it in its new place.
  const [moved, setMoved] = useState<{ to: number; by: -1 | 1 } | null>(null);
  const none = !columns.some((column) => column.checked);

  function toggle(index: number) {
    setColumns(columns.map((column, i) => (i === index ? { ...column, checked: !column.checked } : column)));
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    const next = [...columns];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setColumns(next);
    setMoved({ to, by });
  }

  useEffect(() => {
    if (!moved) return;
    // The same button in the column's new row, or the other one at an end (where this one is disabled).
    const buttons = list.current?.children[moved.to]?.querySelectorAll<HTMLButtonElement>('button');
    const same = buttons?.[moved.by === -1 ? 0 : 1];
    (same && !same.disabled ? same : buttons?.[moved.by === -1 ? 1 : 0])?.focus();
  }, [moved]);

  async function save() {
    if (none) return;
    setSaving(true);
    setError('');
    try {
      onSaved(await saveTableSettings(school, columns.map((column, i) => ({ ...column, order: i + 1 }))));
    } catch (failure) {
      setError(toApiError(failure).message);
      setSaving(false);
    }
  }

  return (
    <Modal
      title={t.settingsTitle}
      onClose={onClose}
      className="stats-columns-dialog"
      footer={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="button" className="button primary" disabled={saving || none} onClick={() => void save()}>
            {saving ? t.saving : t.save}
          </button>
        </>
      }
    >
      <p className="muted">{t.settingsHint}</p>
      <ol ref={list} className="stats-columns-list">
        {columns.map((column, i) => {
          const title = studentsTableColumnTitle(column.id);
          return (
            <li key={column.id}>
              <label>
                <input type="checkbox" checked={column.checked} onChange={() => toggle(i)} />
                {title}
              </label>
              <span className="stats-columns-move">
                <button type="button" className="button small secondary" aria-label={t.moveUp(title)} disabled={i === 0} onClick={() => move(i, -1)}>
                  {t.up}
                </button>
                <button type="button" className="button small secondary" aria-label={t.moveDown(title)} disabled={i === columns.length - 1} onClick={() => move(i, 1)}>
                  {t.down}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {none ? (
        <p className="field-error" role="alert">
          {t.noneChecked}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
