import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../shared/errors.ts';
import { courses, moduleLessons, sectionHead, sections, type OutlineSection, type StudentOutline } from '../courses/index.ts';
import type { HandInStatuses } from './hand-in-reads.ts';
import { courseProgress } from './progress.ts';
import { outlineStates, remainingDays, studentCourse, type Enrolment, type LessonState } from './student-access.ts';
import { studentLessonItem } from './student-lesson-item.ts';
import { studentOutlineJson } from './student-outline-json.ts';

type SectionRow = typeof sections.$inferSelect;

/** A module as a student sees it: the lessons open to them, with their progress and locks. */
function studentSectionBody(section: SectionRow, states: readonly LessonState[]) {
  return { ...sectionHead(section), lessons: states.filter((state) => state.sectionId === section.id).map(studentLessonItem) };
}

const groupSettings = (enrolment: Enrolment) => ({
  strict_task_order: enrolment.strictTaskOrder,
  task_submission_lock: enrolment.taskSubmissionLock,
  submit_homework_to_go_on: enrolment.submitHomeworkToGoOn,
  submit_test_to_go_on: enrolment.submitTestToGoOn,
  success_test_to_go_on: enrolment.successTestToGoOn,
});

/** A module of a live course of the school (any reader may ask; the student's gates come after). */
async function sectionOfSchool(ctx: AppContext, schoolId: number, sectionId: number, courseId?: number): Promise<SectionRow> {
  const [row] = await ctx.db
    .select({ section: sections })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(sections.id, sectionId), eq(courses.schoolId, schoolId), isNull(courses.removedAt), courseId === undefined ? undefined : eq(courses.id, courseId)));
  if (!row) throw notFound('Модуль не найден.', 'SECTION_NOT_FOUND');
  return row.section;
}

/**
 * The student's side of courses' outline routes (feature-routes.ts hands it to sectionRoutes), with
 * their homework's hand-in statuses as homework reads them (`handIns`).
 */
export function studentOutline(handIns: HandInStatuses): StudentOutline {
  /**
   * A course the student studies, past its gates (404 outside it, 403 closed or expired), with the
   * lessons they can see and their states: two statements, whatever the number of lessons.
   */
  async function studentView(ctx: AppContext, schoolId: number, courseId: number, userId: number) {
    const now = ctx.now();
    const { course, enrolment } = await studentCourse(ctx.db, schoolId, courseId, userId, now);
    return { course, enrolment, now, states: (await outlineStates(ctx.db, enrolment, now, handIns)).states };
  }

  return {
    /**
     * The student's outline: modules in order (empty ones kept), the lessons open to them, their group
     * and progress. Serialised here from parts encoded once per course outline (student-outline-json.ts).
     */
    async outline(ctx, schoolId, courseId, userId, search) {
      const now = ctx.now();
      const { course, enrolment } = await studentCourse(ctx.db, schoolId, courseId, userId, now);
      const { outline, states } = await outlineStates(ctx.db, enrolment, now, handIns);
      let shown: readonly OutlineSection[] = outline.sections;
      let visible = states;
      if (search) {
        // The same search as everyone's, kept to what the student can see; the progress stays the course's.
        const found = new Set([...(await moduleLessons(ctx.db, shown.map((s) => s.id), 'Student', search)).values()].flat().map((row) => row.id));
        visible = states.filter((state) => found.has(state.id));
        const lower = search.toLowerCase();
        shown = shown.filter((s) => visible.some((state) => state.sectionId === s.id) || s.name.toLowerCase().includes(lower));
      }
      const head = {
        course_id: course.id,
        course_name: course.name,
        group_id: enrolment.groupId,
        teacher_id: enrolment.teacherId,
        group_settings: groupSettings(enrolment),
        remaining_period: remainingDays(enrolment, now),
        certificate: enrolment.certificate,
        progress: courseProgress(states),
        finished: enrolment.finishedAt !== null,
      };
      return studentOutlineJson(head, outline, shown, visible);
    },

    async sectionLessons(ctx, schoolId, sectionId, courseId, userId) {
      const { course, enrolment, states } = await studentView(ctx, schoolId, courseId, userId);
      const section = await sectionOfSchool(ctx, schoolId, sectionId, course.id);
      const body = studentSectionBody(section, states);
      return { section_id: section.id, section_name: section.name, course_id: course.id, group_id: enrolment.groupId, group_settings: groupSettings(enrolment), lessons: body.lessons };
    },

    async section(ctx, schoolId, sectionId, userId) {
      const section = await sectionOfSchool(ctx, schoolId, sectionId);
      return studentSectionBody(section, (await studentView(ctx, schoolId, section.courseId, userId)).states);
    },
  };
}
