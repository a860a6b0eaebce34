import { describe, expect, it } from 'vitest';
import { $school, INITIAL_SCHOOL, resetSchool, selectSchool } from './school.ts';

describe('school state', () => {
  it('selects and resets the school', () => {
    selectSchool({ schoolName: 'Coursehub', contactLink: 'https://t.me/coursehub', schoolId: 1, headerId: 3 });
    expect($school.get().schoolName).toBe('Coursehub');
    resetSchool();
    expect($school.get()).toEqual(INITIAL_SCHOOL);
  });
});
