import { Type, type Static } from 'typebox';
import { fieldError } from '../../shared/errors.ts';
import { Id, Text } from '../../shared/http/schemas.ts';

/**
 * The options of a test, of a homework and of a webinar (spec §3 lesson creation payload, reference §1.4): what
 * the API takes, how it is kept in `lessons.settings`, and how it is answered. Durations are taken
 * as seconds or "HH:MM:SS" and answered as "HH:MM:SS" (the original's duration format).
 */
const Duration = Type.Union([Type.Integer({ minimum: 0, maximum: 7 * 24 * 3600 }), Type.String({ pattern: '^\\d{1,3}:[0-5]\\d:[0-5]\\d$' }), Type.Null()]);

export const TestOptions = {
  success_percent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  random_questions: Type.Optional(Type.Boolean()),
  random_answers: Type.Optional(Type.Boolean()),
  show_right_answers: Type.Optional(Type.Boolean()),
  attempt_limit: Type.Optional(Type.Boolean()),
  attempt_count: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  /** The spec's name; `points_per_answer` is the original's. */
  balls_per_answer: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  points_per_answer: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  has_timer: Type.Optional(Type.Boolean()),
  time_limit: Type.Optional(Duration),
  random_test_generator: Type.Optional(Type.Boolean()),
  num_questions: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
  tests_ids: Type.Optional(Type.Array(Id, { maxItems: 50 })),
};

export const HomeworkOptions = {
  automate_accept: Type.Optional(Type.Boolean()),
  time_accept: Type.Optional(Duration),
};

/**
 * A webinar lesson's options: the school's autowebinar it shows, and/or a live broadcast elsewhere
 * with its start and length. Its description is the lesson's rich text (`lessons.description`).
 */
export const WebinarOptions = {
  description: Type.Optional(Text({ maxLength: 50_000 })),
  /** An autowebinar of the lesson's school (checked by the route), or null for none. */
  autowebinar: Type.Optional(Type.Union([Id, Type.Null()])),
  /**
   * Where the live broadcast or meeting room is: an absolute http(s) link ('' or null: none). The
   * school's own meetings (`school_meetings/`) come with a later issue; a lesson may then name one.
   */
  link: Type.Optional(Type.Union([Text({ maxLength: 2048 }), Type.Null()])),
  /** ISO 8601 date-time; without an offset it is UTC. */
  starts_at: Type.Optional(Type.Union([Text({ maxLength: 40 }), Type.Null()])),
  duration_minutes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1440 }), Type.Null()])),
};

type TestInput = Partial<{ [K in keyof typeof TestOptions]: Static<(typeof TestOptions)[K]> }>;
type HomeworkInput = Partial<{ [K in keyof typeof HomeworkOptions]: Static<(typeof HomeworkOptions)[K]> }>;
type WebinarInput = Partial<{ [K in keyof typeof WebinarOptions]: Static<(typeof WebinarOptions)[K]> }>;

export interface TestSettings {
  successPercent: number;
  randomQuestions: boolean;
  randomAnswers: boolean;
  showRightAnswers: boolean;
  attemptLimit: boolean;
  attemptCount: number;
  pointsPerAnswer: number;
  hasTimer: boolean;
  /** Seconds. */
  timeLimit: number | null;
  randomTestGenerator: boolean;
  numQuestions: number;
  testsIds: number[];
}

export interface HomeworkSettings {
  automateAccept: boolean;
  /** Seconds after hand-in. */
  timeAccept: number | null;
}

const TEST_DEFAULTS: TestSettings = {
  successPercent: 0,
  randomQuestions: false,
  randomAnswers: false,
  showRightAnswers: false,
  attemptLimit: false,
  attemptCount: 0,
  pointsPerAnswer: 1,
  hasTimer: false,
  timeLimit: null,
  randomTestGenerator: false,
  numQuestions: 0,
  testsIds: [],
};

export interface WebinarSettings {
  /** An autowebinar of the school; it may have been deleted since (then it reads as none). */
  autowebinarId: number | null;
  /** An absolute http(s) URL. */
  link: string | null;
  /** ISO 8601, UTC. */
  startsAt: string | null;
  durationMinutes: number | null;
}

const HOMEWORK_DEFAULTS: HomeworkSettings = { automateAccept: false, timeAccept: null };
const WEBINAR_DEFAULTS: WebinarSettings = { autowebinarId: null, link: null, startsAt: null, durationMinutes: null };

function seconds(value: number | string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') return value;
  const [h, m, s] = value.split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
}

export function formatDuration(total: number | null): string | null {
  if (total === null) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The stored settings of a test, with the defaults for what an older row lacks. */
export const testSettings = (stored: unknown): TestSettings => ({ ...TEST_DEFAULTS, ...(stored as Partial<TestSettings>) });
export const homeworkSettings = (stored: unknown): HomeworkSettings => ({ ...HOMEWORK_DEFAULTS, ...(stored as Partial<HomeworkSettings>) });
export const webinarSettings = (stored: unknown): WebinarSettings => ({ ...WEBINAR_DEFAULTS, ...(stored as Partial<WebinarSettings>) });

/** A test's settings after `input` is applied to `current`, checked as a whole. */
export function applyTestOptions(current: TestSettings, input: TestInput): TestSettings {
  const next: TestSettings = { ...current };
  if (input.success_percent !== undefined) next.successPercent = input.success_percent;
  if (input.random_questions !== undefined) next.randomQuestions = input.random_questions;
  if (input.random_answers !== undefined) next.randomAnswers = input.random_answers;
  if (input.show_right_answers !== undefined) next.showRightAnswers = input.show_right_answers;
  if (input.attempt_limit !== undefined) next.attemptLimit = input.attempt_limit;
  if (input.attempt_count !== undefined) next.attemptCount = input.attempt_count;
  const points = input.balls_per_answer ?? input.points_per_answer;
  if (points !== undefined) next.pointsPerAnswer = points;
  if (input.has_timer !== undefined) next.hasTimer = input.has_timer;
  const limit = seconds(input.time_limit);
  if (limit !== undefined) next.timeLimit = limit;
  if (input.random_test_generator !== undefined) next.randomTestGenerator = input.random_test_generator;
  if (input.num_questions !== undefined) next.numQuestions = input.num_questions;
  if (input.tests_ids !== undefined) next.testsIds = [...new Set(input.tests_ids)];
  if (next.hasTimer && !next.timeLimit) throw fieldError('time_limit', 'Укажите время на прохождение теста.');
  if (next.attemptLimit && next.attemptCount < 1) throw fieldError('attempt_count', 'Укажите число попыток.');
  if (next.randomTestGenerator) {
    if (next.testsIds.length === 0) throw fieldError('tests_ids', 'Выберите тесты, из которых собирать вопросы.');
    if (next.numQuestions < 1) throw fieldError('num_questions', 'Укажите число вопросов.');
  }
  return next;
}

export function applyHomeworkOptions(current: HomeworkSettings, input: HomeworkInput): HomeworkSettings {
  const next: HomeworkSettings = { ...current };
  if (input.automate_accept !== undefined) next.automateAccept = input.automate_accept;
  const after = seconds(input.time_accept);
  if (after !== undefined) next.timeAccept = after;
  return next;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/** A broadcast's link: an absolute http(s) URL with a host; '' clears it. */
function broadcastLink(value: string | null): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  const message = 'Укажите ссылку на трансляцию, начинающуюся с http:// или https://.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fieldError('link', message);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw fieldError('link', message);
  return url.href;
}

/** An ISO 8601 date-time (UTC when it names no offset), kept as UTC ISO text. */
function startTime(value: string | null): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  const invalid = () => fieldError('starts_at', 'Укажите дату и время начала в формате ISO 8601, например 2025-01-31T10:00:00Z.');
  if (!DATE_TIME.test(text)) throw invalid();
  // Date would roll 2025-02-30 over into March: the day must exist in its month.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) throw invalid();
  const at = new Date(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);
  if (Number.isNaN(at.getTime())) throw invalid();
  return at.toISOString();
}

/** A webinar's settings after `input` is applied (the autowebinar's school is the route's to check). */
export function applyWebinarOptions(current: WebinarSettings, input: WebinarInput): WebinarSettings {
  const next: WebinarSettings = { ...current };
  if (input.autowebinar !== undefined) next.autowebinarId = input.autowebinar;
  if (input.link !== undefined) next.link = broadcastLink(input.link);
  if (input.starts_at !== undefined) next.startsAt = startTime(input.starts_at);
  if (input.duration_minutes !== undefined) next.durationMinutes = input.duration_minutes;
  return next;
}

/** A test's settings as the API answers them (the original's field names). */
export function testFields(settings: TestSettings) {
  return {
    success_percent: settings.successPercent,
    random_questions: settings.randomQuestions,
    random_answers: settings.randomAnswers,
    show_right_answers: settings.showRightAnswers,
    attempt_limit: settings.attemptLimit,
    attempt_count: settings.attemptCount,
    points_per_answer: settings.pointsPerAnswer,
    balls_per_answer: settings.pointsPerAnswer,
    has_timer: settings.hasTimer,
    time_limit: formatDuration(settings.timeLimit),
    random_test_generator: settings.randomTestGenerator,
    num_questions: settings.numQuestions,
    tests_ids: settings.testsIds,
  };
}

export function homeworkFields(settings: HomeworkSettings) {
  return { automate_accept: settings.automateAccept, time_accept: formatDuration(settings.timeAccept) };
}

/** The autowebinar a webinar lesson links, as far as the answer names it. */
export interface LinkedAutowebinar {
  id: number;
  title: string;
  slug: string;
}

/** A webinar's settings as the API answers them; `linked` is null when none is linked or it is gone. */
export function webinarFields(settings: WebinarSettings, linked: LinkedAutowebinar | null) {
  return {
    autowebinar: linked?.id ?? null,
    autowebinar_title: linked?.title ?? null,
    /** The autowebinar's public page. */
    webinar_url: linked ? `/webinar/${encodeURIComponent(linked.slug)}` : null,
    link: settings.link,
    starts_at: settings.startsAt,
    duration_minutes: settings.durationMinutes,
  };
}
