import { learningTestsMessages } from '#core';
import type { LessonDetail, StudentTest, TestAttempt } from './learning-api.ts';
import { parseDuration } from './test-timer.ts';

const t = learningTestsMessages.test;

type GradedAttempt = TestAttempt & { success_percent: number; points: number; max_points: number; submitted_at: string };
/** A sent attempt: its percent and points are set (the contract leaves them null while it is open). */
const isGraded = (attempt: TestAttempt): attempt is GradedAttempt =>
  attempt.submitted_at !== null && attempt.success_percent !== null && attempt.points !== null && attempt.max_points !== null;

const dateFormat = () => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export interface TestStartScreenProps {
  lesson: LessonDetail;
  /** The open attempt's questions and rules, once read. */
  test: StudentTest | null;
  attempts: readonly TestAttempt[] | null;
  /** Why the test cannot be taken (the server's words), shown as a lock. */
  lock: string | null;
}

/** The test's rules before it starts, the student's standing in it, and their previous attempts. */
export function TestStartScreen({ lesson, test, attempts, lock }: TestStartScreenProps) {
  const graded = (attempts ?? []).filter(isGraded).sort((a, b) => a.user_test_id - b.user_test_id);
  const successPercent = test?.success_percent ?? lesson.success_percent ?? 0;
  const hasTimer = test?.has_timer ?? lesson.has_timer ?? false;
  const limit = hasTimer ? parseDuration(test?.time_limit ?? lesson.time_limit) : null;
  const attemptsLeft = test ? test.attempts_left : (lesson.attempts_left ?? null);
  // The server's best percent; before the lesson is read again, the best of the graded attempts it listed.
  const best = lesson.best_percent ?? (graded.length ? Math.max(...graded.map((attempt) => attempt.success_percent)) : null);
  const exhausted = attemptsLeft === 0 && !lesson.passed;
  // A timed test's questions are read only once it starts: until then the lesson says how many.
  const questionsCount = test ? test.questions.length : (lesson.questions_count ?? null);
  return (
    <div className="test-start">
      <dl className="test-facts">
        {questionsCount !== null ? (
          <div>
            <dt>{t.questionsCount}</dt>
            <dd>{questionsCount}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t.successPercent}</dt>
          <dd>{t.percent(successPercent)}</dd>
        </div>
        <div>
          <dt>{t.timeLimit}</dt>
          <dd>{limit ? t.duration(limit) : t.noTimeLimit}</dd>
        </div>
        <div>
          <dt>{t.attemptsLeft}</dt>
          <dd>{attemptsLeft === null ? t.unlimitedAttempts : attemptsLeft}</dd>
        </div>
        <div>
          <dt>{t.bestResult}</dt>
          <dd>{best === null ? t.noResult : t.percent(best)}</dd>
        </div>
      </dl>
      {lesson.passed ? <p className="test-verdict passed">{t.alreadyPassed}</p> : null}
      {lock || exhausted ? (
        <p className="test-lock" role="alert">
          {lock ?? t.attemptsExhausted}
        </p>
      ) : null}
      {test && !lock && test.questions.length === 0 ? <p className="muted">{t.noQuestions}</p> : null}
      {limit && !lock && !exhausted && !lesson.passed ? <p className="field-hint">{t.timedHint}</p> : null}
      {graded.length ? (
        <div className="table-scroll">
          <table className="data-table test-attempts">
            <caption>{t.previousAttempts}</caption>
            <thead>
              <tr>
                <th scope="col">{t.attemptNumber}</th>
                <th scope="col">{t.attemptDate}</th>
                <th scope="col">{t.attemptPercent}</th>
                <th scope="col">{t.attemptPoints}</th>
                <th scope="col">{t.attemptStatus}</th>
              </tr>
            </thead>
            <tbody>
              {graded.map((attempt, index) => {
                const at = attempt.submitted_at ?? attempt.created_at;
                return (
                  <tr key={attempt.user_test_id}>
                    <th scope="row">{index + 1}</th>
                    <td>
                      <time dateTime={at}>{dateFormat().format(new Date(at))}</time>
                    </td>
                    <td>{t.percent(attempt.success_percent)}</td>
                    <td>{t.points(attempt.points, attempt.max_points)}</td>
                    <td>{attempt.status ? t.attemptPassed : t.attemptFailed}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
