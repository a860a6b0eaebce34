// The calls of the settings tabs «Основные», «Оформление» and «Паспорт школы»: the school
// (schools/{id}/), its header (school_headers/{id}/), its branding ({school}/school_branding/), the
// caller's stamp and signature ({school}/school_document/), and pictures uploaded as the school's own.
// Every call and shape comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

/** time_zone: the zone of the dates in the school's mails; video_watched_percent: the share of a video that completes a lesson. */
export type SchoolSettings = ApiAnswer<'GET schools/{id}/'>;
export type SchoolHeader = ApiAnswer<'GET school_headers/{id}/'>;
export type SchoolBranding = ApiAnswer<'GET {school}/school_branding/'>;
export type SchoolDocument = ApiAnswer<'GET {school}/school_document/'>;

/** The fields the «Основные» tab changes. */
type SchoolChanges = Pick<ApiBody<'PATCH schools/{id}/'>, 'title' | 'contact_link' | 'offer_url' | 'time_zone' | 'video_watched_percent'>;

export const getSchool = (schoolId: number) => apiCall(api(), 'GET schools/{id}/', { path: { id: schoolId } });
export const patchSchool = (schoolId: number, body: SchoolChanges) => apiCall(api(), 'PATCH schools/{id}/', { path: { id: schoolId }, body });
export const getHeader = (headerId: number) => apiCall(api(), 'GET school_headers/{id}/', { path: { id: headerId } });
export const patchHeader = (headerId: number, body: ApiBody<'PATCH school_headers/{id}/'>) => apiCall(api(), 'PATCH school_headers/{id}/', { path: { id: headerId }, body });
export const getBranding = (school: string) => apiCall(api(), 'GET {school}/school_branding/', { path: { school } });
export const patchBranding = (school: string, body: ApiBody<'PATCH {school}/school_branding/'>) => apiCall(api(), 'PATCH {school}/school_branding/', { path: { school }, body });
export const getDocument = (school: string) => apiCall(api(), 'GET {school}/school_document/', { path: { school } });
export const patchDocument = (school: string, body: ApiBody<'PATCH {school}/school_document/'>) => apiCall(api(), 'PATCH {school}/school_document/', { path: { school }, body });
