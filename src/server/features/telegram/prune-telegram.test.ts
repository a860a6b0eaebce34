// Telegram's retention (prune-telegram.ts): spent link codes go a day after their use or
// expiry, outbox rows after 30 days, in batches; valid codes and recent rows stay. The clock is
// the test's: `now` is passed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { pruneTelegram, SPENT_LINK_CODE_MS, TELEGRAM_OUTBOX_MS } from './prune-telegram.ts';
import { telegramLinkCodes, telegramOutbox } from './tables.ts';
import { LINK_CODE_TTL_MS } from './telegram-routes.ts';

const MINUTE = 60_000;
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Уборка телеграма' });
});
afterAll(async () => {
  await t.close();
});

/** A code made `madeAgo` ms before `now` (valid LINK_CODE_TTL_MS), used `usedAgo` ms before `now` when given. */
async function addCode(name: string, now: Date, madeAgo: number, usedAgo?: number) {
  const made = now.getTime() - madeAgo;
  await t.app.ctx.db.insert(telegramLinkCodes).values({
    codeHash: name,
    userId: owner.id,
    createdAt: new Date(made),
    expiresAt: new Date(made + LINK_CODE_TTL_MS),
    usedAt: usedAgo === undefined ? null : new Date(now.getTime() - usedAgo),
  });
}
const codesLeft = async () => (await t.app.ctx.db.select({ name: telegramLinkCodes.codeHash }).from(telegramLinkCodes)).map((row) => row.name).sort();

describe('pruning Telegram rows', () => {
  it('deletes link codes used or expired more than a day ago', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const day = SPENT_LINK_CODE_MS;
    await addCode('expired-long-ago', now, 3 * day);
    await addCode('expired-a-day-ago', now, day + LINK_CODE_TTL_MS + MINUTE);
    // Used a day and a minute ago, so it expired less than a day ago: its use counts.
    await addCode('used-a-day-ago', now, day + 2 * MINUTE, day + MINUTE);
    await addCode('expired-today', now, day + LINK_CODE_TTL_MS - MINUTE);
    await addCode('used-today', now, day - MINUTE, day - 2 * MINUTE);
    await addCode('valid', now, 2 * MINUTE);

    expect(await pruneTelegram(t.app.ctx, now)).toEqual({ linkCodes: 3, outbox: 0 });
    expect(await codesLeft()).toEqual(['expired-today', 'used-today', 'valid']);
    expect((await pruneTelegram(t.app.ctx, now)).linkCodes).toBe(0);
    // A day on, they are spent too.
    expect((await pruneTelegram(t.app.ctx, new Date(now.getTime() + day + LINK_CODE_TTL_MS))).linkCodes).toBe(3);
    expect(await codesLeft()).toEqual([]);
  });

  it('deletes outbox rows older than 30 days, in batches, and keeps the newer ones', async () => {
    const now = new Date('2026-04-20T08:00:00Z');
    const old = new Date(now.getTime() - TELEGRAM_OUTBOX_MS - MINUTE);
    const recent = new Date(now.getTime() - TELEGRAM_OUTBOX_MS + MINUTE);
    // More than two batches of old rows.
    const rows = (createdAt: Date, count: number) => Array.from({ length: count }, (_, i) => ({ userId: owner.id, chatId: 42, text: `уведомление ${i}`, createdAt }));
    await t.app.ctx.db.insert(telegramOutbox).values(rows(old, 2500));
    const kept = await t.app.ctx.db.insert(telegramOutbox).values(rows(recent, 3)).returning({ id: telegramOutbox.id });

    expect(await pruneTelegram(t.app.ctx, now)).toEqual({ linkCodes: 0, outbox: 2500 });
    const left = await t.app.ctx.db.select({ id: telegramOutbox.id }).from(telegramOutbox).orderBy(telegramOutbox.id);
    expect(left).toEqual(kept);
  });
});
