import { beforeEach, describe, expect, it } from 'vitest';
import { $landingFiles, onLandingItemDeleted, onLandingItemInserted, setLandingFile } from './landing.ts';

const file = (name: string) => new Blob([name]);

beforeEach(() => $landingFiles.set({}));

describe('landing files state', () => {
  it('renumbers file keys when an item is inserted or deleted', () => {
    const a = file('a');
    const b = file('b');
    const c = file('c');
    setLandingFile('photo_0', a);
    setLandingFile('photo_1', b);
    setLandingFile('photo_2', c);
    onLandingItemInserted(1);
    expect($landingFiles.get()).toEqual({ photo_0: a, photo_2: b, photo_3: c });
    onLandingItemDeleted(2);
    expect($landingFiles.get()).toEqual({ photo_0: a, photo_2: c });
  });
});
