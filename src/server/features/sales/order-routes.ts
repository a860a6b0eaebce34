import { and, count, desc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { publicRead, publicWrite } from '../../shared/http/public-routes.ts';
import { anonymous } from '../../shared/http/rate-limits.ts';
import { Email, errors, Id, Page, PageQuery, Phone, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole, schoolIsActive } from '../../shared/security/school-access.ts';
import { courseForSale, createCourseOrder, notForSale } from './order-create.ts';
import { orderPaymentLink, receiptTokenMatches, type CourseOrder } from './order-links.ts';
import { orderNotFound, OrderSchema, orderView, ReceiptSchema, receiptView } from './order-views.ts';
import { salesMethod } from './payment-methods.ts';
import { courseOrders, schoolPaymentMethods } from './tables.ts';

const Buyer = {
  email: Email,
  name: Type.Optional(Text({ maxLength: 150 })),
  phone: Type.Optional(Type.Union([Type.Literal(''), Phone])),
  promo_code: Type.Optional(Text({ maxLength: 200 })),
};
const BuyBody = Type.Object(Buyer);
const LinkBody = Type.Object({
  course_id: Id,
  ...Buyer,
  group_id: Type.Optional(Id),
});
const Made = Type.Object({
  order: OrderSchema,
  payment_url: Type.String({ description: 'Куда перейти для оплаты (подписанная ссылка платёжной системы или тестовая страница)' }),
});
const Offer = Type.Object({
  course_id: Type.Integer(),
  name: Type.String(),
  price: Type.Integer({ description: 'Цена в копейках (минимальных единицах валюты)' }),
  currency: Type.String(),
  school_title: Type.String(),
  purchasable: Type.Boolean({ description: 'У курса есть цена, а у школы — способ оплаты: курс можно купить онлайн' }),
});

const courseNotFound = () => notFound('Курс не найден.', 'COURSE_NOT_FOUND');

/**
 * Selling a school's courses (spec §7 payment links; reference §4.13 with §5.2.5 fixed): a visitor
 * buys a catalogue course (offer, order, then the receipt by its token), and a school's admin makes
 * payment links for a course (any provider, or Prodamus only) and lists the orders. The server
 * prices every order and signs every link with the school's key; the client never sends a secret.
 */
export async function orderRoutes(app: App): Promise<void> {
  const { ctx } = app;

  async function schoolOf(id: number) {
    const [school] = await ctx.db.select().from(schools).where(eq(schools.id, id));
    if (!school) throw notFound();
    return school;
  }

  app.get(
    '/sales/courses/:id/offer/',
    {
      config: publicRead(app),
      schema: {
        tags: ['sales'],
        summary: 'Можно ли купить курс каталога онлайн: цена и наличие способа оплаты у школы (без входа)',
        params: Type.Object({ id: Id }),
        response: { 200: Offer, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      const course = await courseForSale(ctx, request.params.id, null, true);
      if (!course) throw courseNotFound();
      const school = await schoolOf(course.schoolId);
      if (!schoolIsActive(school, ctx.now())) throw courseNotFound();
      const method = await salesMethod(ctx, ctx.db, school.id);
      return { course_id: course.id, name: course.name, price: course.price, currency: school.currency, school_title: school.title, purchasable: method !== null };
    },
  );

  app.post(
    '/sales/courses/:id/orders/',
    {
      config: publicWrite(app),
      schema: {
        tags: ['sales'],
        summary: 'Купить курс каталога: заказ по цене курса (с промокодом школы) и ссылка на оплату (без входа)',
        params: Type.Object({ id: Id }),
        body: BuyBody,
        response: { 201: Made, ...errors(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const course = await courseForSale(ctx, request.params.id, null, true);
      if (!course) throw courseNotFound();
      const school = await schoolOf(course.schoolId);
      const method = await salesMethod(ctx, ctx.db, school.id);
      if (!method) throw notForSale();
      const body = request.body;
      const made = await createCourseOrder(ctx, request.log, school, course, method, { email: body.email, name: body.name, phone: body.phone, promoCode: body.promo_code });
      return reply.code(201).send({ order: orderView(made.order), payment_url: made.paymentUrl });
    },
  );

  app.get(
    '/sales/orders/:id/',
    {
      config: anonymous(app, 60),
      schema: {
        tags: ['sales'],
        summary: 'Чек покупателя курса: статус оплаты и доступа, продавец, сумма (по токену из ссылки возврата, без входа)',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        querystring: Type.Object({ t: Type.String({ minLength: 1, maxLength: 100, pattern: '^[0-9a-fA-F]+$' }) }),
        response: { 200: ReceiptSchema, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      // A wrong token reads as an unknown order: the id alone tells nothing.
      if (!receiptTokenMatches(ctx.config.secret, id, request.query.t)) throw orderNotFound();
      const [order] = await ctx.db.select().from(courseOrders).where(eq(courseOrders.id, id));
      if (!order) throw orderNotFound();
      const school = await schoolOf(order.schoolId);
      reply.header('cache-control', 'no-store');
      return receiptView(ctx, order, school, await payUrl(order, school.title));
    },
  );

  /** A pending order's link, rebuilt (deterministic) while its method can still sign. */
  async function payUrl(order: CourseOrder, schoolTitle: string): Promise<string | null> {
    if (order.status !== 'pending' || order.paymentMethodId === null) return null;
    const [method] = await ctx.db.select().from(schoolPaymentMethods).where(eq(schoolPaymentMethods.id, order.paymentMethodId));
    return method ? orderPaymentLink(ctx, order, method, schoolTitle) : null;
  }

  app.get(
    '/:school/payment_link/',
    {
      schema: {
        tags: ['sales'],
        summary: 'Заказы курсов школы (ссылки на оплату), новые сверху (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ ...PageQuery, status: Type.Optional(Type.Enum(['pending', 'paid', 'declined'])) }),
        response: { 200: Page(OrderSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const where = and(eq(courseOrders.schoolId, school.id), request.query.status ? eq(courseOrders.status, request.query.status) : undefined)!;
      const [total] = await ctx.db.select({ n: count() }).from(courseOrders).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      // By the (school, created_at, id) index, newest first.
      const rows = await ctx.db.select().from(courseOrders).where(where).orderBy(desc(courseOrders.createdAt), desc(courseOrders.id)).limit(slice.limit).offset(slice.offset);
      return pageEnvelope(request, rows.map(orderView), countAll, page, size);
    },
  );

  for (const [url, providers, summary] of [
    ['/:school/payment_link/', ['prodamus', 'sandbox'], 'Ссылка на оплату курса для покупателя (администратор): заказ по цене курса, подписанная ссылка'],
    ['/:school/prodamus_payment_link/', ['prodamus'], 'Ссылка на оплату курса через Prodamus (администратор): поля формы Prodamus и подпись HMAC-SHA256 ключом школы'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags: ['sales'],
          summary,
          params: Type.Object({ school: SchoolName }),
          body: LinkBody,
          response: { 201: Made, ...errors(400, 401, 403, 404, 409, 451) },
        },
      },
      async (request, reply) => {
        const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
        const body = request.body;
        const course = await courseForSale(ctx, body.course_id, school, false);
        if (!course) throw new AppError(400, 'COURSE_NOT_FOR_SALE', 'Выберите курс своей школы с ценой.', { course_id: ['Выберите курс своей школы с ценой.'] });
        const method = await salesMethod(ctx, ctx.db, school.id, providers);
        if (!method) throw new AppError(409, 'NO_PAYMENT_METHOD', 'Добавьте действующий способ оплаты в настройках школы.');
        const made = await createCourseOrder(ctx, request.log, school, course, method, {
          email: body.email,
          name: body.name,
          phone: body.phone,
          promoCode: body.promo_code,
          groupId: body.group_id,
          createdBy: request.auth!.userId,
        });
        return reply.code(201).send({ order: orderView(made.order), payment_url: made.paymentUrl });
      },
    );
  }

  app.get(
    '/:school/payment_link/:id/',
    {
      schema: {
        tags: ['sales'],
        summary: 'Чек заказа курса (администратор школы)',
        params: Type.Object({ school: SchoolName, id: Type.String({ format: 'uuid' }) }),
        response: { 200: ReceiptSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [order] = await ctx.db
        .select()
        .from(courseOrders)
        .where(and(eq(courseOrders.id, request.params.id.toLowerCase()), eq(courseOrders.schoolId, school.id)));
      if (!order) throw orderNotFound();
      return receiptView(ctx, order, school, await payUrl(order, school.title));
    },
  );
}
