// The school's newsletter templates (`{school}/newsletter_templates/`, the admin's) and the public
// unsubscribe call of a mail's link (`newsletter_unsubscribe/{token}/`). Every call and shape comes
// from the API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';

export type NewsletterPage = ApiAnswer<'GET {school}/newsletter_templates/'>;
/** A template; text is HTML as the server sanitised it. */
export type NewsletterTemplate = NewsletterPage['results'][number];
export type NewsletterInput = ApiBody<'POST {school}/newsletter_templates/'>;

export const NEWSLETTERS_PAGE_SIZE = 20;

const api = () => appSession().api;

export const listNewsletters = (school: string, page: number) => apiCall(api(), 'GET {school}/newsletter_templates/', { path: { school }, query: { p: page, s: NEWSLETTERS_PAGE_SIZE } });
export const createNewsletter = (school: string, body: NewsletterInput) => apiCall(api(), 'POST {school}/newsletter_templates/', { path: { school }, body });
export const patchNewsletter = (school: string, id: number, body: ApiBody<'PATCH {school}/newsletter_templates/{id}/'>) =>
  apiCall(api(), 'PATCH {school}/newsletter_templates/{id}/', { path: { school, id }, body });
export const deleteNewsletter = (school: string, id: number) => apiCall(api(), 'DELETE {school}/newsletter_templates/{id}/', { path: { school, id } });
// No session: the signed token is the credential, and a stale session must not get in its way.
export const unsubscribe = (token: string) => apiCall(api(), 'POST newsletter_unsubscribe/{token}/', { path: { token }, body: {}, auth: false });
