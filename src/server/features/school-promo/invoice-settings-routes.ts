import { and, count, desc, eq, ne } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import { fieldError } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { Email, errors, Id, Page, PageQuery, Phone, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { invoiceSettingsNotFound, InvoiceSettingsSchema, invoiceSettingsViews, lockSchoolInvoiceSettings } from './invoice-settings.ts';
import { schoolInvoiceSettings } from './tables.ts';

export const DEFAULT_REQUIRED = 'Одни из реквизитов должны быть основными: отметьте основными другие.';

const Fields = {
  organization_name: Text({ minLength: 1, maxLength: 300, description: 'Название организации или ИП' }),
  tax_id: Text({ maxLength: 50, description: 'УНП / ИНН' }),
  address: Text({ maxLength: 500 }),
  bank_name: Text({ maxLength: 300 }),
  bank_code: Text({ maxLength: 50, description: 'БИК / SWIFT' }),
  bank_account: Text({ maxLength: 64, description: 'Расчётный счёт (IBAN)' }),
  email: Type.Union([Type.Literal(''), Email]),
  phone: Type.Union([Type.Literal(''), Phone]),
  footer_text: Text({ maxLength: 2000, description: 'Текст внизу счёта' }),
  is_default: Type.Boolean({ description: 'Сделать основными (прежние основные перестают ими быть)' }),
};
const PatchBody = Type.Partial(Type.Object(Fields));
const CreateBody = Type.Object({ ...PatchBody.properties, organization_name: Fields.organization_name });
type SettingsInput = Static<typeof PatchBody>;

const SettingsParams = Type.Object({ school: SchoolName, id: Id });

/** The columns a body sets, texts trimmed (is_default is the transaction's business). */
function settingsChanges(body: SettingsInput): Partial<typeof schoolInvoiceSettings.$inferInsert> {
  const changes: Partial<typeof schoolInvoiceSettings.$inferInsert> = {};
  if (body.organization_name !== undefined) {
    changes.organizationName = body.organization_name.trim();
    if (!changes.organizationName) throw fieldError('organization_name', 'Поле не может быть пустым.');
  }
  if (body.tax_id !== undefined) changes.taxId = body.tax_id.trim();
  if (body.address !== undefined) changes.address = body.address.trim();
  if (body.bank_name !== undefined) changes.bankName = body.bank_name.trim();
  if (body.bank_code !== undefined) changes.bankCode = body.bank_code.trim();
  if (body.bank_account !== undefined) changes.bankAccount = body.bank_account.replace(/\s+/g, ' ').trim();
  if (body.email !== undefined) changes.email = body.email.trim();
  if (body.phone !== undefined) changes.phone = body.phone.trim();
  if (body.footer_text !== undefined) changes.footerText = body.footer_text.trim();
  return changes;
}

/**
 * A school's invoice settings (issue 14, spec «invoice-settings (is_default)»): the seller details
 * printed on the invoices of its course buyers, several per school, exactly one of them the default
 * while any exist: the first is the default, making one the default unsets the others in the same
 * transaction (under the school's lock; a partial unique index guarantees it), the default cannot
 * be unset, only replaced, and deleting it makes the newest remaining one the default.
 */
export async function invoiceSettingsRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/invoice-settings/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Реквизиты школы для счетов покупателям курсов, новые сначала (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object(PageQuery),
        response: { 200: Page(InvoiceSettingsSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const where = eq(schoolInvoiceSettings.schoolId, school.id);
      const [total] = await ctx.db.select({ n: count() }).from(schoolInvoiceSettings).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      return pageEnvelope(request, slice ? await invoiceSettingsViews(ctx.db, where, slice) : [], countAll, page, size);
    },
  );

  app.post(
    '/:school/invoice-settings/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Добавить реквизиты для счетов; первые становятся основными (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: InvoiceSettingsSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const changes = settingsChanges(request.body);
      const now = ctx.now();
      const id = await ctx.db.transaction(async (tx) => {
        await lockSchoolInvoiceSettings(tx, school.id);
        const [current] = await tx
          .select({ id: schoolInvoiceSettings.id })
          .from(schoolInvoiceSettings)
          .where(and(eq(schoolInvoiceSettings.schoolId, school.id), eq(schoolInvoiceSettings.isDefault, true)));
        const isDefault = !current || request.body.is_default === true;
        if (current && isDefault) await tx.update(schoolInvoiceSettings).set({ isDefault: false, updatedAt: now }).where(eq(schoolInvoiceSettings.id, current.id));
        const [row] = await tx
          .insert(schoolInvoiceSettings)
          .values({ ...changes, organizationName: changes.organizationName!, isDefault, schoolId: school.id, createdAt: now, updatedAt: now })
          .returning({ id: schoolInvoiceSettings.id });
        return row!.id;
      });
      const [view] = await invoiceSettingsViews(ctx.db, eq(schoolInvoiceSettings.id, id));
      return reply.code(201).send(view!);
    },
  );

  app.get(
    '/:school/invoice-settings/:id/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Реквизиты для счетов (администратор)',
        params: SettingsParams,
        response: { 200: InvoiceSettingsSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [view] = await invoiceSettingsViews(ctx.db, and(eq(schoolInvoiceSettings.schoolId, school.id), eq(schoolInvoiceSettings.id, request.params.id))!);
      if (!view) throw invoiceSettingsNotFound();
      return view;
    },
  );

  app.patch(
    '/:school/invoice-settings/:id/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Изменить реквизиты; is_default: true делает их основными вместо прежних (администратор)',
        params: SettingsParams,
        body: PatchBody,
        response: { 200: InvoiceSettingsSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const changes = settingsChanges(request.body);
      const id = request.params.id;
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        await lockSchoolInvoiceSettings(tx, school.id);
        const [row] = await tx
          .select({ isDefault: schoolInvoiceSettings.isDefault })
          .from(schoolInvoiceSettings)
          .where(and(eq(schoolInvoiceSettings.id, id), eq(schoolInvoiceSettings.schoolId, school.id)));
        if (!row) throw invoiceSettingsNotFound();
        if (request.body.is_default === false && row.isDefault) throw fieldError('is_default', DEFAULT_REQUIRED, 'DEFAULT_REQUIRED');
        if (request.body.is_default === true && !row.isDefault) {
          await tx
            .update(schoolInvoiceSettings)
            .set({ isDefault: false, updatedAt: now })
            .where(and(eq(schoolInvoiceSettings.schoolId, school.id), eq(schoolInvoiceSettings.isDefault, true)));
          changes.isDefault = true;
        }
        await tx
          .update(schoolInvoiceSettings)
          .set({ ...changes, updatedAt: now })
          .where(eq(schoolInvoiceSettings.id, id));
      });
      const [view] = await invoiceSettingsViews(ctx.db, eq(schoolInvoiceSettings.id, id));
      return view!;
    },
  );

  app.delete(
    '/:school/invoice-settings/:id/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Удалить реквизиты; вместо удалённых основных основными становятся самые новые из оставшихся (администратор)',
        params: SettingsParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      await ctx.db.transaction(async (tx) => {
        await lockSchoolInvoiceSettings(tx, school.id);
        const [deleted] = await tx
          .delete(schoolInvoiceSettings)
          .where(and(eq(schoolInvoiceSettings.id, request.params.id), eq(schoolInvoiceSettings.schoolId, school.id)))
          .returning({ isDefault: schoolInvoiceSettings.isDefault });
        if (!deleted) throw invoiceSettingsNotFound();
        if (!deleted.isDefault) return;
        const [next] = await tx
          .select({ id: schoolInvoiceSettings.id })
          .from(schoolInvoiceSettings)
          .where(and(eq(schoolInvoiceSettings.schoolId, school.id), ne(schoolInvoiceSettings.id, request.params.id)))
          .orderBy(desc(schoolInvoiceSettings.id))
          .limit(1);
        if (next) await tx.update(schoolInvoiceSettings).set({ isDefault: true, updatedAt: ctx.now() }).where(eq(schoolInvoiceSettings.id, next.id));
      });
      return reply.code(204).send(null);
    },
  );
}
