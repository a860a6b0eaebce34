import { atom } from 'nanostores';
import { shiftFileKeysOnDelete, shiftFileKeysOnInsert, type Landing } from '../landing-blocks.ts';
import { persistentAtom } from '../persistent-atom.ts';

/** Spec §3 "landing": the blocks, persisted under `landing` (null until a landing is loaded). */
export const INITIAL_LANDING: Landing | null = null;
export const $landing = persistentAtom<Landing | null>('landing', INITIAL_LANDING);

/** Files chosen in the constructor, keyed `name_index`; in memory only (files are not JSON). */
export const $landingFiles = atom<Record<string, Blob>>({});

export function setLandingFile(key: string, file: Blob): void {
  $landingFiles.set({ ...$landingFiles.get(), [key]: file });
}

/** Keeps the file keys in step with the list items they belong to (spec §4). */
export function onLandingItemInserted(index: number): void {
  $landingFiles.set(shiftFileKeysOnInsert($landingFiles.get(), index));
}

export function onLandingItemDeleted(index: number): void {
  $landingFiles.set(shiftFileKeysOnDelete($landingFiles.get(), index));
}
