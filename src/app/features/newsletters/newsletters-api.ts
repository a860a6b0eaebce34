// The school's newsletter templates (`{school}/newsletter_templates/`, the admin's) and the public
// unsubscribe call of a mail's link (`newsletter_unsubscribe/{token}/`).
import { appSession } from '../../app-session.ts';

export interface NewsletterTemplate {
  id: number;
  template_name: string;
  /** HTML as the server sanitised it. */
  text: string;
  delay_days: number;
  is_public: boolean;
  sent_count: number;
  template_created_at: string;
}

export type NewsletterInput = Pick<NewsletterTemplate, 'template_name' | 'text' | 'delay_days' | 'is_public'>;

export interface NewsletterPage {
  count: number;
  results: NewsletterTemplate[];
}

export const NEWSLETTERS_PAGE_SIZE = 20;

const base = (school: string) => `${encodeURIComponent(school)}/newsletter_templates/`;

export const listNewsletters = (school: string, page: number) => appSession().api.get<NewsletterPage>(base(school), { query: { p: page, s: NEWSLETTERS_PAGE_SIZE } });
export const createNewsletter = (school: string, body: NewsletterInput) => appSession().api.post<NewsletterTemplate>(base(school), body);
export const patchNewsletter = (school: string, id: number, body: NewsletterInput) => appSession().api.patch<NewsletterTemplate>(`${base(school)}${id}/`, body);
export const deleteNewsletter = (school: string, id: number) => appSession().api.delete<null>(`${base(school)}${id}/`);
// No session: the signed token is the credential, and a stale session must not get in its way.
export const unsubscribe = (token: string) => appSession().api.post<{ school_title: string }>(`newsletter_unsubscribe/${encodeURIComponent(token)}/`, {}, { auth: false });
