import { learningTestsMessages } from '#core';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { ServerHtml } from '../../ui/server-html.tsx';
import type { StudentAnswerOption, StudentQuestion } from './learning-api.ts';
import { moveItem, parseNumber, toggleChoice, type Draft } from './test-answers.ts';
import { htmlText, serverHtml } from './test-html.ts';

const t = learningTestsMessages.test;

export interface QuestionCardProps {
  question: StudentQuestion;
  /** 0-based place in the test. */
  index: number;
  total: number;
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** The time is up or the answers are being sent. */
  disabled: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** One question: its number, text and picture, and the input its type asks for. */
export function QuestionCard({ question, index, total, draft, onChange, disabled, headingRef }: QuestionCardProps) {
  const headingId = useId();
  return (
    <section className="test-question" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {t.questionOf(index + 1, total)}
      </h3>
      <ServerHtml className="test-question-body" html={question.body} />
      {question.picture ? <img className="test-question-picture" src={question.picture} alt={t.pictureAlt} /> : null}
      <QuestionInput question={question} draft={draft} onChange={onChange} disabled={disabled} />
    </section>
  );
}

function QuestionInput({ question, draft, onChange, disabled }: Pick<QuestionCardProps, 'question' | 'draft' | 'onChange' | 'disabled'>) {
  switch (question.question_type) {
    case 'single':
    case 'multiple':
      return <ChoiceInput question={question} draft={draft} onChange={onChange} disabled={disabled} />;
    case 'text':
      return <TextInput draft={draft} onChange={onChange} disabled={disabled} />;
    case 'number':
      return <NumberInput draft={draft} onChange={onChange} disabled={disabled} />;
    case 'order':
      return <OrderInput question={question} draft={draft} onChange={onChange} disabled={disabled} />;
    case 'match':
      return <MatchInput question={question} draft={draft} onChange={onChange} disabled={disabled} />;
    default:
      // A type this page does not know (initialDraft): nothing to answer it with.
      return null;
  }
}

/** An answer's text (HTML) and picture, inside its label. */
function AnswerContent({ answer }: { answer: StudentAnswerOption }) {
  return (
    <>
      <span className="test-answer-body" dangerouslySetInnerHTML={serverHtml(answer.body)} />
      {answer.picture ? <img className="test-answer-picture" src={answer.picture} alt="" /> : null}
    </>
  );
}

function ChoiceInput({ question, draft, onChange, disabled }: Pick<QuestionCardProps, 'question' | 'draft' | 'onChange' | 'disabled'>) {
  const single = question.question_type === 'single';
  const chosen = draft.kind === 'choice' ? draft.ids : [];
  const name = `question-${question.question_id}`;
  return (
    <fieldset className="test-choices" disabled={disabled}>
      <legend>{single ? t.chooseOne : t.chooseMany}</legend>
      {question.answers.map((answer) => (
        <label key={answer.answer_id} className="test-choice">
          <input
            type={single ? 'radio' : 'checkbox'}
            name={name}
            value={answer.answer_id}
            checked={chosen.includes(answer.answer_id)}
            onChange={(event) => onChange(toggleChoice(question, draft, answer.answer_id, event.target.checked))}
          />
          <AnswerContent answer={answer} />
        </label>
      ))}
    </fieldset>
  );
}

function TextInput({ draft, onChange, disabled }: Pick<QuestionCardProps, 'draft' | 'onChange' | 'disabled'>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t.yourAnswer}</label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        maxLength={1000}
        disabled={disabled}
        value={draft.kind === 'text' ? draft.text : ''}
        onChange={(event) => onChange({ kind: 'text', text: event.target.value })}
      />
    </div>
  );
}

function NumberInput({ draft, onChange, disabled }: Pick<QuestionCardProps, 'draft' | 'onChange' | 'disabled'>) {
  const id = useId();
  const raw = draft.kind === 'number' ? draft.raw : '';
  // A text input: type=number would take neither a decimal comma nor what a phone's keyboard types.
  const invalid = raw.trim() !== '' && parseNumber(raw) === null;
  return (
    <div className="field">
      <label htmlFor={id}>{t.yourNumber}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={40}
        disabled={disabled}
        value={raw}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange({ kind: 'number', raw: event.target.value })}
      />
      {invalid ? (
        <span className="field-error" id={`${id}-error`}>
          {t.notANumber}
        </span>
      ) : null}
    </div>
  );
}

/** Items moved with «Выше» / «Ниже» buttons: keyboard and screen-reader friendly, announced after each move. */
function OrderInput({ question, draft, onChange, disabled }: Pick<QuestionCardProps, 'question' | 'draft' | 'onChange' | 'disabled'>) {
  const hintId = useId();
  const ids = draft.kind === 'order' ? draft.ids : question.answers.map((answer) => answer.answer_id);
  const byId = new Map(question.answers.map((answer) => [answer.answer_id, answer]));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusNext, setFocusNext] = useState<{ id: number; up: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const names = new Map(question.answers.map((answer, i) => [answer.answer_id, htmlText(answer.body) || t.untitledItem(i + 1)]));

  // The moved item keeps the focus: on the same button, or the other one once it reached an end.
  useEffect(() => {
    if (!focusNext) return;
    const same = buttons.current.get(`${focusNext.id}-${focusNext.up ? 'up' : 'down'}`);
    const other = buttons.current.get(`${focusNext.id}-${focusNext.up ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  function move(index: number, delta: number) {
    const id = ids[index]!;
    const next = moveItem(ids, index, delta);
    onChange({ kind: 'order', ids: next });
    setFocusNext({ id, up: delta < 0 });
    setAnnouncement(t.moved(names.get(id) ?? '', next.indexOf(id) + 1, next.length));
  }

  const bind = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <div className="test-order">
      <p className="field-hint" id={hintId}>
        {t.orderHint}
      </p>
      <ol aria-describedby={hintId}>
        {ids.map((id, index) => {
          const answer = byId.get(id);
          if (!answer) return null;
          const name = names.get(id) ?? '';
          return (
            <li key={id} className="test-order-item">
              <span className="test-order-place" aria-hidden="true">
                {index + 1}
              </span>
              <span className="test-order-content">
                <AnswerContent answer={answer} />
              </span>
              <span className="test-order-buttons">
                <button ref={bind(`${id}-up`)} type="button" className="button small secondary" aria-label={t.moveUpLabel(name)} disabled={disabled || index === 0} onClick={() => move(index, -1)}>
                  {t.moveUp}
                </button>
                <button
                  ref={bind(`${id}-down`)}
                  type="button"
                  className="button small secondary"
                  aria-label={t.moveDownLabel(name)}
                  disabled={disabled || index === ids.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {t.moveDown}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}

/** A select per item, its options the question's right sides (as text: an option holds no markup). */
function MatchInput({ question, draft, onChange, disabled }: Pick<QuestionCardProps, 'question' | 'draft' | 'onChange' | 'disabled'>) {
  const baseId = useId();
  const pairs = draft.kind === 'match' ? draft.pairs : {};
  const options = (question.match_options ?? []).map((option) => ({ id: option.id, text: htmlText(option.body) }));
  return (
    <fieldset className="test-match" disabled={disabled}>
      <legend>{t.matchHint}</legend>
      {question.answers.map((answer, i) => {
        const id = `${baseId}-${answer.answer_id}`;
        const chosen = pairs[answer.answer_id];
        const name = htmlText(answer.body) || t.untitledItem(i + 1);
        return (
          <div key={answer.answer_id} className="test-match-row">
            <label htmlFor={id} className="test-match-item">
              <AnswerContent answer={answer} />
            </label>
            <select
              id={id}
              aria-label={t.matchFor(name)}
              value={chosen === undefined ? '' : String(chosen)}
              onChange={(event) => {
                const next = { ...pairs };
                if (event.target.value === '') delete next[answer.answer_id];
                else next[answer.answer_id] = Number(event.target.value);
                onChange({ kind: 'match', pairs: next });
              }}
            >
              <option value="">{t.matchNone}</option>
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.text}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </fieldset>
  );
}
