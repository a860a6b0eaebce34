import { describe, expect, it } from 'vitest';
import { buildQuery, withQuery } from './query-string.ts';

describe('buildQuery', () => {
  it.each([
    ['no params', {}, undefined, ''],
    ['scalar values', { p: 2, s: 20 }, undefined, '?p=2&s=20'],
    ['array values are repeated', { role: ['Admin', 'Teacher'] }, undefined, '?role=Admin&role=Teacher'],
    ['empty string skipped', { search: '', p: 1 }, undefined, '?p=1'],
    ['null and undefined skipped', { a: null, b: undefined, c: 0 }, undefined, '?c=0'],
    ["'Все статусы' skipped", { status: 'Все статусы', p: 1 }, undefined, '?p=1'],
    ['blank items inside arrays skipped', { status: ['Принято', '', 'Все статусы'] }, undefined, '?status=%D0%9F%D1%80%D0%B8%D0%BD%D1%8F%D1%82%D0%BE'],
    ['booleans as text', { flag: false }, undefined, '?flag=false'],
    ['fields list', { p: 1 }, ['id', 'name'], '?p=1&fields=id%2Cname'],
    ['empty fields list ignored', { p: 1 }, [], '?p=1'],
    ['values are encoded', { query: 'a&b=c' }, undefined, '?query=a%26b%3Dc'],
  ])('%s', (_name, params, fields, expected) => {
    expect(buildQuery(params, fields)).toBe(expected);
  });

  it('has no query without arguments', () => {
    expect(buildQuery()).toBe('');
  });
});

describe('withQuery', () => {
  it.each([
    ['courses/', { p: 2 }, 'courses/?p=2'],
    ['courses/?a=1', { p: 2 }, 'courses/?a=1&p=2'],
    ['courses/', { p: '' }, 'courses/'],
    ['courses/', undefined, 'courses/'],
  ])('%s + %j → %s', (path, params, expected) => {
    expect(withQuery(path, params)).toBe(expected);
  });
});
