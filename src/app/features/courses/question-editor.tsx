import { coursesMessages, toApiError, type ApiError } from '#core';
import { useId, useState } from 'react';
import { AnswerList } from './answer-list.tsx';
import { patchQuestion, type Answer, type Question } from './course-api.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { SaveStatus } from './save-status.tsx';
import { useAutosave } from './use-autosave.ts';

const q = coursesMessages.questions;

/**
 * One question's editor: its text (the lazily loaded rich-text editor), its type's setting (case
 * for accepted texts, whole numbers for numbers) and its answers. Changes save themselves; what
 * the server refuses in a field is said under that field.
 */
export function QuestionEditor({ school, question }: { school: string; question: Question }) {
  const id = useId();
  const [error, setError] = useState<ApiError | null>(null);
  const [answers, setAnswers] = useState<readonly Answer[]>(question.answers);
  const [caseSensitive, setCaseSensitive] = useState(Boolean(question.case_sensitive));
  const [wholeNumbers, setWholeNumbers] = useState(Boolean(question.only_whole_numbers));
  const save = useAutosave<Record<string, unknown>, Question>((patch) =>
    patchQuestion(school, question.question_id, patch).then(
      (saved) => {
        setError(null);
        return saved;
      },
      (cause: unknown) => {
        setError(toApiError(cause));
        throw cause;
      },
    ),
  );
  const fieldError = (field: string) => error?.fieldMessage(field);

  const setting = (field: 'case_sensitive' | 'only_whole_numbers', checked: boolean, set: (value: boolean) => void, label: string) => (
    <div className="field">
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          aria-invalid={Boolean(fieldError(field))}
          aria-describedby={fieldError(field) ? `${id}-${field}-error` : undefined}
          onChange={(event) => {
            set(event.target.checked);
            save.change({ [field]: event.target.checked });
            save.flush();
          }}
        />{' '}
        {label}
      </label>
      {fieldError(field) ? (
        <span className="field-error" id={`${id}-${field}-error`}>
          {fieldError(field)}
        </span>
      ) : null}
    </div>
  );

  return (
    <div className="question-editor">
      <div className="field">
        <span className="field-label" aria-hidden="true">
          {q.body}
        </span>
        <RichTextEditor label={q.body} initial={question.body} onChange={(html) => save.change({ body: html })} onBlur={save.flush} />
        {fieldError('body') ? <span className="field-error">{fieldError('body')}</span> : null}
      </div>
      {question.question_type === 'text' ? setting('case_sensitive', caseSensitive, setCaseSensitive, q.caseSensitive) : null}
      {question.question_type === 'number' ? setting('only_whole_numbers', wholeNumbers, setWholeNumbers, q.onlyWholeNumbers) : null}
      <SaveStatus state={save.state} onRetry={save.flush} />
      <AnswerList school={school} questionId={question.question_id} type={question.question_type} answers={answers} onAnswers={setAnswers} />
    </div>
  );
}
