import { commonMessages, newslettersMessages, toApiError } from '#core';
import { useEffect, useState } from 'react';
import { unsubscribe } from './newsletters-api.ts';

const t = newslettersMessages;

type State = { status: 'working' } | { status: 'done'; school: string } | { status: 'invalid' } | { status: 'failed'; message: string };

/**
 * `/unsubscribe/{token}`, the link at the end of every newsletter mail: records the unsubscription
 * as the page opens (a mail scanner fetching the link runs no script, so it unsubscribes nobody)
 * and says it worked, or why not, with a retry when the server was not reached.
 */
export default function UnsubscribePage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ status: 'working' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'working' });
    unsubscribe(token).then(
      (answer) => current && setState({ status: 'done', school: answer.school_title }),
      (cause: unknown) => {
        if (!current) return;
        const error = toApiError(cause);
        setState(error.status === 404 ? { status: 'invalid' } : { status: 'failed', message: t.unsubscribeFailed });
      },
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  return (
    <section className="status-page unsubscribe-page">
      <h1>{t.unsubscribeTitle}</h1>
      {state.status === 'working' ? <p role="status">{t.unsubscribing}</p> : null}
      {state.status === 'done' ? <p role="status">{t.unsubscribed(state.school)}</p> : null}
      {state.status === 'invalid' ? <p role="alert">{t.unsubscribeInvalid}</p> : null}
      {state.status === 'failed' ? (
        <div role="alert">
          <p className="form-error">{state.message}</p>
          <button type="button" className="button primary small" onClick={() => setAttempt((n) => n + 1)}>
            {commonMessages.retry}
          </button>
        </div>
      ) : null}
    </section>
  );
}
