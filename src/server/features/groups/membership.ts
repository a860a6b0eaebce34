import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { isUniqueViolation } from '../../shared/db/errors.ts';
import { fieldError } from '../../shared/errors.ts';
import { lessons, sections } from '../courses/index.ts';
import { studentsJoinedGroup } from './group-events.ts';
import { groupCourseAccess, studentLessonAccess, studentsGroupHistory, studentsGroupMembers, studentsGroups } from './tables.ts';

/** The unique index behind "one group per course per student". */
export const MEMBER_COURSE_UQ = 'students_group_members_course_user_uq';
export const ONE_GROUP_PER_COURSE = 'Убедитесь, что каждый пользователь в группах курса уникален.';
export const NOT_IN_GROUP = 'Указанный студент не учится в этой группе';

/**
 * Runs `work` (a whole transaction: it must have rolled back before its error is read) and turns
 * the one-group-per-course index's refusal into a 400 on `field`. Two requests adding the same
 * student to two groups of one course cannot both pass a check made beforehand; the index can.
 */
export async function oneGroupPerCourse<T>(work: () => Promise<T>, field = 'students', message = ONE_GROUP_PER_COURSE): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, MEMBER_COURSE_UQ)) throw fieldError(field, message, 'ALREADY_IN_COURSE');
    throw error;
  }
}

type GroupRef = Pick<typeof studentsGroups.$inferSelect, 'id' | 'courseId' | 'teacherId'>;
interface Joined {
  groupId: number;
  userId: number;
}

/**
 * What follows a student's joining a group, besides the member row: a history row, their own
 * lesson access in the course reset to the group's (reference: the group's restrictions are copied
 * on joining), and their open hand-ins of the course passed to this group and its teacher (by
 * homework, which hears studentsJoinedGroup in this transaction).
 */
async function afterJoin(tx: Db, groups: readonly GroupRef[], joined: readonly Joined[], now: Date): Promise<void> {
  if (joined.length === 0) return;
  await tx.insert(studentsGroupHistory).values(joined.map((row) => ({ groupId: row.groupId, userId: row.userId, addedAt: now })));
  for (const group of groups) {
    const userIds = joined.filter((row) => row.groupId === group.id).map((row) => row.userId);
    if (userIds.length === 0) continue;
    const courseLessons = tx.select({ id: lessons.id }).from(lessons).innerJoin(sections, eq(sections.id, lessons.sectionId)).where(eq(sections.courseId, group.courseId));
    await tx.delete(studentLessonAccess).where(and(inArray(studentLessonAccess.userId, userIds), inArray(studentLessonAccess.lessonId, courseLessons)));
    await studentsJoinedGroup.emit({ tx, group, userIds });
  }
}

/**
 * Adds students to a group: a member row each (the group's course, access from now) and what
 * follows joining. A student already in this group is left as they are; one in another group of the
 * course makes the statement fail on the unique index (see oneGroupPerCourse). Returns who joined.
 */
export async function addStudents(tx: Db, group: GroupRef, userIds: readonly number[], now: Date): Promise<number[]> {
  if (userIds.length === 0) return [];
  const joined = await tx
    .insert(studentsGroupMembers)
    .values(userIds.map((userId) => ({ groupId: group.id, userId, courseId: group.courseId, accessFrom: now, createdAt: now })))
    .onConflictDoNothing({ target: [studentsGroupMembers.groupId, studentsGroupMembers.userId] })
    .returning({ groupId: studentsGroupMembers.groupId, userId: studentsGroupMembers.userId });
  await afterJoin(tx, [group], joined, now);
  return joined.map((row) => row.userId);
}

/** Takes students out of a group: their history row gets its end, the member row goes. Returns who left. */
export async function removeStudents(tx: Db, groupId: number, userIds: readonly number[], at: Date): Promise<number[]> {
  if (userIds.length === 0) return [];
  const ids = [...userIds];
  await tx
    .update(studentsGroupHistory)
    .set({ removedAt: at })
    .where(and(eq(studentsGroupHistory.groupId, groupId), inArray(studentsGroupHistory.userId, ids), isNull(studentsGroupHistory.removedAt)));
  const left = await tx
    .delete(studentsGroupMembers)
    .where(and(eq(studentsGroupMembers.groupId, groupId), inArray(studentsGroupMembers.userId, ids)))
    .returning({ userId: studentsGroupMembers.userId });
  return left.map((row) => row.userId);
}

/**
 * Moves students from one group to another. Their progress is per student and lesson, so it stays
 * whatever the group. Within one course the member row keeps its access period, own duration and
 * finish date; to another course the access starts again now.
 */
export async function moveStudents(tx: Db, from: GroupRef, to: GroupRef, userIds: readonly number[], now: Date): Promise<void> {
  if (userIds.length === 0 || from.id === to.id) return;
  const ids = [...userIds];
  if (from.courseId !== to.courseId) {
    await removeStudents(tx, from.id, ids, now);
    await addStudents(tx, to, ids, now);
    return;
  }
  await tx
    .update(studentsGroupHistory)
    .set({ removedAt: now })
    .where(and(eq(studentsGroupHistory.groupId, from.id), inArray(studentsGroupHistory.userId, ids), isNull(studentsGroupHistory.removedAt)));
  const moved = await tx
    .update(studentsGroupMembers)
    .set({ groupId: to.id })
    .where(and(eq(studentsGroupMembers.groupId, from.id), inArray(studentsGroupMembers.userId, ids)))
    .returning({ groupId: studentsGroupMembers.groupId, userId: studentsGroupMembers.userId });
  if (moved.length > 0) {
    await tx.insert(studentsGroupHistory).values(moved.map((row) => ({ groupId: row.groupId, userId: row.userId, addedAt: now })));
    await studentsJoinedGroup.emit({ tx, group: to, userIds: ids });
  }
}

/**
 * Course chaining (group_course_access/): a student who finished the course of `groupId` joins
 * every group chained to it whose course they are not in yet (see joinGroupsOf). Returns the groups joined.
 */
export async function joinChainedGroups(db: Db, groupId: number, userId: number, now: Date): Promise<number[]> {
  const targets = await db
    .select({ id: studentsGroups.id, courseId: studentsGroups.courseId, teacherId: studentsGroups.teacherId })
    .from(groupCourseAccess)
    .innerJoin(studentsGroups, eq(studentsGroups.id, groupCourseAccess.nextGroupId))
    .where(eq(groupCourseAccess.groupId, groupId))
    .orderBy(asc(studentsGroups.id));
  return joinGroupsOf(db, targets, userId, now);
}

/**
 * An accepted invitation (access-distribution/ by email): the new student joins the groups it
 * names whose course they are not in yet (see joinGroupsOf); a group deleted meanwhile is gone from
 * the list. Returns the groups joined.
 */
export async function joinGroups(db: Db, groupIds: readonly number[], userId: number, now: Date): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const targets = await db
    .select({ id: studentsGroups.id, courseId: studentsGroups.courseId, teacherId: studentsGroups.teacherId })
    .from(studentsGroups)
    .where(inArray(studentsGroups.id, [...groupIds]))
    .orderBy(asc(studentsGroups.id));
  return joinGroupsOf(db, targets, userId, now);
}

/**
 * Puts one student into groups, access from `now`: a group of a course they are in already (or a
 * second group of one course) is skipped, never an error. Runs in the caller's transaction when
 * given one (as a savepoint). Returns the groups joined.
 */
async function joinGroupsOf(db: Db, targets: readonly GroupRef[], userId: number, now: Date): Promise<number[]> {
  if (targets.length === 0) return [];
  return db.transaction(async (tx) => {
    // No conflict target: a course the student is in already (or two groups of one course) is skipped.
    const joined = await tx
      .insert(studentsGroupMembers)
      .values(targets.map((group) => ({ groupId: group.id, userId, courseId: group.courseId, accessFrom: now, createdAt: now })))
      .onConflictDoNothing()
      .returning({ groupId: studentsGroupMembers.groupId, userId: studentsGroupMembers.userId });
    await afterJoin(tx, targets, joined, now);
    return joined.map((row) => row.groupId);
  });
}
