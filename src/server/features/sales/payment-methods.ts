// A school's payment methods as the API gives them (never the secret), and the one a sale uses.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { notFound } from '../../shared/errors.ts';
import { openSecret } from './secret-box.ts';
import { schoolPaymentMethods } from './tables.ts';

export type PaymentMethodRow = typeof schoolPaymentMethods.$inferSelect;
export type SalesProvider = 'prodamus' | 'sandbox';

export const paymentMethodNotFound = () => notFound('Способ оплаты не найден.', 'PAYMENT_METHOD_NOT_FOUND');

export const PaymentMethodSchema = Type.Object({
  id: Type.Integer(),
  payment_method: Type.Enum(['prodamus', 'sandbox'], { description: 'Платёжная система: prodamus или sandbox (тестовая страница, только демо-режим)' }),
  payment_method_name: Type.String(),
  account_no: Type.String({ description: 'Номер магазина или счёта у платёжной системы' }),
  payment_url: Type.String({ description: 'Адрес платёжной формы' }),
  is_active: Type.Boolean(),
  has_api_key: Type.Boolean({ description: 'Секретный ключ задан (сам ключ не возвращается никогда)' }),
  api_key_last4: Type.String({ description: 'Последние 4 символа ключа (пусто, если ключ короче 8 символов)' }),
  usable: Type.Boolean({ description: 'Через этот способ можно принимать оплату сейчас' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type PaymentMethodView = Static<typeof PaymentMethodSchema>;

/** Whether a method can take payments on this server: Prodamus with its key and form, the sandbox only in demo mode. */
export function methodUsable(ctx: Pick<AppContext, 'config'>, row: PaymentMethodRow): boolean {
  if (!row.isActive) return false;
  if (row.provider === 'sandbox') return ctx.config.demo;
  return row.secretSealed !== '' && row.paymentUrl !== '';
}

export function paymentMethodView(ctx: Pick<AppContext, 'config'>, row: PaymentMethodRow): PaymentMethodView {
  return {
    id: row.id,
    payment_method: row.provider as SalesProvider,
    payment_method_name: row.name,
    account_no: row.accountNo,
    payment_url: row.paymentUrl,
    is_active: row.isActive,
    has_api_key: row.secretSealed !== '',
    api_key_last4: row.secretHint,
    usable: methodUsable(ctx, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The newest usable method of the school (of `providers`), or null: what its course sales go through. */
export async function salesMethod(ctx: Pick<AppContext, 'config'>, db: Db, schoolId: number, providers: readonly SalesProvider[] = ['prodamus', 'sandbox']): Promise<PaymentMethodRow | null> {
  const rows = await db
    .select()
    .from(schoolPaymentMethods)
    .where(and(eq(schoolPaymentMethods.schoolId, schoolId), eq(schoolPaymentMethods.isActive, true), inArray(schoolPaymentMethods.provider, [...providers])))
    .orderBy(desc(schoolPaymentMethods.id));
  return rows.find((row) => methodUsable(ctx, row)) ?? null;
}

/** The method's secret key in clear, for signing on the server; null when it has none or it does not open. */
export function methodSecret(ctx: Pick<AppContext, 'config'>, row: PaymentMethodRow): string | null {
  return row.secretSealed ? openSecret(ctx.config.secret, row.schoolId, row.secretSealed) : null;
}
