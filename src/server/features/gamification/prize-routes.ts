import { and, count, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { fieldError } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { assertChances, lockSchoolBoxes, prizeNotFound, PrizeSchema, prizeView, prizeViews, schoolIcon } from './box-views.ts';
import { percentToBp } from './draw-prize.ts';
import { boxPrizes, schoolPrizes } from './tables.ts';

const PrizeFields = {
  name: Text({ minLength: 1, maxLength: 200 }),
  icon_file: Type.Union([Type.Null(), Id], { description: 'Изображение школы (POST files/ с kind picture, без курса); null — без иконки' }),
  drop_chance: Type.Number({ minimum: 0, maximum: 100, description: 'Шанс выпадения, % (до сотых); у призов одной коробки в сумме не больше 100' }),
  guaranteed_box_count: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 100000 })], { description: 'Приз гарантирован каждой N-й открытой коробкой; null — без гарантии' }),
  is_active: Type.Boolean(),
};
const CreateBody = Type.Object({ ...Type.Partial(Type.Object(PrizeFields)).properties, name: PrizeFields.name });
const PatchBody = Type.Partial(Type.Object(PrizeFields));
type PrizeInput = Static<typeof PatchBody>;

const Params = Type.Object({ school: SchoolName });
const PrizeParams = Type.Object({ school: SchoolName, id: Id });

async function prizeChanges(db: Db, schoolId: number, body: PrizeInput) {
  const changes: Partial<typeof schoolPrizes.$inferInsert> = {};
  if (body.name !== undefined) {
    changes.name = body.name.trim();
    if (!changes.name) throw fieldError('name', 'Поле не может быть пустым.');
  }
  if (body.drop_chance !== undefined) {
    const bp = percentToBp(body.drop_chance);
    if (Math.abs(bp - body.drop_chance * 100) > 1e-6) throw fieldError('drop_chance', 'Укажите шанс с точностью до сотых процента.');
    changes.dropChanceBp = bp;
  }
  if (body.guaranteed_box_count !== undefined) changes.guaranteedBoxCount = body.guaranteed_box_count;
  if (body.is_active !== undefined) changes.isActive = body.is_active;
  if (body.icon_file !== undefined) changes.iconFileId = body.icon_file === null ? null : await schoolIcon(db, schoolId, body.icon_file);
  return changes;
}

/**
 * The school's prizes (reference §4.13, `school_prize`): their chance per opening, a guarantee
 * every N openings, an icon. Administrators only: what lies in a box is the school's business.
 * A change of chance is refused when a box holding the prize would pass 100 %.
 */
export async function prizeRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/school_prize/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Призы школы (администратор)',
        params: Params,
        querystring: Type.Object({ ...PageQuery }),
        response: { 200: Page(PrizeSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const where = eq(schoolPrizes.schoolId, school.id);
      const [total] = await ctx.db.select({ n: count() }).from(schoolPrizes).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      return pageEnvelope(request, slice ? await prizeViews(ctx, where, slice) : [], countAll, page, size);
    },
  );

  app.post(
    '/:school/school_prize/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Создать приз: название, иконка, шанс, гарантия, активность (администратор)',
        params: Params,
        body: CreateBody,
        response: { 201: PrizeSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const changes = await prizeChanges(ctx.db, school.id, request.body);
      const now = ctx.now();
      const [prize] = await ctx.db
        .insert(schoolPrizes)
        .values({ ...changes, name: changes.name!, schoolId: school.id, createdAt: now, updatedAt: now })
        .returning({ id: schoolPrizes.id });
      return reply.code(201).send(await prizeView(ctx, school.id, prize!.id));
    },
  );

  app.get(
    '/:school/school_prize/:id/',
    {
      schema: { tags: ['gamification'], summary: 'Приз (администратор)', params: PrizeParams, response: { 200: PrizeSchema, ...errors(400, 401, 403, 404, 451) } },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return prizeView(ctx, school.id, request.params.id);
    },
  );

  app.patch(
    '/:school/school_prize/:id/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Изменить приз (администратор)',
        params: PrizeParams,
        body: PatchBody,
        response: { 200: PrizeSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const changes = await prizeChanges(ctx.db, school.id, request.body);
      await ctx.db.transaction(async (tx) => {
        await lockSchoolBoxes(tx, school.id);
        const updated = await tx
          .update(schoolPrizes)
          .set({ ...changes, updatedAt: ctx.now() })
          .where(and(eq(schoolPrizes.id, request.params.id), eq(schoolPrizes.schoolId, school.id)))
          .returning({ id: schoolPrizes.id });
        if (updated.length === 0) throw prizeNotFound();
        if (changes.dropChanceBp !== undefined) {
          const boxes = await tx.select({ id: boxPrizes.boxId }).from(boxPrizes).where(eq(boxPrizes.prizeId, request.params.id));
          await assertChances(
            tx,
            boxes.map((box) => box.id),
            'drop_chance',
          );
        }
      });
      return prizeView(ctx, school.id, request.params.id);
    },
  );

  app.delete(
    '/:school/school_prize/:id/',
    {
      schema: {
        tags: ['gamification'],
        summary: 'Удалить приз (администратор); выигранные призы учеников остаются у них',
        params: PrizeParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const deleted = await ctx.db
        .delete(schoolPrizes)
        .where(and(eq(schoolPrizes.id, request.params.id), eq(schoolPrizes.schoolId, school.id)))
        .returning({ id: schoolPrizes.id });
      if (deleted.length === 0) throw prizeNotFound();
      return reply.code(204).send(null);
    },
  );
}
