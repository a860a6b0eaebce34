import { and, desc, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { notFound } from '../../shared/errors.ts';
import type { MemberRole } from '../../shared/security/school-access.ts';
import { courseFiles, fileUrl } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { schoolBonusGroups, schoolBonuses } from './tables.ts';

/**
 * Who sees which bonus (reference §4.14, spec studentBonus), and a bonus as the API gives it. An
 * admin sees every bonus of the school; a teacher those shown to a group they teach; a student the
 * active, unexpired ones shown to a group they are in. The original left expiry to the client.
 */

export const bonusNotFound = () => notFound('Бонус не найден.', 'BONUS_NOT_FOUND');

export const BonusSchema = Type.Object({
  id: Type.Integer(),
  logo: Type.Union([Type.String({ description: 'Подписанная ссылка на логотип' }), Type.Null()]),
  logo_file: Type.Optional(Type.Union([Type.Integer({ description: 'Изображение школы (kind picture)' }), Type.Null()])),
  text: Type.String(),
  link: Type.String(),
  expire_date: Type.Union([Type.String({ description: 'ISO 8601; null — без срока' }), Type.Null()]),
  active: Type.Boolean(),
  student_groups: Type.Optional(Type.Array(Type.Integer(), { description: 'Группы, которым показан бонус (у преподавателя — его группы); ученику не передаются' })),
});
export type BonusView = Static<typeof BonusSchema>;

export interface BonusViewer {
  role: MemberRole;
  userId: number;
}

/** The groups a teacher teaches, as a subquery. */
const taughtBy = (db: Db, userId: number) => db.select({ id: studentsGroups.id }).from(studentsGroups).where(eq(studentsGroups.teacherId, userId));

/** Which of the school's bonuses the viewer may see; `now` decides what has expired. */
export function visibleBonuses(db: Db, schoolId: number, viewer: BonusViewer, now: Date): SQL {
  const ofSchool = eq(schoolBonuses.schoolId, schoolId);
  if (viewer.role === 'Admin') return ofSchool;
  if (viewer.role === 'Teacher') {
    const shown = db.select({ id: schoolBonusGroups.bonusId }).from(schoolBonusGroups).where(inArray(schoolBonusGroups.groupId, taughtBy(db, viewer.userId)));
    return and(ofSchool, inArray(schoolBonuses.id, shown))!;
  }
  const shown = db
    .select({ id: schoolBonusGroups.bonusId })
    .from(schoolBonusGroups)
    .innerJoin(studentsGroupMembers, eq(studentsGroupMembers.groupId, schoolBonusGroups.groupId))
    .where(eq(studentsGroupMembers.userId, viewer.userId));
  return and(ofSchool, eq(schoolBonuses.active, true), or(isNull(schoolBonuses.expireDate), gt(schoolBonuses.expireDate, now)), inArray(schoolBonuses.id, shown))!;
}

/**
 * The bonuses matching `where`, newest first, each with its logo and groups, in one query (the
 * groups are a subquery run for the rows returned only). `page` reads a slice, or backwards from
 * the end (then put back in order).
 */
export async function bonusViews(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, where: SQL, viewer: BonusViewer, page?: { fromEnd: boolean; limit: number; offset: number }): Promise<BonusView[]> {
  const { db } = ctx;
  const student = viewer.role === 'Student';
  const ownGroups =
    viewer.role === 'Teacher'
      ? sql` and ${schoolBonusGroups.groupId} in (select ${studentsGroups.id} from ${studentsGroups} where ${studentsGroups.teacherId} = ${viewer.userId})`
      : sql``;
  const query = db
    .select({
      bonus: schoolBonuses,
      logoId: courseFiles.id,
      logoName: courseFiles.name,
      // A student is not told which groups a bonus is for.
      groups: student
        ? sql<null>`null`
        : sql<number[]>`array(select ${schoolBonusGroups.groupId} from ${schoolBonusGroups} where ${schoolBonusGroups.bonusId} = ${schoolBonuses.id}${ownGroups} order by ${schoolBonusGroups.groupId})`,
    })
    .from(schoolBonuses)
    .leftJoin(courseFiles, eq(courseFiles.id, schoolBonuses.logoFileId))
    .where(where)
    .orderBy(page?.fromEnd ? asc(schoolBonuses.id) : desc(schoolBonuses.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (page?.fromEnd) rows.reverse();
  return rows.map(({ bonus, logoId, logoName, groups }) => ({
    id: bonus.id,
    logo: logoId === null || logoName === null ? null : fileUrl(ctx, { id: logoId, name: logoName }),
    ...(student ? {} : { logo_file: bonus.logoFileId }),
    text: bonus.text,
    link: bonus.link,
    expire_date: bonus.expireDate?.toISOString() ?? null,
    active: bonus.active,
    ...(student ? {} : { student_groups: (groups ?? []).map(Number) }),
  }));
}

/** One bonus the viewer may see, or 404 (another school's, or not theirs to see, alike). */
export async function bonusView(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, schoolId: number, id: number, viewer: BonusViewer): Promise<BonusView> {
  const [view] = await bonusViews(ctx, and(visibleBonuses(ctx.db, schoolId, viewer, ctx.now()), eq(schoolBonuses.id, id))!, viewer);
  if (!view) throw bonusNotFound();
  return view;
}
