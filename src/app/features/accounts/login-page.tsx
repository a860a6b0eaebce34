import { apiCall, appMessages, ApiError, Path } from '#core';
import { useState, type FormEvent } from 'react';
import { appSession } from '../../app-session.ts';
import { startSession } from '../../sign-in.ts';

/** Sign-in with email or phone and password. The redirect rules take the user on from here. */
export default function LoginPage() {
  const t = appMessages.login;
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!login.trim() || !password) {
      setError(t.required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await apiCall(appSession().api, 'POST login/', { body: { login: login.trim(), password }, auth: false });
      await startSession(reply);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : String(cause));
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1>{t.title}</h1>
        <label>
          {t.login}
          <input name="login" autoComplete="username" value={login} onChange={(e) => setLogin(e.target.value)} aria-invalid={Boolean(error)} />
        </label>
        <label>
          {t.password}
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={Boolean(error)} />
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
        <p className="auth-links">
          <a href={Path.forgotPassword}>{t.forgot}</a>
        </p>
        <p className="auth-links">
          {t.noAccount} <a href={Path.signup}>{t.signup}</a> · <a href={Path.createSchool}>{t.createSchool}</a>
        </p>
      </form>
    </main>
  );
}
