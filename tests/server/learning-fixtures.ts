// Groups, members and lesson access put straight into the database for the learning suites.
import type { App } from '../../src/server/context.ts';
import { groupLessonClosures, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../../src/server/features/groups/tables.ts';

export type GroupOptions = Partial<
  Pick<
    typeof studentsGroups.$inferInsert,
    'teacherId' | 'type' | 'certificate' | 'trainingDuration' | 'strictTaskOrder' | 'taskSubmissionLock' | 'submitHomeworkToGoOn' | 'submitTestToGoOn' | 'successTestToGoOn' | 'name'
  >
>;

/** A group of the course with these settings. */
export async function addGroup(app: App, schoolId: number, courseId: number, options: GroupOptions = {}): Promise<number> {
  const [group] = await app.ctx.db
    .insert(studentsGroups)
    .values({ schoolId, courseId, name: 'Группа', ...options })
    .returning({ id: studentsGroups.id });
  return group!.id;
}

/** Puts students into a group (their access period starting at `accessFrom`, the app's clock by default). */
export async function addStudents(
  app: App,
  groupId: number,
  courseId: number,
  userIds: number[],
  member: Partial<Pick<typeof studentsGroupMembers.$inferInsert, 'accessFrom' | 'durationDays' | 'finishedAt'>> = {},
): Promise<void> {
  await app.ctx.db.insert(studentsGroupMembers).values(userIds.map((userId) => ({ groupId, userId, courseId, accessFrom: app.ctx.now(), ...member })));
}

/** A new group of the course with these students in it. */
export async function enrol(app: App, schoolId: number, courseId: number, userIds: number[], options: GroupOptions = {}): Promise<number> {
  const groupId = await addGroup(app, schoolId, courseId, options);
  await addStudents(app, groupId, courseId, userIds);
  return groupId;
}

export async function closeForGroup(app: App, groupId: number, lessonIds: number[]): Promise<void> {
  await app.ctx.db.insert(groupLessonClosures).values(lessonIds.map((lessonId) => ({ groupId, lessonId })));
}

/** One student's own access to a lesson, over their group's. */
export async function setOwnAccess(app: App, userId: number, lessonId: number, available: boolean, availableFrom: Date | null = null): Promise<void> {
  await app.ctx.db
    .insert(studentLessonAccess)
    .values({ userId, lessonId, available, availableFrom })
    .onConflictDoUpdate({ target: [studentLessonAccess.userId, studentLessonAccess.lessonId], set: { available, availableFrom } });
}
