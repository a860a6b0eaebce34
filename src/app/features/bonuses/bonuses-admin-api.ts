// The admin's calls for the settings tabs «Бонусы» and «Приглашения»: the school's bonuses
// (`{school}/school_bonuses/`), its groups to choose from, a logo uploaded as a school picture
// (`{school}/files/`, kind picture, no course), the invites programme (`{school}/invites_program/`).
// Every call and shape comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';
import type { Bonus } from './bonuses-api.ts';

const api = () => appSession().api;

/** A bonus as its admin reads it (the same answer: its logo's file id and groups are there for staff). */
export type AdminBonus = Bonus;
export type BonusInput = ApiBody<'POST {school}/school_bonuses/'>;

export const ADMIN_BONUSES_PAGE_SIZE = 20;

/** The tab's filter as its controls hold it. */
export interface BonusFilter {
  search: string;
  /** '' : all. */
  active: '' | 'true' | 'false';
}

export const listAdminBonuses = (school: string, page: number, filter: BonusFilter) =>
  apiCall(api(), 'GET {school}/school_bonuses/', {
    path: { school },
    query: { p: page, s: ADMIN_BONUSES_PAGE_SIZE, ...(filter.search.trim() ? { search: filter.search.trim() } : {}), ...(filter.active ? { is_active: filter.active === 'true' } : {}) },
  });
export const createBonus = (school: string, body: BonusInput) => apiCall(api(), 'POST {school}/school_bonuses/', { path: { school }, body });
export const patchBonus = (school: string, id: number, body: ApiBody<'PATCH {school}/school_bonuses/{id}/'>) =>
  apiCall(api(), 'PATCH {school}/school_bonuses/{id}/', { path: { school, id }, body });
export const deleteBonus = (school: string, id: number) => apiCall(api(), 'DELETE {school}/school_bonuses/{id}/', { path: { school, id } });

/** The school's groups, the first 100 (the server's largest page), to choose who sees a bonus or programme. */
export const listSchoolGroups = (school: string) => apiCall(api(), 'GET {school}/students_group/', { path: { school }, query: { p: 1, s: 100 } }).then((page) => page.results);

export type InvitesProgram = ApiAnswer<'GET {school}/invites_program/'>['results'][number];
export type InvitesProgramInput = ApiBody<'POST {school}/invites_program/'>;

export const getInvitesProgram = (school: string) => apiCall(api(), 'GET {school}/invites_program/', { path: { school } }).then((page) => page.results[0] ?? null);
export const createInvitesProgram = (school: string, body: InvitesProgramInput) => apiCall(api(), 'POST {school}/invites_program/', { path: { school }, body });
export const patchInvitesProgram = (school: string, id: number, body: InvitesProgramInput) => apiCall(api(), 'PATCH {school}/invites_program/{id}/', { path: { school, id }, body });
export const deleteInvitesProgram = (school: string, id: number) => apiCall(api(), 'DELETE {school}/invites_program/{id}/', { path: { school, id } });

/** The active programme of a student's (or teacher's) groups, or null. */
export const getCurrentInvitesProgram = (school: string) => apiCall(api(), 'GET {school}/invites_program/current/', { path: { school } }).then((answer) => answer.program);
