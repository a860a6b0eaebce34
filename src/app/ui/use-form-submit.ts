import { toApiError } from '#core';
import { useState } from 'react';

/** A form's messages under its fields. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

export interface FormSubmit<F extends string> {
  errors: FieldMessages<F>;
  /** The message over the whole form: its own «check the fields» or the server's refusal. */
  formError: string | null;
  saving: boolean;
  /**
   * Shows the form's own findings (`local`) and sends nothing while there are any; else runs
   * `send` with `saving` on. A refusal puts the server's messages under their fields and its
   * message over the form, and leaves what was typed alone. Resolves whether `send` succeeded.
   */
  submit(local: FieldMessages<F>, send: () => Promise<unknown>): Promise<boolean>;
  setFormError(message: string | null): void;
}

/**
 * The submit cycle every form of the app shares. `fields` are the form's own names for the
 * server's fields (`rename` maps the others, as ApiError.fieldMessages); `invalid` is shown over
 * the form when its own checks fail.
 */
export function useFormSubmit<F extends string>(fields: readonly F[], invalid: string, rename?: Partial<Record<string, F>>): FormSubmit<F> {
  const [errors, setErrors] = useState<FieldMessages<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(local: FieldMessages<F>, send: () => Promise<unknown>): Promise<boolean> {
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setFormError(invalid);
      return false;
    }
    setSaving(true);
    setFormError(null);
    try {
      await send();
      return true;
    } catch (cause) {
      const error = toApiError(cause);
      setErrors(error.fieldMessages(fields, rename));
      setFormError(error.message);
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { errors, formError, saving, submit, setFormError };
}
