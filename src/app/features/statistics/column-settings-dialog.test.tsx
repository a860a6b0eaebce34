import { STUDENTS_TABLE_COLUMNS, studentsTableColumnTitle } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { ColumnSettingsDialog } from './column-settings-dialog.tsx';
import type { TableColumn } from './students-table-api.ts';

const COLUMNS: TableColumn[] = STUDENTS_TABLE_COLUMNS.map((id, i) => ({ id, name: studentsTableColumnTitle(id), order: i + 1, checked: i < 3 }));
const order = (dialog: HTMLElement) => within(dialog).getAllByRole('checkbox').map((box) => box.parentElement!.textContent);

describe('ColumnSettingsDialog', () => {
  it('lists the columns in their order with their checks; the last one moves up only, and focus follows it', async () => {
    render(<ColumnSettingsDialog school="Alpha" columns={COLUMNS} onSaved={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Столбцы таблицы' });
    expect(order(dialog)).toEqual(STUDENTS_TABLE_COLUMNS.map(studentsTableColumnTitle));
    expect(within(dialog).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual(COLUMNS.map((column) => column.checked));
    const down = within(dialog).getByRole('button', { name: 'Опустить столбец «Последний вход»' }) as HTMLButtonElement;
    expect(down.disabled).toBe(true);
    // «Email» down to the end: at the last place its «Ниже» is off, so focus goes to «Выше».
    for (let i = 0; i < 9; i++) fireEvent.click(within(dialog).getByRole('button', { name: 'Опустить столбец «Email»' }));
    expect(order(dialog).at(-1)).toBe('Email');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Поднять столбец «Email»'));
  });

  it('sends every column in its new place, saving meanwhile, and hands over the answer', async () => {
    const answer = deferred<Response>();
    const saved = { columns: COLUMNS };
    const { sent } = stubApi({ 'PATCH Alpha/students_table_info/': () => answer.promise });
    const onSaved = vi.fn();
    render(<ColumnSettingsDialog school="Alpha" columns={COLUMNS} onSaved={onSaved} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Поднять столбец «Email»' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Телефон' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect((await within(dialog).findByRole('button', { name: 'Сохранение…' })).hasAttribute('disabled')).toBe(true);
    expect(sent[0]!.body).toEqual({
      columns: ['email', 'name', ...STUDENTS_TABLE_COLUMNS.slice(2)].map((id, i) => ({ id, order: i + 1, checked: i < 2 })),
    });
    answer.resolve(json(saved));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  });

  it('closes on «Отмена» and on Escape without saving', () => {
    const { sent } = stubApi({});
    const onClose = vi.fn();
    render(<ColumnSettingsDialog school="Alpha" columns={COLUMNS} onSaved={vi.fn()} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([]);
  });
});
