import { ApiError, apiCall, appMessages, commonMessages, Path } from '#core';
import { useEffect, useState } from 'react';
import { appSession } from '../../app-session.ts';
import { startSession } from '../../sign-in.ts';

// A 5xx body is never shown (core's ApiError); this one is known and says what to do instead.
const NOT_CONFIGURED = 'SOCIAL_AUTH_NOT_CONFIGURED';

function messageOf(cause: unknown): string {
  if (!(cause instanceof ApiError)) return commonMessages.unexpectedError;
  return cause.code === NOT_CONFIGURED ? appMessages.account.socialNotConfigured : cause.message;
}

/**
 * The return from a social sign-in provider: the server completes the sign-in (auth/social-complete/)
 * and answers with the session. Tokens are never taken from the address: a URL lands in history,
 * logs and referrers.
 */
export default function SocialCallbackPage() {
  const t = appMessages.account;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    apiCall(appSession().api, 'GET auth/social-complete/', { auth: false })
      .then((reply) => (current ? startSession(reply) : undefined))
      .catch((cause: unknown) => {
        if (current) setError(messageOf(cause));
      });
    return () => {
      current = false;
    };
  }, []);

  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1>{t.socialTitle}</h1>
        {error ? (
          <>
            <p className="form-error" role="alert">
              {error}
            </p>
            <p className="auth-links">
              <a href={Path.login}>{t.backToLogin}</a>
            </p>
          </>
        ) : (
          <p role="status">{t.socialLoading}</p>
        )}
      </section>
    </main>
  );
}
