import { commonMessages } from './messages.ts';

/** Field errors as the server sends them: one message or a list per field. */
export type FieldErrors = Record<string, string | string[]>;

/**
 * Every failed API call rejects with this: the HTTP status (0 when the server was not reached),
 * the server's stable error code and its Russian message, safe to show.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors | undefined;
  readonly data: unknown;

  constructor(init: { status: number; code: string; message: string; fields?: FieldErrors; data?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.data = init.data;
  }

  /** The first message for a field, for showing under an input. */
  fieldMessage(field: string): string | undefined {
    const value = this.fields?.[field];
    return Array.isArray(value) ? value[0] : value;
  }

  /**
   * The first message of each of a form's `fields` the server refused, for showing under each;
   * `rename` maps a server field to the form's own name (the rest is for the whole form).
   */
  fieldMessages<F extends string>(fields: readonly F[], rename: Partial<Record<string, F>> = {}): Partial<Record<F, string>> {
    const found: Partial<Record<F, string>> = {};
    for (const [server, field] of [...fields.map((field) => [field, field] as const), ...Object.entries(rename)]) {
      const message = this.fieldMessage(server);
      if (message && field && fields.includes(field) && !found[field]) found[field] = message;
    }
    return found;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fallbackMessage(status: number): string {
  if (status === 0) return commonMessages.networkError;
  if (status >= 500) return commonMessages.serverError;
  if (status === 403) return commonMessages.accessDenied;
  if (status === 404) return commonMessages.notFound;
  return commonMessages.unexpectedError;
}

/** Builds an ApiError from a status and a response body of any shape. */
export function apiErrorFrom(status: number, data: unknown): ApiError {
  const body = isRecord(data) ? data : {};
  const code = typeof body.code === 'string' ? body.code : status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`;
  // 5xx bodies are never shown: they may carry internals. But our own full-disk answer (507
  // INSUFFICIENT_STORAGE) says what the user needs to know, in words the server chose.
  const message = (status < 500 || code === 'INSUFFICIENT_STORAGE') && typeof body.message === 'string' && body.message ? body.message : fallbackMessage(status);
  const fields = isRecord(body.fields) ? (body.fields as FieldErrors) : undefined;
  return new ApiError({ status, code, message, ...(fields ? { fields } : {}), data });
}

/** Normalises whatever a fetch rejected with (ofetch's FetchError, an abort, a TypeError). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isRecord(error) && typeof error.status === 'number') return apiErrorFrom(error.status, error.data);
  if (isRecord(error) && error.name === 'AbortError') {
    return new ApiError({ status: 0, code: 'ABORTED', message: commonMessages.networkError, data: undefined });
  }
  return apiErrorFrom(0, undefined);
}
