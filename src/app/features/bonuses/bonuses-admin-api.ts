// The admin's calls for the settings tabs «Бонусы» and «Приглашения»: the school's bonuses
// (`{school}/school_bonuses/`), its groups to choose from, a logo uploaded as a school picture
// (`{school}/files/`, kind picture, no course), the invites programme (`{school}/invites_program/`).
import { appSession } from '../../app-session.ts';
import type { Bonus, BonusPage } from './bonuses-api.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

/** A bonus as its admin reads it: with its logo's file id and its groups. */
export interface AdminBonus extends Bonus {
  logo_file: number | null;
  student_groups: number[];
}

export interface BonusInput {
  text: string;
  link: string;
  expire_date: string | null;
  active: boolean;
  logo_file: number | null;
  student_groups: number[];
}

export const ADMIN_BONUSES_PAGE_SIZE = 20;

export interface BonusFilter {
  search: string;
  /** '' : all. */
  active: '' | 'true' | 'false';
}

export const listAdminBonuses = (school: string, page: number, filter: BonusFilter) =>
  api().get<BonusPage & { results: AdminBonus[] }>(at(school, 'school_bonuses/'), {
    query: { p: page, s: ADMIN_BONUSES_PAGE_SIZE, ...(filter.search.trim() ? { search: filter.search.trim() } : {}), ...(filter.active ? { is_active: filter.active } : {}) },
  });
export const createBonus = (school: string, body: BonusInput) => api().post<AdminBonus>(at(school, 'school_bonuses/'), body);
export const patchBonus = (school: string, id: number, body: Partial<BonusInput>) => api().patch<AdminBonus>(at(school, `school_bonuses/${id}/`), body);
export const deleteBonus = (school: string, id: number) => api().delete<null>(at(school, `school_bonuses/${id}/`));

/** A group of the school, to choose who sees a bonus, banner or programme. */
export interface SchoolGroup {
  group_id: number;
  name: string;
  course_name?: string;
}

/** The school's groups, the first 100 (the server's largest page). */
export const listSchoolGroups = (school: string) =>
  api().get<{ count: number; results: SchoolGroup[] }>(at(school, 'students_group/'), { query: { p: 1, s: 100 } }).then((page) => page.results);


export interface InvitesProgram {
  id: number;
  is_active: boolean;
  link: string;
  groups: number[];
}

export type InvitesProgramInput = Pick<InvitesProgram, 'is_active' | 'link' | 'groups'>;

export const getInvitesProgram = (school: string) =>
  api().get<{ count: number; results: InvitesProgram[] }>(at(school, 'invites_program/')).then((page) => page.results[0] ?? null);
export const createInvitesProgram = (school: string, body: InvitesProgramInput) => api().post<InvitesProgram>(at(school, 'invites_program/'), body);
export const patchInvitesProgram = (school: string, id: number, body: InvitesProgramInput) => api().patch<InvitesProgram>(at(school, `invites_program/${id}/`), body);
export const deleteInvitesProgram = (school: string, id: number) => api().delete<null>(at(school, `invites_program/${id}/`));

/** The active programme of a student's (or teacher's) groups, or null. */
export const getCurrentInvitesProgram = (school: string) =>
  api().get<{ program: { id: number; link: string } | null }>(at(school, 'invites_program/current/')).then((answer) => answer.program);
