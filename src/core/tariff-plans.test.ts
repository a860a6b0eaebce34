import { describe, expect, it } from 'vitest';
import { commonMessages, tariffsMessages } from './messages.ts';
import {
  formatLimit,
  formatPrice,
  isHit,
  parseAmount,
  planButton,
  planPrice,
  PRIMARY_DEFAULT_PLANS,
  resolvePlans,
  SECONDARY_DEFAULT_PLANS,
  sortPlansByPrice,
  toTariffPlan,
  visiblePlans,
  type BillingPeriod,
  type PlanButton,
  type TariffPlan,
} from './tariff-plans.ts';

function plan(id: number, name: string, price: string, extra: Partial<TariffPlan> = {}): TariffPlan {
  return {
    id,
    name,
    price,
    price_rf_rub: null,
    number_of_courses: null,
    number_of_staff: null,
    students_per_month: null,
    total_students: null,
    student_count_by_month: null,
    discount_12_months_byn: null,
    ...extra,
  };
}

const ids = (plans: readonly TariffPlan[]) => plans.map((p) => p.id);
// ru-RU groups thousands with a no-break space; take it from Intl rather than typing it.
// Prices read as Intl writes BYN in ru-RU, with its own no-break spaces.
const byn = (n: number, digits = 0) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'BYN', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

describe('default plans (spec §9)', () => {
  it.each([
    // id, name, monthly BYN, courses, staff (null = unlimited), students per month, set
    [2, 'Junior', 468, 1, 1, 10, PRIMARY_DEFAULT_PLANS],
    [3, 'Middle', 948, 10, 11, 50, PRIMARY_DEFAULT_PLANS],
    [4, 'Senior', 1788, 50, null, 500, PRIMARY_DEFAULT_PLANS],
    [17, 'Junior', 970, 3, 3, 10, SECONDARY_DEFAULT_PLANS],
    [18, 'Middle', 1570, 10, 10, 50, SECONDARY_DEFAULT_PLANS],
    [19, 'Senior', 4570, 50, null, 500, SECONDARY_DEFAULT_PLANS],
  ] as const)('id %i %s: %i BYN / %i courses / %s staff / %i students', (id, name, price, courses, staff, perMonth, set) => {
    const p = set.find((candidate) => candidate.id === id);
    expect(p).toMatchObject({
      name,
      number_of_courses: courses,
      number_of_staff: staff,
      students_per_month: perMonth,
      price_rf_rub: null,
    });
    expect(parseAmount(p?.price)).toBe(price);
    // "Yearly price field equals the monthly default".
    expect(p?.discount_12_months_byn).toBe(p?.price);
  });

  it('has three plans per set and cannot be changed', () => {
    expect(PRIMARY_DEFAULT_PLANS).toHaveLength(3);
    expect(SECONDARY_DEFAULT_PLANS).toHaveLength(3);
    expect(Object.isFrozen(PRIMARY_DEFAULT_PLANS)).toBe(true);
    expect(Object.isFrozen(SECONDARY_DEFAULT_PLANS[0])).toBe(true);
  });

  it('the primary set is fully visible in yearly mode', () => {
    expect(ids(visiblePlans(resolvePlans(null), 'yearly').plans)).toEqual([2, 3, 4]);
  });
});

describe('parseAmount', () => {
  it.each([
    ['468.00', 468],
    ['1788', 1788],
    [' 12.5 ', 12.5],
    ['12,5', 12.5],
    [0, 0],
    [99.9, 99.9],
  ] as const)('%j → %d', (value, expected) => {
    expect(parseAmount(value)).toBe(expected);
  });

  it.each([[''], ['  '], ['abc'], [null], [undefined]] as const)('%j → NaN', (value) => {
    expect(parseAmount(value)).toBeNaN();
  });
});

describe('resolvePlans: server list, else defaults, sorted by price', () => {
  const server = [plan(9, 'Senior', '1788.00'), plan(7, 'Junior', '468.00'), plan(8, 'Middle', '948.00')];

  it.each([
    ['server list', server, undefined, [7, 8, 9]],
    ['failed request (null)', null, undefined, [2, 3, 4]],
    ['undefined', undefined, undefined, [2, 3, 4]],
    ['empty list', [], undefined, [2, 3, 4]],
    ['not an array', { results: server }, undefined, [2, 3, 4]],
    ['only unusable items', [null, 'x', { id: 1 }], undefined, [2, 3, 4]],
    ['empty list, second set', [], SECONDARY_DEFAULT_PLANS, [17, 18, 19]],
    ['server list wins over second set', server, SECONDARY_DEFAULT_PLANS, [7, 8, 9]],
    ['usable items kept, others dropped', [plan(5, 'A', '10'), { name: 'no id', price: '1' }], undefined, [5]],
  ] as const)('%s → ids %j', (_label, serverList, defaults, expected) => {
    expect(ids(resolvePlans(serverList, defaults))).toEqual(expected);
  });

  it('does not mutate or share the input', () => {
    const input = [...server];
    const result = resolvePlans(input);
    expect(ids(input)).toEqual([9, 7, 8]);
    expect(result[0]).not.toBe(server[1]);
    expect(result[0]).toEqual(server[1]);
  });

  it('returns copies of the defaults, so callers can change them', () => {
    const [first] = resolvePlans([]);
    expect(first).not.toBe(PRIMARY_DEFAULT_PLANS[0]);
    expect(Object.isFrozen(first)).toBe(false);
  });
});

describe('sortPlansByPrice', () => {
  it.each([
    ['numeric, not text order', ['948.00', '1788.00', '468.00'], ['468.00', '948.00', '1788.00']],
    ['free first', ['10', '0.00', '5'], ['0.00', '5', '10']],
    ['unreadable prices last', ['n/a', '20', '?', '10'], ['10', '20', 'n/a', '?']],
  ])('%s', (_label, prices, expected) => {
    const sorted = sortPlansByPrice(prices.map((price, i) => plan(i, `P${i}`, price)));
    expect(sorted.map((p) => p.price)).toEqual(expected);
  });

  it('keeps the order of equal prices', () => {
    const sorted = sortPlansByPrice([plan(1, 'A', '10'), plan(2, 'B', '5'), plan(3, 'C', '10.00')]);
    expect(ids(sorted)).toEqual([2, 1, 3]);
  });
});

describe('toTariffPlan', () => {
  it('fills missing limits with null (unlimited) and keeps given values', () => {
    expect(
      toTariffPlan({
        id: 2,
        name: 'Junior',
        price: 468,
        price_rf_rub: 14000,
        number_of_courses: '',
        number_of_staff: '3',
        students_per_month: 10,
        total_students: Number.NaN,
        student_count_by_month: 'lots',
        discount_12_months_byn: ' 3931.20 ',
        extra: true,
      }),
    ).toEqual({
      ...plan(2, 'Junior', '468'),
      price_rf_rub: 14000,
      number_of_staff: 3,
      students_per_month: 10,
      discount_12_months_byn: '3931.20',
    });
  });

  it.each([
    ['null', null],
    ['a string', 'Junior'],
    ['no id', { name: 'Junior', price: '1' }],
    ['id as text', { id: '2', name: 'Junior', price: '1' }],
    ['no name', { id: 2, price: '1' }],
    ['no price', { id: 2, name: 'Junior' }],
    ['empty price', { id: 2, name: 'Junior', price: ' ' }],
    ['unreadable price', { id: 2, name: 'Junior', price: 'free' }],
    ['infinite price', { id: 2, name: 'Junior', price: Number.POSITIVE_INFINITY }],
  ])('rejects %s', (_label, raw) => {
    expect(toTariffPlan(raw)).toBeNull();
  });

  it('drops a non-numeric rouble price', () => {
    expect(toTariffPlan({ id: 2, name: 'J', price: '1', price_rf_rub: '5' })?.price_rf_rub).toBeNull();
  });
});

describe('visiblePlans (spec §4)', () => {
  const five = [
    plan(1, 'Start', '0'),
    plan(2, 'Junior', '468'),
    plan(3, 'Middle', '948'),
    plan(4, 'Senior', '1788'),
    plan(5, 'Personal', '5000'),
  ];
  const second = resolvePlans([], SECONDARY_DEFAULT_PLANS);

  it.each<[string, TariffPlan[], BillingPeriod, number[], boolean]>([
    ['monthly: the first three of the sorted list', five, 'monthly', [1, 2, 3], true],
    ['yearly: only ids 2, 3, 4', five, 'yearly', [2, 3, 4], true],
    ['monthly: fewer than three plans', five.slice(0, 2), 'monthly', [1, 2], true],
    ['yearly: ids outside 2-4 are hidden', second, 'yearly', [], true],
    ['monthly: second default set', second, 'monthly', [17, 18, 19], true],
    ['single plan, monthly: alone, no toggle', [plan(9, 'Only', '10')], 'monthly', [9], false],
    ['single plan, yearly: still shown alone', [plan(9, 'Only', '10')], 'yearly', [9], false],
    ['no plans: nothing, no toggle', [], 'monthly', [], false],
  ])('%s', (_label, sorted, period, expectedIds, showToggle) => {
    const result = visiblePlans(sorted, period);
    expect(ids(result.plans)).toEqual(expectedIds);
    expect(result.showToggle).toBe(showToggle);
  });

  it('returns a new array', () => {
    const single = [plan(9, 'Only', '10')];
    expect(visiblePlans(single, 'monthly').plans).not.toBe(single);
  });
});

describe('isHit: the second visible card', () => {
  it.each([
    [0, false],
    [1, true],
    [2, false],
  ])('index %i → %s', (index, hit) => {
    expect(isHit(index)).toBe(hit);
  });
});

describe('formatPrice', () => {
  it.each([
    ['0', commonMessages.free],
    ['0.00', commonMessages.free],
    [0, commonMessages.free],
    ['468', byn(468)],
    ['468.00', byn(468)],
    [948, byn(948)],
    ['1788.00', byn(1788)],
    ['468.5', byn(468.5, 2)],
    ['n/a', 'n/a'],
    [' по запросу ', 'по запросу'],
    [null, ''],
    [undefined, ''],
  ] as const)('%j → %j', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it('free is "бесплатно" and 1788 uses a no-break group separator', () => {
    expect(formatPrice('0.00')).toBe('бесплатно');
    expect(formatPrice('1788')).toMatch(/^1[\u00a0\u202f]788[\u00a0\u202f]BYN$/);
  });
});

describe('planPrice', () => {
  const withYearly = plan(2, 'Junior', '468.00', { discount_12_months_byn: '3931.20' });
  const noYearly = plan(2, 'Junior', '468.00');
  const blankYearly = plan(2, 'Junior', '468.00', { discount_12_months_byn: ' ' });
  const free = plan(1, 'Start', '0.00', { discount_12_months_byn: '0' });

  it.each<[string, TariffPlan, BillingPeriod, string]>([
    ['monthly uses price', withYearly, 'monthly', byn(468)],
    ['yearly uses discount_12_months_byn', withYearly, 'yearly', byn(3931.2, 2)],
    ['yearly falls back to price when null', noYearly, 'yearly', byn(468)],
    ['yearly falls back to price when blank', blankYearly, 'yearly', byn(468)],
    ['free monthly', free, 'monthly', 'бесплатно'],
    ['free yearly', free, 'yearly', 'бесплатно'],
    ['default plan yearly equals monthly', PRIMARY_DEFAULT_PLANS[2] as TariffPlan, 'yearly', byn(1788)],
  ])('%s', (_label, p, period, expected) => {
    expect(planPrice(p, period)).toBe(expected);
  });
});

describe('formatLimit', () => {
  it.each([
    [null, tariffsMessages.unlimited],
    [undefined, tariffsMessages.unlimited],
    ['', tariffsMessages.unlimited],
    [0, '0'],
    [10, '10'],
    ['50', '50'],
  ] as const)('%j → %j', (value, expected) => {
    expect(formatLimit(value)).toBe(expected);
  });
});

describe('planButton: the tariff rule table (spec §4)', () => {
  // Sorted by price: Junior < Middle < Senior. Given out of order to prove the rule sorts.
  const plans = [plan(4, 'Senior', '1788'), plan(2, 'Junior', '468'), plan(3, 'Middle', '948')];
  const connect: PlanButton = { kind: 'connect', label: 'Подключить', disabled: false };
  const current: PlanButton = { kind: 'current', label: 'Текущий тариф', disabled: true };
  const unavailable: PlanButton = {
    kind: 'unavailable',
    label: 'Выбор недоступен',
    disabled: true,
    hint: 'сначала отмените текущую подписку',
  };

  it.each<[string, boolean, string | null | undefined, string, PlanButton | null]>([
    // rule                                     admin  current     card      button
    ['non-admin: no button', false, 'Middle', 'Middle', null],
    ['non-admin, unknown current: no button', false, null, 'Junior', null],
    ['current unknown (null): connect', true, null, 'Junior', connect],
    ['current unknown (undefined): connect', true, undefined, 'Senior', connect],
    ['current unknown (empty name): connect', true, '', 'Middle', connect],
    ['current not in the list: connect', true, 'Intern', 'Junior', connect],
    ['current plan card: disabled "Текущий тариф"', true, 'Middle', 'Middle', current],
    ['lower than current: disabled "Выбор недоступен"', true, 'Middle', 'Junior', unavailable],
    ['two steps lower than current: unavailable', true, 'Senior', 'Junior', unavailable],
    ['one step lower than current: unavailable', true, 'Senior', 'Middle', unavailable],
    ['higher than current: connect', true, 'Middle', 'Senior', connect],
    ['cheapest is current, higher card: connect', true, 'Junior', 'Middle', connect],
    ['most expensive is current: current', true, 'Senior', 'Senior', current],
    ['card not in the list: connect', true, 'Middle', 'Personal', connect],
  ])('%s', (_rule, isAdmin, currentTariffName, cardName, expected) => {
    const card = plans.find((p) => p.name === cardName) ?? plan(99, cardName, '1');
    expect(planButton({ plan: card, plans, currentTariffName, isAdmin })).toEqual(expected);
  });

  it('labels come from messages', () => {
    expect(connect.label).toBe(tariffsMessages.connect);
    expect(current.label).toBe(tariffsMessages.currentPlan);
    expect(unavailable).toMatchObject({ label: tariffsMessages.unavailable, hint: tariffsMessages.unavailableHint });
  });

  it('a current plan hidden by the yearly filter still disables cheaper cards', () => {
    const all = [plan(2, 'Junior', '468'), plan(3, 'Middle', '948'), plan(4, 'Senior', '1788'), plan(5, 'Max', '9000')];
    const [junior] = visiblePlans(all, 'yearly').plans;
    expect(junior && planButton({ plan: junior, plans: all, currentTariffName: 'Max', isAdmin: true })).toEqual(
      unavailable,
    );
  });

  it('returns a fresh object each time', () => {
    const input = { plan: plans[0] as TariffPlan, plans, currentTariffName: null, isAdmin: true };
    expect(planButton(input)).not.toBe(planButton(input));
  });
});
