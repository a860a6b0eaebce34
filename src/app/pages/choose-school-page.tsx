import { appMessages, commonMessages, Path, roleFromName, roleTitle } from '#core';
import { useResource } from '../../widgets/shared/use-resource.ts';
import { appSession } from '../app-session.ts';
import { chooseSchool, type UserSchool } from '../sign-in.ts';

/** The schools of the signed-in user; choosing one sets the school and the role (spec §2). */
export default function ChooseSchoolPage() {
  const t = appMessages.chooseSchool;
  const resource = useResource('user-schools', () => appSession().api.get<UserSchool[]>('user-schools/'));
  const schools = resource.data ?? null;

  return (
    <main className="auth-page">
      <section className="auth-card wide">
        <h1>{t.title}</h1>
        {resource.error ? (
          <div role="alert">
            <p className="form-error">{resource.error.message}</p>
            <button type="button" className="button primary" onClick={resource.retry}>
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
