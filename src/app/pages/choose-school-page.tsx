import { appMessages, ApiError, commonMessages, Path, roleFromName, roleTitle } from '#core';
import { useEffect, useState } from 'react';
import { appSession } from '../app-session.ts';
import { chooseSchool, type UserSchool } from '../sign-in.ts';

/** The schools of the signed-in user; choosing one sets the school and the role (spec §2). */
export default function ChooseSchoolPage() {
  const t = appMessages.chooseSchool;
  const [schools, setSchools] = useState<UserSchool[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setError(null);
    appSession()
      .api.get<UserSchool[]>('user-schools/')
      .then(
        (list) => current && setSchools(list),
        (cause: unknown) => current && setError(cause instanceof ApiError ? cause.message : commonMessages.unexpectedError),
      );
    return () => {
      current = false;
    };
  }, [attempt]);

  return (
    <main className="auth-page">
      <section className="auth-card wide">
        <h1>{t.title}</h1>
        {error ? (
          <div role="alert">
            <p className="form-error">{error}</p>
            <button type="button" className="button primary" onClick={() => setAttempt((n) => n + 1)}>
              {commonMessages.retry}
            </button>
          </div>
        ) : schools === null ? (
          <p role="status">{commonMessages.loading}</p>
        ) : schools.length === 0 ? (
          <p>{t.empty}</p>
        ) : (
          <ul className="school-list">
            {schools.map((school) => (
              <li key={school.school_id}>
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
