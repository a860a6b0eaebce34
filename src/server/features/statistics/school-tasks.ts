import { schoolTasksMessages } from '#core/messages/school-tasks';
import { eq, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { schoolMembers, schools } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { courseFiles, courses, lessons, sections } from '../courses/index.ts';
import { studentsGroups } from '../groups/index.ts';

export const SchoolTasks = Type.Object({
  total_tasks: Type.Integer(),
  total_completed_tasks: Type.Integer(),
  completion_percentage: Type.Integer({ description: 'Доля выполненных, %, округлённая до целого' }),
  tasks: Type.Array(Type.Object({ task: Type.String({ description: 'Задача по-русски' }), completed: Type.Boolean() })),
});
export type SchoolTasks = Static<typeof SchoolTasks>;

type TaskKey = keyof typeof schoolTasksMessages;

/**
 * Whether each task of the onboarding checklist is done, as SQL over the school's rows (`id` its
 * id). A course or lesson counts while its row exists (a course in the bin too: it was created);
 * a published course only while it is live. Each is an `exists` read by the school's index of
 * that table.
 */
function taskConditions(id: SQL): Record<TaskKey, SQL> {
  return {
    // Its own: a copy of another school's course (clone/) is not.
    createCourse: sql`exists (select 1 from ${courses} where ${courses.schoolId} = ${id} and ${courses.copiedFromId} is null)`,
    createFirstLesson: sql`exists (select 1 from ${lessons} join ${sections} on ${sections.id} = ${lessons.sectionId}
      join ${courses} on ${courses.id} = ${sections.courseId} where ${courses.schoolId} = ${id})`,
    uploadVideo: sql`exists (select 1 from ${courseFiles} where ${courseFiles.schoolId} = ${id} and ${courseFiles.kind} = 'video')`,
    publishCourse: sql`exists (select 1 from ${courses} where ${courses.schoolId} = ${id} and ${courses.published} and ${courses.removedAt} is null)`,
    // Somebody besides the owner: an admin or a teacher.
    addFirstStaff: sql`exists (select 1 from ${schoolMembers} where ${schoolMembers.schoolId} = ${id} and ${schoolMembers.role} in ('Admin', 'Teacher')
      and ${schoolMembers.userId} is distinct from ${schools.ownerId})`,
    createFirstGroup: sql`exists (select 1 from ${studentsGroups} where ${studentsGroups.schoolId} = ${id})`,
    addFirstStudent: sql`exists (select 1 from ${schoolMembers} where ${schoolMembers.schoolId} = ${id} and ${schoolMembers.role} = 'Student')`,
  };
}

/**
 * The school's onboarding checklist (spec §3 schoolTasks; contract: school_tasks/), worked out from
 * its data in one statement rather than stored: it can never disagree with what the school has.
 * The original stored the seven tasks and lengthened the trial by a day at each first completion;
 * that side effect is not built (a read does not write, and the trial is not bought with clicks).
 */
export async function schoolTasks(db: Db, schoolId: number): Promise<SchoolTasks> {
  const conditions = taskConditions(sql`${schools.id}`);
  const keys = Object.keys(schoolTasksMessages) as TaskKey[];
  const fields = Object.fromEntries(keys.map((key) => [key, sql<boolean>`${conditions[key]}`])) as Record<TaskKey, SQL<boolean>>;
  const [row] = await db.select(fields).from(schools).where(eq(schools.id, schoolId));
  const tasks = keys.map((key) => ({ task: schoolTasksMessages[key], completed: Boolean(row?.[key]) }));
  const done = tasks.filter((task) => task.completed).length;
  return { total_tasks: tasks.length, total_completed_tasks: done, completion_percentage: Math.round((done * 100) / tasks.length), tasks };
}
