import { defaultLanding, LANDING_BLOCK_KEYS, landingWithDefaults, type Landing, type LandingInput, type LandingProgramSection } from '#core/landing-blocks';
import { isSafeLink } from '#core/safe-link';
import { and, asc, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { courseLandings } from './tables.ts';
import { courseFiles, courses, coverColumns, coverJoin, coverUrl, lessons, richTextExcerpt, richTextPlain, sanitizeRichText, sections } from '../courses/index.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { badRequest, fieldError, notFound } from '../../shared/errors.ts';
import { schoolColors } from '../schools/index.ts';

/** What a school stored for a course's landing: the blocks (or fields) it changed. */
export type StoredLanding = Record<string, Record<string, unknown>>;

export const LANDING_MAX_BYTES = 100 * 1024;

export const courseNotFound = () => notFound('Курс не найден.', 'COURSE_NOT_FOUND');

/** A school whose trial or paid period lasts: suspended schools are not advertised. */
export function schoolActiveSql(now: Date): SQL {
  return and(isNotNull(schools.tariffId), or(gt(schools.trialEndDate, now), gt(schools.purchasedTariffEndDate, now)))!;
}

/** Courses a visitor may see: published ones of active schools (the catalogue adds is_catalog). */
export function visibleCourseSql(now: Date, options: { catalog: boolean }): SQL {
  return and(eq(courses.published, true), options.catalog ? eq(courses.isCatalog, true) : undefined, schoolActiveSql(now))!;
}

/** An absolute URL for a stored file or path: widgets run on other sites, so '/x' must name ours. */
export function publicFileUrl(ctx: Pick<AppContext, 'config'>, stored: string | null): string | null {
  if (!stored) return null;
  if (/^https?:\/\//i.test(stored)) return stored;
  if (stored.startsWith('/')) return `${ctx.config.publicUrl}${stored}`;
  return `${ctx.config.publicUrl}/api/uploads/${stored}`;
}

/** Major units (4900.00) from the minor units the price column keeps. */
export const majorUnits = (minor: number) => minor / 100;

/**
 * A course with its school, to select; made on use, since the courses feature may still be loading
 * when this module is (the features import each other).
 */
export const courseWithSchool = () => ({
  course: courses,
  schoolName: schools.name,
  schoolTitle: schools.title,
  contactLink: schools.contactLink,
  currency: schools.currency,
  /** The uploaded cover: select with `.leftJoin(courseFiles, coverJoin)`. */
  cover: coverColumns,
});

export interface CourseWithSchool {
  course: typeof courses.$inferSelect;
  schoolName: string;
  schoolTitle: string;
  contactLink: string | null;
  /** The school's ISO 4217 code: course prices are in it. */
  currency: string;
  cover: { id: number; name: string } | null;
}

/** The most characters of a catalogue card's description (the card shows three lines of it). */
export const CARD_DESCRIPTION_MAX = 300;

/** A catalogue card: the description is a one-line plain-text excerpt (no HTML reaches a card). */
export function courseBody(ctx: Pick<AppContext, 'config' | 'now'>, row: CourseWithSchool) {
  return {
    course_id: row.course.id,
    name: row.course.name,
    description: richTextExcerpt(row.course.description, CARD_DESCRIPTION_MAX),
    price: majorUnits(row.course.price),
    currency: row.currency,
    duration_days: row.course.durationDays,
    format: row.course.format,
    photo_url: coverUrl(ctx, row.cover, publicFileUrl(ctx, row.course.photo)),
    school: row.schoolName,
    school_title: row.schoolTitle,
  };
}

/**
 * A course shown whole (the catalogue's preview, the landing): the description as plain text, for
 * text-only places, and as sanitised HTML (sanitised again on reading: rows written before the
 * sanitiser, or by an import, are safe too), which the preview renders.
 */
export function courseDetailBody(ctx: Pick<AppContext, 'config' | 'now'>, row: CourseWithSchool) {
  return { ...courseBody(ctx, row), description: richTextPlain(row.course.description), description_html: sanitizeRichText(row.course.description) };
}

/**
 * The course's modules with their active lessons, in order: two queries for any number of
 * sections (the original ran three per lesson).
 */
export async function courseProgram(db: Db, courseIds: number[]): Promise<Map<number, LandingProgramSection[]>> {
  const byCourse = new Map<number, LandingProgramSection[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const sectionRows = await db
    .select({ id: sections.id, courseId: sections.courseId, name: sections.name, order: sections.order })
    .from(sections)
    .where(inArray(sections.courseId, courseIds))
    .orderBy(asc(sections.order), asc(sections.id));
  const lessonRows = sectionRows.length
    ? await db
        .select({ id: lessons.id, sectionId: lessons.sectionId, name: lessons.name, type: lessons.type, order: lessons.order })
        .from(lessons)
        .where(and(inArray(lessons.sectionId, sectionRows.map((s) => s.id)), eq(lessons.active, true)))
        .orderBy(asc(lessons.order), asc(lessons.id))
    : [];
  const bySection = new Map<number, LandingProgramSection['lessons']>();
  for (const lesson of lessonRows) {
    const list = bySection.get(lesson.sectionId) ?? [];
    list.push({ lesson_id: lesson.id, name: lesson.name, type: lesson.type, order: lesson.order } as LandingProgramSection['lessons'][number]);
    bySection.set(lesson.sectionId, list);
  }
  for (const section of sectionRows) {
    byCourse.get(section.courseId)?.push({ section_id: section.id, name: section.name, order: section.order, lessons: bySection.get(section.id) ?? [] });
  }
  return byCourse;
}

export async function storedLanding(db: Db, courseId: number): Promise<StoredLanding> {
  const [row] = await db.select({ blocks: courseLandings.blocks }).from(courseLandings).where(eq(courseLandings.courseId, courseId));
  return row?.blocks ?? {};
}

/**
 * The landing as shown: defaults, then the course's own name, description and the school's
 * contact link, then what the school customised; the figures and the programme always come from
 * the course itself.
 */
export function buildLanding(row: CourseWithSchool, stored: StoredLanding, program: LandingProgramSection[]): Landing {
  // The landing's texts are plain text: the header's default is the description's text. Headers
  // saved while that default was the description's HTML (the editor saves a block whole) still
  // hold it verbatim; they read as the text too.
  const text = richTextPlain(row.course.description);
  const header = { name: row.course.name, description: text, contact_link: row.contactLink ?? '', ...stored.header };
  if (typeof header.description === 'string' && header.description.trim() === row.course.description.trim() && row.course.description.trim() !== '') header.description = text;
  const landing = landingWithDefaults({ ...(stored as LandingInput), header } as LandingInput);
  landing.stats.lessonCount = program.reduce((sum, section) => sum + section.lessons.length, 0);
  landing.trainingProgram.sections = program;
  return landing;
}

/** {course, landing} of one course, the body of the catalogue detail and of the landing routes. */
export async function landingBody(ctx: AppContext, where: SQL) {
  const [row] = await ctx.db.select(courseWithSchool()).from(courses).innerJoin(schools, eq(schools.id, courses.schoolId)).leftJoin(courseFiles, coverJoin).where(where);
  if (!row) throw courseNotFound();
  const [stored, program] = await Promise.all([storedLanding(ctx.db, row.course.id), courseProgram(ctx.db, [row.course.id])]);
  // The school's colours: the landing widget paints itself with them (settings «Оформление»).
  const theme = await schoolColors(ctx, row.course.schoolId);
  return { course: courseDetailBody(ctx, row), landing: buildLanding(row, stored, program.get(row.course.id) ?? []), theme };
}

// ---- Checking what an admin stores ----

// Filled from the course on every read: whatever is sent for them is ignored.
const COMPUTED = new Set(['content', 'onlyShow', 'lessonCount', 'sections']);
const URL_FIELDS = new Set(['photoBackground', 'photo', 'avatar', 'contact_link', 'link']);
const MAX_ITEMS = 50;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const jsonType = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** '' or a link a page may follow: http(s), a path on our site, a messenger or mail link (core/safe-link.ts). */
function safeUrl(value: string, field: string): boolean {
  if (value.trim() === '') return true;
  return isSafeLink(value, { schemes: field === 'link' || field === 'contact_link' ? ['tg:', 'mailto:'] : [] });
}

function checkString(path: string, field: string, value: string): string {
  if (URL_FIELDS.has(field) && !safeUrl(value, field)) throw fieldError(path, 'Введите корректную ссылку (http:// или https://).');
  return value;
}

/** A block's fields checked against the default block: known fields only, of the same JSON type. */
function cleanBlock(key: string, given: Record<string, unknown>): Record<string, unknown> {
  const defaults = defaultLanding()[key as keyof Landing] as unknown as Record<string, unknown>;
  const clean: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(given)) {
    const path = `landing.${key}.${field}`;
    if (COMPUTED.has(field) || !(field in defaults) || value === undefined) continue;
    const expected = defaults[field];
    if (jsonType(value) !== jsonType(expected)) throw fieldError(path, 'Неверный тип значения.');
    if (field === 'id' && (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= LANDING_BLOCK_KEYS.length)) {
      throw fieldError(path, `Значение должно быть от 0 до ${LANDING_BLOCK_KEYS.length - 1}.`);
    }
    if (typeof value === 'string') clean[field] = checkString(path, field, value);
    else if (Array.isArray(value)) {
      const itemShape = (expected as unknown[])[0];
      if (value.length > MAX_ITEMS) throw fieldError(path, `Не больше ${MAX_ITEMS} элементов.`);
      clean[field] = value.map((item, index) => {
        if (!isPlainObject(item) || !isPlainObject(itemShape)) throw fieldError(`${path}.${index}`, 'Неверный тип значения.');
        const cleanItem: Record<string, string> = {};
        for (const name of Object.keys(itemShape)) {
          const itemValue = item[name] ?? '';
          if (typeof itemValue !== 'string') throw fieldError(`${path}.${index}.${name}`, 'Неверный тип значения.');
          cleanItem[name] = checkString(`${path}.${index}.${name}`, name, itemValue);
        }
        return cleanItem;
      });
    } else clean[field] = value;
  }
  return clean;
}

/**
 * The stored landing after a PATCH: each given block's fields overlay the stored ones, null resets
 * a block to its default. Unknown blocks and wrongly typed fields are refused; the result is
 * capped at LANDING_MAX_BYTES.
 */
export function mergeLanding(stored: StoredLanding, patch: Record<string, unknown>): StoredLanding {
  const merged: StoredLanding = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (!(LANDING_BLOCK_KEYS as readonly string[]).includes(key)) throw fieldError(`landing.${key}`, 'Неизвестный блок лендинга.');
    if (value === null) {
      delete merged[key];
      continue;
    }
    if (!isPlainObject(value)) throw fieldError(`landing.${key}`, 'Блок должен быть объектом.');
    merged[key] = { ...merged[key], ...cleanBlock(key, value) };
  }
  if (Buffer.byteLength(JSON.stringify(merged)) > LANDING_MAX_BYTES) {
    throw badRequest('Лендинг слишком большой: не больше 100 КБ.', { landing: ['Лендинг слишком большой: не больше 100 КБ.'] }, 'LANDING_TOO_LARGE');
  }
  return merged;
}

export async function saveLanding(ctx: AppContext, courseId: number, blocks: StoredLanding): Promise<void> {
  await ctx.db
    .insert(courseLandings)
    .values({ courseId, blocks, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: courseLandings.courseId, set: { blocks: sql`excluded.blocks`, updatedAt: sql`excluded.updated_at` } });
}
