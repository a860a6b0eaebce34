import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { normaliseEmail, normalisePhone } from '../../shared/contacts.ts';
import { fieldError } from '../../shared/errors.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { brandingOf, hexColor, type Branding } from './school-branding.ts';
import { pictureLinks, schoolPicture, type PictureFiles } from './school-pictures.ts';
import { schoolBranding } from './tables.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

const BrandingBody = Type.Object({
  school: Type.Integer(),
  accent_color: Nullable(Type.String({ description: 'Основной цвет (кнопки, ссылки), #rrggbb; null — цвет платформы' })),
  accent_text_color: Nullable(Type.String({ description: 'Цвет текста на основном цвете, #rrggbb; null — белый' })),
  logo_file: Nullable(Type.Integer({ description: 'Изображение школы (POST {school}/files/, kind picture, без курса)' })),
  logo: Nullable(Type.String({ description: 'Подписанная ссылка на логотип' })),
  full_organization_name: Type.String(),
  unp: Type.String({ description: 'УНП (9 цифр) или ИНН (10 или 12 цифр)' }),
  address: Type.String(),
  email: Type.String(),
  phone: Type.String(),
});

// Null first: with coercion a string branch first would turn null into ''.
const BrandingPatch = Type.Object({
  accent_color: Type.Optional(Nullable(Text({ maxLength: 7 }))),
  accent_text_color: Type.Optional(Nullable(Text({ maxLength: 7 }))),
  logo_file: Type.Optional(Nullable(Id)),
  full_organization_name: Type.Optional(Text({ maxLength: 500 })),
  unp: Type.Optional(Text({ maxLength: 20 })),
  address: Type.Optional(Text({ maxLength: 500 })),
  email: Type.Optional(Text({ maxLength: 254 })),
  phone: Type.Optional(Text({ maxLength: 30 })),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function taxId(value: string): string {
  const digits = value.trim();
  if (digits && !/^(\d{9}|\d{10}|\d{12})$/.test(digits)) throw fieldError('unp', 'УНП — 9 цифр, ИНН — 10 или 12 цифр.');
  return digits;
}

function email(value: string): string {
  const text = value.trim();
  if (text && !EMAIL.test(text)) throw fieldError('email', 'Введите корректный адрес электронной почты.');
  return text ? normaliseEmail(text) : '';
}

function phone(value: string): string {
  const text = value.trim();
  if (!text) return '';
  const digits = normalisePhone(text);
  if (!/^\+?\d{5,15}$/.test(digits) || !/^\+?[\d\s()-]+$/.test(text)) throw fieldError('phone', 'Введите номер телефона цифрами, например +375 29 123-45-67.');
  return text.replace(/\s+/g, ' ');
}

/**
 * `{school}/school_branding/` (reference SchoolBranding; settings «Оформление» and «Паспорт»): the
 * school's colours and logo, and its legal details. The school's admins read and change them (the
 * owner is one: the super admin's tabs call the same route); the colours and the logo reach every
 * member through `schools/{id}/`, and the widgets through the public answers.
 */
export async function schoolBrandingRoutes(app: App, files: PictureFiles): Promise<void> {
  const { ctx } = app;

  async function answer(row: Branding) {
    const links = await pictureLinks(files, ctx, [row.logoFileId]);
    return {
      school: row.schoolId,
      accent_color: row.accentColor,
      accent_text_color: row.accentTextColor,
      logo_file: row.logoFileId,
      logo: row.logoFileId === null ? null : (links.get(row.logoFileId) ?? null),
      full_organization_name: row.fullOrganizationName,
      unp: row.taxId,
      address: row.address,
      email: row.email,
      phone: row.phone,
    };
  }

  app.get(
    '/:school/school_branding/',
    {
      schema: {
        tags: ['schools'],
        summary: 'Оформление и реквизиты школы (администратор)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: BrandingBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return answer(await brandingOf(ctx, school.id));
    },
  );

  app.patch(
    '/:school/school_branding/',
    {
      schema: {
        tags: ['schools'],
        summary: 'Изменить цвета, логотип или реквизиты школы (администратор); переданные поля',
        params: Type.Object({ school: SchoolName }),
        body: BrandingPatch,
        response: { 200: BrandingBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const body = request.body;
      // Every check before anything is written.
      const changes: Partial<typeof schoolBranding.$inferInsert> = {};
      if (body.accent_color !== undefined) changes.accentColor = hexColor('accent_color', body.accent_color);
      if (body.accent_text_color !== undefined) changes.accentTextColor = hexColor('accent_text_color', body.accent_text_color);
      if (body.logo_file !== undefined) changes.logoFileId = await schoolPicture(files, ctx.db, school.id, 'logo_file', body.logo_file);
      if (body.full_organization_name !== undefined) changes.fullOrganizationName = body.full_organization_name.trim();
      if (body.unp !== undefined) changes.taxId = taxId(body.unp);
      if (body.address !== undefined) changes.address = body.address.trim();
      if (body.email !== undefined) changes.email = email(body.email);
      if (body.phone !== undefined) changes.phone = phone(body.phone);
      if (Object.keys(changes).length === 0) return answer(await brandingOf(ctx, school.id));
      const now = ctx.now();
      const [row] = await ctx.db
        .insert(schoolBranding)
        .values({ ...changes, schoolId: school.id, updatedAt: now })
        .onConflictDoUpdate({ target: schoolBranding.schoolId, set: { ...changes, updatedAt: now } })
        .returning();
      return answer(row!);
    },
  );
}
