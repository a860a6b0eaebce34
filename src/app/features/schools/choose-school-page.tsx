import { apiCall, appMessages, commonMessages, invitationMessages, Path, roleFromName, roleTitle, type ApiAnswer } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { appSession } from '../../app-session.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { chooseSchool, type UserSchool } from '../../sign-in.ts';

type Invitation = ApiAnswer<'GET user-invitations/'>[number];

/** Invitations to the user's address: accepting one makes the school appear in the list below. */
function Invitations({ onAccepted }: { onAccepted: () => void }) {
  const t = invitationMessages;
  const invitations = useResource('user-invitations', () => apiCall(appSession().api, 'GET user-invitations/'));
  const [answered, setAnswered] = useState<number[]>([]);
  const [busy, setBusy] = useState<{ id: number; verb: 'accept' | 'decline' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = (invitations.data ?? []).filter((invitation) => !answered.includes(invitation.invitation_id));

  async function answer(invitation: Invitation, verb: 'accept' | 'decline') {
    setBusy({ id: invitation.invitation_id, verb });
    setError(null);
    try {
      const path = { id: invitation.invitation_id };
      await (verb === 'accept' ? apiCall(appSession().api, 'POST user-invitations/{id}/accept/', { path }) : apiCall(appSession().api, 'POST user-invitations/{id}/decline/', { path }));
      setAnswered((ids) => [...ids, invitation.invitation_id]);
      if (verb === 'accept') onAccepted();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : commonMessages.unexpectedError);
    }
    setBusy(null);
  }

  if (invitations.error) {
    return (
      <section className="invitations" aria-labelledby="invitations-title">
        <h2 id="invitations-title">{t.section}</h2>
        <p className="form-error" role="alert">
          {invitations.error.message}
        </p>
      </section>
    );
  }
  if (open.length === 0) return null;
  return (
    <section className="invitations" aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t.section}</h2>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="school-list">
        {open.map((invitation) => (
          <li key={invitation.invitation_id}>
            <div>
              <strong>{invitation.school_title}</strong>
              <br />
              <span>{roleTitle(roleFromName(invitation.role))}</span>
            </div>
            <div className="form-actions">
              <button type="button" className="button small primary" disabled={busy !== null} onClick={() => void answer(invitation, 'accept')}>
                {busy?.id === invitation.invitation_id && busy.verb === 'accept' ? t.accepting : t.acceptShort}
              </button>
              <button type="button" className="button small secondary" disabled={busy !== null} onClick={() => void answer(invitation, 'decline')}>
                {busy?.id === invitation.invitation_id && busy.verb === 'decline' ? t.declining : t.decline}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The schools of the signed-in user; choosing one sets the school and the role (spec §2). */
export default function ChooseSchoolPage() {
  const t = appMessages.chooseSchool;
  const resource = useResource('user-schools', () => apiCall(appSession().api, 'GET user-schools/'));
  // While the list reloads after an accepted invitation, the schools already shown stay.
  const [shown, setShown] = useState<UserSchool[] | null>(null);
  const schools = resource.data ?? (resource.status === 'loading' ? shown : null);
  const reload = () => {
    setShown(resource.data ?? null);
    resource.retry();
  };
  const retry = () => {
    setShown(null);
    resource.retry();
  };

  return (
    <main className="auth-page">
      <section className="auth-card wide">
        <h1>{t.title}</h1>
        <Invitations onAccepted={reload} />
        {resource.error ? (
          <LoadError message={resource.error.message} onRetry={retry} small={false} />
        ) : schools === null ? (
          <p role="status">{commonMessages.loading}</p>
        ) : schools.length === 0 ? (
          <p>{t.empty}</p>
        ) : (
          <ul className="school-list">
            {schools.map((school) => (
              // An owner's school comes twice: as its super admin and as its admin.
              <li key={`${school.school_id}:${school.role}`}>
                <button type="button" className="school-choice" onClick={() => chooseSchool(school)}>
                  <strong>{school.title}</strong>
                  <span>
                    {roleTitle(roleFromName(school.role))}
                    {school.is_owner ? ` · ${t.owner}` : ''}
                    {school.active ? '' : ` · ${t.inactive}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="auth-links">
          <a href={Path.createSchool}>{t.create}</a>
        </p>
      </section>
    </main>
  );
}
