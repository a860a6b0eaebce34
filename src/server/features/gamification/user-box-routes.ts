import { randomBytes } from 'node:crypto';
import { and, count, desc, asc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { users } from '../../shared/db/core-tables.ts';
import { AppError, forbidden, notFound } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courseFiles, fileUrl } from '../courses/index.ts';
import { BoxSchema, boxViews } from './box-views.ts';
import { drawPrize, remainingToGuarantee, type DrawPrize } from './draw-prize.ts';
import { boxOpenings, boxPrizes, schoolBoxes, schoolPrizes, userBoxes, userPrizes } from './tables.ts';

export const NO_BOXES = 'У вас нет неоткрытых коробок.';
export const NOTHING_WON = 'Вы ничего не выиграли';
export const prizeWonMessage = (name: string) => `Вы открыли коробку и получили приз: ${name}`;
export const UNUSE_ADMIN_ONLY = 'Вернуть приз в неиспользованные может только администратор школы.';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const UserBoxSchema = Type.Object({
  id: Type.Integer(),
  box: BoxSchema,
  unopened_count: Type.Integer(),
  opened_count: Type.Integer(),
  remaining_to_guarantee: Nullable(Type.Integer({ description: 'Сколько коробок открыть до гарантированного приза (1 — следующая); null — гарантий нет' })),
});

const PrizeBrief = Type.Object({ id: Nullable(Type.Integer()), name: Type.String(), icon: Nullable(Type.String()) });

const OpenResult = Type.Object({
  message: Type.String(),
  outcome: Type.Enum(['guaranteed', 'won', 'nothing']),
  prize: Nullable(Type.Object({ ...PrizeBrief.properties, user_prize_id: Type.Integer() })),
  opening_id: Type.Integer({ description: 'Запись открытия (зерно розыгрыша и исход хранятся на сервере)' }),
  unopened_count: Type.Integer(),
  remaining_to_guarantee: Nullable(Type.Integer()),
});

const UserPrizeSchema = Type.Object({
  id: Type.Integer(),
  prize: Nullable(Type.Integer({ description: 'Приз школы; null — приз удалён' })),
  name: Type.String(),
  icon: Nullable(Type.String()),
  is_used: Type.Boolean(),
  received_at: Type.String(),
  used_at: Nullable(Type.String()),
  user_id: Type.Integer(),
  user_email: Type.Optional(Type.String({ description: 'Только администратору' })),
});

/** The active guarantees of each box's prizes, as a column. */
const guarantees = sql<number[]>`array(select ${schoolPrizes.guaranteedBoxCount} from ${boxPrizes} join ${schoolPrizes} on ${schoolPrizes.id} = ${boxPrizes.prizeId} where ${boxPrizes.boxId} = ${userBoxes.boxId} and ${schoolPrizes.isActive} and ${schoolPrizes.guaranteedBoxCount} is not null)`;

const remaining = (every: readonly unknown[] | null, opened: number) =>
  remainingToGuarantee(
    (every ?? []).map((n) => ({ guaranteed_box_count: Number(n) })),
    opened,
  );

/**
 * A member's side of boxes (reference §4.13): their boxes, opening one, their prizes. The prize is
 * drawn here, never in the browser: each opening takes 32 random bytes as its seed, draws with
 * drawPrize() and records seed, prizes and outcome in box_openings, all in one transaction that
 * holds the member's box row (SELECT … FOR UPDATE), so two openings at once cannot both spend the
 * last box (the original's race, reference §5.2 item 15).
 */
export async function userBoxRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const members = ['Admin', 'Teacher', 'Student'] as const;

  app.get(
    '/:school/user_boxes/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Мои коробки: неоткрытые и открытые, сколько осталось до гарантированного приза',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ ...PageQuery }),
        response: { 200: Page(UserBoxSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, members);
      const userId = request.auth!.userId;
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const where = and(eq(userBoxes.schoolId, school.id), eq(userBoxes.userId, userId))!;
      const [total] = await ctx.db.select({ n: count() }).from(userBoxes).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      const rows = await ctx.db
        .select({ row: userBoxes, every: guarantees })
        .from(userBoxes)
        .where(where)
        .orderBy(slice.fromEnd ? asc(userBoxes.id) : desc(userBoxes.id))
        .limit(slice.limit)
        .offset(slice.offset);
      if (slice.fromEnd) rows.reverse();
      const boxes = new Map(
        (await boxViews(ctx, and(eq(schoolBoxes.schoolId, school.id), sql`${schoolBoxes.id} in (select ${userBoxes.boxId} from ${userBoxes} where ${where})`)!, false)).map((box) => [box.id, box]),
      );
      const results = rows.flatMap(({ row, every }) => {
        const box = boxes.get(row.boxId);
        return box ? [{ id: row.id, box, unopened_count: row.unopenedCount, opened_count: row.openedCount, remaining_to_guarantee: remaining(every, row.openedCount) }] : [];
      });
      return pageEnvelope(request, results, countAll, page, size);
    },
  );

  app.post(
    '/:school/open_box/:box_id/',
    {
      // Clients send `{}` or nothing at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['gamification'],
        summary: 'Открыть свою коробку: приз разыгрывается на сервере, зерно и исход записываются',
        params: Type.Object({ school: SchoolName, box_id: Id }),
        body: Type.Object({}, { description: 'Пустое тело' }),
        response: { 200: OpenResult, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, members);
      const userId = request.auth!.userId;
      const boxId = request.params.box_id;
      const result = await ctx.db.transaction(async (tx) => {
        const [held] = await tx
          .select()
          .from(userBoxes)
          .where(and(eq(userBoxes.schoolId, school.id), eq(userBoxes.userId, userId), eq(userBoxes.boxId, boxId)))
          .for('update');
        if (!held || held.unopenedCount < 1) throw new AppError(400, 'NO_BOXES', NO_BOXES);
        const candidates = await tx
          .select({ id: schoolPrizes.id, name: schoolPrizes.name, dropChanceBp: schoolPrizes.dropChanceBp, guaranteedBoxCount: schoolPrizes.guaranteedBoxCount, iconId: courseFiles.id, iconName: courseFiles.name })
          .from(boxPrizes)
          .innerJoin(schoolPrizes, eq(schoolPrizes.id, boxPrizes.prizeId))
          .leftJoin(courseFiles, eq(courseFiles.id, schoolPrizes.iconFileId))
          .where(and(eq(boxPrizes.boxId, boxId), eq(schoolPrizes.isActive, true), eq(schoolPrizes.schoolId, school.id)))
          .orderBy(asc(schoolPrizes.id));
        const drawn: DrawPrize[] = candidates.map((p) => ({ id: p.id, drop_chance_bp: p.dropChanceBp, guaranteed_box_count: p.guaranteedBoxCount }));
        const seed = randomBytes(32);
        const draw = drawPrize(seed, drawn, held.openedCount);
        const now = ctx.now();
        await tx
          .update(userBoxes)
          .set({ unopenedCount: held.unopenedCount - 1, openedCount: held.openedCount + 1, updatedAt: now })
          .where(eq(userBoxes.id, held.id));
        const prize = draw.prizeId === null ? null : candidates.find((p) => p.id === draw.prizeId)!;
        let userPrizeId: number | null = null;
        if (prize) {
          const [won] = await tx.insert(userPrizes).values({ schoolId: school.id, userId, prizeId: prize.id, prizeName: prize.name, receivedAt: now }).returning({ id: userPrizes.id });
          userPrizeId = won!.id;
        }
        const [opening] = await tx
          .insert(boxOpenings)
          .values({ schoolId: school.id, userId, boxId, seed: seed.toString('hex'), openedBefore: held.openedCount, prizes: drawn, outcome: draw.outcome, prizeId: draw.prizeId, userPrizeId, createdAt: now })
          .returning({ id: boxOpenings.id });
        return {
          message: prize ? prizeWonMessage(prize.name) : NOTHING_WON,
          outcome: draw.outcome,
          prize: prize
            ? { id: prize.id, name: prize.name, icon: prize.iconId === null || prize.iconName === null ? null : fileUrl(ctx, { id: prize.iconId, name: prize.iconName }), user_prize_id: userPrizeId! }
            : null,
          opening_id: opening!.id,
          unopened_count: held.unopenedCount - 1,
          remaining_to_guarantee: remainingToGuarantee(drawn, held.openedCount + 1),
        };
      });
      request.log.info({ schoolId: school.id, userId, boxId, openingId: result.opening_id, outcome: result.outcome }, 'box opened');
      return result;
    },
  );

  app.get(
    '/:school/user_prizes/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Выигранные призы: свои; администратор — все призы школы (фильтр user_id)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ ...PageQuery, user_id: Type.Optional(Id), is_used: Type.Optional(Type.Boolean()) }),
        response: { 200: Page(UserPrizeSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, members);
      const admin = role === 'Admin';
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const userId = admin ? request.query.user_id : request.auth!.userId;
      const where = and(
        eq(userPrizes.schoolId, school.id),
        userId === undefined ? undefined : eq(userPrizes.userId, userId),
        request.query.is_used === undefined ? undefined : eq(userPrizes.isUsed, request.query.is_used),
      )!;
      const [total] = await ctx.db.select({ n: count() }).from(userPrizes).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      const rows = await ctx.db
        .select({ won: userPrizes, iconId: courseFiles.id, iconName: courseFiles.name, email: users.email })
        .from(userPrizes)
        .innerJoin(users, eq(users.id, userPrizes.userId))
        .leftJoin(schoolPrizes, eq(schoolPrizes.id, userPrizes.prizeId))
        .leftJoin(courseFiles, eq(courseFiles.id, schoolPrizes.iconFileId))
        .where(where)
        .orderBy(slice.fromEnd ? asc(userPrizes.id) : desc(userPrizes.id))
        .limit(slice.limit)
        .offset(slice.offset);
      if (slice.fromEnd) rows.reverse();
      const results = rows.map(({ won, iconId, iconName, email }) => ({
        id: won.id,
        prize: won.prizeId,
        name: won.prizeName,
        icon: iconId === null || iconName === null ? null : fileUrl(ctx, { id: iconId, name: iconName }),
        is_used: won.isUsed,
        received_at: won.receivedAt.toISOString(),
        used_at: won.usedAt?.toISOString() ?? null,
        user_id: won.userId,
        ...(admin ? { user_email: email } : {}),
      }));
      return pageEnvelope(request, results, countAll, page, size);
    },
  );

  app.patch(
    '/:school/user_prizes/:id/update_status/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Отметить приз использованным (его владелец или администратор); вернуть в неиспользованные — только администратор',
        params: Type.Object({ school: SchoolName, id: Id }),
        body: Type.Object({ is_used: Type.Boolean() }),
        response: { 200: UserPrizeSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, members);
      const admin = role === 'Admin';
      const userId = request.auth!.userId;
      const [won] = await ctx.db
        .select()
        .from(userPrizes)
        .where(and(eq(userPrizes.id, request.params.id), eq(userPrizes.schoolId, school.id)));
      // Another member's prize is as unknown to a non-admin as another school's.
      if (!won || (!admin && won.userId !== userId)) throw notFound('Приз не найден.', 'PRIZE_NOT_FOUND');
      if (!admin && !request.body.is_used) throw forbidden(UNUSE_ADMIN_ONLY, 'UNUSE_ADMIN_ONLY');
      const isUsed = request.body.is_used;
      const [updated] =
        won.isUsed === isUsed
          ? [won]
          : await ctx.db
              .update(userPrizes)
              .set({ isUsed, usedAt: isUsed ? ctx.now() : null })
              .where(eq(userPrizes.id, won.id))
              .returning();
      const [icon] = updated!.prizeId === null ? [] : await ctx.db.select({ id: courseFiles.id, name: courseFiles.name }).from(schoolPrizes).innerJoin(courseFiles, eq(courseFiles.id, schoolPrizes.iconFileId)).where(eq(schoolPrizes.id, updated!.prizeId));
      const [owner] = admin ? await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, updated!.userId)) : [];
      return {
        id: updated!.id,
        prize: updated!.prizeId,
        name: updated!.prizeName,
        icon: icon ? fileUrl(ctx, icon) : null,
        is_used: updated!.isUsed,
        received_at: updated!.receivedAt.toISOString(),
        used_at: updated!.usedAt?.toISOString() ?? null,
        user_id: updated!.userId,
        ...(owner ? { user_email: owner.email } : {}),
      };
    },
  );
}
