import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { formTree, shape, type Schema } from './form-bodies.ts';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('form field names', () => {
  it('nest by brackets or dots; a repeated name or one ending in [] is a list', () => {
    const tree = formTree([
      ['user[first_name]', 'Анна'],
      ['user.last_name', 'Ивановна'],
      ['ids', '1'],
      ['ids', '2'],
      ['ids', '3'],
      ['tags[]', 'one'],
      ['plain', 'x'],
    ]);
    expect(plain(tree)).toEqual({ user: { first_name: 'Анна', last_name: 'Ивановна' }, ids: ['1', '2', '3'], tags: ['one'], plain: 'x' });
  });

  it('refuse prototype names and absurd depth with a field error, and never reach the prototype', () => {
    for (const key of ['__proto__[admin]', 'user[constructor][prototype][admin]', 'prototype', 'user.__proto__.admin', 'a[b][c][d][e][f][g][h][i]']) {
      let error: unknown;
      try {
        formTree([[key, '1']]);
      } catch (caught) {
        error = caught;
      }
      expect(error, key).toBeInstanceOf(AppError);
      expect((error as AppError).fields).toEqual({ [key]: ['Недопустимое имя поля.'] });
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    // Names that merely look like Object.prototype members are ordinary fields.
    expect(plain(shape(formTree([['toString', 'x'], ['hasOwnProperty', 'y']])))).toEqual({ toString: 'x', hasOwnProperty: 'y' });
  });

  it('come out as plain objects, whatever the schema', () => {
    const body = shape(formTree([['a[b]', '1']]), {}) as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(body.a)).toBe(Object.prototype);
  });
});

describe('form values shaped by the schema', () => {
  const schema = Type.Object({
    id: Type.Integer(),
    price: Type.Number(),
    public: Type.Boolean(),
    name: Type.String(),
    ids: Type.Array(Type.Integer()),
    user: Type.Object({ age: Type.Integer() }),
  }) as Schema;

  it('numbers are numbers when the text is a JSON number', () => {
    expect(shape({ id: '5', price: '12.50', name: '007' }, schema)).toEqual({ id: 5, price: 12.5, name: '007' });
    expect(shape({ id: '-3', price: '1e3' }, schema)).toEqual({ id: -3, price: 1000 });
    for (const text of ['5x', '', ' 5', '007', '+1', '.5', '0x10', 'NaN', 'Infinity', '1e999']) expect(shape({ id: text }, schema), text).toEqual({ id: text });
  });

  it('flags take true/false/1/0/on', () => {
    for (const [text, flag] of [['true', true], ['1', true], ['on', true], ['false', false], ['0', false]] as const) expect(shape({ public: text }, schema)).toEqual({ public: flag });
    for (const text of ['yes', 'off', '']) expect(shape({ public: text }, schema)).toEqual({ public: text });
  });

  it('lists from one value, repeated names or indexes; objects from nested names', () => {
    expect(shape({ ids: '3' }, schema)).toEqual({ ids: [3] });
    expect(shape(formTree([['ids', '1'], ['ids', 'x']]), schema)).toEqual({ ids: [1, 'x'] });
    expect(shape(formTree([['ids[1]', '20'], ['ids[0]', '10']]), schema)).toEqual({ ids: [10, 20] });
    // An index only orders: it never sizes the list.
    expect(shape(formTree([['ids[999999]', '1']]), schema)).toEqual({ ids: [1] });
    expect(shape(formTree([['user[age]', '30']]), schema)).toEqual({ user: { age: 30 } });
    const items = Type.Object({ items: Type.Array(Type.Object({ n: Type.Integer() })) }) as Schema;
    expect(shape(formTree([['items[0][n]', '1'], ['items[1][n]', '2']]), items)).toEqual({ items: [{ n: 1 }, { n: 2 }] });
    // A body that is a list (the bulk order calls): '0[id]'… fields, and an empty form is [].
    const list = Type.Array(Type.Object({ id: Type.Integer() })) as Schema;
    expect(shape(formTree([['0[id]', '7'], ['1[id]', '8']]), list)).toEqual([{ id: 7 }, { id: 8 }]);
    expect(shape(formTree([]), list)).toEqual([]);
  });

  it('a repeated name where one value is expected stays a list, for the schema to refuse', () => {
    expect(shape({ id: ['1', '2'], name: ['a'] }, schema)).toEqual({ id: ['1', '2'], name: 'a' });
  });

  it('keeps what does not fit, and fields the schema does not know', () => {
    expect(shape({ user: 'text', extra: 'kept' }, schema)).toEqual({ user: 'text', extra: 'kept' });
    expect(shape({ user: { age: '1', more: '2' } }, schema)).toEqual({ user: { age: 1, more: '2' } });
  });

  it('types names the schema does not list by its patterns (Type.Record) or additionalProperties', () => {
    expect(shape({ a: '1' }, Type.Record(Type.String(), Type.Integer()) as Schema)).toEqual({ a: 1 });
    expect(shape({ a: '1' }, { type: 'object', additionalProperties: { type: 'boolean' } })).toEqual({ a: true });
  });
});

describe('null and unions', () => {
  const schema = Type.Object({
    note: Type.Union([Type.Null(), Type.String()]),
    count: Type.Union([Type.Integer(), Type.Null()]),
    either: Type.Union([Type.String(), Type.Integer()]),
    level: Type.Union([Type.Literal('low'), Type.Literal(2)]),
    role: Type.Enum(['Student', 'Teacher']),
    size: Type.Enum([1, 2, 3]),
    maybe: { type: ['integer', 'null'] },
    text: { type: ['string', 'null'] },
    list: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  }) as Schema;

  it('empty is null only where the schema takes null and not text', () => {
    expect(shape({ note: '', count: '', maybe: '', text: '' }, schema)).toEqual({ note: '', count: null, maybe: null, text: '' });
    expect(shape({ count: '7', maybe: '8', text: '9' }, schema)).toEqual({ count: 7, maybe: 8, text: '9' });
    expect(shape({ count: 'x' }, schema)).toEqual({ count: 'x' });
    expect(shape({ id: '' }, Type.Object({ id: Type.Integer() }) as Schema)).toEqual({ id: '' });
  });

  it('the branch that is not text comes first when the text converts', () => {
    expect(shape({ either: '5' }, schema)).toEqual({ either: 5 });
    expect(shape({ either: 'five' }, schema)).toEqual({ either: 'five' });
    expect(shape({ level: '2' }, schema)).toEqual({ level: 2 });
    expect(shape({ level: 'low' }, schema)).toEqual({ level: 'low' });
  });

  it('enum members of other types than text are matched by their text', () => {
    expect(shape({ role: 'Teacher', size: '2' }, schema)).toEqual({ role: 'Teacher', size: 2 });
    expect(shape({ size: '4' }, schema)).toEqual({ size: '4' });
  });

  it('a list or an object goes to the branch of its kind', () => {
    expect(shape(formTree([['list', '1'], ['list', '2']]), schema)).toEqual({ list: [1, 2] });
    expect(shape(formTree([['list[]', '1']]), schema)).toEqual({ list: [1] });
  });
});
