import { coursesMessages, toApiError, type ApiError } from '#core';
import { useEffect, useId, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { createAnswer, deleteAnswer, orderAnswers, patchAnswer, type Answer, type QuestionType } from './course-api.ts';
import { SaveStatus } from './save-status.tsx';
import { useAutosave } from './use-autosave.ts';
import { saveOrder, swapped } from './saved-order.ts';

const t = coursesMessages;
const q = coursesMessages.questions;

/** The text of the server's sanitised HTML, for a plain input (answers are edited as text). */
export function plainText(html: string | null): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Plain text as HTML that says exactly that text (the server keeps it, sanitised, as rich text). */
export function textAsHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A number typed in Russian or English style, or null while it is not one yet. */
export function parseNumber(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (text === '' || text === '-') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** What an answer is called in its question's type: «Ответ 1», «Элемент 2», «Пара 3». */
export function answerLabel(type: QuestionType, n: number): string {
  if (type === 'text') return q.accepted(n);
  if (type === 'order') return q.item(n);
  if (type === 'match') return q.pair(n);
  return q.answer(n);
}

/** Keeps a request's field errors for the fields it names; the answer or failure goes on. */
function useFieldErrors() {
  const [error, setError] = useState<ApiError | null>(null);
  const capture = <R,>(promise: Promise<R>): Promise<R> =>
    promise.then(
      (answer) => {
        setError(null);
        return answer;
      },
      (cause: unknown) => {
        setError(toApiError(cause));
        throw cause;
      },
    );
  return { error, setError, capture, message: (field: string) => error?.fieldMessage(field) };
}

/** The error under a field, tied to it by id. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span className="field-error" id={id}>
      {message}
    </span>
  ) : null;
}

const invalid = (id: string, message: string | undefined) => ({ 'aria-invalid': Boolean(message), 'aria-describedby': message ? id : undefined });

export interface AnswerListProps {
  school: string;
  questionId: number;
  type: QuestionType;
  answers: readonly Answer[];
  onAnswers: Dispatch<SetStateAction<readonly Answer[]>>;
}

/**
 * A question's answers, by its type: right answers marked (a radio button for one answer, check
 * boxes for several), accepted texts, numbers or ranges, items in their right order, pairs. Each
 * answer saves itself as it changes; answers are added, moved up and down, and deleted after a
 * confirmation.
 */
export function AnswerList({ school, questionId, type, answers, onAnswers }: AnswerListProps) {
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ answer: Answer; label: string } | null>(null);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const latest = useRef(answers);
  latest.current = answers;

  useEffect(() => {
    if (focusAfter) document.getElementById(focusAfter)?.focus();
  }, [focusAfter, answers]);

  async function move(index: number, by: -1 | 1, buttonId: string) {
    const to = index + by;
    if (to < 0 || to >= answers.length) return;
    setFocusAfter(buttonId);
    await saveOrder(latest.current, swapped(latest.current, index, to), onAnswers, (next) =>
      orderAnswers(school, next.map((answer, i) => ({ answer_id: answer.answer_id, order: i + 1 }))),
    );
  }

  async function add(body: Record<string, unknown>): Promise<void> {
    setBusy(true);
    try {
      const answer = await createAnswer(school, { question: questionId, ...body });
      onAnswers((own) => [...own, answer]);
      setFocusAfter(`${ids}-input-${answer.answer_id}`);
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete() {
    if (!pending) return;
    setBusy(true);
    try {
      await deleteAnswer(school, pending.answer.answer_id);
      onAnswers((own) => own.filter((answer) => answer.answer_id !== pending.answer.answer_id));
    } catch (error) {
      showToast(toApiError(error).message, 'error');
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const markCorrect = (id: number, correct: boolean) =>
    onAnswers((own) => own.map((answer) => (answer.answer_id === id ? { ...answer, is_correct: correct } : type === 'single' && correct ? { ...answer, is_correct: false } : answer)));

  return (
    <fieldset className="answer-list">
      <legend>{q.answers}</legend>
      <p className="field-hint">{q.hints[type]}</p>
      {answers.length === 0 ? <p className="muted">{q.noAnswers}</p> : null}
      <ol className="answers">
        {answers.map((answer, index) => {
          const label = answerLabel(type, index + 1);
          return (
            <li key={answer.answer_id} className="answer-item" aria-label={label}>
              <AnswerEditor
                school={school}
                type={type}
                answer={answer}
                n={index + 1}
                inputId={`${ids}-input-${answer.answer_id}`}
                radioName={`${ids}-correct`}
                onCorrect={(correct) => markCorrect(answer.answer_id, correct)}
                onSaved={(saved) => {
                  onAnswers((own) => own.map((item) => (item.answer_id === saved.answer_id ? { ...item, ...saved, order: item.order } : item)));
                  if (type === 'single' && saved.is_correct) markCorrect(saved.answer_id, true);
                }}
              />
              <span className="row-actions">
                <button id={`${ids}-up-${answer.answer_id}`} type="button" className="icon-button" aria-label={t.moveUpLabel(label)} title={t.moveUp} disabled={index === 0} onClick={() => void move(index, -1, `${ids}-${index === 1 ? 'down' : 'up'}-${answer.answer_id}`)}>
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  id={`${ids}-down-${answer.answer_id}`}
                  type="button"
                  className="icon-button"
                  aria-label={t.moveDownLabel(label)}
                  title={t.moveDown}
                  disabled={index === answers.length - 1}
                  onClick={() => void move(index, 1, `${ids}-${index === answers.length - 2 ? 'up' : 'down'}-${answer.answer_id}`)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button type="button" className="icon-button danger" aria-label={q.deleteAnswer(label)} title={t.delete} onClick={() => setPending({ answer, label })}>
                  <span aria-hidden="true">✕</span>
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <NewAnswer type={type} busy={busy} onAdd={add} />
      {pending ? (
        <ConfirmDialog
          title={q.deleteAnswerTitle}
          message={q.deleteAnswerText(pending.label)}
          confirmLabel={t.delete}
          danger
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </fieldset>
  );
}

/**
 * Adding an answer: at once for the types whose new answer may start empty (choices, items, a
 * number from 0); with a small form for those the server needs filled in (an accepted text, a pair).
 */
function NewAnswer({ type, busy, onAdd }: { type: QuestionType; busy: boolean; onAdd: (body: Record<string, unknown>) => Promise<void> }) {
  const id = useId();
  const [left, setLeft] = useState('');
  const [right, setRight] = useState('');
  const errors = useFieldErrors();

  if (type !== 'text' && type !== 'match') {
    const body = type === 'number' ? { from_digit: 0 } : type === 'order' ? { body: '' } : { body: '', is_correct: false };
    return (
      <div className="form-actions">
        <button type="button" className="button small secondary" disabled={busy} onClick={() => void onAdd(body).catch((error: unknown) => showToast(toApiError(error).message, 'error'))}>
          + {q.addAnswer}
        </button>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await errors.capture(onAdd(type === 'text' ? { body: left } : { body: textAsHtml(left), match_body: textAsHtml(right) }));
      setLeft('');
      setRight('');
    } catch {
      // The fields' errors show under them; anything else under the form.
    }
  }

  const formError = errors.error && !errors.error.fields ? errors.error.message : null;
  return (
    <form className="new-answer" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-left`}>{type === 'text' ? q.newAccepted : q.newLeft}</label>
        <input id={`${id}-left`} value={left} onChange={(event) => setLeft(event.target.value)} {...invalid(`${id}-left-error`, errors.message('body'))} />
        <FieldError id={`${id}-left-error`} message={errors.message('body')} />
      </div>
      {type === 'match' ? (
        <div className="field">
          <label htmlFor={`${id}-right`}>{q.newRight}</label>
          <input id={`${id}-right`} value={right} onChange={(event) => setRight(event.target.value)} {...invalid(`${id}-right-error`, errors.message('match_body'))} />
          <FieldError id={`${id}-right-error`} message={errors.message('match_body')} />
        </div>
      ) : null}
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button small secondary" disabled={busy}>
          + {q.addAnswer}
        </button>
      </div>
    </form>
  );
}

interface AnswerEditorProps {
  school: string;
  type: QuestionType;
  answer: Answer;
  n: number;
  inputId: string;
  radioName: string;
  onCorrect: (correct: boolean) => void;
  onSaved: (answer: Answer) => void;
}

/** One answer's fields by its question's type, saved as they change (text after a pause or on leaving the field). */
function AnswerEditor({ school, type, answer, n, inputId, radioName, onCorrect, onSaved }: AnswerEditorProps) {
  const errors = useFieldErrors();
  const save = useAutosave<Record<string, unknown>, Answer>((patch) => errors.capture(patchAnswer(school, answer.answer_id, patch)), onSaved);
  const [body, setBody] = useState(() => (type === 'text' ? answer.body : plainText(answer.body)));
  const [match, setMatch] = useState(() => plainText(answer.match_body));
  const [inRange, setInRange] = useState(answer.answer_in_range);
  const [from, setFrom] = useState(answer.from_digit === null ? '' : String(answer.from_digit));
  const [to, setTo] = useState(answer.to_digit === null ? '' : String(answer.to_digit));
  const label = answerLabel(type, n);
  const err = (field: string) => errors.message(field);

  const sendNumber = (next: { inRange: boolean; from: string; to: string }) => {
    const fromDigit = parseNumber(next.from);
    const toDigit = parseNumber(next.to);
    if (fromDigit === null || (next.inRange && toDigit === null)) return;
    save.change(next.inRange ? { answer_in_range: true, from_digit: fromDigit, to_digit: toDigit } : { answer_in_range: false, from_digit: fromDigit });
  };

  const textInput = (id: string, value: string, field: 'body' | 'match_body', name: string, onText: (value: string) => void) => (
    <div className="field">
      <label htmlFor={id}>{name}</label>
      <input
        id={id}
        value={value}
        maxLength={10_000}
        onChange={(event) => {
          onText(event.target.value);
          const text = event.target.value;
          // An accepted text is kept as typed; other answers are rich text on the server.
          if (type === 'text') {
            if (text.trim()) save.change({ body: text });
          } else save.change({ [field]: textAsHtml(text) });
        }}
        onBlur={save.flush}
        {...invalid(`${id}-error`, err(field))}
      />
      <FieldError id={`${id}-error`} message={err(field)} />
    </div>
  );

  let fields;
  switch (type) {
    case 'single':
    case 'multiple':
      fields = (
        <>
          <label className="check answer-correct">
            <input
              type={type === 'single' ? 'radio' : 'checkbox'}
              name={type === 'single' ? radioName : undefined}
              checked={answer.is_correct}
              aria-label={q.correct(n)}
              onChange={(event) => {
                onCorrect(event.target.checked);
                save.change({ is_correct: event.target.checked });
                save.flush();
              }}
            />
          </label>
          {textInput(inputId, body, 'body', label, setBody)}
        </>
      );
      break;
    case 'text':
    case 'order':
      fields = textInput(inputId, body, 'body', label, setBody);
      break;
    case 'match':
      fields = (
        <>
          {textInput(inputId, body, 'body', q.left(n), setBody)}
          {textInput(`${inputId}-right`, match, 'match_body', q.right(n), setMatch)}
        </>
      );
      break;
    case 'number':
      fields = (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={inRange}
              onChange={(event) => {
                setInRange(event.target.checked);
                // A range starts as [from, from] unless its end is already past its start.
                const end = parseNumber(to);
                const start = parseNumber(from);
                const nextTo = end !== null && start !== null && end > start ? to : from;
                if (event.target.checked) setTo(nextTo);
                sendNumber({ inRange: event.target.checked, from, to: nextTo });
                save.flush();
              }}
            />{' '}
            {q.range}
          </label>
          <div className="field">
            <label htmlFor={inputId}>{inRange ? `${label}: ${q.from.toLowerCase()}` : `${label}: ${q.number.toLowerCase()}`}</label>
            <input
              id={inputId}
              inputMode="decimal"
              value={from}
              onChange={(event) => {
                setFrom(event.target.value);
                sendNumber({ inRange, from: event.target.value, to });
              }}
              onBlur={save.flush}
              {...invalid(`${inputId}-error`, err('from_digit'))}
            />
            <FieldError id={`${inputId}-error`} message={err('from_digit')} />
          </div>
          {inRange ? (
            <div className="field">
              <label htmlFor={`${inputId}-to`}>{`${label}: ${q.to.toLowerCase()}`}</label>
              <input
                id={`${inputId}-to`}
                inputMode="decimal"
                value={to}
                onChange={(event) => {
                  setTo(event.target.value);
                  sendNumber({ inRange, from, to: event.target.value });
                }}
                onBlur={save.flush}
                {...invalid(`${inputId}-to-error`, err('to_digit'))}
              />
              <FieldError id={`${inputId}-to-error`} message={err('to_digit')} />
            </div>
          ) : null}
        </>
      );
      break;
  }

  return (
    <div className={`answer-editor ${type}`}>
      {fields}
      <FieldError id={`${inputId}-correct-error`} message={err('is_correct') ?? err('answer_in_range')} />
      <SaveStatus state={save.state} onRetry={save.flush} />
    </div>
  );
}
