// The banners' calls: the admin's `{school}/banners/` (list, create, change, delete, statistics)
// and the student's `banners/current/`, `click/` and `accept/`.
import { appSession } from '../../app-session.ts';
import type { GroupChoice } from '../../ui/group-picker.tsx';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

export interface Banner {
  id: number;
  title: string;
  description: string;
  /** An http(s) address, or '' for none. */
  link: string;
  is_active: boolean;
  groups: number[];
  clicks_count: number;
  unique_clicks_count: number;
}

export type BannerInput = Pick<Banner, 'title' | 'description' | 'link' | 'is_active'> & { groups?: number[] };

export const BANNERS_PAGE_SIZE = 20;

export const listBanners = (school: string, page: number) =>
  api().get<{ count: number; results: Banner[] }>(at(school, 'banners/'), { query: { p: page, s: BANNERS_PAGE_SIZE } });
export const createBanner = (school: string, body: BannerInput) => api().post<Banner>(at(school, 'banners/'), body);
export const patchBanner = (school: string, id: number, body: Partial<BannerInput>) => api().patch<Banner>(at(school, `banners/${id}/`), body);
export const deleteBanner = (school: string, id: number) => api().delete<null>(at(school, `banners/${id}/`));

export interface BannerStatistics {
  total_clicks: number;
  unique_clicks: number;
  click_details: { timestamp: string; user_id: number; user_email: string; user_name: string }[];
}

export const getBannerStatistics = (school: string, id: number, range: { start: string; end: string }) =>
  api().get<BannerStatistics>(at(school, `banners/${id}/statistics/`), {
    query: { ...(range.start ? { start_date: range.start } : {}), ...(range.end ? { end_date: range.end } : {}) },
  });

export const listGroupChoices = (school: string) =>
  api().get<{ count: number; results: GroupChoice[] }>(at(school, 'students_group/'), { query: { p: 1, s: 100 } }).then((page) => page.results);

/** What a student sees of the active banner of their groups. */
export type ShownBanner = Pick<Banner, 'id' | 'title' | 'description' | 'link'>;

export const getCurrentBanner = (school: string) => api().get<{ banner: ShownBanner | null }>(at(school, 'banners/current/')).then((answer) => answer.banner);
export const clickBanner = (school: string, id: number) => api().post<null>(at(school, `banners/${id}/click/`));
export const acceptBanner = (school: string, id: number) => api().post<{ status: 'accepted' }>(at(school, `banners/${id}/accept/`));
