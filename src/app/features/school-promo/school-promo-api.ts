// The school's promo codes and invoice settings as the `promo` settings tab reads and writes them:
// `{school}/promo_codes/` and `{school}/invoice-settings/` (admin only; the server checks every field).
// Every call and shape comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';

/** A code; discount is a percent 1–100 or minor units of currency; all_courses false: only `courses`. */
export type SchoolPromo = ApiAnswer<'GET {school}/promo_codes/'>['results'][number];
/** The form sends every field, so one shape serves creating and changing. */
export type SchoolPromoInput = ApiBody<'POST {school}/promo_codes/'>;
export type InvoiceSettings = ApiAnswer<'GET {school}/invoice-settings/'>['results'][number];
export type InvoiceSettingsInput = ApiBody<'POST {school}/invoice-settings/'>;
/** What the code's course choice reads of a course of the school. */
export type SchoolCourse = Pick<ApiAnswer<'GET {school}/courses/'>['results'][number], 'course_id' | 'name' | 'currency'>;

export const PROMO_PAGE_SIZE = 20;
export const INVOICE_PAGE_SIZE = 10;

const api = () => appSession().api;

export const listPromos = (school: string, page: number) => apiCall(api(), 'GET {school}/promo_codes/', { path: { school }, query: { p: page, s: PROMO_PAGE_SIZE } });
export const createPromo = (school: string, body: SchoolPromoInput) => apiCall(api(), 'POST {school}/promo_codes/', { path: { school }, body });
export const patchPromo = (school: string, id: number, body: ApiBody<'PATCH {school}/promo_codes/{id}/'>) =>
  apiCall(api(), 'PATCH {school}/promo_codes/{id}/', { path: { school, id }, body });
export const deletePromo = (school: string, id: number) => apiCall(api(), 'DELETE {school}/promo_codes/{id}/', { path: { school, id } });

/** The school's courses (the first 100: the choice lists them all at once). */
export const listSchoolCourses = (school: string) => apiCall(api(), 'GET {school}/courses/', { path: { school }, query: { s: 100 } });

export const listInvoiceSettings = (school: string, page: number) =>
  apiCall(api(), 'GET {school}/invoice-settings/', { path: { school }, query: { p: page, s: INVOICE_PAGE_SIZE } });
export const createInvoiceSettings = (school: string, body: InvoiceSettingsInput) => apiCall(api(), 'POST {school}/invoice-settings/', { path: { school }, body });
export const patchInvoiceSettings = (school: string, id: number, body: ApiBody<'PATCH {school}/invoice-settings/{id}/'>) =>
  apiCall(api(), 'PATCH {school}/invoice-settings/{id}/', { path: { school, id }, body });
export const deleteInvoiceSettings = (school: string, id: number) => apiCall(api(), 'DELETE {school}/invoice-settings/{id}/', { path: { school, id } });
