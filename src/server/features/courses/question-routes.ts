import { and, asc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { AppError, badRequest, fieldError, notFound } from '../../shared/errors.ts';
import { Detail, errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole, type SchoolRole } from '../../shared/security/school-access.ts';
import { findLesson, type Course, type Lesson } from './course-access.ts';
import { testFields, testSettings } from './lesson-settings.ts';
import { childIds, lockParents, nextOrder, placeAt, renumber, withPositions } from './ordering.ts';
import { sanitizeRichText } from './rich-text.ts';
import { answers, courses, lessons, questions, sections } from './tables.ts';

/**
 * The questions of a test and their answers (issue 11, reference §1.5 and §4.5), for the test
 * editor: admins of the school write; admins and the teachers of the course read. Students never
 * reach these routes, since every answer here is part of the answer key (reference §5.2, defect 6),
 * except `tests/{id}/get_questions/`, which gives them the learning feature's view without the key.
 *
 * Question types: 'single' (one right answer), 'multiple' (several), 'text' (free text compared
 * with the accepted answers), 'number' (a number within one of the answers' ranges), 'order' (put
 * the answers in their right order: an answer's `order` is its right place), 'match' (pair each
 * answer's `body` with its `match_body`). The original's codes are taken too: `Text`, `TextPic`
 * and `TextPics` are 'single' or, with `multiple_answer`, 'multiple' (pictures are optional on
 * every question and answer); `Free` is 'text'; `Numerical` is 'number'.
 *
 * The rules an answer keeps, by its question's type:
 * - single: at most one right answer. Marking another answer right unmarks the one before (the
 *   editor's radio button), in the same transaction, under the question's lock.
 * - multiple: any number of right answers.
 * - text: an accepted answer, kept as plain text (it is compared with what a student types, so it
 *   is not HTML) and never empty; `is_correct` is always true.
 * - number: an accepted number (`from_digit`) or, with `answer_in_range`, a range from_digit ≤
 *   to_digit; whole numbers only when the question says `only_whole_numbers`; `is_correct` true.
 * - order and match: `is_correct` is always true; a match answer needs both sides.
 * Range fields and `match_body` belong to their own types: sent for another type they are a 400.
 * A question's type may change freely while it has no answers, and between single and multiple
 * afterwards (several right answers must first be reduced to one).
 */

export const QUESTION_TYPES = ['single', 'multiple', 'text', 'number', 'order', 'match'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** The original's codes (reference §1.5). */
const ORIGINAL_TYPES = ['Text', 'TextPic', 'TextPics', 'Free', 'Numerical'] as const;
type TypeInput = QuestionType | (typeof ORIGINAL_TYPES)[number];

const MAX_QUESTION_BODY = 50_000;
const MAX_ANSWER_BODY = 10_000;
/** Numbers beyond this are no answer to a test question. */
const MAX_NUMBER = 1e15;

export const testNotFound = () => notFound('Тест не найден.', 'TEST_NOT_FOUND');
export const questionNotFound = () => notFound('Вопрос не найден.', 'QUESTION_NOT_FOUND');
export const answerNotFound = () => notFound('Ответ не найден.', 'ANSWER_NOT_FOUND');

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Position = Type.Integer({ minimum: 1, maximum: 10_000 });

export const AnswerBody = Type.Object({
  answer_id: Type.Integer(),
  id: Type.Integer(),
  question: Type.Integer(),
  body: Type.String({ description: 'HTML, очищенный сервером; у вопроса text — принимаемый ответ обычным текстом' }),
  is_correct: Type.Boolean(),
  picture: Nullable(Type.String()),
  answer_in_range: Type.Boolean(),
  from_digit: Nullable(Type.Number()),
  to_digit: Nullable(Type.Number()),
  match_body: Nullable(Type.String({ description: 'Пара ответа (вопрос match), HTML, очищенный сервером' })),
  order: Type.Integer({ description: 'Место ответа; у вопроса order — правильное место' }),
});
export type AnswerBody = Static<typeof AnswerBody>;

export const QuestionBody = Type.Object({
  question_id: Type.Integer(),
  id: Type.Integer(),
  test: Type.Integer(),
  question_type: Type.Enum([...QUESTION_TYPES]),
  multiple_answer: Type.Boolean(),
  body: Type.String({ description: 'HTML, очищенный сервером' }),
  picture: Nullable(Type.String()),
  order: Type.Integer(),
  case_sensitive: Nullable(Type.Boolean({ description: 'Вопрос text: учитывать регистр' })),
  only_whole_numbers: Nullable(Type.Boolean({ description: 'Вопрос number: только целые числа' })),
  created_at: Type.String(),
  updated_at: Type.String(),
  answers: Type.Array(AnswerBody),
});
export type QuestionBody = Static<typeof QuestionBody>;

const Picture = Nullable(Text({ maxLength: 2000, description: 'Ссылка на изображение http(s); "" или null — без картинки' }));
const Digit = Nullable(Type.Number({ minimum: -MAX_NUMBER, maximum: MAX_NUMBER }));
const QuestionTypeInput = Type.Enum([...QUESTION_TYPES, ...ORIGINAL_TYPES], {
  description: 'single, multiple, text, number, order, match; или коды оригинала Text, TextPic, TextPics (с multiple_answer), Free, Numerical',
});

const QuestionFields = {
  question_type: Type.Optional(QuestionTypeInput),
  multiple_answer: Type.Optional(Type.Boolean()),
  body: Type.Optional(Text({ maxLength: MAX_QUESTION_BODY })),
  picture: Type.Optional(Picture),
  order: Type.Optional(Position),
  case_sensitive: Type.Optional(Type.Boolean()),
  only_whole_numbers: Type.Optional(Type.Boolean()),
};
const CreateQuestion = Type.Object({ test: Id, ...QuestionFields });
/** `test` is accepted when unchanged (clients send the question back whole); a question stays in its test. */
const PatchQuestion = Type.Object({ test: Type.Optional(Id), ...QuestionFields });
type QuestionInput = Static<typeof PatchQuestion>;

const AnswerFields = {
  body: Type.Optional(Text({ maxLength: MAX_ANSWER_BODY })),
  is_correct: Type.Optional(Type.Boolean()),
  picture: Type.Optional(Picture),
  answer_in_range: Type.Optional(Type.Boolean()),
  from_digit: Type.Optional(Digit),
  to_digit: Type.Optional(Digit),
  match_body: Type.Optional(Nullable(Text({ maxLength: MAX_ANSWER_BODY }))),
  order: Type.Optional(Position),
};
const CreateAnswer = Type.Object({ question: Id, ...AnswerFields });
const PatchAnswer = Type.Object({ question: Type.Optional(Id), ...AnswerFields });
type AnswerInput = Static<typeof PatchAnswer>;

const Params = Type.Object({ school: SchoolName, id: Id });

type QuestionRow = typeof questions.$inferSelect;
type AnswerRow = typeof answers.$inferSelect;

/** What `questions.settings` holds, by type. */
interface QuestionSettings {
  caseSensitive?: boolean;
  onlyWholeNumbers?: boolean;
}

const isChoice = (type: QuestionType) => type === 'single' || type === 'multiple';
const settingsOf = (row: Pick<QuestionRow, 'settings'>): QuestionSettings => (row.settings ?? {}) as QuestionSettings;
const num = (value: string | null): number | null => (value === null ? null : Number(value));

export function answerBody(row: AnswerRow): AnswerBody {
  const from = num(row.fromNumber);
  const to = num(row.toNumber);
  return {
    answer_id: row.id,
    id: row.id,
    question: row.questionId,
    body: row.body,
    is_correct: row.isCorrect,
    picture: row.picture,
    answer_in_range: from !== null && to !== null && from !== to,
    from_digit: from,
    to_digit: to,
    match_body: row.matchBody,
    order: row.order,
  };
}

export function questionBody(row: QuestionRow, answerRows: readonly AnswerRow[]): QuestionBody {
  const type = row.type as QuestionType;
  const settings = settingsOf(row);
  return {
    question_id: row.id,
    id: row.id,
    test: row.lessonId,
    question_type: type,
    multiple_answer: type === 'multiple',
    body: row.body,
    picture: row.picture,
    order: row.order,
    case_sensitive: type === 'text' ? (settings.caseSensitive ?? false) : null,
    only_whole_numbers: type === 'number' ? (settings.onlyWholeNumbers ?? false) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    answers: answerRows.map(answerBody),
  };
}

/**
 * Questions with their answers, both in their order: ONE query (a left join) whatever the number
 * of questions, for the questions matching `where` (a test's, or one question).
 */
export async function questionsWithAnswers(db: Db, where: SQL): Promise<QuestionBody[]> {
  const rows = await db.select({ question: questions, answer: answers }).from(questions).leftJoin(answers, eq(answers.questionId, questions.id)).where(where).orderBy(asc(questions.order), asc(questions.id), asc(answers.order));
  const byId = new Map<number, { row: QuestionRow; answers: AnswerRow[] }>();
  for (const { question, answer } of rows) {
    let entry = byId.get(question.id);
    if (!entry) byId.set(question.id, (entry = { row: question, answers: [] }));
    if (answer) entry.answers.push(answer);
  }
  return [...byId.values()].map((entry) => questionBody(entry.row, entry.answers));
}

/** The question's type from the request: our types, or the original's codes with multiple_answer. */
function resolveType(input: TypeInput | undefined, multiple: boolean | undefined, current: QuestionType | null): QuestionType {
  const choice = (fallback: QuestionType) => (multiple === undefined ? fallback : multiple ? 'multiple' : 'single');
  let type: QuestionType;
  switch (input) {
    case undefined:
      type = current === null ? choice('single') : isChoice(current) ? choice(current) : current;
      break;
    case 'Text':
    case 'TextPic':
    case 'TextPics':
      type = choice('single');
      break;
    case 'Free':
      type = 'text';
      break;
    case 'Numerical':
      type = 'number';
      break;
    default:
      type = input;
  }
  if (multiple !== undefined && multiple !== (type === 'multiple')) {
    throw fieldError('multiple_answer', isChoice(type) ? 'Не совпадает с типом вопроса.' : 'Несколько ответов бывает только у вопроса с выбором ответа.');
  }
  return type;
}

/** The type's settings after a request: another type's setting is refused. */
function newSettings(type: QuestionType, input: QuestionInput, previous: QuestionSettings, sameType: boolean): QuestionSettings {
  if (input.case_sensitive !== undefined && type !== 'text') throw fieldError('case_sensitive', 'Эта настройка есть только у вопроса с ответом текстом.');
  if (input.only_whole_numbers !== undefined && type !== 'number') throw fieldError('only_whole_numbers', 'Эта настройка есть только у вопроса с ответом числом.');
  if (type === 'text') return { caseSensitive: input.case_sensitive ?? (sameType ? previous.caseSensitive : undefined) ?? false };
  if (type === 'number') return { onlyWholeNumbers: input.only_whole_numbers ?? (sameType ? previous.onlyWholeNumbers : undefined) ?? false };
  return {};
}

/** An absolute http(s) address of a picture (uploads come with the files step); '' or null clears it. */
function pictureUrl(value: string | null): string | null {
  if (value === null || !value.trim()) return null;
  const message = 'Укажите ссылку на изображение, начинающуюся с http:// или https://.';
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw fieldError('picture', message);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw fieldError('picture', message);
  return url.href;
}

/** Sanitised rich text with nothing to show: no text and no image. */
const blank = (html: string) => !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#xa0;/gi, ' ').trim() === '';

interface AnswerValues {
  body: string;
  isCorrect: boolean;
  picture: string | null;
  fromNumber: string | null;
  toNumber: string | null;
  matchBody: string | null;
}

/**
 * An answer's stored values after a request, checked against its question's type (the rules at
 * the top of this file). `previous` is the stored answer when it is changed.
 */
function answerValues(type: QuestionType, settings: QuestionSettings, input: AnswerInput, previous: AnswerRow | null): AnswerValues {
  const rangeGiven = input.answer_in_range !== undefined || input.from_digit !== undefined || input.to_digit !== undefined;
  if (type !== 'number' && rangeGiven) {
    const field = input.from_digit !== undefined ? 'from_digit' : input.to_digit !== undefined ? 'to_digit' : 'answer_in_range';
    throw fieldError(field, 'Число или диапазон указываются только у вопроса с ответом числом.');
  }
  if (type !== 'match' && input.match_body !== undefined && input.match_body !== null) throw fieldError('match_body', 'Пара указывается только у вопроса на сопоставление.');
  const picture = input.picture !== undefined ? pictureUrl(input.picture) : (previous?.picture ?? null);
  const values: AnswerValues = { body: previous?.body ?? '', isCorrect: true, picture, fromNumber: null, toNumber: null, matchBody: null };

  if (type === 'text') {
    // Compared with what the student types: plain text, not HTML.
    const body = input.body !== undefined ? input.body.trim() : values.body;
    if (!body) throw fieldError('body', 'Укажите принимаемый ответ.');
    return { ...values, body };
  }
  if (input.body !== undefined) values.body = sanitizeRichText(input.body);

  switch (type) {
    case 'single':
    case 'multiple':
      return { ...values, isCorrect: input.is_correct ?? previous?.isCorrect ?? false };
    case 'order':
      return values;
    case 'match': {
      const matchBody = input.match_body !== undefined ? (input.match_body === null ? '' : sanitizeRichText(input.match_body)) : (previous?.matchBody ?? '');
      if (blank(values.body) && !values.picture) throw fieldError('body', 'Укажите ответ.');
      if (blank(matchBody)) throw fieldError('match_body', 'Укажите пару для сопоставления.');
      return { ...values, matchBody };
    }
    case 'number': {
      const before = { from: num(previous?.fromNumber ?? null), to: num(previous?.toNumber ?? null) };
      const from = input.from_digit !== undefined ? input.from_digit : before.from;
      // A range when asked for, when a different end is sent, or when it was one.
      const inRange = input.answer_in_range ?? (input.to_digit !== undefined && input.to_digit !== null ? input.to_digit !== from : before.from !== before.to);
      if (from === null) throw fieldError('from_digit', inRange ? 'Укажите начало диапазона.' : 'Укажите число.');
      let to: number | null;
      if (inRange) {
        to = input.to_digit !== undefined ? input.to_digit : before.to;
        if (to === null) throw fieldError('to_digit', 'Укажите конец диапазона.');
        if (from > to) throw fieldError('to_digit', 'Начало диапазона не может быть больше конца.');
      } else {
        if (input.to_digit !== undefined && input.to_digit !== null && input.to_digit !== from) {
          throw fieldError('to_digit', 'Конец диапазона указывается только у ответа диапазоном (answer_in_range).');
        }
        to = from;
      }
      if (settings.onlyWholeNumbers) {
        if (!Number.isInteger(from)) throw fieldError('from_digit', 'В этом вопросе ответ — целое число.');
        if (!Number.isInteger(to)) throw fieldError('to_digit', 'В этом вопросе ответ — целое число.');
      }
      return { ...values, fromNumber: String(from), toNumber: String(to) };
    }
  }
}

/**
 * A student's test (tests/{id}/get_questions/): the questions of their open attempt without the
 * answer key, and its schema. Learning (above courses) answers it: feature-routes.ts hands it in.
 */
export interface StudentTestQuestions {
  view: TSchema;
  questions(app: App, request: FastifyRequest, schoolId: number, testId: number): Promise<unknown>;
}

/** Question texts and answer texts (questions and answers, spec §7 Questions); a student's test comes from `student`. */
export async function questionRoutes(app: App, student: StudentTestQuestions): Promise<void> {
  const { ctx } = app;
  const EDITORS: SchoolRole[] = ['Admin', 'Teacher'];
  const admin = (request: { auth?: { userId: number } | null }) => ({ role: 'Admin' as const, userId: request.auth!.userId });

  /** A test (a lesson of type 'test') of a live course of the school that the reader may see. */
  async function findTest(db: Db, schoolId: number, testId: number, reader: { role: SchoolRole; userId: number }): Promise<{ lesson: Lesson; course: Course }> {
    try {
      return await findLesson(db, schoolId, testId, reader, 'test');
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw testNotFound();
      throw error;
    }
  }

  /** A question of a test findTest finds; any other is "not found". */
  async function findQuestion(db: Db, schoolId: number, questionId: number, reader: { role: SchoolRole; userId: number }): Promise<QuestionRow> {
    const [row] = await db.select().from(questions).where(eq(questions.id, questionId));
    if (!row) throw questionNotFound();
    try {
      await findTest(db, schoolId, row.lessonId, reader);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw questionNotFound();
      throw error;
    }
    return row;
  }

  /** An answer of a question findQuestion finds, with that question. */
  async function findAnswer(db: Db, schoolId: number, answerId: number, reader: { role: SchoolRole; userId: number }): Promise<{ answer: AnswerRow; question: QuestionRow }> {
    const [row] = await db.select({ answer: answers, question: questions }).from(answers).innerJoin(questions, eq(questions.id, answers.questionId)).where(eq(answers.id, answerId));
    if (!row) throw answerNotFound();
    try {
      await findTest(db, schoolId, row.question.lessonId, reader);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw answerNotFound();
      throw error;
    }
    return row;
  }

  async function questionById(db: Db, id: number): Promise<QuestionBody> {
    const [question] = await questionsWithAnswers(db, eq(questions.id, id));
    if (!question) throw questionNotFound();
    return question;
  }

  async function answerById(db: Db, id: number): Promise<AnswerRow> {
    const [row] = await db.select().from(answers).where(eq(answers.id, id));
    if (!row) throw answerNotFound();
    return row;
  }

  /** A 'single' question keeps one right answer: `keep` stays, the others are unmarked. */
  async function onlyRightAnswer(tx: Db, questionId: number, keep: number): Promise<void> {
    await tx.update(answers).set({ isCorrect: false, updatedAt: ctx.now() }).where(and(eq(answers.questionId, questionId), ne(answers.id, keep), eq(answers.isCorrect, true)));
  }

  // --- questions ---

  app.post(
    '/:school/questions/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Добавить вопрос в тест (в конец или на место order; вопросы теста нумеруются заново) (администратор)',
        description: 'question_type: single, multiple, text (+case_sensitive), number (+only_whole_numbers), order, match; или коды оригинала.',
        params: Type.Object({ school: SchoolName }),
        body: CreateQuestion,
        response: { 201: QuestionBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { test: testId, order } = request.body;
      const type = resolveType(request.body.question_type, request.body.multiple_answer, null);
      const settings = newSettings(type, request.body, {}, false);
      const body = request.body.body === undefined ? '' : sanitizeRichText(request.body.body);
      const picture = request.body.picture === undefined ? null : pictureUrl(request.body.picture);
      const question = await ctx.db.transaction(async (tx) => {
        // The test's row is locked first, so inserts into one test are numbered one after another.
        await lockParents(tx, 'questions', [testId]);
        await findTest(tx, school.id, testId, admin(request));
        const [row] = await tx
          .insert(questions)
          .values({ lessonId: testId, type, body, picture, settings, order: await nextOrder(tx, 'questions', testId), createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning({ id: questions.id });
        if (order !== undefined) await renumber(tx, 'questions', testId, placeAt(await childIds(tx, 'questions', testId), row!.id, order));
        return questionById(tx, row!.id);
      });
      return reply.code(201).send(question);
    },
  );

  app.get(
    '/:school/questions/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Вопрос с ответами (администратор, преподаватель курса)',
        params: Params,
        response: { 200: QuestionBody, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, EDITORS);
      const question = await findQuestion(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId });
      return questionById(ctx.db, question.id);
    },
  );

  app.patch(
    '/:school/questions/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Изменить вопрос или переставить его на место order (администратор)',
        params: Params,
        body: PatchQuestion,
        response: { 200: QuestionBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const question = await findQuestion(ctx.db, school.id, request.params.id, admin(request));
      const input = request.body;
      if (input.test !== undefined && input.test !== question.lessonId) throw fieldError('test', 'Вопрос нельзя перенести в другой тест.');
      const current = question.type as QuestionType;
      const type = resolveType(input.question_type, input.multiple_answer, current);
      const settings = newSettings(type, input, settingsOf(question), type === current);
      const body = input.body === undefined ? undefined : sanitizeRichText(input.body);
      const picture = input.picture === undefined ? undefined : pictureUrl(input.picture);
      return ctx.db.transaction(async (tx) => {
        // The test first, then the question (the order every write here takes them in).
        if (input.order !== undefined) await lockParents(tx, 'questions', [question.lessonId]);
        await lockParents(tx, 'answers', [question.id]);
        const stored = await tx.select().from(answers).where(eq(answers.questionId, question.id));
        if (type !== current && stored.length > 0) {
          if (!isChoice(type) || !isChoice(current)) throw fieldError('question_type', 'Тип вопроса с ответами можно менять только между одним и несколькими правильными ответами.');
          if (type === 'single' && stored.filter((a) => a.isCorrect).length > 1) {
            throw fieldError('question_type', 'Оставьте один правильный ответ: у вопроса с одним ответом правильный ответ только один.');
          }
        }
        if (settings.onlyWholeNumbers && stored.some((a) => !Number.isInteger(num(a.fromNumber) ?? 0) || !Number.isInteger(num(a.toNumber) ?? 0))) {
          throw fieldError('only_whole_numbers', 'Среди ответов есть дробные числа: исправьте их сначала.');
        }
        const [row] = await tx
          .update(questions)
          .set({ type, settings, ...(body !== undefined ? { body } : {}), ...(picture !== undefined ? { picture } : {}), updatedAt: ctx.now() })
          .where(eq(questions.id, question.id))
          .returning({ id: questions.id });
        if (!row) throw questionNotFound();
        if (input.order !== undefined) {
          const ids = await childIds(tx, 'questions', question.lessonId);
          await renumber(tx, 'questions', question.lessonId, placeAt(ids, question.id, input.order));
        }
        return questionById(tx, question.id);
      });
    },
  );

  app.delete(
    '/:school/questions/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Удалить вопрос с его ответами; вопросы теста нумеруются заново (администратор)',
        params: Params,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const question = await findQuestion(ctx.db, school.id, request.params.id, admin(request));
      await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'questions', [question.lessonId]);
        const [row] = await tx.delete(questions).where(eq(questions.id, question.id)).returning({ id: questions.id });
        if (!row) throw questionNotFound();
        await renumber(tx, 'questions', question.lessonId, await childIds(tx, 'questions', question.lessonId));
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:school/question_order/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Переставить вопросы: [{question_id, order}]; вопросы каждого теста нумеруются заново (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Array(Type.Object({ question_id: Id, order: Position }), { minItems: 1, maxItems: 500 }),
        response: { 200: Detail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const wanted = new Map(request.body.map((item) => [item.question_id, item.order]));
      const found = await ctx.db
        .select({ id: questions.id, testId: questions.lessonId })
        .from(questions)
        .innerJoin(lessons, eq(lessons.id, questions.lessonId))
        .innerJoin(sections, eq(sections.id, lessons.sectionId))
        .innerJoin(courses, eq(courses.id, sections.courseId))
        .where(and(inArray(questions.id, [...wanted.keys()]), eq(lessons.type, 'test'), eq(courses.schoolId, school.id), isNull(courses.removedAt)));
      const foundIds = new Set(found.map((row) => row.id));
      const missing = [...wanted.keys()].filter((id) => !foundIds.has(id));
      if (missing.length > 0) throw badRequest(`Вопросы с ID [${missing.join(', ')}] не найдены.`, undefined, 'QUESTION_NOT_FOUND');
      const testIds = [...new Set(found.map((row) => row.testId))];
      await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'questions', testIds);
        for (const testId of testIds) await renumber(tx, 'questions', testId, withPositions(await childIds(tx, 'questions', testId), wanted));
      });
      return { detail: 'Вопросы успешно обновлены' };
    },
  );

  // --- answers ---

  app.post(
    '/:school/answers/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Добавить ответ к вопросу (в конец или на место order; ответы вопроса нумеруются заново) (администратор)',
        description:
          'single/multiple: is_correct (у single правильный ответ один: отметка нового снимает прежнюю); text: body — принимаемый ответ; number: from_digit, с answer_in_range ещё to_digit (from ≤ to); order: order — правильное место; match: body и match_body.',
        params: Type.Object({ school: SchoolName }),
        body: CreateAnswer,
        response: { 201: AnswerBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { question: questionId, order } = request.body;
      const question = await findQuestion(ctx.db, school.id, questionId, admin(request));
      const answer = await ctx.db.transaction(async (tx) => {
        // The question's row is locked first: its answers are numbered, and its type read, under it.
        await lockParents(tx, 'answers', [questionId]);
        const [locked] = await tx.select().from(questions).where(eq(questions.id, question.id));
        if (!locked) throw questionNotFound();
        const type = locked.type as QuestionType;
        const values = answerValues(type, settingsOf(locked), request.body, null);
        const [row] = await tx
          .insert(answers)
          .values({ questionId, ...values, order: await nextOrder(tx, 'answers', questionId), createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning({ id: answers.id });
        if (type === 'single' && values.isCorrect) await onlyRightAnswer(tx, questionId, row!.id);
        if (order !== undefined) await renumber(tx, 'answers', questionId, placeAt(await childIds(tx, 'answers', questionId), row!.id, order));
        return answerById(tx, row!.id);
      });
      return reply.code(201).send(answerBody(answer));
    },
  );

  app.get(
    '/:school/answers/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Ответ вопроса (администратор, преподаватель курса)',
        params: Params,
        response: { 200: AnswerBody, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, EDITORS);
      return answerBody((await findAnswer(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId })).answer);
    },
  );

  app.patch(
    '/:school/answers/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Изменить ответ или переставить его на место order (администратор)',
        params: Params,
        body: PatchAnswer,
        response: { 200: AnswerBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { answer } = await findAnswer(ctx.db, school.id, request.params.id, admin(request));
      const input = request.body;
      if (input.question !== undefined && input.question !== answer.questionId) throw fieldError('question', 'Ответ нельзя перенести к другому вопросу.');
      const updated = await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'answers', [answer.questionId]);
        const [question] = await tx.select().from(questions).where(eq(questions.id, answer.questionId));
        const [stored] = await tx.select().from(answers).where(eq(answers.id, answer.id));
        if (!question || !stored) throw answerNotFound();
        const type = question.type as QuestionType;
        const values = answerValues(type, settingsOf(question), input, stored);
        await tx
          .update(answers)
          .set({ ...values, updatedAt: ctx.now() })
          .where(eq(answers.id, answer.id));
        if (type === 'single' && values.isCorrect) await onlyRightAnswer(tx, question.id, answer.id);
        if (input.order !== undefined) await renumber(tx, 'answers', question.id, placeAt(await childIds(tx, 'answers', question.id), answer.id, input.order));
        return answerById(tx, answer.id);
      });
      return answerBody(updated);
    },
  );

  app.delete(
    '/:school/answers/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Удалить ответ; ответы вопроса нумеруются заново (администратор)',
        params: Params,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { answer } = await findAnswer(ctx.db, school.id, request.params.id, admin(request));
      await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'answers', [answer.questionId]);
        const [row] = await tx.delete(answers).where(eq(answers.id, answer.id)).returning({ id: answers.id });
        if (!row) throw answerNotFound();
        await renumber(tx, 'answers', answer.questionId, await childIds(tx, 'answers', answer.questionId));
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:school/answer_order/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Переставить ответы: [{answer_id, order}]; ответы каждого вопроса нумеруются заново (у вопроса order это правильный порядок) (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Array(Type.Object({ answer_id: Id, order: Position }), { minItems: 1, maxItems: 500 }),
        response: { 200: Detail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const wanted = new Map(request.body.map((item) => [item.answer_id, item.order]));
      const found = await ctx.db
        .select({ id: answers.id, questionId: answers.questionId })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .innerJoin(lessons, eq(lessons.id, questions.lessonId))
        .innerJoin(sections, eq(sections.id, lessons.sectionId))
        .innerJoin(courses, eq(courses.id, sections.courseId))
        .where(and(inArray(answers.id, [...wanted.keys()]), eq(lessons.type, 'test'), eq(courses.schoolId, school.id), isNull(courses.removedAt)));
      const foundIds = new Set(found.map((row) => row.id));
      const missing = [...wanted.keys()].filter((id) => !foundIds.has(id));
      if (missing.length > 0) throw badRequest(`Ответы с ID [${missing.join(', ')}] не найдены.`, undefined, 'ANSWER_NOT_FOUND');
      const questionIds = [...new Set(found.map((row) => row.questionId))];
      await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'answers', questionIds);
        for (const questionId of questionIds) await renumber(tx, 'answers', questionId, withPositions(await childIds(tx, 'answers', questionId), wanted));
      });
      return { detail: 'Ответы успешно обновлены' };
    },
  );

  // --- the test editor's view ---

  const TestQuestions = Type.Object({
    test: Type.Integer(),
    test_id: Type.Integer(),
    id: Type.Integer(),
    baselesson_ptr_id: Type.Integer(),
    section: Type.Integer(),
    section_id: Type.Integer(),
    course_id: Type.Integer(),
    type: Type.String(),
    name: Type.String(),
    order: Type.Integer(),
    active: Type.Boolean(),
    points: Type.Integer(),
    success_percent: Type.Integer(),
    random_questions: Type.Boolean(),
    random_answers: Type.Boolean(),
    show_right_answers: Type.Boolean(),
    attempt_limit: Type.Boolean(),
    attempt_count: Type.Integer(),
    points_per_answer: Type.Integer(),
    balls_per_answer: Type.Integer(),
    has_timer: Type.Boolean(),
    time_limit: Nullable(Type.String()),
    random_test_generator: Type.Boolean(),
    num_questions: Type.Integer(),
    tests_ids: Type.Array(Type.Integer()),
    all_questions: Type.Integer({ description: 'Число вопросов самого теста' }),
    questions: Type.Array(QuestionBody),
  });

  app.get(
    '/:school/tests/:id/get_questions/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Настройки теста и все его вопросы с ответами по порядку, для редактора теста (администратор, преподаватель курса); ученику — вопросы его попытки без ключа',
        description: 'Ученику — вид обучения (learning): вопросы открытой попытки (она открывается при первом запросе), без правильных ответов.',
        params: Params,
        response: { 200: Type.Union([TestQuestions, student.view]), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      // A student gets the learning feature's view (no answer key, their attempt's questions);
      // what follows is the editor's: every answer carries the key (is_correct, ranges, pairs, the right order).
      if (role === 'Student') return student.questions(app, request, school.id, request.params.id);
      const { lesson, course } = await findTest(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId });
      const list = await questionsWithAnswers(ctx.db, eq(questions.lessonId, lesson.id));
      return {
        test: lesson.id,
        test_id: lesson.id,
        id: lesson.id,
        baselesson_ptr_id: lesson.id,
        section: lesson.sectionId,
        section_id: lesson.sectionId,
        course_id: course.id,
        type: lesson.type,
        name: lesson.name,
        order: lesson.order,
        active: lesson.active,
        points: lesson.points,
        ...testFields(testSettings(lesson.settings)),
        all_questions: list.length,
        questions: list,
      };
    },
  );
}
