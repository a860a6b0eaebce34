import { apiCall, appMessages, Path } from '#core';
import { useState, type FormEvent } from 'react';
import { appSession } from '../../app-session.ts';
import { startSession, type SessionReply } from '../../sign-in.ts';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { codeProblem, formProblem, NO_PROBLEM, type FormProblem } from './account-fields.tsx';

const FORM_FIELDS = ['email', 'password', 'password_confirmation', 'first_name', 'last_name'] as const;
type Form = Record<(typeof FORM_FIELDS)[number], string>;

/**
 * Sign-up of a user without a school (register/), then the email code (code/confirm/). The session
 * starts after the code step: a signed-in user without a school is sent to choose-school at once
 * (spec §2 redirect rules), which would leave no room for the code.
 */
export default function SignupPage() {
  const t = appMessages.account;
  const [form, setForm] = useState<Form>({ email: '', password: '', password_confirmation: '', first_name: '', last_name: '' });
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const [session, setSession] = useState<SessionReply | null>(null);
  const set = (name: keyof Form) => (value: string) => setForm((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(NO_PROBLEM);
    const body = {
      email: form.email.trim(),
      password: form.password,
      password_confirmation: form.password_confirmation,
      ...(form.first_name.trim() ? { first_name: form.first_name.trim() } : {}),
      ...(form.last_name.trim() ? { last_name: form.last_name.trim() } : {}),
    };
    try {
      setSession(await apiCall(appSession().api, 'POST register/', { body, auth: false }));
    } catch (cause) {
      setProblem(formProblem(cause, FORM_FIELDS));
    }
    setBusy(false);
  }

  if (session) return <ConfirmEmail session={session} />;

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1>{t.signupTitle}</h1>
        <p className="muted">{t.signupLead}</p>
        <TextField id="email" name="email" label={t.email} type="email" autoComplete="email" value={form.email} onChange={set('email')} error={problem.fields.email} />
        <TextField id="password" name="password" label={t.password} type="password" autoComplete="new-password" value={form.password} onChange={set('password')} error={problem.fields.password} />
        <TextField
          id="password_confirmation"
          name="password_confirmation"
          label={t.passwordAgain}
          type="password"
          autoComplete="new-password"
          value={form.password_confirmation}
          onChange={set('password_confirmation')}
          error={problem.fields.password_confirmation}
        />
        <TextField id="first_name" name="first_name" label={`${t.firstName} ${t.optional}`} autoComplete="given-name" value={form.first_name} onChange={set('first_name')} error={problem.fields.first_name} />
        <TextField id="last_name" name="last_name" label={`${t.lastName} ${t.optional}`} autoComplete="family-name" value={form.last_name} onChange={set('last_name')} error={problem.fields.last_name} />
        <FormError message={problem.message} />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t.signupSubmitting : t.signupSubmit}
        </button>
        <p className="auth-links">
          {t.haveAccount} <a href={Path.login}>{t.toLogin}</a>
        </p>
      </form>
    </main>
  );
}

/** The code step: confirm, send a new code, or go on without confirming for now. */
function ConfirmEmail({ session }: { session: SessionReply }) {
  const t = appMessages.account;
  const email = session.user.email;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | 'continue' | null>(null);
  // A spent code cannot be sent twice: once confirmed, a retry only starts the session again.
  const [confirmed, setConfirmed] = useState(false);

  async function begin() {
    setBusy('continue');
    setProblem(NO_PROBLEM);
    try {
      await startSession(session); // goes on to the user's school or to choose-school
    } catch (cause) {
      setProblem(formProblem(cause, []));
      setBusy(null);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (confirmed) return begin();
    setBusy('confirm');
    setProblem(NO_PROBLEM);
    setNotice(null);
    try {
      await apiCall(appSession().api, 'POST code/confirm/', { body: { email, code: code.trim() }, auth: false });
    } catch (cause) {
      setProblem(codeProblem(cause));
      setBusy(null);
      return;
    }
    setConfirmed(true);
    await begin();
  }

  async function resend() {
    setBusy('resend');
    setProblem(NO_PROBLEM);
    setNotice(null);
    try {
      const reply = await apiCall(appSession().api, 'POST code/resend/', { body: { email }, auth: false });
      setNotice(reply.detail);
    } catch (cause) {
      setProblem(formProblem(cause, []));
    }
    setBusy(null);
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={confirm} noValidate>
        <h1>{t.confirmTitle}</h1>
        <p className="muted">
          {t.confirmSent} <strong>{email}</strong>
        </p>
        <TextField id="code" name="code" label={t.code} autoComplete="one-time-code" inputMode="numeric" maxLength={6} value={code} onChange={setCode} error={problem.fields.code} />
        <FormError message={problem.message} />
        {notice ? <p role="status">{notice}</p> : null}
        <button type="submit" className="button primary" disabled={busy !== null}>
          {busy === 'confirm' ? t.confirmSubmitting : t.confirmSubmit}
        </button>
        <button type="button" className="button secondary" disabled={busy !== null} onClick={() => void resend()}>
          {busy === 'resend' ? t.resending : t.resend}
        </button>
        <button type="button" className="button secondary" disabled={busy !== null} onClick={() => void begin()}>
          {busy === 'continue' ? t.continuing : t.confirmLater}
        </button>
      </form>
    </main>
  );
}
