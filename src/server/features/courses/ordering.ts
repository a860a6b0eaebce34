import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';

/**
 * The ordered children the server keeps 1..n (spec §4 and the reference's defect 12: the original
 * shifted siblings on every save and drifted). Every change runs in a transaction that first locks
 * the parent row, so two inserts into one module are numbered one after the other; a unique index
 * on (parent, order) guarantees the result.
 */
const KINDS = {
  sections: { table: 'sections', parent: 'course_id', parentTable: 'courses' },
  lessons: { table: 'lessons', parent: 'section_id', parentTable: 'sections' },
  blocks: { table: 'lesson_blocks', parent: 'lesson_id', parentTable: 'lessons' },
  questions: { table: 'questions', parent: 'lesson_id', parentTable: 'lessons' },
  answers: { table: 'answers', parent: 'question_id', parentTable: 'questions' },
} as const;

export type OrderedKind = keyof typeof KINDS;

const ident = (name: string): SQL => sql.raw(`"${name}"`);

/** Locks the parents (in id order, so two transactions never wait on each other in a circle). */
export async function lockParents(tx: Db, kind: OrderedKind, parentIds: readonly number[]): Promise<void> {
  const ids = [...new Set(parentIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const { parentTable } = KINDS[kind];
  await tx.execute(sql`select 1 from ${ident(parentTable)} where "id" = any(${sql.param(ids)}::int[]) order by "id" for update`);
}

/** The children of a parent in their order. */
export async function childIds(tx: Db, kind: OrderedKind, parentId: number): Promise<number[]> {
  const { table, parent } = KINDS[kind];
  const result = await tx.execute(sql`select "id" from ${ident(table)} where ${ident(parent)} = ${parentId} order by "order", "id"`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** The next free order under a parent (the caller holds the parent's lock). */
export async function nextOrder(tx: Db, kind: OrderedKind, parentId: number): Promise<number> {
  const { table, parent } = KINDS[kind];
  const result = await tx.execute(sql`select coalesce(max("order"), 0) + 1 as n from ${ident(table)} where ${ident(parent)} = ${parentId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 1);
}

/**
 * Gives the parent's children the orders 1..n in the order of `ids` (all of them, and only them).
 * Two statements whatever n: the orders go negative first, since PostgreSQL checks a unique index
 * row by row and a permutation would collide half way.
 */
export async function renumber(tx: Db, kind: OrderedKind, parentId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const { table, parent } = KINDS[kind];
  await tx.execute(sql`update ${ident(table)} set "order" = -"order" where ${ident(parent)} = ${parentId} and "order" > 0`);
  await tx.execute(
    sql`update ${ident(table)} as t set "order" = v.n, ${ident(parent)} = ${parentId}
        from unnest(${sql.param([...ids])}::int[]) with ordinality as v(id, n) where t."id" = v.id`,
  );
}

/** `ids` with `id` moved (or inserted) to position `at` (1-based, clamped to the ends). */
export function placeAt(ids: readonly number[], id: number, at: number | undefined): number[] {
  const rest = ids.filter((other) => other !== id);
  const index = at === undefined ? rest.length : Math.min(Math.max(Math.trunc(at), 1), rest.length + 1) - 1;
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}

/**
 * `ids` with each of `wanted` at the position asked (1-based, clamped to the ends) and the others
 * keeping their relative order: a full numbering gives exactly that order, and an item asked to
 * move one place down does move (a stable sort on "asked position, else current one" leaves it
 * where it was, since the item it should pass has the same key).
 */
export function withPositions(ids: readonly number[], wanted: ReadonlyMap<number, number>): number[] {
  const index = new Map(ids.map((id, i) => [id, i]));
  const moved = ids.filter((id) => wanted.has(id)).sort((a, b) => wanted.get(a)! - wanted.get(b)! || index.get(a)! - index.get(b)!);
  const result = ids.filter((id) => !wanted.has(id));
  // Items asked for the same place follow each other in their current order.
  let floor = 0;
  for (const id of moved) {
    const at = Math.max(Math.min(Math.max(wanted.get(id)!, 1), result.length + 1) - 1, floor);
    result.splice(at, 0, id);
    floor = at + 1;
  }
  return result;
}

/** Rows of a raw query on either driver (PGlite answers {rows}, node-postgres too; drizzle may unwrap). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
