import { and, eq, exists, type SQL } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { notFound } from '../../shared/errors.ts';
import type { SchoolRole } from '../../shared/security/school-access.ts';
import { studentsGroupMembers, studentsGroups } from './tables.ts';

export type Group = typeof studentsGroups.$inferSelect;

export const GROUP_NOT_FOUND = 'Группа не найдена.';
export const groupNotFound = () => notFound(GROUP_NOT_FOUND, 'GROUP_NOT_FOUND');

/**
 * A group of the school as the caller may see it: an admin any group, a teacher the groups they
 * teach, a student their own groups. Another school's id, or a group the teacher does not teach, is "not found", so ids
 * reveal nothing. `lock` takes the row's lock for a change made in the caller's transaction.
 */
export async function findGroup(db: Db, schoolId: number, groupId: number, reader: { role: SchoolRole; userId: number }, options: { lock?: boolean } = {}): Promise<Group> {
  const query = db
    .select()
    .from(studentsGroups)
    .where(and(eq(studentsGroups.id, groupId), eq(studentsGroups.schoolId, schoolId), seenBy(db, reader)));
  const [group] = await (options.lock ? query.for('update') : query);
  if (!group) throw groupNotFound();
  return group;
}

function seenBy(db: Db, reader: { role: SchoolRole; userId: number }): SQL | undefined {
  if (reader.role === 'Admin' || reader.role === 'SuperAdmin') return undefined;
  if (reader.role === 'Teacher') return eq(studentsGroups.teacherId, reader.userId);
  const member = db
    .select({ one: studentsGroupMembers.userId })
    .from(studentsGroupMembers)
    .where(and(eq(studentsGroupMembers.groupId, studentsGroups.id), eq(studentsGroupMembers.userId, reader.userId)));
  return exists(member);
}
