import { $user, apiCall, appMessages, commonMessages, invitationMessages, Path, roleFromName, roleTitle, type ApiAnswer } from '#core';
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { appSession } from '../../app-session.ts';
import { chooseSchool, startSessionIn } from '../../sign-in.ts';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { formProblem, NO_PROBLEM, type FormProblem } from './account-fields.tsx';

/** The school joined, with the role in it; a new account also gets its session. */
type Accepted = ApiAnswer<'POST invitations/{token}/accept/'>;

const FORM_FIELDS = ['first_name', 'last_name', 'password', 'password_confirmation'] as const;

/**
 * The emailed invitation to a school (/invitation/{token}). A new address sets its password here
 * and is signed in; an existing account accepts and then signs in as usual. Either may decline.
 */
export default function InvitationPage({ token }: { token: string }) {
  const t = invitationMessages;
  const account = appMessages.account;
  const invitation = useResource(`invitations/${encodeURIComponent(token)}/`, () => apiCall(appSession().api, 'GET invitations/{token}/', { path: { token }, auth: false }));
  const user = useStore($user);
  const [form, setForm] = useState({ first_name: '', last_name: '', password: '', password_confirmation: '' });
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'accepted'; school: Accepted['school'] } | { kind: 'declined' } | null>(null);
  const data = invitation.data ?? null;
  // Signed in as the invited account already: the school can be chosen at once, no new sign-in.
  const signedInAsInvited = Boolean(data && user.auth && user.email.trim().toLowerCase() === data.email.trim().toLowerCase());

  async function accept(event: FormEvent) {
    event.preventDefault();
    if (!data) return;
    setBusy('accept');
    setProblem(NO_PROBLEM);
    try {
      const reply = await apiCall(appSession().api, 'POST invitations/{token}/accept/', { path: { token }, body: data.account_exists ? {} : form, auth: false });
      // A new account gets its session and lands in the school it joined, in the role the answer
      // names; an existing account signs in as usual (or, signed in already, chooses the school).
      if (reply.access && reply.refresh && reply.user) startSessionIn({ access: reply.access, refresh: reply.refresh, user: reply.user }, reply.school);
      else setOutcome({ kind: 'accepted', school: reply.school });
    } catch (cause) {
      setProblem(formProblem(cause, data.account_exists ? [] : FORM_FIELDS));
    }
    setBusy(null);
  }

  async function decline() {
    setBusy('decline');
    setProblem(NO_PROBLEM);
    try {
      await apiCall(appSession().api, 'POST invitations/{token}/decline/', { path: { token }, auth: false });
      setOutcome({ kind: 'declined' });
    } catch (cause) {
      setProblem(formProblem(cause, []));
    }
    setBusy(null);
  }

  const field = (id: (typeof FORM_FIELDS)[number], label: string, type: 'text' | 'password', autoComplete: string) => (
    <TextField id={id} name={id} label={label} type={type} autoComplete={autoComplete} value={form[id]} onChange={(value) => setForm((f) => ({ ...f, [id]: value }))} error={problem.fields[id]} />
  );

  return (
    <main className="auth-page">
      <section className="auth-card">
        {invitation.error ? (
          <>
            <h1>{t.heading}</h1>
            <p className="form-error" role="alert">
              {invitation.error.message}
            </p>
            <p className="auth-links">
              <a href={Path.login}>{t.toLogin}</a>
            </p>
          </>
        ) : !data ? (
          <p role="status">{commonMessages.loading}</p>
        ) : outcome?.kind === 'declined' ? (
          <>
            <h1>{t.title(data.school_title)}</h1>
            <p role="status">{t.declined}</p>
          </>
        ) : outcome?.kind === 'accepted' ? (
          <>
            <h1>{t.title(data.school_title)}</h1>
            <p role="status">{t.accepted(outcome.school.title)}</p>
            {signedInAsInvited ? (
              <button type="button" className="button primary" onClick={() => chooseSchool(outcome.school)}>
                {t.toSchool}
              </button>
            ) : (
              <>
                <p className="muted">{t.signInToStart}</p>
                <p className="auth-links">
                  <a href={Path.login}>{t.toLogin}</a>
                </p>
              </>
            )}
          </>
        ) : (
          <form onSubmit={accept} noValidate>
            <h1>{t.title(data.school_title)}</h1>
            <p className="muted">
              {t.role}: <strong>{roleTitle(roleFromName(data.role))}</strong>
              <br />
              {t.email}: <strong>{data.email}</strong>
            </p>
            {data.account_exists ? null : (
              <>
                <p className="muted">{t.setPasswordHint}</p>
                {field('first_name', account.firstName, 'text', 'given-name')}
                {field('last_name', account.lastName, 'text', 'family-name')}
                {field('password', account.password, 'password', 'new-password')}
                {field('password_confirmation', account.passwordAgain, 'password', 'new-password')}
              </>
            )}
            <FormError message={problem.message} />
            <div className="form-actions">
              <button type="submit" className="button primary" disabled={busy !== null}>
                {busy === 'accept' ? t.accepting : t.accept}
              </button>
              <button type="button" className="button secondary" disabled={busy !== null} onClick={() => void decline()}>
                {busy === 'decline' ? t.declining : t.decline}
              </button>
            </div>
          </form>
        )}
      </section>
    </main>
  );
}
