import { and, eq, inArray } from 'drizzle-orm';
import { groupTeacherChanged, studentsJoinedGroup, type GroupTeacherChange, type StudentsJoined } from '../groups/index.ts';
import { notAccepted } from './accepted.ts';
import { userHomeworks } from './tables.ts';

/**
 * A student's open hand-ins follow their group (reference §4.7), in the transaction that changed it:
 * joining a group (added, moved, invited, sold, chained) hands their open work of its course to it
 * and its teacher; a group's new teacher takes its open work. Accepted work keeps its checker.
 * Subscribed where the server is wired (reassignRoutes): groups publishes, never importing homework.
 */
export function handInsFollowGroups(): void {
  studentsJoinedGroup.on(followJoin);
  groupTeacherChanged.on(followTeacher);
}

async function followJoin({ tx, group, userIds }: StudentsJoined) {
  await tx
    .update(userHomeworks)
    .set({ groupId: group.id, teacherId: group.teacherId })
    .where(and(inArray(userHomeworks.userId, [...userIds]), eq(userHomeworks.courseId, group.courseId), notAccepted()));
}

async function followTeacher({ tx, groupId, teacherId }: GroupTeacherChange) {
  await tx
    .update(userHomeworks)
    .set({ teacherId })
    .where(and(eq(userHomeworks.groupId, groupId), notAccepted()));
}
