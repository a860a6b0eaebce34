import { toApiError, type ApiBody, type ApiError, catalogMessages } from '#core';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { postPublic } from './public-client.ts';
import type { WidgetEmit } from './widget-types.ts';

const text = catalogMessages.appeal;

export const APPEAL_LIMITS = Object.freeze({ name: 100, message: 2000, phoneMin: 5, phoneMax: 20 });

const FIELDS = ['name', 'phone', 'email', 'message'] as const;
export type AppealField = (typeof FIELDS)[number];
export type AppealValues = Record<AppealField, string>;
export type AppealErrors = Partial<Record<AppealField, string>>;

// Ids tie labels and messages to inputs inside one shadow root. Not useId: under Preact it repeats
// ids between the components of one widget.
let formSeq = 0;

const EMPTY: AppealValues = { name: '', phone: '', email: '', message: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[\d+\s()-]+$/;

/** The form's own checks, in the order of the fields; an empty object means the values may be sent. */
export function validateAppeal(values: AppealValues): AppealErrors {
  const errors: AppealErrors = {};
  const name = values.name.trim();
  const phone = values.phone.trim();
  const email = values.email.trim();
  if (!name) errors.name = text.nameRequired;
  else if (name.length > APPEAL_LIMITS.name) errors.name = text.nameTooLong;
  if (!phone && !email) {
    errors.phone = text.contactRequired;
    errors.email = text.contactRequired;
  }
  if (phone && (!PHONE.test(phone) || phone.length < APPEAL_LIMITS.phoneMin || phone.length > APPEAL_LIMITS.phoneMax)) {
    errors.phone = text.phoneInvalid;
  }
  if (email && !EMAIL.test(email)) errors.email = text.emailInvalid;
  if (values.message.trim().length > APPEAL_LIMITS.message) errors.message = text.messageTooLong;
  return errors;
}

export interface AppealFormProps {
  apiBase: string;
  courseId: number;
  emit?: WidgetEmit | undefined;
  title?: string | undefined;
}

type Status = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent'; detail: string };

function formMessage(error: ApiError): string {
  if (error.status === 429) {
    const body = error.data as { message?: unknown } | undefined;
    return typeof body?.message === 'string' && body.message ? body.message : text.tooMany;
  }
  return error.message;
}

/** Server field errors for our fields; whatever else the server complained about stays form-level. */
function serverFieldErrors(error: ApiError): { fields: AppealErrors; other: boolean } {
  const fields: AppealErrors = {};
  let other = false;
  for (const key of Object.keys(error.fields ?? {})) {
    const message = error.fieldMessage(key);
    if ((FIELDS as readonly string[]).includes(key) && message) fields[key as AppealField] = message;
    else other = true;
  }
  return { fields, other };
}

/**
 * The course appeal form (POST course-appeals/): name, phone or email, message. Checked on submit
 * with messages under the fields; nothing typed is lost on a failure; a success state offers to
 * send another. Shared by the catalogue's course preview and the course landing.
 */
export function AppealForm(props: AppealFormProps) {
  // A different course is a fresh form.
  return <AppealFormView key={props.courseId} {...props} />;
}

function AppealFormView({ apiBase, courseId, emit, title = text.title }: AppealFormProps) {
  const [id] = useState(() => `ch-appeal-${++formSeq}`);
  const [values, setValues] = useState<AppealValues>(EMPTY);
  const [errors, setErrors] = useState<AppealErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const refs: Record<AppealField, RefObject<HTMLInputElement | HTMLTextAreaElement | null>> = {
    name: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const successRef = useRef<HTMLDivElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(true);
  const [focusTarget, setFocusTarget] = useState<AppealField | 'success' | 'form' | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Moves the focus once the new state is on screen: to the first wrong field, the form's message or the success note.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget === 'success') successRef.current?.focus();
    else if (focusTarget === 'form') formErrorRef.current?.focus();
    else refs[focusTarget].current?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const fieldId = (field: AppealField) => `${id}-${field}`;
  const errorId = (field: AppealField) => `${id}-${field}-error`;
  const hintId = `${id}-contact-hint`;

  const change = (field: AppealField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const firstWrong = (found: AppealErrors): AppealField | undefined => FIELDS.find((f) => found[f]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const found = validateAppeal(values);
    const wrong = firstWrong(found);
    setErrors(found);
    if (wrong) {
      setFormError(text.invalid);
      setFocusTarget(wrong);
      return;
    }
    setFormError(null);
    setStatus({ kind: 'sending' });
    const body: ApiBody<'POST course-appeals/'> = { course: courseId, name: values.name.trim() };
    const phone = values.phone.trim();
    const email = values.email.trim();
    const message = values.message.trim();
    if (phone) body.phone = phone;
    if (email) body.email = email;
    if (message) body.message = message;
    try {
      const answer = await postPublic<'POST course-appeals/'>(apiBase, 'course-appeals/', body);
      if (!mounted.current) return;
      setStatus({ kind: 'sent', detail: typeof answer?.detail === 'string' && answer.detail ? answer.detail : text.success });
      setFocusTarget('success');
      emit?.('ch-appeal-submit', { courseId, appealId: answer?.id });
    } catch (cause) {
      if (!mounted.current) return;
      const error = toApiError(cause);
      const server = error.status === 400 ? serverFieldErrors(error) : { fields: {}, other: true };
      const wrongOnServer = firstWrong(server.fields);
      setErrors(server.fields);
      setFormError(server.other || !wrongOnServer ? formMessage(error) : text.invalid);
      setStatus({ kind: 'editing' });
      setFocusTarget(wrongOnServer ?? 'form');
    }
  }

  function another() {
    // Keep who is asking; a new appeal needs a new message.
    setValues((v) => ({ ...v, message: '' }));
    setErrors({});
    setFormError(null);
    setStatus({ kind: 'editing' });
    setFocusTarget('message');
  }

  const headingId = `${id}-title`;

  if (status.kind === 'sent') {
    return (
      <section className="appeal" aria-labelledby={headingId} part="form">
        <h3 id={headingId} className="appeal-title">
          {title}
        </h3>
        <div ref={successRef} className="appeal-success" role="status" tabIndex={-1}>
          <p>{status.detail}</p>
        </div>
        <button type="button" className="ch-button secondary" part="button" onClick={another}>
          {text.another}
        </button>
      </section>
    );
  }

  const sending = status.kind === 'sending';
  const describedBy = (field: AppealField, ...more: string[]) =>
    [errors[field] ? errorId(field) : '', ...more].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: AppealField) =>
    errors[field] ? (
      <p id={errorId(field)} className="appeal-field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section className="appeal" aria-labelledby={headingId} part="form">
      <h3 id={headingId} className="appeal-title">
        {title}
      </h3>
      <p className="appeal-intro">{text.intro}</p>
      <form className="appeal-form" noValidate onSubmit={submit} aria-labelledby={headingId} aria-busy={sending}>
        <div className="appeal-field">
          <label htmlFor={fieldId('name')}>{text.name}</label>
          <input
            ref={refs.name as RefObject<HTMLInputElement>}
            id={fieldId('name')}
            name="name"
            type="text"
            autoComplete="name"
            required
            value={values.name}
            onChange={change('name')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
          {fieldError('name')}
        </div>
        <p id={hintId} className="appeal-hint">
          {text.contactHint}
        </p>
        <div className="appeal-field">
          <label htmlFor={fieldId('phone')}>{text.phone}</label>
          <input
            ref={refs.phone as RefObject<HTMLInputElement>}
            id={fieldId('phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={values.phone}
            onChange={change('phone')}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy('phone', hintId)}
          />
          {fieldError('phone')}
        </div>
        <div className="appeal-field">
          <label htmlFor={fieldId('email')}>{text.email}</label>
          <input
            ref={refs.email as RefObject<HTMLInputElement>}
            id={fieldId('email')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email', hintId)}
          />
          {fieldError('email')}
        </div>
        <div className="appeal-field">
          <label htmlFor={fieldId('message')}>
            {text.message} <span className="appeal-optional">{text.optional}</span>
          </label>
          <textarea
            ref={refs.message as RefObject<HTMLTextAreaElement>}
            id={fieldId('message')}
            name="message"
            rows={4}
            value={values.message}
            onChange={change('message')}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message')}
          />
          {fieldError('message')}
        </div>
        {formError ? (
          <p ref={formErrorRef} className="appeal-form-error ch-error" role="alert" tabIndex={-1}>
            {formError}
          </p>
        ) : null}
        <button type="submit" className="ch-button" part="button" disabled={sending}>
          {sending ? text.sending : text.submit}
        </button>
      </form>
    </section>
  );
}
