import { groupsMessages, toApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { addStudentByEmail } from './groups-api.ts';

const t = groupsMessages;
/** Addresses sent in one go: each is a request of its own. */
export const MAX_EMAILS = 100;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses typed, one per line or separated by commas, each once (whatever its case). */
export function parseEmails(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim();
    if (email && !seen.has(email.toLowerCase())) {
      seen.add(email.toLowerCase());
      out.push(email);
    }
  }
  return out;
}

interface Result {
  email: string;
  ok: boolean;
  /** Not in the school: invited, joins the group on accepting. */
  invited?: boolean;
  message: string;
}

/**
 * 'Добавить учеников' (admin): addresses, each added to the group by its own access-distribution/
 * call, so each gets its own answer: a student of the school joins at once, another address is
 * invited to the school and joins on accepting. The addresses that failed stay in the field with
 * the server's reason beside each; those added or invited leave it. The dialog closes with a notice
 * only when everyone joined at once; otherwise it shows who was invited.
 */
export function AddStudentsModal({ school, groupId, onAdded, onClose }: { school: string; groupId: number; onAdded: () => void; onClose: () => void }) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [results, setResults] = useState<Result[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const emails = parseEmails(text);
    if (emails.length === 0) return setFieldError(t.emailsRequired);
    if (emails.length > MAX_EMAILS) return setFieldError(t.tooManyEmails(MAX_EMAILS));
    setFieldError(null);
    setBusy(true);
    const done: Result[] = [];
    for (const email of emails) {
      if (!EMAIL.test(email)) {
        done.push({ email, ok: false, message: t.emailInvalid });
        continue;
      }
      try {
        const answer = await addStudentByEmail(school, groupId, email);
        const invited = Boolean(answer.invited?.length);
        done.push({ email, ok: true, invited, message: invited ? t.invitedOne : t.addedOne });
      } catch (cause) {
        const problem = toApiError(cause);
        done.push({ email, ok: false, message: problem.fieldMessage('emails') ?? problem.message });
      }
    }
    setBusy(false);
    const added = done.filter((result) => result.ok && !result.invited).length;
    if (added > 0) onAdded();
    if (added === done.length) {
      showToast(t.addedCount(added));
      onClose();
      return;
    }
    setResults(done);
    setText(
      done
        .filter((result) => !result.ok)
        .map((result) => result.email)
        .join('\n'),
    );
  }

  const failed = results.some((result) => !result.ok);
  return (
    <Modal title={t.addStudents} onClose={onClose} className="add-students">
      <form className="add-students-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={t.emails} error={fieldError} hint={t.emailsHint}>
          {(control) => <textarea {...control} name="emails" rows={5} value={text} disabled={busy} onChange={(event) => setText(event.target.value)} />}
        </FormField>
        {/* Always in the page, so what is put in it is read out. */}
        <div className="add-results" role="status">
          {results.length ? (
            <>
              <h3>{t.addResults}</h3>
              <ul>
                {results.map((result) => (
                  <li key={result.email} className={result.ok ? 'ok' : 'failed'}>
                    <span className="add-result-email">{result.email}</span> — {result.message}
                  </li>
                ))}
              </ul>
              {failed ? <p className="muted">{t.notAddedLeft}</p> : null}
            </>
          ) : null}
        </div>
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t.adding : t.add}
          </button>
        </div>
      </form>
    </Modal>
  );
}
