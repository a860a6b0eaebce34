// Old access logs, sessions and refresh tokens, emailed tokens, mail and the like are pruned on a
// schedule; what is still in use stays.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogs } from '../../src/server/features/access-logs/tables.ts';
import { guessThrottles, oneTimeTokens } from '../../src/server/features/accounts/tables.ts';
import { telegramOutbox } from '../../src/server/features/telegram/index.ts';
import { outbox, refreshTokens, sessions } from '../../src/server/shared/db/core-tables.ts';
import { pruneOldRows, RETENTION } from '../../src/server/retention.ts';
import { login, registerOwner, type Owner } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

describe('pruning', () => {
  it('deletes what outlived its retention and keeps the rest', async () => {
    const { db } = t.app.ctx;
    const now = t.clock.now.getTime();
    const ago = (days: number) => new Date(now - days * DAY);
    await db.insert(accessLogs).values([
      { userId: owner.id, method: 'GET', path: '/old', status: 200, durationMs: 1, ip: '127.0.0.1', createdAt: ago(RETENTION.accessLogsDays + 1) },
      { userId: owner.id, method: 'GET', path: '/recent', status: 200, durationMs: 1, ip: '127.0.0.1', createdAt: ago(1) },
    ]);
    await db.insert(outbox).values([
      { to: 'old@example.com', subject: 'old', text: 'old', createdAt: ago(RETENTION.outboxDays + 1) },
      { to: 'new@example.com', subject: 'new', text: 'new', createdAt: ago(1) },
    ]);
    await db.insert(oneTimeTokens).values({ userId: owner.id, purpose: 'password_reset', tokenHash: randomUUID(), expiresAt: ago(RETENTION.oneTimeTokensDays + 1), createdAt: ago(30) });
    const revoked = randomUUID();
    await db.insert(sessions).values({ id: revoked, userId: owner.id, revokedAt: ago(2), createdAt: ago(3) });
    await db.insert(refreshTokens).values({ userId: owner.id, familyId: revoked, tokenHash: randomUUID(), expiresAt: ago(-20), createdAt: ago(3) });
    // Failed guesses fade after a day without failures, but not while their client still waits.
    await db.insert(guessThrottles).values([
      { key: 'faded', failures: 3, updatedAt: ago(2) },
      { key: 'recent', failures: 3, updatedAt: ago(0.5) },
      { key: 'waiting', failures: 30, lockedUntil: ago(-0.1), updatedAt: ago(2) },
    ]);
    // Features' own periods run in the same job (telegram/prune-telegram.ts).
    await db.insert(telegramOutbox).values({ userId: owner.id, chatId: 7, text: 'старое', createdAt: ago(40) });
    const live = await login(t.app, owner.email);

    const counts = await pruneOldRows(t.app.ctx);
    expect(counts).toMatchObject({ access_logs: 1, outbox: 1, one_time_tokens: 1, sessions: 1, guess_throttles: 1, telegram_outbox: 1, chat_uploads: 0, homework_uploads: 0 });
    expect((await db.select().from(accessLogs)).map((row) => row.path)).toContain('/recent');
    expect((await db.select().from(accessLogs)).map((row) => row.path)).not.toContain('/old');
    expect((await db.select().from(outbox)).map((row) => row.to)).toContain('new@example.com');
    expect(await db.select().from(sessions).where(eq(sessions.id, revoked))).toEqual([]);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.familyId, revoked))).toEqual([]);
    expect((await db.select().from(guessThrottles)).map((row) => row.key).sort()).toEqual(['recent', 'waiting']);
    // Sessions in use are untouched.
    expect((await call(t.app, 'GET', '/api/user/', { token: live.access })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: live.refresh } })).status).toBe(200);
  });
});
