import { persistentAtom } from '../persistent-atom.ts';

// Server data the app keeps across reloads (spec §3 persisted keys). Their shapes belong to the
// features that load them; until then they are opaque JSON.
export const $sections = persistentAtom<unknown>('sections', null);
export const $userProfile = persistentAtom<unknown>('userProfile', null);
export const $tariff = persistentAtom<unknown>('tariff', null);
export const $inviteProgram = persistentAtom<unknown>('inviteProgram', null);
