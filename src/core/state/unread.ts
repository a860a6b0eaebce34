import { atom } from 'nanostores';

/** Spec §3 totals of unread messages, unread appeals and meetings; live data, not persisted. */
export interface UnreadTotals {
  messages: number;
  appeals: number;
  meetings: number;
}

export const INITIAL_UNREAD: UnreadTotals = { messages: 0, appeals: 0, meetings: 0 };

export const $unread = atom<UnreadTotals>(INITIAL_UNREAD);

export function setUnread(patch: Partial<UnreadTotals>): void {
  $unread.set({ ...$unread.get(), ...patch });
}
