import { homeworkReviewMessages } from '#core';
import { useId, useState } from 'react';
import { HomeworkComposer } from '../learning/index.ts';
import { REVIEW_DECISIONS, sendReview, type ReviewDecision } from './homework-review-api.ts';
import { MARK_MAX } from './queue-filters.ts';

const t = homeworkReviewMessages;
const MARK = /^\d{1,4}$/;

export interface ReviewFormProps {
  school: string;
  userHomeworkId: number;
  /** The review went with all its files. */
  onDone: () => void;
}

type Problems = Partial<Record<'status' | 'mark', string>>;

/**
 * The reviewer's answer in the thread: a comment, the decision (На доработку, Отклонить, Принять),
 * an optional mark and files (documents and audio, each with its progress bar), through the same
 * composer as the student's answers: the review goes with its files or not at all. A comment is required unless the work is accepted.
 */
export function ReviewForm({ school, userHomeworkId, onDone }: ReviewFormProps) {
  const statusId = useId();
  const markId = useId();
  const [decision, setDecision] = useState<ReviewDecision | ''>('');
  const [mark, setMark] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  function check(text: string): string | null | false {
    const found: Problems = {};
    if (!decision) found.status = t.statusRequired;
    const typed = mark.trim();
    if (typed && !(MARK.test(typed) && Number(typed) <= MARK_MAX)) found.mark = t.badMark;
    setProblems(found);
    if (decision && decision !== 'accepted' && !text) return t.commentRequired;
    return Object.keys(found).length ? false : null;
  }

  async function send(text: string, fileIds: number[]): Promise<void> {
    const typed = mark.trim();
    await sendReview(school, userHomeworkId, { text, status: decision as ReviewDecision, ...(typed ? { mark: Number(typed) } : {}), file_ids: fileIds });
  }

  const describe = (id: string, problem: string | undefined, hint?: boolean) => [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <section className="homework-review-form" aria-labelledby={`${statusId}-title`}>
      <h2 id={`${statusId}-title`}>{t.reviewTitle}</h2>
      <HomeworkComposer
        school={school}
        label={t.comment}
        submitLabel={t.send}
        check={check}
        send={send}
        onDone={() => {
          setDecision('');
          setMark('');
          onDone();
        }}
        fields={(busy) => (
          <div className="homework-review-fields">
            <div className="field">
              <label htmlFor={statusId}>{t.reviewStatus}</label>
              <select
                id={statusId}
                value={decision}
                disabled={busy}
                aria-invalid={problems.status ? true : undefined}
                aria-describedby={describe(statusId, problems.status)}
                onChange={(event) => {
                  setDecision(event.target.value as ReviewDecision | '');
                  setProblems(({ status: _cleared, ...rest }) => rest);
                }}
              >
                <option value="">{t.chooseStatus}</option>
                {REVIEW_DECISIONS.map((code) => (
                  <option key={code} value={code}>
                    {t.decisions[code]}
                  </option>
                ))}
              </select>
              {problems.status ? (
                <span className="field-error" id={`${statusId}-error`} role="alert">
                  {problems.status}
                </span>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={markId}>{t.reviewMark}</label>
              <input
                id={markId}
                type="number"
                inputMode="numeric"
                min={0}
                max={MARK_MAX}
                step={1}
                value={mark}
                disabled={busy}
                aria-invalid={problems.mark ? true : undefined}
                aria-describedby={describe(markId, problems.mark, true)}
                onChange={(event) => setMark(event.target.value)}
              />
              <span className="field-hint" id={`${markId}-hint`}>
                {t.reviewMarkHint}
              </span>
              {problems.mark ? (
                <span className="field-error" id={`${markId}-error`} role="alert">
                  {problems.mark}
                </span>
              ) : null}
            </div>
          </div>
        )}
      />
    </section>
  );
}
