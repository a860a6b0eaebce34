import { learningTestsMessages, toApiError } from '#core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormError } from '../../ui/form-field.tsx';
import type { GivenAnswer, StudentQuestion } from './learning-api.ts';
import { answersPayload, draftOf, isAnswered, unansweredCount, type Draft, type Drafts } from './test-answers.ts';
import { clearSavedDrafts, loadSavedDrafts, saveDrafts } from './saved-drafts.ts';
import { QuestionCard } from './test-runner-question.tsx';
import { formatClock, secondsLeft } from './test-timer.ts';

const t = learningTestsMessages.test;

/** How often the clock is read: under a second, so the shown second never lags a whole one. */
const TICK_MS = 250;

export interface TestRunnerProps {
  questions: readonly StudentQuestion[];
  /** When the time runs out on this device's clock (ms; test-timer.ts countdownEnd), or null for no limit. */
  end: number | null;
  /** Sends the answers; rejects with the server's refusal, which is shown and the answers kept. */
  onSubmit: (answers: GivenAnswer[]) => Promise<void>;
  /** Where this tab keeps the answers until they are sent (saved-drafts.ts), so a reload keeps them. */
  draftKey?: string;
}

/**
 * Taking a test: one question at a time with «Назад» / «Далее» and a list to jump to any, or all
 * on one page; a countdown for a timed test that sends what is answered when it reaches zero;
 * «Завершить тест» asks first while some questions have no answer. Nothing is graded here.
 */
export function TestRunner({ questions, end, onSubmit, draftKey }: TestRunnerProps) {
  const [drafts, setDrafts] = useState<Drafts>(() => (draftKey ? loadSavedDrafts(draftKey, questions) : {}));
  const [current, setCurrent] = useState(0);
  const [onePage, setOnePage] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // What the clock's zero sends: the answers as they are at that moment.
  const latest = useRef(drafts);
  latest.current = drafts;
  const sending = useRef(false);
  const autoSent = useRef(false);

  const left = end === null ? null : secondsLeft(end, now);
  const timeUp = left === 0;

  useEffect(() => {
    if (end === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [end]);

  // A new question shown by «Назад», «Далее» or the list takes the focus, so it is read out.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [current, onePage]);

  async function finish() {
    if (sending.current) return;
    sending.current = true;
    setConfirming(false);
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit(answersPayload(questions, latest.current));
      if (draftKey) clearSavedDrafts(draftKey);
    } catch (cause) {
      setError(toApiError(cause).message);
      setSubmitting(false);
    } finally {
      sending.current = false;
    }
  }

  // At zero the answers go as they are, once; a refusal is shown with «Завершить тест» to try again.
  useEffect(() => {
    if (!timeUp || autoSent.current) return;
    autoSent.current = true;
    void finish();
  });

  function requestFinish() {
    if (unansweredCount(questions, drafts) > 0 && !timeUp) setConfirming(true);
    else void finish();
  }

  function goTo(index: number) {
    if (onePage) {
      document.getElementById(questionAnchor(questions[index]!))?.scrollIntoView?.({ block: 'start' });
      document.getElementById(questionAnchor(questions[index]!))?.querySelector('h3')?.focus();
      return;
    }
    moved.current = true;
    setCurrent(index);
  }

  // Stored as it is given, in the handler: an effect runs after the render, and a reload straight
  // after a choice (before the browser got round to it) lost the answer.
  const setDraft = (question: StudentQuestion) => (draft: Draft) => {
    const next = { ...latest.current, [question.question_id]: draft };
    latest.current = next;
    if (draftKey) saveDrafts(draftKey, next);
    setDrafts(next);
  };
  const answered = questions.filter((question) => isAnswered(question, draftOf(question, drafts))).length;
  const locked = submitting || timeUp;
  const shown = onePage ? questions.map((question, index) => ({ question, index })) : questions[current] ? [{ question: questions[current]!, index: current }] : [];

  return (
    <div className="test-runner">
      <div className="test-runner-bar">
        {left !== null ? (
          <p className={`test-clock${left <= 60 ? ' ending' : ''}`}>
            <span className="muted">{t.timeLeft}: </span>
            <span role="timer" aria-label={t.timeLeftLabel(formatClock(left))}>
              {formatClock(left)}
            </span>
          </p>
        ) : null}
        <p className="muted">{t.answeredCount(answered, questions.length)}</p>
        <label className="test-one-page">
          <input
            type="checkbox"
            checked={onePage}
            onChange={(event) => {
              moved.current = false;
              setOnePage(event.target.checked);
            }}
          />
          {t.onePage}
        </label>
      </div>
      {/* Announced once, not every second: the timer role itself is not live. */}
      <p className="visually-hidden" role="status">
        {timeUp ? t.timeUp : left !== null && left <= 60 ? t.oneMinuteLeft : ''}
      </p>
      {timeUp ? <p className="test-time-up">{t.timeUp}</p> : null}

      <nav aria-label={t.questionList}>
        <ol className="test-question-list">
          {questions.map((question, index) => {
            const done = isAnswered(question, draftOf(question, drafts));
            return (
              <li key={question.question_id}>
                <button
                  type="button"
                  className={`test-question-jump${done ? ' answered' : ''}`}
                  aria-label={t.goToQuestion(index + 1, done)}
                  aria-current={!onePage && index === current ? 'step' : undefined}
                  onClick={() => goTo(index)}
                >
                  {index + 1}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      {shown.map(({ question, index }) => (
        <div key={question.question_id} id={questionAnchor(question)}>
          <QuestionCard
            question={question}
            index={index}
            total={questions.length}
            draft={draftOf(question, drafts)}
            onChange={setDraft(question)}
            disabled={locked}
            headingRef={onePage ? undefined : heading}
          />
        </div>
      ))}

      <FormError message={error} />
      <div className="form-actions test-runner-actions">
        {!onePage ? (
          <>
            <button type="button" className="button secondary" disabled={current === 0} onClick={() => goTo(current - 1)}>
              {t.previous}
            </button>
            <button type="button" className="button secondary" disabled={current >= questions.length - 1} onClick={() => goTo(current + 1)}>
              {t.next}
            </button>
          </>
        ) : null}
        <button type="button" className="button primary" disabled={submitting} aria-busy={submitting || undefined} onClick={requestFinish}>
          {submitting ? t.finishing : t.finish}
        </button>
      </div>

      {confirming ? (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirmText(unansweredCount(questions, drafts))}
          confirmLabel={t.confirmFinish}
          cancelLabel={t.confirmBack}
          onConfirm={() => void finish()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

const questionAnchor = (question: StudentQuestion) => `test-question-${question.question_id}`;
