import { ApiError, commonMessages } from '#core';
import type { HTMLAttributes } from 'react';

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

interface TextFieldProps {
  /** The input's DOM id; its message gets `${id}-error`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  disabled?: boolean;
}

/** A labelled input with its error under it, tied by aria-describedby. */
export function TextField({ id, label, value, onChange, error, type = 'text', autoComplete, inputMode, maxLength, disabled }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <label>
      {label}
      <input
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** A code check that failed without naming a field (a wrong or stale code) is shown under the code. */
export function codeProblem(cause: unknown): FormProblem {
  if (cause instanceof ApiError && cause.status === 400 && !cause.fields) return { fields: { code: cause.message }, message: null };
  return formProblem(cause, ['code']);
}

/** The message for the whole form, read out when it appears. */
export function FormMessage({ problem }: { problem: FormProblem }) {
  return problem.message ? (
    <p className="form-error" role="alert">
      {problem.message}
    </p>
  ) : null;
}

/** The end of an account form: its message, its notice and the submit button with a busy label. */
export function FormFooter({ problem, notice, busy, label, busyLabel }: { problem: FormProblem; notice: string | null; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      <FormMessage problem={problem} />
      {notice ? <p role="status">{notice}</p> : null}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
