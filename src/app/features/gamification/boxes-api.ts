// Boxes and prizes as the app reads and writes them (server: features/gamification). Every call and
// shape comes from the API contract (#core apiCall), under the school's URL name.
import { apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';

/** A school's box; icon_file and prizes are the admin's only. Price in minor units, 0: not for sale. */
export type Box = ApiAnswer<'GET {school}/school_box/'>['results'][number];
export type Prize = ApiAnswer<'GET {school}/school_prize/'>['results'][number];
export type UserBox = ApiAnswer<'GET {school}/user_boxes/'>['results'][number];
/** A prize won; prize is null once the school deleted it (the member keeps what they won). */
export type UserPrize = ApiAnswer<'GET {school}/user_prizes/'>['results'][number];
export type OpenResult = ApiAnswer<'POST {school}/open_box/{box_id}/'>;
/** The form sends every field, so one shape serves creating and changing. */
export type BoxInput = ApiBody<'POST {school}/school_box/'>;
export type PrizeInput = ApiBody<'POST {school}/school_prize/'>;

/** The server's largest page: a school's boxes and prizes fit in one. */
const ALL = { s: 100 };
export const WON_PAGE_SIZE = 20;

const api = () => appSession().api;

export const listBoxes = (school: string) => apiCall(api(), 'GET {school}/school_box/', { path: { school }, query: ALL });
export const listPrizes = (school: string) => apiCall(api(), 'GET {school}/school_prize/', { path: { school }, query: ALL });
export const listUserBoxes = (school: string) => apiCall(api(), 'GET {school}/user_boxes/', { path: { school }, query: ALL });
/** The caller's prizes; for an admin, every prize won in the school, a page at a time. */
export const listUserPrizes = (school: string, page = 1, size = ALL.s) => apiCall(api(), 'GET {school}/user_prizes/', { path: { school }, query: { p: page, s: size } });
export const openBox = (school: string, boxId: number) => apiCall(api(), 'POST {school}/open_box/{box_id}/', { path: { school, box_id: boxId }, body: {} });
export const buyBox = (school: string, boxId: number) => apiCall(api(), 'POST {school}/box_payment_link/', { path: { school }, body: { box_id: boxId } });
/** Only an admin may set it back to unused. */
export const setPrizeUsed = (school: string, id: number, used: boolean) =>
  apiCall(api(), 'PATCH {school}/user_prizes/{id}/update_status/', { path: { school, id }, body: { is_used: used } });
export const markPrizeUsed = (school: string, id: number) => setPrizeUsed(school, id, true);

export const saveBox = (school: string, id: number | null, body: BoxInput) =>
  id === null ? apiCall(api(), 'POST {school}/school_box/', { path: { school }, body }) : apiCall(api(), 'PATCH {school}/school_box/{id}/', { path: { school, id }, body });
export const deleteBox = (school: string, id: number) => apiCall(api(), 'DELETE {school}/school_box/{id}/', { path: { school, id } });
/** Changes several boxes at once: all of them or none. */
export const bulkUpdateBoxes = (school: string, boxes: ApiBody<'PATCH {school}/school_box/bulk_update/'>['boxes']) =>
  apiCall(api(), 'PATCH {school}/school_box/bulk_update/', { path: { school }, body: { boxes } });
/** Deletes several boxes at once: all of them or none (409 while a member holds an unopened one). */
export const bulkDeleteBoxes = (school: string, ids: number[]) => apiCall(api(), 'DELETE {school}/school_box/bulk_delete/', { path: { school }, body: { ids } });
export const savePrize = (school: string, id: number | null, body: PrizeInput) =>
  id === null ? apiCall(api(), 'POST {school}/school_prize/', { path: { school }, body }) : apiCall(api(), 'PATCH {school}/school_prize/{id}/', { path: { school, id }, body });
export const deletePrize = (school: string, id: number) => apiCall(api(), 'DELETE {school}/school_prize/{id}/', { path: { school, id } });
