import { describe, expect, it } from 'vitest';
import { formTree, shape } from './form-bodies.ts';

describe('form fields', () => {
  it('nest by brackets or dots, and a repeated name is a list', () => {
    const tree = formTree([
      ['user[first_name]', 'Анна'],
      ['user.last_name', 'Ивановна'],
      ['ids', '1'],
      ['ids', '2'],
      ['tags[]', 'one'],
      ['plain', 'x'],
    ]);
    expect(JSON.parse(JSON.stringify(tree))).toEqual({ user: { first_name: 'Анна', last_name: 'Ивановна' }, ids: ['1', '2'], tags: ['one'], plain: 'x' });
  });

  it('never reach the prototype', () => {
    const tree = formTree([
      ['__proto__[admin]', '1'],
      ['user[constructor][prototype][admin]', '1'],
      ['prototype', '1'],
    ]);
    expect(Object.keys(tree)).toEqual([]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('take the types the schema asks for where the text allows it', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        price: { type: 'number' },
        public: { type: 'boolean' },
        on: { type: 'boolean' },
        name: { type: 'string' },
        note: { anyOf: [{ type: 'null' }, { type: 'string' }] },
        maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        ids: { type: 'array', items: { type: 'integer' } },
        user: { type: 'object', properties: { age: { type: 'integer' } } },
      },
    };
    expect(
      shape({ id: '5', price: '12.50', public: 'false', on: 'on', name: '007', note: '', maybe: '', ids: '3', user: { age: '30' }, extra: 'kept' }, schema),
    ).toEqual({ id: 5, price: 12.5, public: false, on: true, name: '007', note: '', maybe: null, ids: [3], user: { age: 30 }, extra: 'kept' });
  });

  it('leave what does not fit, for the schema to refuse with its usual error', () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' }, flag: { type: 'boolean' }, user: { type: 'object' } } };
    expect(shape({ id: '5x', flag: 'maybe', user: 'text' }, schema)).toEqual({ id: '5x', flag: 'maybe', user: 'text' });
    expect(shape({ id: '1e3' }, schema)).toEqual({ id: '1e3' });
  });
});
