// Boxes and prizes as the API gives them, and the checks their writes share.
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { fieldError, notFound } from '../../shared/errors.ts';
import { courseFiles, fileUrl } from '../courses/index.ts';
import { bpToPercent } from './draw-prize.ts';
import { boxPrizes, schoolBoxes, schoolPrizes } from './tables.ts';

export const boxNotFound = () => notFound('Коробка не найдена.', 'BOX_NOT_FOUND');
export const prizeNotFound = () => notFound('Приз не найден.', 'PRIZE_NOT_FOUND');

export const CHANCES_OVER_100 = 'Сумма шансов призов коробки не может быть больше 100 %.';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const BoxSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Nullable(Type.String({ description: 'Подписанная ссылка на иконку' })),
  icon_file: Type.Optional(Nullable(Type.Integer({ description: 'Изображение школы (kind picture); только администратору' }))),
  price: Type.Integer({ description: 'Цена в копейках (минимальных единицах валюты); 0 — не продаётся' }),
  currency: Type.String(),
  quantity: Type.Integer({ description: 'Коробок за одну покупку' }),
  bonus_quantity: Type.Integer({ description: 'Коробок в подарок к покупке' }),
  is_active: Type.Boolean(),
  auto_deactivation_time: Nullable(Type.String({ description: 'ISO 8601: после этого момента коробка не продаётся' })),
  prizes: Type.Optional(Type.Array(Type.Integer(), { description: 'Призы коробки; только администратору' })),
});
export type BoxView = Static<typeof BoxSchema>;

export const PrizeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Nullable(Type.String({ description: 'Подписанная ссылка на иконку' })),
  icon_file: Nullable(Type.Integer()),
  drop_chance: Type.Number({ description: 'Шанс выпадения, % (до сотых)' }),
  guaranteed_box_count: Nullable(Type.Integer({ description: 'Приз гарантирован каждой N-й открытой коробкой' })),
  is_active: Type.Boolean(),
});
export type PrizeView = Static<typeof PrizeSchema>;

/** A box on sale now: switched on and not past its deactivation time. */
export const boxOnSale = (now: Date): SQL => and(eq(schoolBoxes.isActive, true), or(isNull(schoolBoxes.autoDeactivationTime), gt(schoolBoxes.autoDeactivationTime, now)))!;

const iconUrl = (ctx: Pick<AppContext, 'config' | 'now'>, id: number | null, name: string | null) => (id === null || name === null ? null : fileUrl(ctx, { id, name }));

/** The boxes matching `where`, newest first, with icons and (for an admin) their prizes, in one query. */
export async function boxViews(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, where: SQL, admin: boolean, page?: { fromEnd: boolean; limit: number; offset: number }): Promise<BoxView[]> {
  const query = ctx.db
    .select({
      box: schoolBoxes,
      iconName: courseFiles.name,
      prizes: admin ? sql<number[]>`array(select ${boxPrizes.prizeId} from ${boxPrizes} where ${boxPrizes.boxId} = ${schoolBoxes.id} order by ${boxPrizes.prizeId})` : sql<null>`null`,
    })
    .from(schoolBoxes)
    .leftJoin(courseFiles, eq(courseFiles.id, schoolBoxes.iconFileId))
    .where(where)
    .orderBy(page?.fromEnd ? asc(schoolBoxes.id) : desc(schoolBoxes.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (page?.fromEnd) rows.reverse();
  return rows.map(({ box, iconName, prizes }) => ({
    id: box.id,
    name: box.name,
    icon: iconUrl(ctx, box.iconFileId, iconName),
    ...(admin ? { icon_file: box.iconFileId } : {}),
    price: box.price,
    currency: box.currency,
    quantity: box.quantity,
    bonus_quantity: box.bonusQuantity,
    is_active: box.isActive,
    auto_deactivation_time: box.autoDeactivationTime?.toISOString() ?? null,
    ...(admin ? { prizes: (prizes ?? []).map(Number) } : {}),
  }));
}

export async function boxView(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, schoolId: number, id: number, admin: boolean): Promise<BoxView> {
  const where = and(eq(schoolBoxes.schoolId, schoolId), eq(schoolBoxes.id, id), admin ? undefined : boxOnSale(ctx.now()))!;
  const [view] = await boxViews(ctx, where, admin);
  if (!view) throw boxNotFound();
  return view;
}

export async function prizeViews(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, where: SQL, page?: { fromEnd: boolean; limit: number; offset: number }): Promise<PrizeView[]> {
  const query = ctx.db
    .select({ prize: schoolPrizes, iconName: courseFiles.name })
    .from(schoolPrizes)
    .leftJoin(courseFiles, eq(courseFiles.id, schoolPrizes.iconFileId))
    .where(where)
    .orderBy(page?.fromEnd ? asc(schoolPrizes.id) : desc(schoolPrizes.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (page?.fromEnd) rows.reverse();
  return rows.map(({ prize, iconName }) => ({
    id: prize.id,
    name: prize.name,
    icon: iconUrl(ctx, prize.iconFileId, iconName),
    icon_file: prize.iconFileId,
    drop_chance: bpToPercent(prize.dropChanceBp),
    guaranteed_box_count: prize.guaranteedBoxCount,
    is_active: prize.isActive,
  }));
}

export async function prizeView(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, schoolId: number, id: number): Promise<PrizeView> {
  const [view] = await prizeViews(ctx, and(eq(schoolPrizes.schoolId, schoolId), eq(schoolPrizes.id, id))!);
  if (!view) throw prizeNotFound();
  return view;
}

/** A picture the school uploaded for itself (not for a course or lesson), as bonus logos are; or a field error. */
export async function schoolIcon(db: Db, schoolId: number, fileId: number): Promise<number> {
  const [file] = await db
    .select({ id: courseFiles.id })
    .from(courseFiles)
    .where(and(eq(courseFiles.id, fileId), eq(courseFiles.schoolId, schoolId), eq(courseFiles.kind, 'picture'), isNull(courseFiles.courseId), isNull(courseFiles.lessonId)));
  if (!file) throw fieldError('icon_file', 'Выберите изображение, загруженное для школы.', 'FILE_NOT_FOUND');
  return file.id;
}

/**
 * Box and prize writes of one school take turns (a transaction-scoped advisory lock), so the rule
 * «a box's chances add up to at most 100 %» holds when two admins change them at once.
 */
export async function lockSchoolBoxes(tx: Db, schoolId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x626f78}, ${schoolId})`);
}

/** Refuses when any of `boxIds` would hold prizes whose chances add up to more than 100 %. */
export async function assertChances(tx: Db, boxIds: readonly number[], field: string): Promise<void> {
  if (boxIds.length === 0) return;
  const over = await tx
    .select({ boxId: boxPrizes.boxId })
    .from(boxPrizes)
    .innerJoin(schoolPrizes, eq(schoolPrizes.id, boxPrizes.prizeId))
    .where(inArray(boxPrizes.boxId, [...boxIds]))
    .groupBy(boxPrizes.boxId)
    .having(sql`sum(${schoolPrizes.dropChanceBp}) > 10000`)
    .limit(1);
  if (over.length > 0) throw fieldError(field, CHANCES_OVER_100, 'CHANCES_OVER_100');
}
