import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../shared/db/like-pattern.ts';
import type { Db } from '../../shared/db/database.ts';
import type { SchoolRole } from '../../shared/security/school-access.ts';
import { lessonBlocks, lessons } from './tables.ts';

type LessonRow = typeof lessons.$inferSelect;

/**
 * The lessons of some modules in order, by module: one query for any number of modules. `search`
 * finds lessons by name or by the text of their blocks (the outline's search, a student's too).
 */
export async function moduleLessons(db: Db, sectionIds: number[], role: SchoolRole, search?: string): Promise<Map<number, LessonRow[]>> {
  const bySection = new Map<number, LessonRow[]>(sectionIds.map((id) => [id, []]));
  if (sectionIds.length === 0) return bySection;
  const pattern = search ? containsPattern(search) : null;
  const rows = await db
    .select()
    .from(lessons)
    .where(
      and(
        inArray(lessons.sectionId, sectionIds),
        // Only admins see lessons that are switched off.
        role === 'Admin' ? undefined : eq(lessons.active, true),
        pattern
          ? or(
              ilike(lessons.name, pattern),
              sql`exists (select 1 from ${lessonBlocks} where ${lessonBlocks.lessonId} = ${lessons.id} and ${lessonBlocks.content}->>'description' ilike ${pattern})`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(lessons.sectionId), asc(lessons.order));
  for (const row of rows) bySection.get(row.sectionId)!.push(row);
  return bySection;
}
