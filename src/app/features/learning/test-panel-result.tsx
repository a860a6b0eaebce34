import { learningTestsMessages } from '#core';
import { useEffect, useRef } from 'react';
import { ServerHtml } from '../../ui/server-html.tsx';
import type { StudentQuestion, TestResult } from './learning-api.ts';
import { htmlText } from './test-html.ts';
import { readRightAnswers, type RightAnswer } from './test-right-answers.ts';

const t = learningTestsMessages.test;

export interface TestResultViewProps {
  result: TestResult;
  /** The attempt's questions, to name the right answers' items. */
  questions: readonly StudentQuestion[];
  /** «Пройти ещё раз»: offered only when the test is not passed and attempts remain. */
  onRetry: () => void;
}

/** The server's grade of an attempt: nothing here is computed, only shown. */
export function TestResultView({ result, questions, onRetry }: TestResultViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The result replaces the questions: its heading takes the focus, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  const exhausted = !result.status && result.attempts_left === 0;
  const canRetry = !result.status && (result.attempts_left === null || result.attempts_left > 0);
  const rightAnswers = readRightAnswers(result.right_answers);
  return (
    <div className="test-result">
      <h3 ref={heading} tabIndex={-1} className={`test-verdict ${result.status ? 'passed' : 'failed'}`}>
        {result.status ? t.passed : t.failed}
      </h3>
      <dl className="test-facts">
        <div>
          <dt>{t.yourPercent}</dt>
          <dd>{t.percent(result.success_percent)}</dd>
        </div>
        <div>
          <dt>{t.yourPoints}</dt>
          <dd>{t.points(result.points, result.max_points)}</dd>
        </div>
        <div>
          <dt>{t.attemptsLeft}</dt>
          <dd>{result.attempts_left === null ? t.unlimitedAttempts : result.attempts_left}</dd>
        </div>
      </dl>
      {exhausted ? (
        <p className="test-lock" role="alert">
          {t.attemptsExhausted}
        </p>
      ) : null}
      {rightAnswers && rightAnswers.length ? <RightAnswers answers={rightAnswers} questions={questions} /> : null}
      {canRetry ? (
        <div className="form-actions">
          <button type="button" className="button primary" onClick={onRetry}>
            {t.retry}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function RightAnswers({ answers, questions }: { answers: RightAnswer[]; questions: readonly StudentQuestion[] }) {
  const byId = new Map(questions.map((question) => [question.question_id, question]));
  const shown = answers.filter((answer) => byId.has(answer.question));
  if (!shown.length) return null;
  return (
    <section className="test-right-answers" aria-labelledby="test-right-answers">
      <h4 id="test-right-answers">{t.rightAnswers}</h4>
      <ol>
        {shown.map((answer) => {
          const question = byId.get(answer.question)!;
          return (
            <li key={answer.question}>
              <ServerHtml className="test-question-body" html={question.body} />
              {answer.correct !== null ? <p className={`test-mark ${answer.correct ? 'right' : 'wrong'}`}>{answer.correct ? t.correct : t.wrong}</p> : null}
              <RightAnswerBody answer={answer} question={question} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RightAnswerBody({ answer, question }: { answer: RightAnswer; question: StudentQuestion }) {
  const itemText = (id: number) => {
    const found = question.answers.find((one) => one.answer_id === id);
    return found ? htmlText(found.body) : '';
  };
  const optionText = (id: number) => {
    const found = question.match_options?.find((one) => one.id === id);
    return found ? htmlText(found.body) : '';
  };
  const list = (items: string[], ordered = false) => {
    const shown = items.filter(Boolean);
    if (!shown.length) return <p className="muted">{t.noRightAnswer}</p>;
    const children = shown.map((item, i) => <li key={i}>{item}</li>);
    return ordered ? <ol className="test-right-list">{children}</ol> : <ul className="test-right-list">{children}</ul>;
  };
  if ('answers' in answer) return list(answer.answers.map(itemText));
  if ('texts' in answer) return list(answer.texts);
  if ('ranges' in answer) {
    return list(answer.ranges.map(({ from, to }) => (from === to ? t.rightAnswerNumber(t.decimal(from)) : t.rightAnswerRange(t.decimal(from), t.decimal(to)))));
  }
  if ('order' in answer) return list(answer.order.map(itemText), true);
  return list(answer.pairs.map(([item, match]) => `${itemText(item)} — ${optionText(match)}`));
}
