import { ApiError, learningTestsMessages, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { checkTimer, getQuestions, listAttempts, startTest, submitTest, type LessonDetail, type StudentTest, type TestResult } from './learning-api.ts';
import { TestResultView } from './test-panel-result.tsx';
import { TestStartScreen } from './test-panel-start.tsx';
import { TestRunner } from './test-runner.tsx';
import { countdownEnd, type TimerCheck } from './test-timer.ts';

const t = learningTestsMessages.test;

export interface TestPanelProps {
  school: string;
  /** The test's detail as the lesson page read it (attempts_left, passed, best_percent, settings). */
  lesson: LessonDetail;
  /** Something the server keeps changed (an attempt was graded): the page reads the lesson again. */
  onChanged: () => void;
}

type Phase =
  | { name: 'start' }
  | { name: 'running'; test: StudentTest; end: number | null }
  | { name: 'result'; test: StudentTest; result: TestResult };

/** Refusals that close the test to the student (until a teacher changes something). */
const LOCKS = new Set(['ATTEMPTS_EXHAUSTED', 'TEST_ALREADY_PASSED']);
/** Refusals of the answers that end the attempt anyway: the time ran out, or it was sent elsewhere. */
const ENDED = new Set(['TIME_EXPIRED', 'ATTEMPT_ALREADY_SUBMITTED', 'TIMER_NOT_STARTED']);

/** What check-timer says, with its 403 TIME_EXPIRED as 'expired' and any other failure as null. */
async function askTimer(school: string, testId: number): Promise<TimerCheck> {
  try {
    return await checkTimer(school, testId);
  } catch (error) {
    return error instanceof ApiError && error.code === 'TIME_EXPIRED' ? 'expired' : null;
  }
}

/**
 * A test on the student's lesson page: the start screen (its rules, attempts left, previous
 * attempts), the questions (test-runner.tsx), then the server's grade. The server opens an attempt
 * when its questions are first read and a timed attempt's clock runs from then: so a timed test's
 * questions are read only once the student starts it (start-test first), and the countdown is
 * what check-timer then says is left.
 */
export function TestPanel(props: TestPanelProps) {
  // Another lesson of the same type may reuse this element: it starts afresh, nothing carried over.
  return <TestPanelOf key={`${props.lesson.type}-${props.lesson.id}`} {...props} />;
}

function TestPanelOf({ school, lesson, onChanged }: TestPanelProps) {
  const testId = lesson.id;
  const [phase, setPhase] = useState<Phase>({ name: 'start' });
  // Each round of the start screen reads the questions again: a new attempt after a graded one.
  const [round, setRound] = useState(0);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [lock, setLock] = useState<string | null>(null);
  // Why the last attempt ended without a grade to show (the time ran out on the server).
  const [notice, setNotice] = useState<string | null>(null);

  const closed = lesson.passed === true || lesson.attempts_left === 0;
  const timed = lesson.has_timer === true;
  // An untimed test's open attempt (opened by this call when none is): only when one may be taken.
  const test = useResource(phase.name === 'start' && !timed && !closed && !lock ? `test-${school}-${testId}-${round}` : null, () => getQuestions(school, testId));
  const attempts = useResource(phase.name === 'start' ? `attempts-${school}-${testId}-${round}` : null, () => listAttempts(school, testId));

  function refused(cause: unknown): void {
    const error = toApiError(cause);
    if (LOCKS.has(error.code)) setLock(error.message);
    else setStartError(error.message);
  }

  async function start(loaded: StudentTest | null) {
    setStarting(true);
    setStartError(null);
    setNotice(null);
    try {
      if (loaded && !loaded.has_timer) {
        setPhase({ name: 'running', test: loaded, end: null });
        return;
      }
      const started = await startTest(school, testId);
      const questions = loaded ?? (await getQuestions(school, testId));
      // Asked last, so the questions' loading is not counted twice.
      const end = countdownEnd(started, started.deadline ? await askTimer(school, testId) : null, Date.now());
      setPhase({ name: 'running', test: questions, end });
    } catch (cause) {
      refused(cause);
    } finally {
      setStarting(false);
    }
  }

  async function submit(loaded: StudentTest, answers: Parameters<typeof submitTest>[2]) {
    let result: TestResult;
    try {
      result = await submitTest(school, testId, answers);
    } catch (cause) {
      const error = toApiError(cause);
      if (!ENDED.has(error.code) && !LOCKS.has(error.code)) throw error;
      // This attempt is over on the server: back to the start, saying why.
      if (LOCKS.has(error.code)) setLock(error.message);
      else setNotice(error.message);
      setRound((n) => n + 1);
      setPhase({ name: 'start' });
      onChanged();
      return;
    }
    setPhase({ name: 'result', test: loaded, result });
    onChanged();
  }

  if (phase.name === 'running') {
    return (
      <section className="test-panel" aria-label={lesson.name}>
        <TestRunner questions={phase.test.questions} end={phase.end} draftKey={`ch-test-answers|${school}|${testId}`} onSubmit={(answers) => submit(phase.test, answers)} />
      </section>
    );
  }
  if (phase.name === 'result') {
    return (
      <section className="test-panel" aria-label={lesson.name}>
        <TestResultView
          result={phase.result}
          questions={phase.test.questions}
          onRetry={() => {
            setRound((n) => n + 1);
            setPhase({ name: 'start' });
          }}
        />
      </section>
    );
  }

  const loadError = test.status === 'error' ? test.error : null;
  // A 403 from get_questions is a lock the student cannot retry away (the course closed, attempts used up).
  const lockMessage = lock ?? (loadError && (loadError.status === 403 || LOCKS.has(loadError.code)) ? loadError.message : null);
  const canStart = !closed && !lockMessage && (timed ? true : test.status === 'ready' && test.data.questions.length > 0);
  return (
    <section className="test-panel" aria-label={lesson.name}>
      {notice ? (
        <p className="test-lock" role="alert">
          {notice}
        </p>
      ) : null}
      <TestStartScreen
        lesson={lesson}
        test={test.status === 'ready' ? test.data : null}
        attempts={attempts.status === 'ready' ? attempts.data : null}
        lock={lockMessage}
      />
      {loadError && !lockMessage ? <LoadError message={loadError.message} onRetry={test.retry} /> : null}
      {test.status === 'loading' ? <p className="muted">{t.loading}</p> : null}
      {canStart ? (
        <>
          <FormError message={startError} />
          <div className="form-actions">
            <button type="button" className="button primary" disabled={starting} aria-busy={starting || undefined} onClick={() => void start(test.status === 'ready' ? test.data : null)}>
              {starting ? t.starting : t.start}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
