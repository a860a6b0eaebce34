import { PAGE_BACKGROUND, PLATFORM_ACCENT, readableColor } from '#core/color-contrast';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../shared/errors.ts';
import { pictureLinks, type PictureFiles } from './school-pictures.ts';
import { schoolBranding } from './tables.ts';

/**
 * The school's branding (reference SchoolBranding): colours and a logo (settings «Оформление»),
 * the legal details (settings «Паспорт»). The colours reach the app's school area and the public
 * answers the widgets read, which set them as CSS custom properties: only `#rrggbb` is ever stored,
 * so nothing else can reach a style.
 */

export const COLOR_MESSAGE = 'Укажите цвет в формате #RRGGBB, например #ba75ff.';
const HEX = /^#[0-9a-f]{6}$/i;

/** '#BA75FF' → '#ba75ff'; '' or null → null (the platform's colour); anything else a field error. */
export function hexColor(field: string, value: string | null): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  if (!HEX.test(text)) throw fieldError(field, COLOR_MESSAGE, 'INVALID_COLOR');
  return text.toLowerCase();
}

export type Branding = typeof schoolBranding.$inferSelect;

/** The school's row, or an empty one (nothing saved yet). */
export async function brandingOf(ctx: Pick<AppContext, 'db'>, schoolId: number): Promise<Branding> {
  const [row] = await ctx.db.select().from(schoolBranding).where(eq(schoolBranding.schoolId, schoolId));
  return (
    row ?? {
      schoolId,
      accentColor: null,
      accentTextColor: null,
      logoFileId: null,
      fullOrganizationName: '',
      taxId: '',
      address: '',
      email: '',
      phone: '',
      updatedAt: new Date(0),
    }
  );
}

/** What the app and the widgets paint with: the colours (null: the defaults) and the logo's link. */
export interface Decoration {
  accent_color: string | null;
  accent_text_color: string | null;
  logo: string | null;
}

export async function schoolDecoration(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, files: PictureFiles, schoolId: number): Promise<Decoration> {
  const row = await brandingOf(ctx, schoolId);
  const links = await pictureLinks(files, ctx, [row.logoFileId]);
  return { accent_color: row.accentColor, accent_text_color: row.accentTextColor, logo: row.logoFileId === null ? null : (links.get(row.logoFileId) ?? null) };
}

/**
 * The colours alone, for the public answers the widgets paint with (no logo: a signed link would
 * spoil their reuse). Each is made to read as the app's school area does (core's readableColor,
 * WCAG AA): the accent as text on a light page, the text colour on the accent. Done here, as the
 * widgets have no bytes to spare for it; the settings keep the colours as chosen.
 */
export async function schoolColors(ctx: Pick<AppContext, 'db'>, schoolId: number): Promise<{ accent: string | null; accent_text: string | null }> {
  const [row] = await ctx.db
    .select({ accent: schoolBranding.accentColor, accentText: schoolBranding.accentTextColor })
    .from(schoolBranding)
    .where(eq(schoolBranding.schoolId, schoolId));
  const accent = row?.accent ? readableColor(row.accent, PAGE_BACKGROUND).color : null;
  const text = row?.accentText ? readableColor(row.accentText, accent ?? PLATFORM_ACCENT).color : null;
  return { accent, accent_text: text };
}
