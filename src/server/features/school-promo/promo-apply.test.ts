// applySchoolPromo and confirmSchoolPromoUse (promo-apply.ts), on a real database: a code's limit
// counts paid uses and pending orders' holds, under the code's row lock.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { AppError } from '../../shared/errors.ts';
import { courses } from '../courses/index.ts';
import { applySchoolPromo, confirmSchoolPromoUse, discounted } from './promo-apply.ts';
import { schoolPromoCodeCourses, schoolPromoCodes } from './tables.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let python: number;
let design: number;
let theirs: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Скидки' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие скидки' });
  python = (await addCourse(t.app, owner.schoolId)).id;
  design = (await addCourse(t.app, owner.schoolId)).id;
  theirs = (await addCourse(t.app, other.schoolId)).id;
});
afterAll(async () => {
  await t.close();
});

type PromoValues = Partial<typeof schoolPromoCodes.$inferInsert> & { code: string; courses?: number[] };

async function addPromo({ courses: ids, ...values }: PromoValues) {
  const [row] = await t.app.ctx.db
    .insert(schoolPromoCodes)
    .values({ schoolId: owner.schoolId, kind: 'percent', value: 10, ...values, allCourses: ids === undefined })
    .returning({ id: schoolPromoCodes.id });
  if (ids?.length) await t.app.ctx.db.insert(schoolPromoCodeCourses).values(ids.map((courseId) => ({ promoId: row!.id, courseId })));
  return row!.id;
}

const apply = (code: string, amount = 490_000, courseId = python, schoolId = owner.schoolId, held = 0) =>
  applySchoolPromo(t.app.ctx.db, { schoolId, courseId, code, amount, now: t.clock.now, held: async () => held });

/** The field error every refusal is. */
async function refused(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 400, code: 'PROMO_CODE_NOT_FOUND', message: 'Нет такого промокода', fields: { promo_code: ['Нет такого промокода'] } });
}

describe('discounted', () => {
  it('takes a percent rounded to whole minor units, a fixed sum never below 0', () => {
    expect(discounted(490_000, { kind: 'percent', value: 10 })).toBe(441_000);
    expect(discounted(999, { kind: 'percent', value: 15 })).toBe(849); // 149.85 off, rounded to 150
    expect(discounted(1000, { kind: 'percent', value: 100 })).toBe(0);
    expect(discounted(1000, { kind: 'fixed', value: 250 })).toBe(750);
    expect(discounted(1000, { kind: 'fixed', value: 5000 })).toBe(0);
    expect(discounted(0, { kind: 'fixed', value: 5000 })).toBe(0);
    expect(() => discounted(-1, { kind: 'percent', value: 10 })).toThrow(RangeError);
    expect(() => discounted(1.5, { kind: 'percent', value: 10 })).toThrow(RangeError);
  });
});

describe('applySchoolPromo', () => {
  it('prices a course with the code in any case, trimmed', async () => {
    const id = await addPromo({ code: 'Course10' });
    expect(await apply('  course10 ')).toEqual({ promoId: id, amount: 441_000 });
    expect(await apply('COURSE10', 0)).toEqual({ promoId: id, amount: 0 });
    const fixed = await addPromo({ code: 'MINUS', kind: 'fixed', value: 1_000_000 });
    expect(await apply('minus')).toEqual({ promoId: fixed, amount: 0 });
  });

  it('refuses unknown, inactive, expired, used-up, other courses\' and other schools\' codes alike', async () => {
    const now = t.clock.now.getTime();
    await addPromo({ code: 'OFF', isActive: false });
    await addPromo({ code: 'OLD', expiresAt: new Date(now - 1000) });
    await addPromo({ code: 'LATER', expiresAt: new Date(now + 60_000) });
    expect(await apply('LATER', 100)).toMatchObject({ amount: 90 });
    await addPromo({ code: 'USED', maxUses: 2, uses: 2 });
    const left = await addPromo({ code: 'LEFT', maxUses: 2, uses: 1 });
    expect(await apply('LEFT', 100)).toEqual({ promoId: left, amount: 90 });
    await addPromo({ code: 'DESIGN', courses: [design] });
    expect(await apply('DESIGN', 100, design)).toMatchObject({ amount: 90 });
    // Restricted to a course that was deleted since: for no course, not for all.
    const gone = (await addCourse(t.app, owner.schoolId)).id;
    await addPromo({ code: 'GONE', courses: [gone] });
    await t.app.ctx.db.delete(courses).where(eq(courses.id, gone));
    await addPromo({ code: 'THEIRS', schoolId: other.schoolId });
    for (const attempt of [
      () => apply('NOPE'),
      () => apply(''),
      () => apply('   '),
      () => apply('x'.repeat(201)),
      () => apply('OFF'),
      () => apply('OLD'),
      () => apply('USED'),
      () => apply('DESIGN', 100, python),
      () => apply('GONE'),
      () => apply('THEIRS'),
      () => apply('COURSE10', 100, theirs, other.schoolId),
      () => apply('course%'),
    ]) {
      await refused(attempt());
    }
  });

  it('refuses a fixed sum in a currency the school no longer sells in; a percent still applies', async () => {
    await addPromo({ code: 'RUB', schoolId: other.schoolId, kind: 'fixed', value: 500, currency: 'BYN' });
    await addPromo({ code: 'PCT', schoolId: other.schoolId, kind: 'percent', value: 50 });
    await t.app.ctx.db.update(schools).set({ currency: 'RUB' }).where(eq(schools.id, other.schoolId));
    await refused(apply('RUB', 1000, theirs, other.schoolId));
    expect(await apply('PCT', 1000, theirs, other.schoolId)).toMatchObject({ amount: 500 });
  });
});

describe('applySchoolPromo with holds', () => {
  it("counts pending orders' holds toward the limit, and asks for them only for a limited code", async () => {
    const id = await addPromo({ code: 'TWICE', maxUses: 2, uses: 1 });
    await refused(apply('TWICE', 100, python, owner.schoolId, 1));
    expect(await apply('TWICE', 100, python, owner.schoolId, 0)).toEqual({ promoId: id, amount: 90 });
    let asked = 0;
    await addPromo({ code: 'ENDLESS' });
    await applySchoolPromo(t.app.ctx.db, { schoolId: owner.schoolId, courseId: python, code: 'ENDLESS', amount: 100, now: t.clock.now, held: async () => ++asked });
    expect(asked).toBe(0);
  });

  it('lets orders made at once with a once-only code take turns: only the first finds it free', async () => {
    await addPromo({ code: 'TURN', maxUses: 1 });
    // Each "order" holds the code by counting itself in: what the sales feature's order rows do.
    let holds = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        t.app.ctx.db.transaction(async (tx) => {
          const applied = await applySchoolPromo(tx, { schoolId: owner.schoolId, courseId: python, code: 'TURN', amount: 100, now: t.clock.now, held: async () => holds });
          holds += 1;
          return applied;
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('confirmSchoolPromoUse', () => {
  const uses = async (id: number) => (await t.app.ctx.db.select({ uses: schoolPromoCodes.uses }).from(schoolPromoCodes).where(eq(schoolPromoCodes.id, id)))[0]!.uses;
  const confirm = (id: number, live: boolean, others = 0) => t.app.ctx.db.transaction((tx) => confirmSchoolPromoUse(tx, id, { live, others: async () => others }));

  it('never counts past the limit, whatever number of payments arrive at once', async () => {
    const id = await addPromo({ code: 'RUSH', maxUses: 5 });
    const results = await Promise.all(Array.from({ length: 8 }, () => confirm(id, true)));
    expect(results.filter((result) => result === 'used_up')).toHaveLength(3);
    expect(results.filter((result) => typeof result === 'object' && result !== null).map((result) => (result as { uses: number }).uses).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await uses(id)).toBe(5);
    await refused(apply('RUSH'));
  });

  it("honours a live hold; after the hold, only while the code has room beside others' holds", async () => {
    const id = await addPromo({ code: 'AFTER', maxUses: 2 });
    expect(await confirm(id, false, 2)).toBe('used_up');
    expect(await confirm(id, false, 1)).toEqual({ uses: 1 });
    expect(await confirm(id, false, 1)).toBe('used_up');
    expect(await confirm(id, true, 1)).toEqual({ uses: 2 });
    expect(await confirm(id, true)).toBe('used_up');
    expect(await uses(id)).toBe(2);
    // Switched off while the order was pending: the buyer was quoted it.
    const off = await addPromo({ code: 'SWITCHED', maxUses: 1 });
    await t.app.ctx.db.update(schoolPromoCodes).set({ isActive: false }).where(eq(schoolPromoCodes.id, off));
    expect(await confirm(off, true)).toEqual({ uses: 1 });
  });

  it('counts every use of an unlimited code, and nothing for a deleted one', async () => {
    const unlimited = await addPromo({ code: 'ANY' });
    expect(await confirm(unlimited, false, 100)).toEqual({ uses: 1 });
    expect(await confirm(999_999, true)).toBeNull();
  });
});
