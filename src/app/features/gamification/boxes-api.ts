// Boxes and prizes as the app reads and writes them (server: features/gamification).
import { appSession } from '../../app-session.ts';

export interface Box {
  id: number;
  name: string;
  icon: string | null;
  /** The admin's only. */
  icon_file?: number | null;
  /** Minor units; 0: not for sale. */
  price: number;
  currency: string;
  quantity: number;
  bonus_quantity: number;
  is_active: boolean;
  auto_deactivation_time: string | null;
  /** The admin's only. */
  prizes?: number[];
}

export interface Prize {
  id: number;
  name: string;
  icon: string | null;
  icon_file: number | null;
  drop_chance: number;
  guaranteed_box_count: number | null;
  is_active: boolean;
}

export interface UserBox {
  id: number;
  box: Box;
  unopened_count: number;
  opened_count: number;
  remaining_to_guarantee: number | null;
}

export interface UserPrize {
  id: number;
  /** The school's prize; null once it was deleted (the member keeps what they won). */
  prize: number | null;
  name: string;
  icon: string | null;
  is_used: boolean;
  received_at: string;
  used_at: string | null;
  user_id: number;
  /** The admin's only. */
  user_email?: string;
}

export interface OpenResult {
  message: string;
  outcome: 'guaranteed' | 'won' | 'nothing';
  prize: { id: number | null; name: string; icon: string | null; user_prize_id: number } | null;
  opening_id: number;
  unopened_count: number;
  remaining_to_guarantee: number | null;
}

export interface PageOf<T> {
  count: number;
  results: T[];
}

/** The server's largest page: a school's boxes and prizes fit in one. */
const ALL = { s: 100 };
export const WON_PAGE_SIZE = 20;

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

export const listBoxes = (school: string) => api().get<PageOf<Box>>(at(school, 'school_box/'), { query: ALL });
export const listPrizes = (school: string) => api().get<PageOf<Prize>>(at(school, 'school_prize/'), { query: ALL });
export const listUserBoxes = (school: string) => api().get<PageOf<UserBox>>(at(school, 'user_boxes/'), { query: ALL });
/** The caller's prizes; for an admin, every prize won in the school, a page at a time. */
export const listUserPrizes = (school: string, page = 1, size = ALL.s) => api().get<PageOf<UserPrize>>(at(school, 'user_prizes/'), { query: { p: page, s: size } });
export const openBox = (school: string, boxId: number) => api().post<OpenResult>(at(school, `open_box/${boxId}/`), {});
export const buyBox = (school: string, boxId: number) => api().post<{ payment_link: string; payment_id: string }>(at(school, 'box_payment_link/'), { box_id: boxId });
/** Only an admin may set it back to unused. */
export const setPrizeUsed = (school: string, id: number, used: boolean) => api().patch<UserPrize>(at(school, `user_prizes/${id}/update_status/`), { is_used: used });
export const markPrizeUsed = (school: string, id: number) => setPrizeUsed(school, id, true);

export interface BoxInput {
  name?: string;
  icon_file?: number | null;
  price?: number;
  quantity?: number;
  bonus_quantity?: number;
  is_active?: boolean;
  auto_deactivation_time?: string | null;
  prizes?: number[];
}

export interface PrizeInput {
  name?: string;
  icon_file?: number | null;
  drop_chance?: number;
  guaranteed_box_count?: number | null;
  is_active?: boolean;
}

export const saveBox = (school: string, id: number | null, body: BoxInput) =>
  id === null ? api().post<Box>(at(school, 'school_box/'), body) : api().patch<Box>(at(school, `school_box/${id}/`), body);
export const deleteBox = (school: string, id: number) => api().delete<null>(at(school, `school_box/${id}/`));
/** Changes several boxes at once: all of them or none. */
export const bulkUpdateBoxes = (school: string, boxes: ({ id: number } & BoxInput)[]) => api().patch<Box[]>(at(school, 'school_box/bulk_update/'), { boxes });
/** Deletes several boxes at once: all of them or none (409 while a member holds an unopened one). */
export const bulkDeleteBoxes = (school: string, ids: number[]) => api().request<null>(at(school, 'school_box/bulk_delete/'), { method: 'DELETE', body: { ids } });
export const savePrize = (school: string, id: number | null, body: PrizeInput) =>
  id === null ? api().post<Prize>(at(school, 'school_prize/'), body) : api().patch<Prize>(at(school, `school_prize/${id}/`), body);
export const deletePrize = (school: string, id: number) => api().delete<null>(at(school, `school_prize/${id}/`));

