// What an error may say in a log: never the parameters of a failed query (password hashes, token
// digests, emails), never a token. Drizzle puts "params: …" into the message of a failed query.

const MASKS: [RegExp, string][] = [
  [/\$argon2[a-z]*\$[^\s,'"\]]+/g, '[password hash]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[jwt]'],
  [/\b[0-9a-f]{64}\b/gi, '[digest]'],
  [/\b(Bearer)\s+\S+/gi, '$1 [token]'],
  // 256-bit random tokens in base64url (refresh tokens, emailed links).
  [/(?<![\w-])[A-Za-z0-9_-]{43}(?![\w-])/g, '[token]'],
];

/** The text with its query parameters dropped and anything that looks like a secret masked. */
export function safeText(text: string): string {
  const withoutParams = text.replace(/\nparams: [\s\S]*$/, '\nparams: [not logged]');
  return MASKS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), withoutParams);
}

/** The fields of a database error that help and hold no data. */
const KEPT = ['code', 'constraint', 'table', 'column', 'schema', 'routine', 'severity', 'statusCode'] as const;

export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** DrizzleQueryError says only 'Error' in its name; a minified class name ('O', PGlite's) says less than the name. */
const typeName = (error: Error) => (error.name === 'Error' && error.constructor.name.length > 2 ? error.constructor.name : error.name);

/** Pino `err` serializer: type, safe message and stack, database error fields, safe causes. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: safeText(String(error)), stack: '' };
  const stack = error.stack ? safeText(error.stack.replace(error.message, error.message.replace(/\nparams: [\s\S]*$/, ''))) : '';
  const out: SafeError = { type: typeName(error), message: safeText(error.message), stack };
  for (const key of KEPT) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}
