// The banners' calls: the admin's `{school}/banners/` (list, create, change, delete, statistics)
// and the student's `banners/current/`, `click/` and `accept/`. Every call and shape comes from the
// API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

/** A banner as its admin reads it; link is an http(s) address or '' for none. */
export type Banner = ApiAnswer<'GET {school}/banners/'>['results'][number];
/** Without groups: every group of the school. */
export type BannerInput = ApiBody<'POST {school}/banners/'>;
export type BannerStatistics = ApiAnswer<'GET {school}/banners/{id}/statistics/'>;
/** What a student sees of the active banner of their groups. */
export type ShownBanner = NonNullable<ApiAnswer<'GET {school}/banners/current/'>['banner']>;

export const BANNERS_PAGE_SIZE = 20;

export const listBanners = (school: string, page: number) => apiCall(api(), 'GET {school}/banners/', { path: { school }, query: { p: page, s: BANNERS_PAGE_SIZE } });
export const createBanner = (school: string, body: BannerInput) => apiCall(api(), 'POST {school}/banners/', { path: { school }, body });
export const patchBanner = (school: string, id: number, body: ApiBody<'PATCH {school}/banners/{id}/'>) => apiCall(api(), 'PATCH {school}/banners/{id}/', { path: { school, id }, body });
export const deleteBanner = (school: string, id: number) => apiCall(api(), 'DELETE {school}/banners/{id}/', { path: { school, id } });

export const getBannerStatistics = (school: string, id: number, range: { start: string; end: string }) =>
  apiCall(api(), 'GET {school}/banners/{id}/statistics/', {
    path: { school, id },
    query: { ...(range.start ? { start_date: range.start } : {}), ...(range.end ? { end_date: range.end } : {}) },
  });

export const listGroupChoices = (school: string) => apiCall(api(), 'GET {school}/students_group/', { path: { school }, query: { p: 1, s: 100 } }).then((page) => page.results);

export const getCurrentBanner = (school: string) => apiCall(api(), 'GET {school}/banners/current/', { path: { school } }).then((answer) => answer.banner);
// An empty body: the server takes it as it takes none.
export const clickBanner = (school: string, id: number) => apiCall(api(), 'POST {school}/banners/{id}/click/', { path: { school, id }, body: {} });
export const acceptBanner = (school: string, id: number) => apiCall(api(), 'POST {school}/banners/{id}/accept/', { path: { school, id }, body: {} });
