import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';

interface Person {
  id: number;
  name: string;
  email: string;
}

const people: Person[] = [
  { id: 1, name: 'Анна', email: 'anna@school.ru' },
  { id: 2, name: 'Борис', email: 'boris@school.ru' },
];

const columns: DataColumn<Person>[] = [
  { key: 'name', header: 'Имя', render: (p) => p.name, rowHeader: true },
  { key: 'email', header: 'Email', render: (p) => p.email, className: 'nowrap' },
  { key: 'actions', header: <span className="visually-hidden">Действия</span>, render: (p) => <button type="button">Удалить {p.name}</button> },
];

describe('DataTable', () => {
  it('is a table with a caption, column headers and a row header, in a scrolling box named by the caption', () => {
    render(<DataTable caption="Ученики" columns={columns} rows={people} rowKey={(p) => p.id} />);
    const table = screen.getByRole('table', { name: 'Ученики' });
    expect(table.className).toBe('data-table');
    const box = screen.getByRole('region', { name: 'Ученики' });
    expect(box.className).toBe('table-scroll');
    expect(box.tabIndex).toBe(0);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Имя', 'Email', 'Действия']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[1]!.className).toBe('nowrap');
    const rowHeader = within(table).getByRole('rowheader', { name: 'Анна' });
    expect(rowHeader.getAttribute('scope')).toBe('row');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Аннаanna@school.ruУдалить Анна', 'Борисboris@school.ruУдалить Борис']);
    expect(within(rows[1]!).getByRole('cell', { name: 'boris@school.ru' }).className).toBe('nowrap');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('takes a class of its own beside data-table', () => {
    render(<DataTable caption="Ученики" className="users-table" columns={columns} rows={people} rowKey={(p) => p.id} />);
    expect(screen.getByRole('table', { name: 'Ученики' }).className).toBe('data-table users-table');
  });

  it('says which column the rows are sorted by', () => {
    const sorted = columns.map((column, i) => (i < 2 ? { ...column, sort: i === 0 ? ('descending' as const) : ('none' as const) } : column));
    render(<DataTable caption="Ученики" columns={sorted} rows={people} rowKey={(p) => p.id} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.getAttribute('aria-sort'))).toEqual(['descending', 'none', null]);
  });

  it('can hide its caption from sight, not from screen readers', () => {
    render(<DataTable caption="Ученики" captionHidden columns={columns} rows={people} rowKey={(p) => p.id} />);
    expect(screen.getByText('Ученики').className).toBe('visually-hidden');
  });

  it('shows an empty state instead of an empty table: its own, or the default one', () => {
    const { rerender } = render(<DataTable caption="Ученики" columns={columns} rows={[]} rowKey={(p) => p.id} empty={<p>Учеников нет</p>} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Учеников нет')).toBeTruthy();
    rerender(<DataTable caption="Ученики" columns={columns} rows={[]} rowKey={(p) => p.id} />);
    expect(screen.getByRole('heading', { name: 'Здесь пока ничего нет.' })).toBeTruthy();
  });

  it('has the pager under it when it is given the count and onPage', () => {
    const onPage = vi.fn();
    render(<DataTable caption="Ученики" columns={columns} rows={people} rowKey={(p) => p.id} page={1} count={45} onPage={onPage} />);
    const pager = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(pager).getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3']);
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('passes the page size to the pager', () => {
    render(<DataTable caption="Ученики" columns={columns} rows={people} rowKey={(p) => p.id} count={45} size={10} onPage={() => {}} />);
    expect(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('button', { name: '5' })).toBeTruthy();
  });
});
