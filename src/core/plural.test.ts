import { describe, expect, it } from 'vitest';
import { plural, pluralForm } from './plural.ts';

const month = ['месяц', 'месяца', 'месяцев'] as const;

describe('pluralForm', () => {
  it.each([
    [1, 'месяц'], [21, 'месяц'], [101, 'месяц'],
    [2, 'месяца'], [3, 'месяца'], [4, 'месяца'], [22, 'месяца'], [104, 'месяца'],
    [0, 'месяцев'], [5, 'месяцев'], [6, 'месяцев'], [11, 'месяцев'], [12, 'месяцев'], [14, 'месяцев'],
    [20, 'месяцев'], [111, 'месяцев'], [112, 'месяцев'], [-3, 'месяца'],
  ])('%i → %s', (n, form) => {
    expect(pluralForm(n, month)).toBe(form);
  });

  it('prefixes the number', () => {
    expect(plural(6, month)).toBe('6 месяцев');
  });
});
