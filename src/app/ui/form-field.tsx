import type { HTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';

/** What the control inside a FormField must carry to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The control's DOM id, for a page whose fields have fixed ids; by default a unique one. Its error is `${id}-error`. */
  id?: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Renders the control (input, select, textarea) with the given props spread on it. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled control with its hint and error under it, tied by aria-describedby (the error first,
 * so it is read before the hint).
 */
export function FormField({ label, id: givenId, error, hint, children }: FormFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
      {hint ? (
        <span className="field-hint" id={hintId}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export interface TextFieldProps {
  label: ReactNode;
  name: string;
  /** The input's DOM id when the page needs a fixed one (see FormField); by default a unique one. */
  id?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'number' | 'search';
  required?: boolean;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  disabled?: boolean;
}

/** A FormField with a text input, the common case. */
export function TextField({ label, id, error, hint, onChange, ...input }: TextFieldProps) {
  return (
    <FormField label={label} id={id} error={error} hint={hint}>
      {(control) => <input {...input} {...control} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

/** The message for the whole form, read out when it appears; nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** A form's submit button: disabled and saying so (`busyLabel`) while its request runs, so it is not sent twice. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button primary" disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : label}
    </button>
  );
}
