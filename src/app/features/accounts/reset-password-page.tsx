import { ApiError, apiCall, appMessages, commonMessages, Path } from '#core';
import { useEffect, useState, type FormEvent } from 'react';
import { appSession } from '../../app-session.ts';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { formProblem, NO_PROBLEM, type FormProblem } from './account-fields.tsx';

const FORM_FIELDS = ['new_password', 'new_password_again'] as const;
const TOKEN_INVALID = 'TOKEN_INVALID';

type LinkState =
  | { kind: 'checking' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  | { kind: 'valid'; email: string }
  | { kind: 'done'; detail: string };

/** The emailed password link: checked first (token-validate/), then a new password (password-reset/). */
export default function ResetPasswordPage({ userId, token }: { userId: string; token: string }) {
  const t = appMessages.account;
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const [form, setForm] = useState({ new_password: '', new_password_again: '' });
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    setLink({ kind: 'checking' });
    apiCall(appSession().api, 'GET token-validate/{user_id}/{token}/', { path: { user_id: userId, token }, auth: false }).then(
        (reply) => current && setLink({ kind: 'valid', email: reply.email }),
        (cause: unknown) => {
          if (!current) return;
          if (cause instanceof ApiError && cause.code === TOKEN_INVALID) setLink({ kind: 'invalid' });
          else setLink({ kind: 'failed', message: cause instanceof ApiError ? cause.message : commonMessages.unexpectedError });
        },
      );
    return () => {
      current = false;
    };
  }, [userId, token, attempt]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      const reply = await apiCall(appSession().api, 'POST password-reset/', {
        body: { user_id: Number(userId), token, new_password: form.new_password, new_password_again: form.new_password_again },
        auth: false,
      });
      setLink({ kind: 'done', detail: reply.detail });
    } catch (cause) {
      // Spent or expired meanwhile (another tab, an hour gone by): a new link is the only way on.
      if (cause instanceof ApiError && cause.code === TOKEN_INVALID) setLink({ kind: 'invalid' });
      else setProblem(formProblem(cause, FORM_FIELDS));
    }
    setBusy(false);
  }

  if (link.kind === 'valid') {
    return (
      <main className="auth-page">
        <form className="auth-card" onSubmit={submit} noValidate>
          <h1>{t.resetTitle}</h1>
          <p className="muted">
            {t.resetFor} <strong>{link.email}</strong>
          </p>
          <TextField
            id="new_password"
            name="new_password"
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            value={form.new_password}
            onChange={(value) => setForm((f) => ({ ...f, new_password: value }))}
            error={problem.fields.new_password}
          />
          <TextField
            id="new_password_again"
            name="new_password_again"
            label={t.newPasswordAgain}
            type="password"
            autoComplete="new-password"
            value={form.new_password_again}
            onChange={(value) => setForm((f) => ({ ...f, new_password_again: value }))}
            error={problem.fields.new_password_again}
          />
          <FormError message={problem.message} />
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t.resetSubmitting : t.resetSubmit}
          </button>
        </form>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1>{t.resetTitle}</h1>
        {link.kind === 'checking' ? <p role="status">{t.resetChecking}</p> : null}
        {link.kind === 'invalid' ? (
          <>
            <p className="form-error" role="alert">
              {t.resetInvalid}
            </p>
            <p className="auth-links">
              <a href={Path.forgotPassword}>{t.resetRequestNew}</a>
            </p>
          </>
        ) : null}
        {link.kind === 'failed' ? (
          <LoadError message={link.message} onRetry={() => setAttempt((n) => n + 1)} small={false} />
        ) : null}
        {link.kind === 'done' ? (
          <>
            <p role="status">{link.detail}</p>
            <p className="muted">{t.resetDone}</p>
            <p className="auth-links">
              <a href={Path.login}>{t.toLogin}</a>
            </p>
          </>
        ) : null}
      </section>
    </main>
  );
}
