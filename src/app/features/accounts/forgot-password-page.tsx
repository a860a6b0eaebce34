import { apiCall, appMessages, Path } from '#core';
import { useState, type FormEvent } from 'react';
import { appSession } from '../../app-session.ts';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { formProblem, NO_PROBLEM, type FormProblem } from './account-fields.tsx';

/** Asks for a password reset link (forgot_password/). The answer is the same for any address. */
export default function ForgotPasswordPage() {
  const t = appMessages.account;
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const reply = await apiCall(appSession().api, 'POST forgot_password/', { body: { email: email.trim() }, auth: false });
      setDetail(reply.detail);
    } catch (cause) {
      setProblem(formProblem(cause, ['email']));
    }
    setBusy(false);
  }

  return (
    <main className="auth-page">
      {detail ? (
        <section className="auth-card">
          <h1>{t.forgotTitle}</h1>
          <p role="status">{detail}</p>
          <p className="auth-links">
            <a href={Path.login}>{t.backToLogin}</a>
          </p>
        </section>
      ) : (
        <form className="auth-card" onSubmit={submit} noValidate>
          <h1>{t.forgotTitle}</h1>
          <p className="muted">{t.forgotLead}</p>
          <TextField id="email" name="email" label={t.email} type="email" autoComplete="email" value={email} onChange={setEmail} error={problem.fields.email} />
          <FormError message={problem.message} />
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t.forgotSubmitting : t.forgotSubmit}
          </button>
          <p className="auth-links">
            <a href={Path.login}>{t.backToLogin}</a>
          </p>
        </form>
      )}
    </main>
  );
}
