// Course orders as the API gives them: the school's list, and the receipt its buyer (by the
// receipt token) and its admins read.
import { Type, type Static, type TSchema } from 'typebox';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../shared/errors.ts';
import { defaultInvoiceSettings } from '../school-promo/index.ts';
import type { CourseOrder } from './order-links.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const orderNotFound = () => notFound('Заказ не найден.', 'ORDER_NOT_FOUND');

const Status = Type.Enum(['pending', 'paid', 'declined'], { description: 'pending — ожидает оплаты, paid — оплачен, declined — отклонён' });
const Access = Nullable(
  Type.Enum(['granted', 'invited', 'staff', 'failed'], {
    description: 'После оплаты: granted — ученик добавлен в группу, invited — отправлено приглашение с группой, staff — покупатель сотрудник школы, failed — доступ откроет школа',
  }),
);

export const orderNumber = (id: string) => `CO-${id.slice(0, 8).toUpperCase()}`;

export const OrderSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  number: Type.String(),
  course_id: Nullable(Type.Integer()),
  course_name: Type.String(),
  email: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  amount: Type.Integer({ description: 'В копейках (минимальных единицах валюты)' }),
  currency: Type.String(),
  status: Status,
  access: Access,
  payment_method: Type.String(),
  group_id: Nullable(Type.Integer()),
  created_at: Type.String(),
  paid_at: Nullable(Type.String()),
});
export type OrderView = Static<typeof OrderSchema>;

export function orderView(order: CourseOrder): OrderView {
  return {
    id: order.id,
    number: orderNumber(order.id),
    course_id: order.courseId,
    course_name: order.courseName,
    email: order.email,
    name: order.name,
    phone: order.phone,
    amount: order.amount,
    currency: order.currency,
    status: order.status as OrderView['status'],
    access: order.access as OrderView['access'],
    payment_method: order.provider,
    group_id: order.groupId,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
  };
}

const Seller = Type.Object({
  name: Type.String(),
  tax_id: Type.String(),
  address: Type.String(),
  bank_name: Type.String(),
  bank_code: Type.String(),
  bank_account: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  footer_text: Type.String(),
});

export const ReceiptSchema = Type.Object({
  order_id: Type.String({ format: 'uuid' }),
  number: Type.String({ description: 'Номер: CO- и первые 8 знаков номера заказа' }),
  date: Type.String({ description: 'Дата заказа, ISO 8601' }),
  status: Status,
  access: Access,
  paid_at: Nullable(Type.String()),
  course_id: Nullable(Type.Integer()),
  school: Type.Object({ name: Type.String(), title: Type.String() }),
  seller: Seller,
  buyer: Type.Object({ email: Type.String(), name: Type.String() }),
  items: Type.Array(Type.Object({ name: Type.String(), quantity: Type.Integer(), amount: Type.Integer({ description: 'В копейках' }) })),
  total: Type.Integer({ description: 'В копейках' }),
  currency: Type.String(),
  pay_url: Nullable(Type.String({ description: 'Ссылка на оплату, пока заказ не оплачен и не отклонён' })),
});
export type ReceiptView = Static<typeof ReceiptSchema>;

/** The receipt: the seller is the school's default invoice settings, or just its title when it has none. */
export async function receiptView(ctx: AppContext, order: CourseOrder, school: { name: string; title: string }, payUrl: string | null): Promise<ReceiptView> {
  const settings = await defaultInvoiceSettings(ctx.db, order.schoolId);
  return {
    order_id: order.id,
    number: orderNumber(order.id),
    date: order.createdAt.toISOString(),
    status: order.status as ReceiptView['status'],
    access: order.access as ReceiptView['access'],
    paid_at: order.paidAt?.toISOString() ?? null,
    course_id: order.courseId,
    school: { name: school.name, title: school.title },
    seller: {
      name: settings?.organization_name || school.title,
      tax_id: settings?.tax_id ?? '',
      address: settings?.address ?? '',
      bank_name: settings?.bank_name ?? '',
      bank_code: settings?.bank_code ?? '',
      bank_account: settings?.bank_account ?? '',
      email: settings?.email ?? '',
      phone: settings?.phone ?? '',
      footer_text: settings?.footer_text ?? '',
    },
    buyer: { email: order.email, name: order.name },
    items: [{ name: `Курс «${order.courseName}»`, quantity: 1, amount: order.amount }],
    total: order.amount,
    currency: order.currency,
    pay_url: order.status === 'pending' ? payUrl : null,
  };
}
