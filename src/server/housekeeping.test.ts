// Daily housekeeping (housekeeping.ts): a schedule of the job runner that runs each feature's
// prune as of the app's clock and logs the counts, never the rows' contents.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerOwner, type Owner } from '../../tests/server/fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/server/test-app.ts';
import { telegramOutbox } from './features/telegram/index.ts';
import { HOUSEKEEPING_CRON, HOUSEKEEPING_JOB, runHousekeeping } from './housekeeping.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Уборка' });
});
afterAll(async () => {
  await t.close();
});

describe('housekeeping', () => {
  it('runs daily', () => {
    expect(HOUSEKEEPING_CRON).toMatch(/^\d+ \d+ \* \* \*$/);
  });

  it('prunes as of the given time and logs the counts only', async () => {
    const now = t.clock.now;
    await t.app.ctx.db.insert(telegramOutbox).values({ userId: owner.id, chatId: 7, text: 'секретное уведомление', createdAt: new Date(now.getTime() - 40 * DAY) });
    const info = vi.fn();
    const counts = await runHousekeeping(t.app.ctx, now, { info });
    expect(counts).toEqual({ telegram_link_codes: 0, telegram_outbox: 1, chat_uploads_deleted: 0, chat_uploads_kept: 0 });
    expect(info).toHaveBeenCalledExactlyOnceWith({ job: HOUSEKEEPING_JOB, ...counts }, 'housekeeping done');
    expect(JSON.stringify(info.mock.calls)).not.toContain('секретное');
  });

  it('is a job of the job runner, on the app clock', async () => {
    await t.app.ctx.db.insert(telegramOutbox).values({ userId: owner.id, chatId: 7, text: 'старое', createdAt: new Date(t.clock.now.getTime() - 40 * DAY) });
    expect(await t.app.ctx.jobRunner.runNow(HOUSEKEEPING_JOB)).toBe('completed');
    expect(await t.app.ctx.db.select().from(telegramOutbox)).toEqual([]);
  });
});
