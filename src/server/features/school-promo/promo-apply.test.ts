// applySchoolPromo and recordSchoolPromoUse (promo-apply.ts), on a real database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { AppError } from '../../shared/errors.ts';
import { courses } from '../courses/index.ts';
import { applySchoolPromo, discounted, recordSchoolPromoUse } from './promo-apply.ts';
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

const apply = (code: string, amount = 490_000, courseId = python, schoolId = owner.schoolId) => applySchoolPromo(t.app.ctx.db, { schoolId, courseId, code, amount, now: t.clock.now });

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

describe('recordSchoolPromoUse', () => {
  it('counts every use of concurrent payments, and says when the count passed the limit', async () => {
    const id = await addPromo({ code: 'RUSH', maxUses: 5 });
    const results = await Promise.all(Array.from({ length: 8 }, () => t.app.ctx.db.transaction((tx) => recordSchoolPromoUse(tx, id))));
    expect(results.map((result) => result!.uses).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results.filter((result) => result!.overLimit)).toHaveLength(3);
    const [row] = await t.app.ctx.db.select({ uses: schoolPromoCodes.uses }).from(schoolPromoCodes).where(eq(schoolPromoCodes.id, id));
    expect(row!.uses).toBe(8);
    await refused(apply('RUSH'));
    const unlimited = await addPromo({ code: 'ANY' });
    expect(await recordSchoolPromoUse(t.app.ctx.db, unlimited)).toEqual({ uses: 1, overLimit: false });
    expect(await recordSchoolPromoUse(t.app.ctx.db, 999_999)).toBeNull();
  });
});
