import { describe, expect, it } from 'vitest';
import { isStudentsTableColumn, STUDENTS_TABLE_COLUMNS, studentsTableColumnTitle } from './students-table.ts';

describe('the students table columns', () => {
  it('are the contract’s eleven, in their default order, with their Russian titles', () => {
    expect(STUDENTS_TABLE_COLUMNS.map((id) => [id, studentsTableColumnTitle(id)])).toEqual([
      ['name', 'Имя'],
      ['email', 'Email'],
      ['phone_number', 'Телефон'],
      ['course_name', 'Курс'],
      ['group_name', 'Группа'],
      ['progress', 'Прогресс'],
      ['average_mark', 'Средний балл'],
      ['mark_sum', 'Сумма баллов'],
      ['date_added', 'Дата добавления'],
      ['last_active', 'Последняя активность'],
      ['last_login', 'Последний вход'],
    ]);
  });

  it('tells a column id from anything else', () => {
    expect(isStudentsTableColumn('progress')).toBe(true);
    expect(isStudentsTableColumn('Прогресс')).toBe(false);
    expect(isStudentsTableColumn(5)).toBe(false);
  });
});
