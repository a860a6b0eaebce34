import { coursesMessages, toApiError, type ApiError } from '#core';
import { useId, useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { patchLesson, previousTests, type LessonChanges, type LessonDetail } from './course-api.ts';

const t = coursesMessages;
const l = coursesMessages.test;

const FLAGS = ['random_questions', 'random_answers', 'show_right_answers'] as const;

interface Values {
  success_percent: string;
  balls_per_answer: string;
  random_questions: boolean;
  random_answers: boolean;
  show_right_answers: boolean;
  attempt_limit: boolean;
  attempt_count: string;
  has_timer: boolean;
  time_limit: string;
  random_test_generator: boolean;
  num_questions: string;
  tests_ids: number[];
}

const text = (value: unknown, fallback = '') => (value === null || value === undefined ? fallback : String(value));

function valuesOf(test: LessonDetail): Values {
  return {
    success_percent: text(test.success_percent, '0'),
    balls_per_answer: text(test.balls_per_answer, '1'),
    random_questions: Boolean(test.random_questions),
    random_answers: Boolean(test.random_answers),
    show_right_answers: Boolean(test.show_right_answers),
    attempt_limit: Boolean(test.attempt_limit),
    attempt_count: text(test.attempt_count, '0'),
    has_timer: Boolean(test.has_timer),
    time_limit: text(test.time_limit),
    random_test_generator: Boolean(test.random_test_generator),
    num_questions: text(test.num_questions, '0'),
    tests_ids: Array.isArray(test.tests_ids) ? (test.tests_ids as number[]) : [],
  };
}

const integer = (value: string) => (value.trim() === '' ? 0 : Number(value));

/** A test's settings (spec §3): what counts as passed, order, attempts, timer, questions drawn from other tests. */
export function TestSettingsForm({ school, test, onSaved }: { school: string; test: LessonDetail; onSaved: (test: LessonDetail) => void }) {
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(test));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const sources = useResource(values.random_test_generator ? `previous-${test.id}` : null, () => previousTests(school, test.id));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((own) => ({ ...own, [key]: value }));
    setSaved(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const body: LessonChanges['test'] = {
        success_percent: integer(values.success_percent),
        balls_per_answer: integer(values.balls_per_answer),
        random_questions: values.random_questions,
        random_answers: values.random_answers,
        show_right_answers: values.show_right_answers,
        attempt_limit: values.attempt_limit,
        has_timer: values.has_timer,
        random_test_generator: values.random_test_generator,
      };
      if (values.attempt_limit) body.attempt_count = integer(values.attempt_count);
      if (values.has_timer) body.time_limit = values.time_limit.trim() || null;
      if (values.random_test_generator) {
        body.num_questions = integer(values.num_questions);
        body.tests_ids = values.tests_ids;
      }
      onSaved(await patchLesson(school, 'test', test.id, body));
      setSaved(true);
    } catch (cause) {
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: string) => error?.fieldMessage(field);
  const check = (key: 'attempt_limit' | 'has_timer' | 'random_test_generator' | (typeof FLAGS)[number]) => (
    <label className="check">
      <input type="checkbox" checked={values[key]} onChange={(event) => set(key, event.target.checked)} /> {l[key]}
    </label>
  );

  return (
    <form className="lesson-settings" onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t.settingsTitle}</h3>
      <TextField label={l.success_percent} name="success_percent" type="number" inputMode="numeric" value={values.success_percent} onChange={(v) => set('success_percent', v)} error={fieldError('success_percent')} />
      <TextField label={l.balls_per_answer} name="balls_per_answer" type="number" inputMode="numeric" value={values.balls_per_answer} onChange={(v) => set('balls_per_answer', v)} error={fieldError('balls_per_answer') ?? fieldError('points_per_answer')} />
      {FLAGS.map((key) => (
        <div key={key}>{check(key)}</div>
      ))}
      {check('attempt_limit')}
      {values.attempt_limit ? (
        <TextField label={l.attempt_count} name="attempt_count" type="number" inputMode="numeric" value={values.attempt_count} onChange={(v) => set('attempt_count', v)} error={fieldError('attempt_count')} />
      ) : null}
      {check('has_timer')}
      {values.has_timer ? <TextField label={l.time_limit} name="time_limit" value={values.time_limit} onChange={(v) => set('time_limit', v)} error={fieldError('time_limit')} /> : null}
      {check('random_test_generator')}
      {values.random_test_generator ? (
        <>
          <TextField label={l.num_questions} name="num_questions" type="number" inputMode="numeric" value={values.num_questions} onChange={(v) => set('num_questions', v)} error={fieldError('num_questions')} />
          <fieldset className="source-tests" aria-describedby={fieldError('tests_ids') ? `${id}-tests-error` : undefined}>
            <legend>{l.tests_ids}</legend>
            {sources.data?.length === 0 ? <p className="muted">{l.noPreviousTests}</p> : null}
            {sources.data?.map((source) => (
              <label key={source.test_id} className="check">
                <input
                  type="checkbox"
                  checked={values.tests_ids.includes(source.test_id)}
                  onChange={(event) => set('tests_ids', event.target.checked ? [...values.tests_ids, source.test_id] : values.tests_ids.filter((own) => own !== source.test_id))}
                />{' '}
                {source.name}
              </label>
            ))}
            {fieldError('tests_ids') ? (
              <span className="field-error" id={`${id}-tests-error`}>
                {fieldError('tests_ids')}
              </span>
            ) : null}
          </fieldset>
        </>
      ) : null}
      <FormError message={error && !error.fields ? error.message : null} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t.saving : t.save}
        </button>
        {saved ? <p role="status">{t.saved}</p> : null}
      </div>
    </form>
  );
}
