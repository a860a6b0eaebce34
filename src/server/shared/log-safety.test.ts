import { describe, expect, it } from 'vitest';
import { safeError, safeText } from './log-safety.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJl';
const DIGEST = 'a'.repeat(64);
const TOKEN = 'Q7rV9w0bX2yZ4cD6eF8gH1iJ3kL5mN7oP9qR0sT2uVw';

describe('log safety', () => {
  it('drops the parameters of a failed query and masks secrets', () => {
    const text = safeText(`Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@example.com,${HASH}`);
    expect(text).toBe('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: [not logged]');
    expect(safeText(`token ${JWT} digest ${DIGEST} header Bearer ${TOKEN} link /invitation/${TOKEN}`)).toBe(
      'token [jwt] digest [digest] header Bearer [token] link /invitation/[token]',
    );
  });

  it('serializes an error with its database fields and causes, never their data', () => {
    const cause = Object.assign(new Error(`new row violates check constraint "c" with ${HASH}`), { code: '23514', constraint: 'c', table: 'users', detail: `Failing row contains (${HASH}, a@example.com)` });
    const error = new Error(`Failed query: select 1\nparams: ${TOKEN}`, { cause });
    const out = safeError(error);
    const logged = JSON.stringify(out);
    expect(out).toMatchObject({ type: 'Error', message: 'Failed query: select 1\nparams: [not logged]', cause: { code: '23514', constraint: 'c', table: 'users' } });
    for (const secret of [HASH, TOKEN, 'a@example.com', 'Failing row']) expect(logged).not.toContain(secret);
    expect(String(out.stack)).toContain('log-safety.test.ts');
  });

  it('names the error class and never copies the query or its parameters', () => {
    class DrizzleQueryError extends Error {
      constructor(
        readonly query: string,
        readonly params: unknown[],
      ) {
        super(`Failed query: ${query}\nparams: ${params.join(',')}`);
      }
    }
    const out = safeError(new DrizzleQueryError('select $1', [HASH, 'a@example.com']));
    expect(out).toMatchObject({ type: 'DrizzleQueryError', message: 'Failed query: select $1\nparams: [not logged]' });
    expect(out).not.toHaveProperty('params');
    expect(out).not.toHaveProperty('query');
    expect(String(out.stack)).toMatch(/^Error: Failed query: select \$1\n {4}at /);
    for (const secret of [HASH, 'a@example.com']) expect(JSON.stringify(out)).not.toContain(secret);
    expect(safeError(Object.assign(new Error('x'), { name: 'error' })).type).toBe('error');
  });

  it('serializes what is not an Error', () => {
    expect(safeError(`plain ${JWT}`)).toEqual({ type: 'string', message: 'plain [jwt]', stack: '' });
  });
});
