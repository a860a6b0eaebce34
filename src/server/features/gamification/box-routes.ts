import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { conflict, fieldError } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { assertChances, boxNotFound, boxOnSale, BoxSchema, boxView, boxViews, lockSchoolBoxes, schoolIcon } from './box-views.ts';
import { boxPrizes, schoolBoxes, schoolPrizes, userBoxes } from './tables.ts';

export const PRIZES_NOT_IN_SCHOOL = 'Не все указанные призы относятся к вашей школе.';
export const BOXES_NOT_IN_SCHOOL = 'Не все указанные коробки относятся к вашей школе.';

const BoxFields = {
  name: Text({ minLength: 1, maxLength: 200 }),
  icon_file: Type.Union([Type.Null(), Id], { description: 'Изображение школы (POST files/ с kind picture, без курса); null — без иконки' }),
  price: Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'Цена в копейках; 0 — не продаётся' }),
  quantity: Type.Integer({ minimum: 1, maximum: 1000, description: 'Коробок за одну покупку' }),
  bonus_quantity: Type.Integer({ minimum: 0, maximum: 1000, description: 'Коробок в подарок к покупке' }),
  is_active: Type.Boolean(),
  auto_deactivation_time: Type.Union([Type.Null(), Type.String({ format: 'date-time', maxLength: 40 })], { description: 'ISO 8601 с часовым поясом; null — без срока' }),
  prizes: Type.Array(Id, { maxItems: 100, description: 'Призы школы в этой коробке (заменяет список)' }),
};
const CreateBody = Type.Object({ ...Type.Partial(Type.Object(BoxFields)).properties, name: BoxFields.name });
const PatchBody = Type.Partial(Type.Object(BoxFields));
const BulkUpdateBody = Type.Object({
  boxes: Type.Array(Type.Object({ id: Id, ...Type.Partial(Type.Object(BoxFields)).properties }), { minItems: 1, maxItems: 100, description: 'Коробки школы с изменениями' }),
});
const BulkDeleteBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
type BoxInput = Static<typeof PatchBody>;

const Params = Type.Object({ school: SchoolName });
const BoxParams = Type.Object({ school: SchoolName, id: Id });

/** The columns a body sets (the icon checked), and its prizes without repeats, each of the school. */
async function boxChanges(db: Db, schoolId: number, body: BoxInput) {
  const changes: Partial<typeof schoolBoxes.$inferInsert> = {};
  if (body.name !== undefined) {
    changes.name = body.name.trim();
    if (!changes.name) throw fieldError('name', 'Поле не может быть пустым.');
  }
  if (body.price !== undefined) changes.price = body.price;
  if (body.quantity !== undefined) changes.quantity = body.quantity;
  if (body.bonus_quantity !== undefined) changes.bonusQuantity = body.bonus_quantity;
  if (body.is_active !== undefined) changes.isActive = body.is_active;
  if (body.auto_deactivation_time !== undefined) changes.autoDeactivationTime = body.auto_deactivation_time === null ? null : new Date(body.auto_deactivation_time);
  if (body.icon_file !== undefined) changes.iconFileId = body.icon_file === null ? null : await schoolIcon(db, schoolId, body.icon_file);
  let prizes: number[] | undefined;
  if (body.prizes !== undefined) {
    prizes = [...new Set(body.prizes)];
    if (prizes.length) {
      const found = await db.select({ id: schoolPrizes.id }).from(schoolPrizes).where(and(eq(schoolPrizes.schoolId, schoolId), inArray(schoolPrizes.id, prizes)));
      if (found.length !== prizes.length) throw fieldError('prizes', PRIZES_NOT_IN_SCHOOL, 'PRIZES_NOT_IN_SCHOOL');
    }
  }
  return { changes, prizes };
}

export const BOX_IN_USE = 'У учеников есть неоткрытые коробки этого вида: выключите коробку вместо удаления.';

/** Boxes members bought and have not opened are not taken away: such a box is switched off instead. */
async function assertUnused(tx: Db, boxIds: readonly number[]): Promise<void> {
  const [held] = await tx
    .select({ id: userBoxes.id })
    .from(userBoxes)
    .where(and(inArray(userBoxes.boxId, [...boxIds]), gt(userBoxes.unopenedCount, 0)))
    .limit(1);
  if (held) throw conflict(BOX_IN_USE, 'BOX_IN_USE');
}

async function setPrizes(tx: Db, boxId: number, prizes: number[] | undefined): Promise<void> {
  if (prizes === undefined) return;
  await tx.delete(boxPrizes).where(eq(boxPrizes.boxId, boxId));
  if (prizes.length) await tx.insert(boxPrizes).values(prizes.map((prizeId) => ({ boxId, prizeId })));
}

/**
 * The school's boxes (reference §4.13, `school_box`): the admin lists, creates, changes and deletes
 * them, one at a time or many at once (`bulk_update`, `bulk_delete`: every id of the school, all in
 * one transaction, or nothing); teachers and students see the boxes on sale.
 */
export async function boxRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/school_box/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Коробки: все коробки школы (администратор), продающиеся сейчас (преподаватель, ученик)',
        params: Params,
        querystring: Type.Object({ ...PageQuery }),
        response: { 200: Page(BoxSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const admin = role === 'Admin';
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const where = and(eq(schoolBoxes.schoolId, school.id), admin ? undefined : boxOnSale(ctx.now()))!;
      const [total] = await ctx.db.select({ n: count() }).from(schoolBoxes).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      return pageEnvelope(request, slice ? await boxViews(ctx, where, admin, slice) : [], countAll, page, size);
    },
  );

  app.post(
    '/:school/school_box/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Создать коробку: название, иконка, цена, количество, бонус, активность, призы (администратор)',
        params: Params,
        body: CreateBody,
        response: { 201: BoxSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, prizes } = await boxChanges(ctx.db, school.id, request.body);
      const now = ctx.now();
      const id = await ctx.db.transaction(async (tx) => {
        await lockSchoolBoxes(tx, school.id);
        const [box] = await tx
          .insert(schoolBoxes)
          .values({ ...changes, name: changes.name!, schoolId: school.id, createdAt: now, updatedAt: now })
          .returning({ id: schoolBoxes.id });
        await setPrizes(tx, box!.id, prizes);
        await assertChances(tx, [box!.id], 'prizes');
        return box!.id;
      });
      return reply.code(201).send(await boxView(ctx, school.id, id, true));
    },
  );

  app.patch(
    '/:school/school_box/bulk_update/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Изменить несколько коробок сразу: все или ни одной (администратор)',
        params: Params,
        body: BulkUpdateBody,
        response: { 200: Type.Array(BoxSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const ids = request.body.boxes.map((box) => box.id);
      if (new Set(ids).size !== ids.length) throw fieldError('boxes', 'Каждая коробка может встречаться в списке один раз.');
      const planned: ({ id: number } & Awaited<ReturnType<typeof boxChanges>>)[] = [];
      for (const { id, ...body } of request.body.boxes) planned.push({ id, ...(await boxChanges(ctx.db, school.id, body)) });
      await ctx.db.transaction(async (tx) => {
        await lockSchoolBoxes(tx, school.id);
        const owned = await tx.select({ id: schoolBoxes.id }).from(schoolBoxes).where(and(eq(schoolBoxes.schoolId, school.id), inArray(schoolBoxes.id, ids)));
        if (owned.length !== ids.length) throw fieldError('boxes', BOXES_NOT_IN_SCHOOL, 'BOXES_NOT_IN_SCHOOL');
        for (const { id, changes, prizes } of planned) {
          await tx.update(schoolBoxes).set({ ...changes, updatedAt: ctx.now() }).where(and(eq(schoolBoxes.id, id), eq(schoolBoxes.schoolId, school.id)));
          await setPrizes(tx, id, prizes);
        }
        await assertChances(tx, ids, 'boxes');
      });
      return boxViews(ctx, and(eq(schoolBoxes.schoolId, school.id), inArray(schoolBoxes.id, ids))!, true);
    },
  );

  app.delete(
    '/:school/school_box/bulk_delete/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Удалить несколько коробок сразу: все или ни одной (администратор)',
        params: Params,
        body: BulkDeleteBody,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const ids = [...new Set(request.body.ids)];
      await ctx.db.transaction(async (tx) => {
        await lockSchoolBoxes(tx, school.id);
        await assertUnused(tx, ids);
        const deleted = await tx
          .delete(schoolBoxes)
          .where(and(eq(schoolBoxes.schoolId, school.id), inArray(schoolBoxes.id, ids)))
          .returning({ id: schoolBoxes.id });
        // Any id not of this school undoes the whole deletion.
        if (deleted.length !== ids.length) throw fieldError('ids', BOXES_NOT_IN_SCHOOL, 'BOXES_NOT_IN_SCHOOL');
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:school/school_box/:id/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Коробка (администратор; остальным — пока продаётся)',
        params: BoxParams,
        response: { 200: BoxSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      return boxView(ctx, school.id, request.params.id, role === 'Admin');
    },
  );

  app.patch(
    '/:school/school_box/:id/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Изменить коробку; prizes заменяет список призов (администратор)',
        params: BoxParams,
        body: PatchBody,
        response: { 200: BoxSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, prizes } = await boxChanges(ctx.db, school.id, request.body);
      await ctx.db.transaction(async (tx) => {
        await lockSchoolBoxes(tx, school.id);
        const updated = await tx
          .update(schoolBoxes)
          .set({ ...changes, updatedAt: ctx.now() })
          .where(and(eq(schoolBoxes.id, request.params.id), eq(schoolBoxes.schoolId, school.id)))
          .returning({ id: schoolBoxes.id });
        if (updated.length === 0) throw boxNotFound();
        await setPrizes(tx, request.params.id, prizes);
        await assertChances(tx, [request.params.id], 'prizes');
      });
      return boxView(ctx, school.id, request.params.id, true);
    },
  );

  app.delete(
    '/:school/school_box/:id/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Удалить коробку (администратор); нельзя, пока у учеников есть неоткрытые коробки этого вида (409)',
        params: BoxParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      await ctx.db.transaction(async (tx) => {
        await lockSchoolBoxes(tx, school.id);
        const [box] = await tx.select({ id: schoolBoxes.id }).from(schoolBoxes).where(and(eq(schoolBoxes.id, request.params.id), eq(schoolBoxes.schoolId, school.id)));
        if (!box) throw boxNotFound();
        await assertUnused(tx, [box.id]);
        await tx.delete(schoolBoxes).where(eq(schoolBoxes.id, box.id));
      });
      return reply.code(204).send(null);
    },
  );
}
