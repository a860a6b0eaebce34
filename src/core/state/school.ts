import { persistentAtom } from '../persistent-atom.ts';

/** Spec §3 client state "school", persisted under `school`. */
export interface SchoolState {
  schoolName: string;
  contactLink: string;
  schoolId: number | null;
  headerId: number | null;
}

export const INITIAL_SCHOOL: SchoolState = { schoolName: '', contactLink: '', schoolId: null, headerId: null };

export const $school = persistentAtom<SchoolState>('school', INITIAL_SCHOOL);

export function selectSchool(school: SchoolState): void {
  $school.set({ ...school });
}

export function resetSchool(): void {
  $school.set(INITIAL_SCHOOL);
}
