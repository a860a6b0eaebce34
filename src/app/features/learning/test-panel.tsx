import { ApiError, learningTestsMessages, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../widgets/shared/use-resource.ts';
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

/** Refusals that close the test to the student for good (or until a teacher changes something). */
const LOCKS = new Set(['ATTEMPTS_EXHAUSTED', 'TEST_ALREADY_PASSED']);

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
 * attempts), the questions (test-runner.tsx), then the server's grade. A timed test is started on
 * the server (start-test) and counts down from what check-timer says is left.
 */
export function TestPanel({ school, lesson, onChanged }: TestPanelProps) {
  const testId = lesson.id;
  const [phase, setPhase] = useState<Phase>({ name: 'start' });
  // Each round of the start screen reads the questions again: a new attempt after a graded one.
  const [round, setRound] = useState(0);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [lock, setLock] = useState<string | null>(null);

  const closed = lesson.passed === true || lesson.attempts_left === 0;
  // The open attempt's questions (created by this call when none is open): only when one may be taken.
  const test = useResource(phase.name === 'start' && !closed && !lock ? `test-${school}-${testId}-${round}` : null, () => getQuestions(school, testId));
  const attempts = useResource(phase.name === 'start' ? `attempts-${school}-${testId}-${round}` : null, () => listAttempts(school, testId));

  async function start(loaded: StudentTest) {
    setStarting(true);
    setStartError(null);
    try {
      let end: number | null = null;
      if (loaded.has_timer) {
        const started = await startTest(school, testId);
        end = countdownEnd(started, started.deadline ? await askTimer(school, testId) : null, Date.now());
      }
      setPhase({ name: 'running', test: loaded, end });
    } catch (cause) {
      const error = toApiError(cause);
      if (LOCKS.has(error.code)) setLock(error.message);
      else setStartError(error.message);
    } finally {
      setStarting(false);
    }
  }

  async function submit(loaded: StudentTest, answers: Parameters<typeof submitTest>[2]) {
    const result = await submitTest(school, testId, answers);
    setPhase({ name: 'result', test: loaded, result });
    onChanged();
  }

  if (phase.name === 'running') {
    return (
      <section className="test-panel" aria-label={lesson.name}>
        <TestRunner questions={phase.test.questions} end={phase.end} onSubmit={(answers) => submit(phase.test, answers)} />
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
  const lockMessage = lock ?? (loadError?.status === 403 ? loadError.message : null);
  return (
    <section className="test-panel" aria-label={lesson.name}>
      <TestStartScreen
        lesson={lesson}
        test={test.status === 'ready' ? test.data : null}
        attempts={attempts.status === 'ready' ? attempts.data : null}
        lock={lockMessage}
      />
      {loadError && !lockMessage ? <LoadError message={loadError.message} onRetry={test.retry} /> : null}
      {test.status === 'loading' ? <p className="muted">{t.loading}</p> : null}
      {test.status === 'ready' && !lockMessage && test.data.questions.length > 0 ? (
        <>
          <FormError message={startError} />
          <div className="form-actions">
            <button type="button" className="button primary" disabled={starting} aria-busy={starting || undefined} onClick={() => void start(test.data)}>
              {starting ? t.starting : t.start}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

