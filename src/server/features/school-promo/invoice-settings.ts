// A school's invoice settings (the seller details on its course buyers' invoices) as the API gives
// them, and the default one for the invoices themselves (features/sales).
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Db } from '../../shared/db/database.ts';
import { notFound } from '../../shared/errors.ts';
import type { PageSlice } from '../../shared/http/pagination.ts';
import { schoolInvoiceSettings } from './tables.ts';

export const invoiceSettingsNotFound = () => notFound('Реквизиты не найдены.', 'INVOICE_SETTINGS_NOT_FOUND');

export const InvoiceSettingsSchema = Type.Object({
  id: Type.Integer(),
  organization_name: Type.String(),
  tax_id: Type.String({ description: 'УНП / ИНН' }),
  address: Type.String(),
  bank_name: Type.String(),
  bank_code: Type.String({ description: 'БИК / SWIFT' }),
  bank_account: Type.String({ description: 'Расчётный счёт (IBAN)' }),
  email: Type.String(),
  phone: Type.String(),
  footer_text: Type.String({ description: 'Текст внизу счёта' }),
  is_default: Type.Boolean({ description: 'Основные реквизиты школы: ими подписываются счета' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type InvoiceSettingsView = Static<typeof InvoiceSettingsSchema>;

function view(row: typeof schoolInvoiceSettings.$inferSelect): InvoiceSettingsView {
  return {
    id: row.id,
    organization_name: row.organizationName,
    tax_id: row.taxId,
    address: row.address,
    bank_name: row.bankName,
    bank_code: row.bankCode,
    bank_account: row.bankAccount,
    email: row.email,
    phone: row.phone,
    footer_text: row.footerText,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The settings matching `where`, newest first (or a page of them). */
export async function invoiceSettingsViews(db: Db, where: SQL, page?: PageSlice): Promise<InvoiceSettingsView[]> {
  const query = db
    .select()
    .from(schoolInvoiceSettings)
    .where(where)
    .orderBy(page?.fromEnd ? asc(schoolInvoiceSettings.id) : desc(schoolInvoiceSettings.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (page?.fromEnd) rows.reverse();
  return rows.map(view);
}

/** The school's default invoice settings (by the partial unique index), or null when it has none. */
export async function defaultInvoiceSettings(db: Db, schoolId: number): Promise<InvoiceSettingsView | null> {
  const [row] = await db
    .select()
    .from(schoolInvoiceSettings)
    .where(and(eq(schoolInvoiceSettings.schoolId, schoolId), eq(schoolInvoiceSettings.isDefault, true)));
  return row ? view(row) : null;
}

/**
 * Takes the school's invoice-settings lock until the transaction ends: the writes that move the
 * default (create, set default, delete) run one at a time per school, so two of them never both
 * clear the others and then collide on the one-default index.
 */
export async function lockSchoolInvoiceSettings(tx: Db, schoolId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('school_invoice_settings'), ${schoolId}::int)`);
}
