// The school's course sales as the app reads and writes them: `{school}/payment_method/` and
// `{school}/payment_link/` (admins), and the public offer, order and receipt of a catalogue course.
// Every call and shape comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';

/** A payment method; the key itself never comes back, only whether it is set and its last 4 characters. */
export type PaymentMethod = ApiAnswer<'GET {school}/payment_method/{id}/'>;
/** What the form sends, to create or to change a method (the key only when typed anew). */
export type PaymentMethodInput = ApiBody<'POST {school}/payment_method/'>;
/** An order; amounts in kopecks. */
export type CourseOrder = ApiAnswer<'GET {school}/payment_link/'>['results'][number];
export type CourseOffer = ApiAnswer<'GET sales/courses/{id}/offer/'>;
export type Receipt = ApiAnswer<'GET sales/orders/{id}/'>;

export const METHODS_PAGE_SIZE = 20;
export const ORDERS_PAGE_SIZE = 20;

const api = () => appSession().api;

export const listMethods = (school: string, page: number) => apiCall(api(), 'GET {school}/payment_method/', { path: { school }, query: { p: page, s: METHODS_PAGE_SIZE } });
export const createMethod = (school: string, body: PaymentMethodInput) => apiCall(api(), 'POST {school}/payment_method/', { path: { school }, body });
export const patchMethod = (school: string, id: number, body: PaymentMethodInput) => apiCall(api(), 'PATCH {school}/payment_method/{id}/', { path: { school, id }, body });
export const deleteMethod = (school: string, id: number) => apiCall(api(), 'DELETE {school}/payment_method/{id}/', { path: { school, id } });
export const listOrders = (school: string, page: number) => apiCall(api(), 'GET {school}/payment_link/', { path: { school }, query: { p: page, s: ORDERS_PAGE_SIZE } });

export const getOffer = (courseId: number) => apiCall(api(), 'GET sales/courses/{id}/offer/', { path: { id: courseId }, auth: false });
export const buyCourse = (courseId: number, body: ApiBody<'POST sales/courses/{id}/orders/'>) => apiCall(api(), 'POST sales/courses/{id}/orders/', { path: { id: courseId }, body, auth: false });
export const getReceipt = (orderId: string, token: string) => apiCall(api(), 'GET sales/orders/{id}/', { path: { id: orderId }, query: { t: token }, auth: false });
