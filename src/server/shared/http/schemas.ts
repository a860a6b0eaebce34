// Schemas shared by several route groups. Every route declares its request and response schemas
// (they validate, type the handlers and produce the OpenAPI document at /api/docs).
import { Type, type TSchema, type TStringOptions } from 'typebox';
import { errorBodySchema } from '../errors.ts';
import { TEXT_PATTERN } from '../text-pattern.ts';

export const ErrorBody = errorBodySchema;

/** Every free-text field of a request: a string without control characters. */
export const Text = (options: Omit<TStringOptions, 'pattern' | 'format'> = {}) => Type.String({ ...options, pattern: TEXT_PATTERN });

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Text({ minLength: 1, maxLength: 128 });
export const Phone = Type.String({ pattern: '^\\+?[0-9 ()-]{5,20}$' });
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const SchoolName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() });

export const SessionUser = Type.Object({ id: Type.Integer(), pk: Type.Integer(), email: Type.String(), username: Type.String() });

export const Detail = Type.Object({ detail: Type.String() });

/** Error responses a route can give, for the OpenAPI document. */
export function errors(...statuses: number[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

/** The list envelope of every paginated route: {count, next, previous, results}. */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(item),
  });
}

export const PageQuery = {
  p: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  s: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};
