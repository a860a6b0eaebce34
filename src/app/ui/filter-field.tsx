import { useId, type ReactNode } from 'react';

export interface FilterFieldProps {
  label: string;
  hint?: string;
  error?: string | undefined;
  /** Renders the control with its id and what describes it. */
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

/**
 * A list filter's labelled control with its hint and error, both read with it. Unlike a form's
 * FormField, the error appears while typing, not on sending: it is an alert, so it is announced.
 */
export function FilterField({ label, hint, error, children }: FilterFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, described)}
      {hint ? (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
