import { subscriptionMessages } from '#core/messages';
import { plural } from '#core/plural';
import { and, count, desc, eq } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { payments } from './tables.ts';
import { tariffs, users } from '../../shared/db/core-tables.ts';
import { notFound } from '../../shared/errors.ts';
import { pageEnvelope } from '../../shared/http/pagination.ts';
import { createPaymentProvider, type Payment } from './payments/provider.ts';
import { requireSchoolRole, type School } from '../../shared/security/school-access.ts';
import { errors, Page, SchoolName } from '../../shared/http/schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const SELLER_NAME = 'Оператор платформы CourseHub';
export const SELLER_DETAILS = 'Реквизиты оператора указываются в договоре-оферте';
const PAGE_SIZE = 20;

const PaymentStatus = Type.Enum(['pending', 'paid', 'declined'], { description: 'pending — ожидает оплаты, paid — оплачен, declined — отклонён' });

const Invoice = Type.Object({
  payment_id: Type.String({ format: 'uuid' }),
  number: Type.String({ description: 'Номер счёта: CH- и первые 8 знаков номера платежа' }),
  date: Type.String({ description: 'Дата выставления (создания платежа), ISO 8601' }),
  status: PaymentStatus,
  paid_at: Nullable(Type.String({ description: 'Когда оплачен, ISO 8601' })),
  seller: Type.Object({ name: Type.String(), details: Type.String() }),
  buyer: Type.Object({ school_title: Type.String(), school_name: Type.String(), owner_email: Nullable(Type.String()) }),
  items: Type.Array(
    Type.Object({
      name: Type.String(),
      quantity: Type.Integer(),
      amount: Type.Integer({ description: 'Сумма позиции в копейках (минимальных единицах валюты)' }),
    }),
  ),
  total: Type.Integer({ description: 'Итого в копейках (минимальных единицах валюты)' }),
  currency: Type.String(),
  pay_url: Nullable(Type.String({ description: 'Ссылка на оплату, пока счёт не оплачен и не отклонён' })),
});

const InvoiceListItem = Type.Object({
  payment_id: Type.String({ format: 'uuid' }),
  number: Type.String(),
  date: Type.String(),
  status: PaymentStatus,
  total: Type.Integer({ description: 'В копейках' }),
  currency: Type.String(),
  tariff: Type.String(),
});

type PaymentStatusValue = 'pending' | 'paid' | 'declined';

export const invoiceNumber = (paymentId: string) => `CH-${paymentId.slice(0, 8).toUpperCase()}`;

const invoiceNotFound = () => notFound('Счёт не найден.', 'INVOICE_NOT_FOUND');

/** "Тариф «Junior» на 3 месяца": the period spelled out, so the plural form matters. */
export const invoiceItemName = (tariff: string, months: number) => `Тариф «${tariff}» на ${plural(months, subscriptionMessages.month)}`;

/**
 * Invoices ('Счёт на оплату') for the school's plan payments (spec §3 invoice data, §7 invoice):
 * every payment row is one invoice, so a school can pay by bank transfer or keep the document.
 */
export async function invoiceRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const provider = createPaymentProvider(ctx.config);

  // Rebuilt on each request rather than stored: a Prodamus link is deterministic (signed order
  // fields), and only the provider that created the payment can settle it.
  async function payUrl(payment: Payment, school: School, tariffName: string, ownerEmail: string | null): Promise<string | null> {
    if (!provider || payment.status !== 'pending' || payment.provider !== provider.name) return null;
    const [creator] = payment.createdBy === null ? [] : await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, payment.createdBy));
    return provider.createPaymentLink(payment, { schoolName: school.name, tariffName, customerEmail: creator?.email ?? ownerEmail ?? '' });
  }

  app.get(
    '/:school/invoice/:paymentId/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Счёт на оплату по платежу школы за тариф (администратор школы)',
        params: Type.Object({ school: SchoolName, paymentId: Type.String({ format: 'uuid' }) }),
        security: [{ bearer: [] }],
        response: { 200: Invoice, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      // Scoped by school in the query itself: another school's payment id reads as unknown.
      const [row] = await ctx.db
        .select({ payment: payments, tariffName: tariffs.name })
        .from(payments)
        .innerJoin(tariffs, eq(tariffs.id, payments.tariffId))
        .where(and(eq(payments.id, request.params.paymentId.toLowerCase()), eq(payments.schoolId, school.id)));
      if (!row) throw invoiceNotFound();
      const { payment, tariffName } = row;
      const [owner] = school.ownerId === null ? [] : await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, school.ownerId));
      const ownerEmail = owner?.email ?? null;
      return {
        payment_id: payment.id,
        number: invoiceNumber(payment.id),
        date: payment.createdAt.toISOString(),
        status: payment.status as PaymentStatusValue,
        paid_at: payment.paidAt?.toISOString() ?? null,
        seller: { name: SELLER_NAME, details: SELLER_DETAILS },
        buyer: { school_title: school.title, school_name: school.name, owner_email: ownerEmail },
        items: [{ name: invoiceItemName(tariffName, payment.months), quantity: 1, amount: payment.amount }],
        total: payment.amount,
        currency: payment.currency,
        pay_url: await payUrl(payment, school, tariffName, ownerEmail),
      };
    },
  );

  app.get(
    '/:school/invoices/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Счета школы за тарифы, новые сверху, по 20 на странице (администратор школы)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ p: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })) }),
        security: [{ bearer: [] }],
        response: { 200: Page(InvoiceListItem), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const where = eq(payments.schoolId, school.id);
      const [total] = await ctx.db.select({ n: count() }).from(payments).where(where);
      const countAll = total?.n ?? 0;
      if ((page - 1) * PAGE_SIZE >= countAll) return pageEnvelope(request, [], countAll, page, PAGE_SIZE);
      const rows = await ctx.db
        .select({ id: payments.id, createdAt: payments.createdAt, status: payments.status, amount: payments.amount, currency: payments.currency, tariffName: tariffs.name })
        .from(payments)
        .innerJoin(tariffs, eq(tariffs.id, payments.tariffId))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE);
      const results = rows.map((row) => ({
        payment_id: row.id,
        number: invoiceNumber(row.id),
        date: row.createdAt.toISOString(),
        status: row.status as PaymentStatusValue,
        total: row.amount,
        currency: row.currency,
        tariff: row.tariffName,
      }));
      return pageEnvelope(request, results, countAll, page, PAGE_SIZE);
    },
  );
}
