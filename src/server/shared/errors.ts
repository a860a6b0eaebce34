import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseDiskFull, isDatabaseUnavailable, isDataError } from './db/errors.ts';
import { TEXT_PATTERN } from './text-pattern.ts';

export type FieldErrors = Record<string, string[]>;

/**
 * An error the API answers with on purpose: HTTP status, a stable UPPER_SNAKE code and a Russian
 * message that is safe to show, plus field errors for forms.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors | undefined;
  /** Seconds after which a retry may succeed, sent as Retry-After (429, 503). */
  retryAfter: number | undefined;

  constructor(status: number, code: string, message: string, fields?: FieldErrors) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const badRequest = (message: string, fields?: FieldErrors, code = 'VALIDATION_ERROR') => new AppError(400, code, message, fields);
export const fieldError = (field: string, message: string, code = 'VALIDATION_ERROR') => new AppError(400, code, message, { [field]: [message] });
export const unauthorized = (message = 'Требуется вход в систему.', code = 'NOT_AUTHENTICATED') => new AppError(401, code, message);
export const forbidden = (message = 'У вас нет прав для выполнения этого действия.', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Не найдено.', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code: string, fields?: FieldErrors) => new AppError(409, code, message, fields);
export function tooManyRequests(message: string, retryAfterSeconds: number, code = 'RATE_LIMITED'): AppError {
  const error = new AppError(429, code, message);
  error.retryAfter = retryAfterSeconds;
  return error;
}

export const DISK_FULL_MESSAGE = 'На сервере закончилось место. Попробуйте позже.';
/** The server's disk (or the database's) is full: 507, the same answer from every route. */
export const insufficientStorage = () => new AppError(507, 'INSUFFICIENT_STORAGE', DISK_FULL_MESSAGE);
/** What a failure of ours answers, without its internals. */
export const INTERNAL_ERROR_BODY = { code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.' } as const;

// A file write's "no space left on device" and "disk quota exceeded".
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Whether an error, or one of its causes, is a full disk: a file write's ENOSPC or EDQUOT (local
 * storage, staged uploads, avatars, multipart temporary files) or PostgreSQL's disk_full.
 */
export function isOutOfSpace(error: unknown): boolean {
  let depth = 0;
  for (let e: unknown = error; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NO_SPACE_CODES.has(code)) return true;
  }
  return isDatabaseDiskFull(error);
}

/** The error body every failure has (ARCHITECTURE.md, API conventions). */
export const errorBodySchema = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['code', 'message'],
} as const;

// Ajv keywords → Russian field messages.
function validationMessage(keyword: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case 'required':
      return 'Обязательное поле.';
    case 'minLength':
      return params.limit === 1 ? 'Поле не может быть пустым.' : `Не короче ${String(params.limit)} символов.`;
    case 'maxLength':
      return `Не длиннее ${String(params.limit)} символов.`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `Значение должно быть не меньше ${String(params.limit)}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `Значение должно быть не больше ${String(params.limit)}.`;
    case 'format':
      return params.format === 'email' ? 'Введите корректный адрес электронной почты.' : 'Неверный формат значения.';
    case 'enum':
    case 'const':
      return 'Недопустимое значение.';
    case 'pattern':
      return params.pattern === TEXT_PATTERN ? 'Поле содержит недопустимые символы.' : 'Неверный формат значения.';
    case 'additionalProperties':
      return 'Неизвестное поле.';
    case 'type':
      return 'Неверный тип значения.';
    default:
      return 'Неверное значение.';
  }
}

interface ValidationItem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function fieldName(item: ValidationItem): string {
  const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (item.keyword === 'required') return [path, String(item.params.missingProperty)].filter(Boolean).join('.');
  if (item.keyword === 'additionalProperties') return [path, String(item.params.additionalProperty)].filter(Boolean).join('.');
  return path || 'non_field_errors';
}

/**
 * Validation → 400 with field errors; AppError → its own status; a full disk → 507; an unreachable
 * database → 503; anything else → 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: ValidationItem[] }, request, reply) => {
    // An upload that failed midway (a full disk, a file too large) is answered while its body
    // still arrives: the rest is read and thrown away, or a client still sending would wait on a
    // full socket and never read the answer.
    if (!request.raw.complete) {
      request.raw.unpipe();
      request.raw.resume();
    }
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.code(error.status).send({ code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (error.validation) {
      const fields: FieldErrors = {};
      for (const item of error.validation) (fields[fieldName(item)] ??= []).push(validationMessage(item.keyword, item.params));
      return reply.code(400).send({ code: 'VALIDATION_ERROR', message: 'Проверьте правильность заполнения полей.', fields });
    }
    if (isOutOfSpace(error)) {
      request.log.error({ err: error }, 'no space left');
      const full = insufficientStorage();
      return reply.code(full.status).send({ code: full.code, message: full.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '30').send({ code: 'DB_UNAVAILABLE', message: 'База данных временно недоступна. Попробуйте ещё раз через минуту.' });
    }
    // A value PostgreSQL refuses (out of range, malformed) is the client's mistake, not ours.
    if (isDataError(error)) return reply.code(400).send({ code: 'BAD_REQUEST', message: 'Некорректные данные в запросе.' });
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ code: 'RATE_LIMITED', message: 'Слишком много попыток. Подождите немного и попробуйте снова.' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, an oversized body: the client's mistake, said plainly.
      const code = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED_MEDIA_TYPE' : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'BODY_TOO_LARGE' : 'BAD_REQUEST';
      return reply.code(status).send({ code, message: 'Некорректный запрос.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(INTERNAL_ERROR_BODY);
  });
}
