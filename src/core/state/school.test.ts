import { describe, expect, it } from 'vitest';
import { $school, INITIAL_SCHOOL, resetSchool, schoolDisplayName, selectSchool, updateSchool } from './school.ts';

describe('school state', () => {
  it('selects and resets the school', () => {
    selectSchool({ schoolName: 'Coursehub', contactLink: 'https://t.me/coursehub', schoolId: 1, headerId: 3 });
    expect($school.get().schoolName).toBe('Coursehub');
    resetSchool();
    expect($school.get()).toEqual(INITIAL_SCHOOL);
  });

  it('merges what the server says of the chosen school, keeping its name and id', () => {
    selectSchool({ schoolName: 'Coursehub', schoolTitle: 'Старое', contactLink: '', schoolId: 1, headerId: 3 });
    updateSchool({ schoolTitle: 'Новое', accentColor: '#7c4dff' });
    expect($school.get()).toEqual({ schoolName: 'Coursehub', schoolTitle: 'Новое', contactLink: '', schoolId: 1, headerId: 3, accentColor: '#7c4dff' });
    resetSchool();
  });

  it('reads as its title, or as its URL name in state saved without one', () => {
    expect(schoolDisplayName({ schoolName: 'Shkola_Romashka', schoolTitle: 'Школа Ромашка', contactLink: '', schoolId: 1, headerId: null })).toBe('Школа Ромашка');
    expect(schoolDisplayName({ schoolName: 'Shkola_Romashka', contactLink: '', schoolId: 1, headerId: null })).toBe('Shkola_Romashka');
    expect(schoolDisplayName({ schoolName: 'Shkola_Romashka', schoolTitle: ' ', contactLink: '', schoolId: 1, headerId: null })).toBe('Shkola_Romashka');
  });
});
