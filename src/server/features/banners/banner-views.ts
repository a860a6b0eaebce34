import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Db } from '../../shared/db/database.ts';
import { fieldError, notFound } from '../../shared/errors.ts';
import { studentsGroups } from '../groups/index.ts';
import { bannerClicks, bannerGroups, banners } from './tables.ts';

export const bannerNotFound = () => notFound('Баннер не найден.', 'BANNER_NOT_FOUND');
export const GROUPS_NOT_IN_SCHOOL = 'Не все указанные группы относятся к вашей школе';

/** A banner as its school's admin sees it, with its click counts. */
export const BannerSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  link: Type.String({ description: 'Адрес http(s) или пустая строка' }),
  is_active: Type.Boolean(),
  groups: Type.Array(Type.Integer(), { description: 'Группы, ученики которых видят баннер' }),
  clicks_count: Type.Integer(),
  unique_clicks_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type BannerView = Static<typeof BannerSchema>;

// The outer row's id, qualified: in a single-table select Drizzle writes columns bare, and a bare
// "id" inside a subquery of banner_clicks would be the click's own.
const BANNER_ID = sql.raw('"banners"."id"');

/**
 * The school's banners matching `where`, newest first, with groups and click counts as subqueries
 * of the returned rows only: one query for a page.
 */
export async function bannerViews(db: Db, where: SQL, page?: { fromEnd: boolean; limit: number; offset: number }): Promise<BannerView[]> {
  const query = db
    .select({
      banner: banners,
      groups: sql<number[]>`array(select ${bannerGroups.groupId} from ${bannerGroups} where ${bannerGroups.bannerId} = ${BANNER_ID} order by ${bannerGroups.groupId})`,
      clicks: sql<number>`(select count(*) from ${bannerClicks} where ${bannerClicks.bannerId} = ${BANNER_ID})`.mapWith(Number),
      unique: sql<number>`(select count(distinct ${bannerClicks.userId}) from ${bannerClicks} where ${bannerClicks.bannerId} = ${BANNER_ID})`.mapWith(Number),
    })
    .from(banners)
    .where(where)
    .orderBy(page?.fromEnd ? asc(banners.id) : desc(banners.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (page?.fromEnd) rows.reverse();
  return rows.map(({ banner, groups, clicks, unique }) => ({
    id: banner.id,
    title: banner.title,
    description: banner.description,
    link: banner.link,
    is_active: banner.isActive,
    groups: (groups ?? []).map(Number),
    clicks_count: clicks,
    unique_clicks_count: unique,
    created_at: banner.createdAt.toISOString(),
    updated_at: banner.updatedAt.toISOString(),
  }));
}

/** One banner of the school, or 404 (another school's alike). */
export async function bannerView(db: Db, schoolId: number, id: number): Promise<BannerView> {
  const [view] = await bannerViews(db, and(eq(banners.schoolId, schoolId), eq(banners.id, id))!);
  if (!view) throw bannerNotFound();
  return view;
}

/** The ids without repeats, each a group of the school, or the refusal under `field`. */
export async function schoolGroupIds(db: Db, schoolId: number, ids: readonly number[], field: string): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const rows = await db
    .select({ id: studentsGroups.id })
    .from(studentsGroups)
    .where(and(eq(studentsGroups.schoolId, schoolId), inArray(studentsGroups.id, unique)));
  if (rows.length !== unique.length) throw fieldError(field, GROUPS_NOT_IN_SCHOOL, 'GROUPS_NOT_IN_SCHOOL');
  return unique;
}

/** Every group of the school: a new banner's default audience (reference §4.14). */
export async function allSchoolGroupIds(db: Db, schoolId: number): Promise<number[]> {
  const rows = await db.select({ id: studentsGroups.id }).from(studentsGroups).where(eq(studentsGroups.schoolId, schoolId)).orderBy(studentsGroups.id);
  return rows.map((row) => row.id);
}
