// The calls of the settings tab «Домен»: the school's own domain ({school}/school_domain/) and its check.
import { appSession } from '../../app-session.ts';

export interface SchoolDomain {
  id: number;
  school: number;
  domain_name: string;
  verified: boolean;
  verified_at: string | null;
  created_at: string;
  last_check_at: string | null;
  last_check_error: string | null;
  verification: { txt_name: string; txt_value: string; file_url: string; file_content: string };
}

const api = () => appSession().api;
const base = (school: string) => `${encodeURIComponent(school)}/school_domain/`;

/** The school's domain, or null: a school has one at most. */
export async function loadDomain(school: string): Promise<SchoolDomain | null> {
  const page = await api().get<{ count: number; results: SchoolDomain[] }>(base(school));
  return page.results[0] ?? null;
}

export const addDomain = (school: string, domainName: string) => api().post<SchoolDomain>(base(school), { domain_name: domainName });
export const changeDomain = (school: string, id: number, domainName: string) => api().patch<SchoolDomain>(`${base(school)}${id}/`, { domain_name: domainName });
export const removeDomain = (school: string, id: number) => api().delete<null>(`${base(school)}${id}/`);
export const verifyDomain = (school: string, id: number) => api().post<SchoolDomain>(`${base(school)}${id}/verify/`, {});
