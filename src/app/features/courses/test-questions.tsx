import { commonMessages, coursesMessages, toApiError } from '#core';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { createQuestion, deleteQuestion, getQuestions, orderQuestions, QUESTION_TYPES, type Question, type QuestionType } from './course-api.ts';
import { QuestionEditor } from './question-editor.tsx';
import { useBusyAction } from './use-busy-action.ts';
import { saveOrder, swapped } from './saved-order.ts';

const t = coursesMessages;
const q = coursesMessages.questions;
const typeName = (type: QuestionType) => q.types[type] ?? type;

/**
 * A test's questions in order (below its settings): each with its editor; added by type at the
 * end, moved with the up and down buttons, deleted after a confirmation.
 */
export function TestQuestions({ school, testId }: { school: string; testId: number }) {
  const ids = useId();
  const [questions, setQuestions] = useState<readonly Question[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, run] = useBusyAction();
  const [pending, setPending] = useState<{ question: Question; label: string } | null>(null);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const latest = useRef(questions);
  latest.current = questions;

  useEffect(() => {
    let current = true;
    setQuestions(null);
    setError(null);
    getQuestions(school, testId).then(
      (test) => current && setQuestions(test.questions),
      (cause: unknown) => current && setError(toApiError(cause).message),
    );
    return () => {
      current = false;
    };
  }, [school, testId, attempt]);

  useEffect(() => {
    if (focusAfter) document.getElementById(focusAfter)?.focus();
  }, [focusAfter, questions]);

  async function move(index: number, by: -1 | 1, buttonId: string) {
    const before = latest.current;
    if (!before) return;
    const to = index + by;
    if (to < 0 || to >= before.length) return;
    setFocusAfter(buttonId);
    await saveOrder(before, swapped(before, index, to), setQuestions, (next) =>
      orderQuestions(school, next.map((question, i) => ({ question_id: question.question_id, order: i + 1 }))),
    );
  }

  const add = (type: QuestionType) =>
    run(async () => {
      const question = await createQuestion(school, { test: testId, question_type: type });
      setQuestions((own) => [...(own ?? []), question]);
      setFocusAfter(`${ids}-question-${question.question_id}`);
    });

  async function confirmDelete() {
    if (!pending) return;
    await run(async () => {
      await deleteQuestion(school, pending.question.question_id);
      setQuestions((own) => own?.filter((question) => question.question_id !== pending.question.question_id) ?? own);
    });
    setPending(null);
  }

  let body;
  if (error) body = <LoadError message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  else if (!questions) body = <p role="status">{commonMessages.loading}</p>;
  else if (questions.length === 0) body = <EmptyState title={q.empty} text={q.emptyText} />;
  else
    body = (
      <ol className="questions">
        {questions.map((question, index) => {
          const label = q.label(index + 1, typeName(question.question_type));
          const up = `${ids}-up-${question.question_id}`;
          const down = `${ids}-down-${question.question_id}`;
          return (
            <li key={question.question_id} className="question-item" aria-label={label}>
              <div className="block-head">
                <h4 id={`${ids}-question-${question.question_id}`} className="block-type" tabIndex={-1}>
                  {label}
                </h4>
                <span className="row-actions">
                  <button id={up} type="button" className="icon-button" aria-label={t.moveUpLabel(label)} title={t.moveUp} disabled={index === 0} onClick={() => void move(index, -1, index === 1 ? down : up)}>
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button id={down} type="button" className="icon-button" aria-label={t.moveDownLabel(label)} title={t.moveDown} disabled={index === questions.length - 1} onClick={() => void move(index, 1, index === questions.length - 2 ? up : down)}>
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button type="button" className="icon-button danger" aria-label={q.deleteQuestion(label)} title={t.delete} onClick={() => setPending({ question, label })}>
                    <span aria-hidden="true">✕</span>
                  </button>
                </span>
              </div>
              <QuestionEditor school={school} question={question} />
            </li>
          );
        })}
      </ol>
    );

  return (
    <section className="test-questions" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{q.title}</h3>
      {body}
      {questions ? (
        <div className="add-block" role="group" aria-label={q.add}>
          <span className="muted">{q.add}:</span>
          {QUESTION_TYPES.map((type) => (
            <button key={type} type="button" className="button small secondary" disabled={busy} onClick={() => void add(type)}>
              + {typeName(type)}
            </button>
          ))}
        </div>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={q.deleteTitle}
          message={q.deleteText}
          confirmLabel={t.delete}
          danger
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
