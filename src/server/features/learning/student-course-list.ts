import { and, asc, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../shared/db/like-pattern.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { courseBody, courseCountColumns, courseFiles, courseFolders, courses, coverColumns, coverJoin, type StudentCourses } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { countsProgress, lessonCounts } from './progress.ts';
import { accessExpired, remainingDays, studentCourse } from './student-access.ts';

/** The student's side of courses' course routes (GET courses/ and courses/{id}/): feature-routes.ts hands it to courseRoutes. */
export const studentCourses: StudentCourses = {
  /**
   * A student's course cards: the courses of their groups (published or not, their access period
   * over or not: the card says so), each with the group, the days left and their progress. Four
   * statements for any page: the school, the count, the page with its group, the progress of the
   * page's courses (one grouped query).
   */
  async list(ctx, request, query, school) {
    const userId = request.auth!.userId;
    const { p: page = 1, s: size = 20, search, folder } = query;
    const text = search?.trim();
    const now = ctx.now();
    const where: SQL = and(
      eq(courses.schoolId, school.id),
      isNull(courses.removedAt),
      eq(courses.isAccess, true),
      folder === undefined ? undefined : folder === 0 ? isNull(courses.folderId) : eq(courses.folderId, folder),
      text ? ilike(courses.name, containsPattern(text)) : undefined,
    )!;
    // One membership per course and student (a unique index): the join never repeats a course.
    const mine = and(eq(studentsGroupMembers.courseId, courses.id), eq(studentsGroupMembers.userId, userId));
    const [total] = await ctx.db.select({ n: count() }).from(courses).innerJoin(studentsGroupMembers, mine).where(where);
    const countAll = total?.n ?? 0;
    const slice = pageSlice(page, size, countAll);
    if (!slice) return pageEnvelope(request, [], countAll, page, size);
    const rows = await ctx.db
      .select({ course: courses, folderId: courseFolders.id, folderName: courseFolders.name, cover: coverColumns, member: studentsGroupMembers, group: studentsGroups, ...courseCountColumns() })
      .from(courses)
      .innerJoin(studentsGroupMembers, mine)
      .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
      .leftJoin(courseFolders, eq(courseFolders.id, courses.folderId))
      .leftJoin(courseFiles, coverJoin)
      .where(where)
      .orderBy(...(slice.fromEnd ? [desc(courses.order), desc(courses.id)] : [asc(courses.order), asc(courses.id)]))
      .limit(slice.limit)
      .offset(slice.offset);
    if (slice.fromEnd) rows.reverse();
    const counts = await lessonCounts(ctx.db, userId, rows.map((row) => row.course.id));
    const list = rows.map(({ course, folderId, folderName, cover, member, group, ...lessonTotals }) => {
      const period = { accessFrom: member.accessFrom, durationDays: member.durationDays ?? group.trainingDuration };
      return {
        ...courseBody(ctx, course, school, folderId === null ? null : { id: folderId, name: folderName! }, cover, lessonTotals),
        group_id: group.id,
        remaining_period: remainingDays(period, now),
        certificate: group.certificate,
        progress: countsProgress(counts.get(course.id)),
        finished: member.finishedAt !== null,
        access_expired: accessExpired(period, now),
        published: course.published,
      };
    });
    return pageEnvelope(request, list, countAll, page, size);
  },

  /** The course's own gates, as its outline and lessons give them: a course on the student's list that is unpublished or past their access period says why (403), not "not found". */
  async open(ctx, schoolId, courseId, userId) {
    return (await studentCourse(ctx.db, schoolId, courseId, userId, ctx.now())).course;
  },
};
