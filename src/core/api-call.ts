// Calls checked against the API contract (api-contract.ts, generated from the server's schemas):
// an operation is named as 'METHOD path' with the contract's path under /api/, and its path
// parameters, query, body and answer are the contract's types. A renamed field or a wrong path is
// a type error where the call is written. Types only, plus the few bytes that fill the path in.
import type { ApiClient, HttpMethod, RequestOptions } from './api-client.ts';
import type { paths } from './api-contract.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Under<P> = P extends `/api/${infer Rest}` ? Rest : never;

/** Every operation of the contract: 'GET {school}/rating_settings/', 'PATCH {school}/rating_settings/', … */
export type ApiOperation = {
  [P in keyof paths]: { [M in Method]: [NonNullable<paths[P][M]>] extends [never] ? never : `${Uppercase<M>} ${Under<P>}` }[Method];
}[keyof paths];

type Route<K extends ApiOperation> = K extends `${infer M} ${infer P}` ? NonNullable<paths[`/api/${P}` & keyof paths][Lowercase<M> & Method]> : never;
type Parameters_<K extends ApiOperation> = Route<K> extends { parameters: infer X } ? X : never;
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type Body<K extends ApiOperation> =
  Route<K> extends { requestBody?: infer B } ? (B extends { content: infer C } ? ('application/json' extends keyof C ? C['application/json'] : FormData | URLSearchParams) : never) : never;

/** What the operation answers on success (undefined for 204). */
export type ApiAnswer<K extends ApiOperation> = Route<K> extends { responses: infer R } ? Json<R[keyof R]> : never;
/** The JSON body the operation takes (FormData for a multipart one). */
export type ApiBody<K extends ApiOperation> = Body<K>;
/** Its query string's parameters. */
export type ApiQuery<K extends ApiOperation> = NonNullable<Parameters_<K> extends { query?: infer Q } ? Q : never>;

type PathPart<K extends ApiOperation> = Parameters_<K> extends { path: infer X } ? { path: X } : unknown;
type QueryPart<K extends ApiOperation> =
  Parameters_<K> extends { query: infer Q } ? { query: Q } : [ApiQuery<K>] extends [never] ? unknown : { query?: ApiQuery<K> };
type BodyPart<K extends ApiOperation> = [Body<K>] extends [never] ? unknown : Route<K> extends { requestBody: unknown } ? { body: Body<K> } : { body?: Body<K> };

/** The operation's inputs: `path` parameters, `query` and `body`, each only where it has one. */
export type ApiInput<K extends ApiOperation> = PathPart<K> & QueryPart<K> & BodyPart<K>;
type Rest<K extends ApiOperation> = Options extends ApiInput<K> ? [input?: ApiInput<K> & Options] : [input: ApiInput<K> & Options];
type Options = Pick<RequestOptions, 'fields' | 'headers' | 'signal' | 'auth'>;

interface Loose extends Options {
  path?: Record<string, string | number>;
  query?: RequestOptions['query'];
  body?: unknown;
}

/** Sends a contract operation through core's client: `apiCall(api, 'GET {school}/rating_settings/', { path: { school } })`. */
export function apiCall<K extends ApiOperation>(client: ApiClient, operation: K, ...[input]: Rest<K>): Promise<ApiAnswer<K>> {
  const { path, ...options } = (input ?? {}) as Loose;
  const space = operation.indexOf(' ');
  const url = operation.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(path?.[name])));
  return client.request(url, { ...options, method: operation.slice(0, space) as HttpMethod });
}
