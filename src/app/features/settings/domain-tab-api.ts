// The calls of the settings tab «Домен»: the school's own domain ({school}/school_domain/) and its
// check. Every call and shape comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer } from '#core';
import { appSession } from '../../app-session.ts';

export type SchoolDomain = ApiAnswer<'GET {school}/school_domain/{id}/'>;

const api = () => appSession().api;

/** The school's domain, or null: a school has one at most. */
export async function loadDomain(school: string): Promise<SchoolDomain | null> {
  const page = await apiCall(api(), 'GET {school}/school_domain/', { path: { school } });
  return page.results[0] ?? null;
}

export const addDomain = (school: string, domainName: string) => apiCall(api(), 'POST {school}/school_domain/', { path: { school }, body: { domain_name: domainName } });
export const changeDomain = (school: string, id: number, domainName: string) =>
  apiCall(api(), 'PATCH {school}/school_domain/{id}/', { path: { school, id }, body: { domain_name: domainName } });
export const removeDomain = (school: string, id: number) => apiCall(api(), 'DELETE {school}/school_domain/{id}/', { path: { school, id } });
export const verifyDomain = (school: string, id: number) => apiCall(api(), 'POST {school}/school_domain/{id}/verify/', { path: { school, id }, body: {} });
