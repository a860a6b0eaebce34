import { ApiError, commonMessages } from '#core';
import { FormError } from '../../ui/form-field.tsx';

/** One message per field, keyed as the server names the field ('email', 'user.phone_number'). */
export type FieldMessages = Record<string, string>;

export interface FormProblem {
  /** Messages for the fields the form shows, each under its input. */
  fields: FieldMessages;
  /** The message for the whole form, or null when the field messages say it all. */
  message: string | null;
}

export const NO_PROBLEM: FormProblem = { fields: {}, message: null };

/**
 * Splits a failed call into messages under the form's inputs and one above the button. A field the
 * form does not show still gets its message seen (in the form's message).
 */
export function formProblem(cause: unknown, shown: readonly string[]): FormProblem {
  if (!(cause instanceof ApiError)) return { fields: {}, message: commonMessages.unexpectedError };
  const fields: FieldMessages = {};
  const others: string[] = [];
  for (const [name, value] of Object.entries(cause.fields ?? {})) {
    const text = (Array.isArray(value) ? value : [value]).join(' ');
    if (shown.includes(name)) fields[name] = text;
    else others.push(text);
  }
  const parts = new Set([...(Object.keys(fields).length ? [] : [cause.message]), ...others]);
  return { fields, message: parts.size ? [...parts].join(' ') : null };
}

/** A code check that failed without naming a field (a wrong or stale code) is shown under the code. */
export function codeProblem(cause: unknown): FormProblem {
  if (cause instanceof ApiError && cause.status === 400 && !cause.fields) return { fields: { code: cause.message }, message: null };
  return formProblem(cause, ['code']);
}

/** The end of an account form: its message, its notice and the submit button with a busy label. */
export function FormFooter({ problem, notice, busy, label, busyLabel }: { problem: FormProblem; notice: string | null; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      <FormError message={problem.message} />
      {notice ? <p role="status">{notice}</p> : null}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
