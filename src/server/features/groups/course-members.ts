import { exists, sql } from 'drizzle-orm';
import type { CourseMembers } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from './tables.ts';

/** The teachers and students of a course's groups, as courses' readableBy and counts ask (wired in feature-routes.ts). */
export const groupCourseMembers: CourseMembers = {
  teaches: (courseId, userId) => exists(sql`(select 1 from ${studentsGroups} where ${studentsGroups.courseId} = ${courseId} and ${studentsGroups.teacherId} = ${userId})`),
  studies: (courseId, userId) =>
    exists(
      sql`(select 1 from ${studentsGroups} join ${studentsGroupMembers} on ${studentsGroupMembers.groupId} = ${studentsGroups.id}
           where ${studentsGroups.courseId} = ${courseId} and ${studentsGroupMembers.userId} = ${userId})`,
    ),
  studentCount: (courseId) =>
    sql<number>`(select count(distinct ${studentsGroupMembers.userId}) from ${studentsGroupMembers}
      join ${studentsGroups} on ${studentsGroups.id} = ${studentsGroupMembers.groupId} where ${studentsGroups.courseId} = ${courseId})::int`,
};
