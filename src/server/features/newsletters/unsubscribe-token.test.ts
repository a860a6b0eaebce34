import { describe, expect, it } from 'vitest';
import { checkUnsubscribe, signUnsubscribe } from './unsubscribe-token.ts';

const SECRET = 'x'.repeat(40);

describe('unsubscribe tokens', () => {
  it('name the school and the student they were made for', () => {
    const token = signUnsubscribe(SECRET, 7, 42);
    expect(token).toMatch(/^7\.42\.[A-Za-z0-9_-]{43}$/);
    expect(checkUnsubscribe(SECRET, token)).toEqual({ schoolId: 7, userId: 42 });
  });

  it('refuse a token altered, signed with another secret, or malformed', () => {
    const token = signUnsubscribe(SECRET, 7, 42);
    const signature = token.split('.')[2]!;
    expect(checkUnsubscribe(SECRET, `7.43.${signature}`)).toBeNull();
    expect(checkUnsubscribe(SECRET, `8.42.${signature}`)).toBeNull();
    expect(checkUnsubscribe('y'.repeat(40), token)).toBeNull();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(checkUnsubscribe(SECRET, `7.42.${flipped}`)).toBeNull();
    for (const bad of ['', '7.42', `07.42.${signature}`, `7.42.${signature}x`, `7.42.${signature.slice(1)}`, `9999999999.42.${signature}`, `7.42.${signature}\u0000`]) {
      expect(checkUnsubscribe(SECRET, bad), bad).toBeNull();
    }
  });
});
