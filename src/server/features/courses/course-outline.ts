import { LRUCache } from 'lru-cache';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { courses, lessons, sections } from './tables.ts';

/** A module of a course's outline. */
export interface OutlineSection {
  id: number;
  name: string;
  order: number;
}

/** An active lesson of a course's outline, as every student of the course sees it before their own progress and access. */
export interface OutlineLesson {
  id: number;
  sectionId: number;
  type: string;
  name: string;
  order: number;
  points: number;
}

/** A course's modules (empty ones too) and active lessons, both in course order. */
export interface CourseOutline {
  courseId: number;
  version: string;
  sections: OutlineSection[];
  lessons: OutlineLesson[];
  /** Each lesson's place in `lessons`, by id: where a student's progress row goes. */
  placeOf: Map<number, number>;
}

/** An outline with nothing in it (a course that is gone). */
export const EMPTY_OUTLINE: CourseOutline = { courseId: 0, version: '', sections: [], lessons: [], placeOf: new Map() };

/**
 * Outlines kept in memory, by course, up to about 50,000 lessons (some 20 MB): a student's outline
 * of 1,000 lessons then reads only their own progress, not the course's lessons again (issue 12's
 * budget). An entry is good while the course's `outline_version` is the one it was read with.
 */
const outlines = new LRUCache<number, CourseOutline>({ maxSize: 50_000, sizeCalculation: (outline) => 1 + outline.sections.length + outline.lessons.length });
/** Reads under way, so that a burst of requests for a changed course reads it once. */
const reading = new Map<string, Promise<CourseOutline>>();

/**
 * The course's outline at `version` (read by the caller from the course row) or newer: from memory
 * when current, else read in one statement, whose own version labels what it read (the same
 * snapshot, so a change committed in between is never stored under the older version).
 */
export async function courseOutline(db: Db, courseId: number, version: string): Promise<CourseOutline> {
  const cached = outlines.get(courseId);
  if (cached?.version === version) return cached;
  const key = `${courseId}:${version}`;
  let pending = reading.get(key);
  if (!pending) {
    pending = readOutline(db, courseId).finally(() => reading.delete(key));
    reading.set(key, pending);
  }
  return pending;
}

async function readOutline(db: Db, courseId: number): Promise<CourseOutline> {
  const rows = await db
    .select({
      version: courses.outlineVersion,
      section: { id: sections.id, name: sections.name, order: sections.order },
      lesson: { id: lessons.id, sectionId: lessons.sectionId, type: lessons.type, name: lessons.name, order: lessons.order, points: lessons.points },
    })
    .from(courses)
    .leftJoin(sections, eq(sections.courseId, courses.id))
    .leftJoin(lessons, and(eq(lessons.sectionId, sections.id), eq(lessons.active, true)))
    .where(eq(courses.id, courseId))
    .orderBy(asc(sections.order), asc(lessons.order));
  const found: Pick<CourseOutline, 'sections' | 'lessons'> = { sections: [], lessons: [] };
  for (const { section, lesson } of rows) {
    if (!section) continue;
    if (found.sections.at(-1)?.id !== section.id) found.sections.push(section);
    if (lesson) found.lessons.push(lesson);
  }
  const outline: CourseOutline = {
    courseId,
    version: rows[0]?.version ?? '',
    ...found,
    placeOf: new Map(found.lessons.map((lesson, place) => [lesson.id, place])),
  };
  // A course that is gone has no version to keep it under.
  if (outline.version) outlines.set(courseId, outline);
  return outline;
}
