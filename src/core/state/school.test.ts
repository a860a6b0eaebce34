import { describe, expect, it } from 'vitest';
import { $school, INITIAL_SCHOOL, resetSchool, schoolDisplayName, selectSchool } from './school.ts';

describe('school state', () => {
  it('selects and resets the school', () => {
    selectSchool({ schoolName: 'Coursehub', contactLink: 'https://t.me/coursehub', schoolId: 1, headerId: 3 });
    expect($school.get().schoolName).toBe('Coursehub');
    resetSchool();
    expect($school.get()).toEqual(INITIAL_SCHOOL);
  });

  it('reads as its title, or as its URL name in state saved without one', () => {
    expect(schoolDisplayName({ schoolName: 'Shkola_Romashka', schoolTitle: 'Школа Ромашка', contactLink: '', schoolId: 1, headerId: null })).toBe('Школа Ромашка');
    expect(schoolDisplayName({ schoolName: 'Shkola_Romashka', contactLink: '', schoolId: 1, headerId: null })).toBe('Shkola_Romashka');
    expect(schoolDisplayName({ schoolName: 'Shkola_Romashka', schoolTitle: ' ', contactLink: '', schoolId: 1, headerId: null })).toBe('Shkola_Romashka');
  });
});
