import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { schoolMembers } from '../../shared/db/core-tables.ts';
import { fieldError } from '../../shared/errors.ts';

export const TEACHER_REQUIRED = "Поле 'teacher_id' обязательно для заполнения.";
export const NOT_A_TEACHER = "Пользователь, указанный в поле 'teacher_id', не является учителем в вашей школе.";
export const DUPLICATE_STUDENTS = 'Студенты не могут дублироваться в списке.';

/** The teacher of a group must have the Teacher role in the school (an unknown id answers the same). */
export async function assertTeacher(db: Db, schoolId: number, userId: number, field = 'teacher_id'): Promise<void> {
  const [row] = await db
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId), eq(schoolMembers.role, 'Teacher')));
  if (!row) throw fieldError(field, NOT_A_TEACHER, 'NOT_A_TEACHER');
}

/**
 * Students of a group must be Students of the school: one query for the whole list. The ids that
 * are not are named (users of other schools look exactly like unknown ids).
 */
export async function assertStudents(db: Db, schoolId: number, userIds: readonly number[], field = 'students'): Promise<void> {
  if (new Set(userIds).size !== userIds.length) throw fieldError(field, DUPLICATE_STUDENTS, 'DUPLICATE_STUDENTS');
  if (userIds.length === 0) return;
  const rows = await db
    .select({ userId: schoolMembers.userId })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.role, 'Student'), inArray(schoolMembers.userId, [...userIds])));
  const found = new Set(rows.map((row) => row.userId));
  const missing = userIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw fieldError(field, `Эти пользователи не являются учениками вашей школы: ${missing.join(', ')}.`, 'NOT_A_STUDENT');
}
