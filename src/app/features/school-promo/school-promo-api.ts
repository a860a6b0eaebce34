// The school's promo codes and invoice settings as the `promo` settings tab reads and writes them:
// `{school}/promo_codes/` and `{school}/invoice-settings/` (admin only; the server checks every field).
import { appSession } from '../../app-session.ts';

export interface SchoolPromo {
  id: number;
  code: string;
  discount_type: 'percent' | 'fixed';
  /** Percent 1–100, or minor units of `currency`. */
  discount: number;
  currency: string;
  /** False: only `courses` (none left when they were all deleted). */
  all_courses: boolean;
  courses: number[];
  /** ISO 8601; null: no end. */
  expires_at: string | null;
  max_uses: number | null;
  uses_count: number;
  is_active: boolean;
}

export type SchoolPromoInput = Partial<Pick<SchoolPromo, 'code' | 'discount_type' | 'discount' | 'courses' | 'expires_at' | 'max_uses' | 'is_active'>>;

export interface InvoiceSettings {
  id: number;
  organization_name: string;
  tax_id: string;
  address: string;
  bank_name: string;
  bank_code: string;
  bank_account: string;
  email: string;
  phone: string;
  footer_text: string;
  is_default: boolean;
}

export type InvoiceSettingsInput = Partial<Omit<InvoiceSettings, 'id'>>;

export interface ListPage<T> {
  count: number;
  results: T[];
}

/** A course of the school, for choosing the ones a code is for. */
export interface SchoolCourse {
  course_id: number;
  name: string;
  currency: string;
}

export const PROMO_PAGE_SIZE = 20;
export const INVOICE_PAGE_SIZE = 10;

const base = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;
const api = () => appSession().api;

export const listPromos = (school: string, page: number) => api().get<ListPage<SchoolPromo>>(base(school, 'promo_codes/'), { query: { p: page, s: PROMO_PAGE_SIZE } });
export const createPromo = (school: string, body: SchoolPromoInput) => api().post<SchoolPromo>(base(school, 'promo_codes/'), body);
export const patchPromo = (school: string, id: number, body: SchoolPromoInput) => api().patch<SchoolPromo>(base(school, `promo_codes/${id}/`), body);
export const deletePromo = (school: string, id: number) => api().delete<null>(base(school, `promo_codes/${id}/`));

/** The school's courses (the first 100: the choice lists them all at once). */
export const listSchoolCourses = (school: string) => api().get<ListPage<SchoolCourse>>(base(school, 'courses/'), { query: { s: 100 } });

export const listInvoiceSettings = (school: string, page: number) =>
  api().get<ListPage<InvoiceSettings>>(base(school, 'invoice-settings/'), { query: { p: page, s: INVOICE_PAGE_SIZE } });
export const createInvoiceSettings = (school: string, body: InvoiceSettingsInput) => api().post<InvoiceSettings>(base(school, 'invoice-settings/'), body);
export const patchInvoiceSettings = (school: string, id: number, body: InvoiceSettingsInput) => api().patch<InvoiceSettings>(base(school, `invoice-settings/${id}/`), body);
export const deleteInvoiceSettings = (school: string, id: number) => api().delete<null>(base(school, `invoice-settings/${id}/`));
