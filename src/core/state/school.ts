import { persistentAtom } from '../persistent-atom.ts';

/** Spec §3 client state "school", persisted under `school`. */
export interface SchoolState {
  /** The URL name, e.g. 'Shkola_Romashka'. */
  schoolName: string;
  /** The title the owner typed, e.g. 'Школа Ромашка'; absent in state saved before it was kept. */
  schoolTitle?: string;
  contactLink: string;
  schoolId: number | null;
  headerId: number | null;
  /** The school's colours (#rrggbb; absent or null: the platform's) and logo link, from `schools/{id}/`. */
  accentColor?: string | null;
  accentTextColor?: string | null;
  logo?: string | null;
}

export const INITIAL_SCHOOL: SchoolState = { schoolName: '', schoolTitle: '', contactLink: '', schoolId: null, headerId: null };

export const $school = persistentAtom<SchoolState>('school', INITIAL_SCHOOL);

export function selectSchool(school: SchoolState): void {
  $school.set({ ...school });
}

/** Merges what the server now says of the chosen school (after its settings were saved or re-read). */
export function updateSchool(changes: Partial<Omit<SchoolState, 'schoolName' | 'schoolId'>>): void {
  $school.set({ ...$school.get(), ...changes });
}

export function resetSchool(): void {
  $school.set(INITIAL_SCHOOL);
}

/** How the school reads on screen: its title, or its URL name when the title is unknown. */
export function schoolDisplayName(school: SchoolState): string {
  return school.schoolTitle?.trim() || school.schoolName;
}
