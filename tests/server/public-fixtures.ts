// Courses with modules and lessons, and autowebinars, put straight into the database for the
// public-route suites.
import type { App } from '../../src/server/context.ts';
import { autowebinars, type ChatScriptLine } from '../../src/server/features/webinars/tables.ts';
import { courses, lessons, sections } from '../../src/server/features/courses/tables.ts';

export interface CourseOptions {
  name?: string;
  description?: string;
  price?: number;
  published?: boolean;
  isCatalog?: boolean;
  order?: number;
  durationDays?: number | null;
  /** Modules with [type, name, active?] lessons. */
  sections?: { name: string; lessons: [string, string, boolean?][] }[];
}

export interface CourseFixture {
  id: number;
  sectionIds: number[];
  lessonIds: number[];
}

let counter = 0;

export async function addCourse(app: App, schoolId: number, options: CourseOptions = {}): Promise<CourseFixture> {
  counter += 1;
  const [course] = await app.ctx.db
    .insert(courses)
    .values({
      schoolId,
      name: options.name ?? `Курс ${counter}`,
      description: options.description ?? 'Описание курса',
      price: options.price ?? 0,
      published: options.published ?? true,
      isCatalog: options.isCatalog ?? true,
      order: options.order ?? 0,
      durationDays: options.durationDays === undefined ? 30 : options.durationDays,
    })
    .returning({ id: courses.id });
  const fixture: CourseFixture = { id: course!.id, sectionIds: [], lessonIds: [] };
  for (const [index, section] of (options.sections ?? []).entries()) {
    const [row] = await app.ctx.db.insert(sections).values({ courseId: fixture.id, name: section.name, order: index + 1 }).returning({ id: sections.id });
    fixture.sectionIds.push(row!.id);
    if (section.lessons.length === 0) continue;
    const rows = await app.ctx.db
      .insert(lessons)
      .values(section.lessons.map(([type, name, active], i) => ({ sectionId: row!.id, type, name, order: i + 1, active: active ?? true })))
      .returning({ id: lessons.id });
    fixture.lessonIds.push(...rows.map((r) => r.id));
  }
  return fixture;
}

export async function addWebinar(
  app: App,
  schoolId: number,
  options: { slug: string; startsAt: Date; repeatMinutes?: number | null; durationMinutes?: number; isActive?: boolean; hasChat?: boolean; chatScript?: ChatScriptLine[] },
): Promise<number> {
  const [row] = await app.ctx.db
    .insert(autowebinars)
    .values({
      schoolId,
      slug: options.slug,
      title: `Вебинар ${options.slug}`,
      description: 'Описание вебинара',
      videoType: 'upload',
      videoUrl: '/media/webinar.mp4',
      startsAt: options.startsAt,
      repeatMinutes: options.repeatMinutes ?? null,
      durationMinutes: options.durationMinutes ?? 60,
      hasChat: options.hasChat ?? true,
      chatEnabled: true,
      chatScript: options.chatScript ?? [],
      isActive: options.isActive ?? true,
    })
    .returning({ id: autowebinars.id });
  return row!.id;
}
