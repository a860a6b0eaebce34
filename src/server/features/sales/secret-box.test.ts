import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, secretHint } from './secret-box.ts';

const SECRET = 'x'.repeat(40);

describe('secret box', () => {
  it('opens what it sealed, for the same school only', () => {
    const sealed = sealSecret(SECRET, 7, 'prodamus-secret-key-123');
    expect(sealed).not.toContain('prodamus');
    expect(openSecret(SECRET, 7, sealed)).toBe('prodamus-secret-key-123');
    expect(openSecret(SECRET, 8, sealed)).toBeNull();
    expect(openSecret('y'.repeat(40), 7, sealed)).toBeNull();
  });

  it('seals the same text differently each time and refuses tampered or malformed boxes', () => {
    const a = sealSecret(SECRET, 1, 'k');
    expect(sealSecret(SECRET, 1, 'k')).not.toBe(a);
    const parts = a.split('.');
    parts[3] = Buffer.from('z').toString('base64url');
    expect(openSecret(SECRET, 1, parts.join('.'))).toBeNull();
    expect(openSecret(SECRET, 1, '')).toBeNull();
    expect(openSecret(SECRET, 1, 'v2.a.b.c')).toBeNull();
  });

  it('hints with the last four characters of a long key only', () => {
    expect(secretHint('abcdefgh1234')).toBe('1234');
    expect(secretHint('short')).toBe('');
  });
});
