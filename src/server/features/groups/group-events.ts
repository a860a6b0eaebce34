// What groups tells the features above it inside its own transaction (homework hands a student's
// open work to their group's teacher), so groups never imports them.
import type { Db } from '../../shared/db/database.ts';
import { transactionEvent } from '../../shared/transaction-event.ts';

/**
 * Students `userIds` joined `group` in `tx`: added, moved to it within its course, or put in it by
 * an invitation, a sale or course chaining.
 */
export interface StudentsJoined {
  tx: Db;
  group: { id: number; courseId: number; teacherId: number | null };
  userIds: readonly number[];
}

/** The group's teacher became `teacherId` (null: none) in `tx`. */
export interface GroupTeacherChange {
  tx: Db;
  groupId: number;
  teacherId: number | null;
}

export const studentsJoinedGroup = transactionEvent<StudentsJoined>();
export const groupTeacherChanged = transactionEvent<GroupTeacherChange>();
