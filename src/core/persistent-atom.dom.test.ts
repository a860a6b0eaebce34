import { afterEach, describe, expect, it } from 'vitest';
import { persistentAtom, setPersistentStorage } from './persistent-atom.ts';

afterEach(() => {
  setPersistentStorage(undefined);
  localStorage.clear();
});

describe('persistentAtom in a browser', () => {
  it('uses localStorage and follows changes from other tabs', () => {
    setPersistentStorage(undefined);
    localStorage.setItem('school', '{"schoolName":"a"}');
    const $school = persistentAtom('school', { schoolName: '' });
    const seen: string[] = [];
    const stop = $school.subscribe((v) => seen.push(v.schoolName));
    localStorage.setItem('school', '{"schoolName":"b"}');
    window.dispatchEvent(new StorageEvent('storage', { key: 'school' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    stop();
    expect(seen).toEqual(['a', 'b']);
  });
});
