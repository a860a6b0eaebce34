import { sql } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import type { School } from '../../shared/security/school-access.ts';
import type { Course } from './course-access.ts';
import { courseMembers } from './course-members.ts';
import { coverUrl } from './files.ts';
import { courses, lessonBlocks, lessons, sections } from './tables.ts';

// A course as the API gives it, with its counts: the staff's list and page (course-routes.ts) and
// the student's cards (learning's student-course-list.ts).

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The original's Cyrillic codes (reference §1.4), kept in the API; the table keeps plain words. */
const FORMAT_CODES = { ONLINE: 'ОН', OFFLINE: 'ОФФ' } as const;
const PUBLIC_CODES = { published: 'О', draft: 'Н' } as const;

export const CourseBody = Type.Object({
  course_id: Type.Integer(),
  school: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  format: Type.String({ description: '"ОН" онлайн, "ОФФ" оффлайн' }),
  /** Minor units of `currency`. */
  price: Type.Integer(),
  currency: Type.String(),
  duration_days: Nullable(Type.Integer()),
  public: Type.String({ description: '"О" опубликован, "Н" не опубликован' }),
  is_catalog: Type.Boolean(),
  is_direct: Type.Boolean(),
  folder: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  photo_url: Nullable(Type.String()),
  order: Type.Integer(),
  course_removed: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  baselessons_count: Type.Integer(),
  lesson_count: Type.Integer(),
  homework_count: Type.Integer(),
  test_count: Type.Integer(),
  video_count: Type.Integer(),
  students_count: Type.Integer(),
});

/**
 * Per-course counts, computed in the same statement as the page (one round trip for any page).
 * Built on first use: the students come from groups, wired once the server starts (course-members.ts).
 */
export function courseCountColumns() {
  const lessonsOf = (type?: string) =>
    sql<number>`(select count(*) from ${lessons} join ${sections} on ${sections.id} = ${lessons.sectionId}
      where ${sections.courseId} = ${courses.id}${type ? sql` and ${lessons.type} = ${type}` : sql``})::int`;
  return {
    baselessons: lessonsOf(),
    lesson: lessonsOf('lesson'),
    homework: lessonsOf('homework'),
    test: lessonsOf('test'),
    video: sql<number>`(select count(*) from ${lessonBlocks} join ${lessons} on ${lessons.id} = ${lessonBlocks.lessonId}
      join ${sections} on ${sections.id} = ${lessons.sectionId} where ${sections.courseId} = ${courses.id} and ${lessonBlocks.type} = 'video')::int`,
    students: courseMembers().studentCount(courses.id),
  };
}
type Counts = { [K in keyof ReturnType<typeof courseCountColumns>]: number };
const ZERO: Counts = { baselessons: 0, lesson: 0, homework: 0, test: 0, video: 0, students: 0 };

type Cover = { id: number; name: string } | null;

/** A course row as the API gives it, with its folder, its cover (coverColumns) and its counts (courseCountColumns). */
export function courseBody(ctx: App['ctx'], course: Course, school: School, folder: { id: number; name: string } | null, cover: Cover, counts: Counts = ZERO): Static<typeof CourseBody> {
  return {
    course_id: course.id,
    school: course.schoolId,
    name: course.name,
    description: course.description,
    format: FORMAT_CODES[course.format as keyof typeof FORMAT_CODES] ?? FORMAT_CODES.ONLINE,
    price: course.price,
    currency: school.currency,
    duration_days: course.durationDays,
    public: course.published ? PUBLIC_CODES.published : PUBLIC_CODES.draft,
    is_catalog: course.isCatalog,
    is_direct: course.isDirect,
    folder,
    photo_url: coverUrl(ctx, cover, course.photo),
    order: course.order,
    course_removed: course.removedAt?.toISOString() ?? null,
    created_at: course.createdAt.toISOString(),
    updated_at: course.updatedAt.toISOString(),
    baselessons_count: counts.baselessons,
    lesson_count: counts.lesson,
    homework_count: counts.homework,
    test_count: counts.test,
    video_count: counts.video,
    students_count: counts.students,
  };
}

