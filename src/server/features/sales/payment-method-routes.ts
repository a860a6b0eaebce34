import { and, count, desc, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import { fieldError } from '../../shared/errors.ts';
import { httpLink } from '../../shared/http/http-link.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { paymentMethodNotFound, PaymentMethodSchema, paymentMethodView, type PaymentMethodRow } from './payment-methods.ts';
import { sealSecret, secretHint } from './secret-box.ts';
import { schoolPaymentMethods } from './tables.ts';

const Fields = {
  payment_method: Type.Enum(['prodamus', 'sandbox'], { description: 'prodamus; sandbox — тестовая страница оплаты (только в демо-режиме)' }),
  payment_method_name: Text({ minLength: 1, maxLength: 100 }),
  account_no: Text({ maxLength: 200 }),
  api_key: Text({ maxLength: 500, description: 'Секретный ключ платёжной системы: только записывается, никогда не возвращается' }),
  payment_url: Text({ maxLength: 2000, description: 'Адрес платёжной формы (https://…)' }),
  is_active: Type.Boolean(),
};
const CreateBody = Type.Object({ ...Type.Partial(Type.Object(Fields)).properties, payment_method: Fields.payment_method, payment_method_name: Fields.payment_method_name });
const PatchBody = Type.Partial(Type.Object({ ...Fields, payment_method: Type.Optional(Fields.payment_method) }));
type Input = Static<typeof PatchBody>;

const Params = Type.Object({ school: SchoolName, id: Id });

const SANDBOX_ONLY_IN_DEMO = 'Тестовая оплата доступна только в демо-режиме.';
const KEY_REQUIRED = 'Укажите секретный ключ платёжной системы.';
const URL_REQUIRED = 'Укажите адрес платёжной формы.';

/**
 * The school's payment methods (settings tab `payment-methods`, reference §4.13 fixed per §5.2.5):
 * only the school's admins, only their school's methods; the secret key is sealed at rest and no
 * answer carries it (has_api_key and its last four characters instead). A key is replaced by
 * sending a new one; omitting it keeps the stored one.
 */
export async function paymentMethodRoutes(app: App): Promise<void> {
  const { ctx } = app;

  /** The row's columns after `body`, every rule checked against the result. */
  function changes(schoolId: number, body: Input, current: PaymentMethodRow | null) {
    const set: Partial<typeof schoolPaymentMethods.$inferInsert> = {};
    if (body.payment_method !== undefined) set.provider = body.payment_method;
    if (body.payment_method_name !== undefined) {
      const name = body.payment_method_name.trim();
      if (!name) throw fieldError('payment_method_name', 'Поле не может быть пустым.');
      set.name = name;
    }
    if (body.account_no !== undefined) set.accountNo = body.account_no.trim();
    if (body.payment_url !== undefined) {
      const url = body.payment_url.trim();
      set.paymentUrl = url ? httpLink('payment_url', url) : '';
    }
    if (body.api_key !== undefined) {
      const key = body.api_key.trim();
      set.secretSealed = key ? sealSecret(ctx.config.secret, schoolId, key) : '';
      set.secretHint = key ? secretHint(key) : '';
    }
    if (body.is_active !== undefined) set.isActive = body.is_active;
    const provider = set.provider ?? current?.provider;
    if (provider === 'sandbox' && !ctx.config.demo) throw fieldError('payment_method', SANDBOX_ONLY_IN_DEMO, 'SANDBOX_ONLY_IN_DEMO');
    if (provider === 'prodamus') {
      if ((set.secretSealed ?? current?.secretSealed ?? '') === '') throw fieldError('api_key', KEY_REQUIRED);
      const url = set.paymentUrl ?? current?.paymentUrl ?? '';
      if (url === '') throw fieldError('payment_url', URL_REQUIRED);
      if (!url.startsWith('https://') && !ctx.config.demo) throw fieldError('payment_url', 'Адрес платёжной формы должен начинаться с https://.');
    }
    return set;
  }

  const load = async (schoolId: number, id: number) => {
    const [row] = await ctx.db
      .select()
      .from(schoolPaymentMethods)
      .where(and(eq(schoolPaymentMethods.id, id), eq(schoolPaymentMethods.schoolId, schoolId)));
    if (!row) throw paymentMethodNotFound();
    return row;
  };

  app.get(
    '/:school/payment_method/',
    {
      schema: {
        tags: ['sales'],
        summary: 'Способы оплаты школы, новые сверху (администратор); секретные ключи не возвращаются',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object(PageQuery),
        response: { 200: Page(PaymentMethodSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const where = eq(schoolPaymentMethods.schoolId, school.id);
      const [total] = await ctx.db.select({ n: count() }).from(schoolPaymentMethods).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      const rows = await ctx.db.select().from(schoolPaymentMethods).where(where).orderBy(desc(schoolPaymentMethods.id)).limit(slice.limit).offset(slice.offset);
      return pageEnvelope(request, rows.map((row) => paymentMethodView(ctx, row)), countAll, page, size);
    },
  );

  app.post(
    '/:school/payment_method/',
    {
      schema: {
        tags: ['sales'],
        summary: 'Добавить способ оплаты (администратор): платёжная система, название, номер магазина, секретный ключ, адрес формы',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: PaymentMethodSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const set = changes(school.id, request.body, null);
      const now = ctx.now();
      const [row] = await ctx.db
        .insert(schoolPaymentMethods)
        .values({ ...set, provider: request.body.payment_method, name: set.name!, schoolId: school.id, createdAt: now, updatedAt: now })
        .returning();
      return reply.code(201).send(paymentMethodView(ctx, row!));
    },
  );

  app.get(
    '/:school/payment_method/:id/',
    {
      schema: {
        tags: ['sales'],
        summary: 'Способ оплаты школы (администратор)',
        params: Params,
        response: { 200: PaymentMethodSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return paymentMethodView(ctx, await load(school.id, request.params.id));
    },
  );

  app.patch(
    '/:school/payment_method/:id/',
    {
      schema: {
        tags: ['sales'],
        summary: 'Изменить способ оплаты (администратор); ключ заменяется только новым значением',
        params: Params,
        body: PatchBody,
        response: { 200: PaymentMethodSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const current = await load(school.id, request.params.id);
      const set = changes(school.id, request.body, current);
      const [row] = await ctx.db
        .update(schoolPaymentMethods)
        .set({ ...set, updatedAt: ctx.now() })
        .where(and(eq(schoolPaymentMethods.id, current.id), eq(schoolPaymentMethods.schoolId, school.id)))
        .returning();
      if (!row) throw paymentMethodNotFound();
      return paymentMethodView(ctx, row);
    },
  );

  app.delete(
    '/:school/payment_method/:id/',
    {
      schema: {
        tags: ['sales'],
        summary: 'Удалить способ оплаты (администратор); неоплаченные заказы по нему больше не оплатить',
        params: Params,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const gone = await ctx.db
        .delete(schoolPaymentMethods)
        .where(and(eq(schoolPaymentMethods.id, request.params.id), eq(schoolPaymentMethods.schoolId, school.id)))
        .returning({ id: schoolPaymentMethods.id });
      if (gone.length === 0) throw paymentMethodNotFound();
      return reply.code(204).send(null);
    },
  );
}
