// The students table's column layout: the default, a stored layout read over it, and changes.
import { STUDENTS_TABLE_COLUMNS } from '#core/students-table';
import { describe, expect, it } from 'vitest';
import { changeLayout, layoutOf, type TableColumn } from './students-table-layout.ts';

const ids = (layout: TableColumn[]) => layout.map((column) => column.id);
const hidden = (layout: TableColumn[]) => layout.filter((column) => !column.checked).map((column) => column.id);

describe('layoutOf', () => {
  it('is every column in core’s order, shown, with its Russian name, without a stored layout', () => {
    const layout = layoutOf(null);
    expect(ids(layout)).toEqual([...STUDENTS_TABLE_COLUMNS]);
    expect(layout.map((column) => column.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(layout[0]).toEqual({ id: 'name', name: 'Имя', order: 1, checked: true });
    expect(layout[10]).toEqual({ id: 'last_login', name: 'Последний вход', order: 11, checked: true });
  });

  it('reads a stored layout over the default: its order, unknown and repeated ids dropped, new columns after it, shown', () => {
    const layout = layoutOf([
      { id: 'progress', order: 5, checked: true },
      { id: 'email', order: 2, checked: false },
      { id: 'chat', order: 1, checked: true },
      { id: 'email', order: 9, checked: true },
      { id: 'name', order: 5, checked: true },
    ]);
    expect(ids(layout)).toEqual(['email', 'progress', 'name', 'phone_number', 'course_name', 'group_name', 'average_mark', 'mark_sum', 'date_added', 'last_active', 'last_login']);
    expect(hidden(layout)).toEqual(['email']);
    expect(layout.map((column) => column.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('changeLayout', () => {
  const start = layoutOf(null);

  it('moves a column to its new place, the others closing up', () => {
    expect(ids(changeLayout(start, [{ id: 'email', order: 5 }])).slice(0, 6)).toEqual(['name', 'phone_number', 'course_name', 'group_name', 'email', 'progress']);
    expect(ids(changeLayout(start, [{ id: 'last_login', order: 1 }])).slice(0, 3)).toEqual(['last_login', 'name', 'email']);
    // A place past the end is the end.
    expect(ids(changeLayout(start, [{ id: 'name', order: 100 }])).at(-1)).toBe('name');
  });

  it('keeps a whole list sent back in its order exactly', () => {
    const wanted = [...STUDENTS_TABLE_COLUMNS].reverse();
    const changed = changeLayout(
      start,
      wanted.map((id, index) => ({ id, order: index + 1, checked: index % 2 === 0 })),
    );
    expect(ids(changed)).toEqual(wanted);
    expect(hidden(changed)).toEqual(wanted.filter((_, index) => index % 2 === 1));
  });

  it('shows and hides columns without moving them', () => {
    const changed = changeLayout(start, [
      { id: 'email', checked: false },
      { id: 'phone_number', checked: false },
    ]);
    expect(ids(changed)).toEqual(ids(start));
    expect(hidden(changed)).toEqual(['email', 'phone_number']);
    expect(hidden(changeLayout(changed, [{ id: 'email', checked: true }]))).toEqual(['phone_number']);
  });

  it('refuses an unknown id, an id given twice and hiding every column', () => {
    expect(() => changeLayout(start, [{ id: 'chat' }])).toThrow('Нет такого столбца.');
    expect(() =>
      changeLayout(start, [
        { id: 'email', order: 1 },
        { id: 'email', checked: false },
      ]),
    ).toThrow('Столбец указан дважды.');
    expect(() =>
      changeLayout(
        start,
        STUDENTS_TABLE_COLUMNS.map((id) => ({ id, checked: false })),
      ),
    ).toThrow('Оставьте видимым хотя бы один столбец.');
  });
});
