import { isStudentsTableColumn, STUDENTS_TABLE_COLUMNS, studentsTableColumnTitle, type StudentsTableColumn } from '#core/students-table';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { fieldError } from '../../shared/errors.ts';
import { studentsTableInfo, type StoredColumn } from './tables.ts';

/**
 * A staff member's columns of the students table (contract: students_table_info/): the eleven
 * columns in their order (1…11), each shown or not. Without a stored layout, every column in
 * core's order; a stored one is read over that default, so a column added later appears (shown)
 * after the stored ones and an unknown stored id is dropped.
 */

export interface TableColumn {
  id: StudentsTableColumn;
  name: string;
  order: number;
  checked: boolean;
}

/** A change of some columns: a new place (1 = first) and/or shown or hidden. */
export interface ColumnChange {
  id: string;
  order?: number;
  checked?: boolean;
}

const column = (id: StudentsTableColumn, checked: boolean, order: number): TableColumn => ({ id, name: studentsTableColumnTitle(id), order, checked });

/** The layout a stored list gives (null: the default). */
export function layoutOf(stored: readonly StoredColumn[] | null): TableColumn[] {
  const known: { id: StudentsTableColumn; checked: boolean; order: number; index: number }[] = [];
  for (const [index, item] of (stored ?? []).entries()) {
    if (isStudentsTableColumn(item.id) && !known.some((col) => col.id === item.id)) known.push({ id: item.id, checked: item.checked !== false, order: item.order, index });
  }
  known.sort((a, b) => a.order - b.order || a.index - b.index);
  const missing = STUDENTS_TABLE_COLUMNS.filter((id) => !known.some((col) => col.id === id)).map((id) => ({ id, checked: true }));
  return [...known, ...missing].map(({ id, checked }, index) => column(id, checked, index + 1));
}

/**
 * The layout after a change: a moved column is taken out and put back at its new place (1…11;
 * several moves are applied from the smallest place up, so a whole list sent back in order is
 * kept exactly). An unknown id, an id given twice or hiding every column is a 400.
 */
export function changeLayout(current: readonly TableColumn[], changes: readonly ColumnChange[]): TableColumn[] {
  const ids = new Set<string>();
  for (const [index, change] of changes.entries()) {
    if (!isStudentsTableColumn(change.id)) throw fieldError(`columns.${index}.id`, 'Нет такого столбца.');
    if (ids.has(change.id)) throw fieldError(`columns.${index}.id`, 'Столбец указан дважды.');
    ids.add(change.id);
  }
  const byId = new Map(changes.map((change) => [change.id, change]));
  const shown = current.map((col) => ({ id: col.id, checked: byId.get(col.id)?.checked ?? col.checked }));
  const moves = changes.filter((change) => change.order !== undefined).sort((a, b) => a.order! - b.order!);
  const moving = new Set(moves.map((move) => move.id));
  const list = shown.filter((col) => !moving.has(col.id));
  for (const move of moves) list.splice(Math.min(move.order!, list.length + 1) - 1, 0, shown.find((col) => col.id === move.id)!);
  if (!list.some((col) => col.checked)) throw fieldError('columns', 'Оставьте видимым хотя бы один столбец.');
  return list.map(({ id, checked }, index) => column(id, checked, index + 1));
}

/** The caller's layout in the school: one read of its primary key. */
export async function readLayout(db: Db, schoolId: number, userId: number): Promise<TableColumn[]> {
  const [row] = await db
    .select({ columns: studentsTableInfo.columns })
    .from(studentsTableInfo)
    .where(and(eq(studentsTableInfo.schoolId, schoolId), eq(studentsTableInfo.userId, userId)));
  return layoutOf(row?.columns ?? null);
}

/** Applies a change under the row's lock (two changes at once both land), and returns the new layout. */
export async function saveLayout(db: Db, schoolId: number, userId: number, changes: readonly ColumnChange[], now: Date): Promise<TableColumn[]> {
  return db.transaction(async (tx) => {
    const key = and(eq(studentsTableInfo.schoolId, schoolId), eq(studentsTableInfo.userId, userId));
    await tx.insert(studentsTableInfo).values({ schoolId, userId, columns: [], updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select({ columns: studentsTableInfo.columns }).from(studentsTableInfo).where(key).for('update');
    const layout = changeLayout(layoutOf(row?.columns.length ? row.columns : null), changes);
    await tx
      .update(studentsTableInfo)
      .set({ columns: layout.map(({ id, order, checked }) => ({ id, order, checked })), updatedAt: now })
      .where(key);
    return layout;
  });
}
