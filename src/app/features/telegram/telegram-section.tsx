import { ApiError, apiCall, commonMessages, telegramMessages as t, type ApiAnswer } from '#core';
import { useEffect, useState } from 'react';
import { appSession } from '../../app-session.ts';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';

export type TelegramLink = ApiAnswer<'GET telegram/link/'>;
export type TelegramCode = ApiAnswer<'POST telegram/link-code/'>;
/** The kinds of notice, each on or off. */
export type TelegramKinds = ApiAnswer<'GET tg_notification/tg_notif/'>;
const KINDS = ['homework', 'checks', 'meetings', 'chat'] as const satisfies readonly (keyof TelegramKinds)[];

/** How often the section asks whether the chat got linked while a code is shown. */
export const LINK_POLL_MS = 3000;

const problemOf = (cause: unknown) => (cause instanceof ApiError ? cause.message : commonMessages.unexpectedError);

/**
 * The profile's «Telegram» section (issue 15): «Подключить Telegram» shows a one-time code and the
 * bot's link, then asks every few seconds until the chat is linked (or the code runs out);
 * «Отключить»; the kinds of notice, saved as they are ticked.
 */
export function TelegramSection() {
  const [link, setLink] = useState<TelegramLink | null>(null);
  const [kinds, setKinds] = useState<TelegramKinds | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState<TelegramCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Counts the polls that found no link yet: each schedules the next. */
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    let current = true;
    setLoadError(null);
    const api = appSession().api;
    Promise.all([apiCall(api, 'GET telegram/link/'), apiCall(api, 'GET tg_notification/tg_notif/')]).then(
      ([state, settings]) => {
        if (!current) return;
        setLink(state);
        setKinds(settings);
      },
      (cause: unknown) => current && setLoadError(problemOf(cause)),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // While a code is shown: ask again after a pause, until linked or the code is over.
  useEffect(() => {
    if (!code || link?.linked) return;
    let current = true;
    const timer = setTimeout(() => {
      if (Date.now() >= new Date(code.expires_at).getTime()) {
        setCode(null);
        return;
      }
      apiCall(appSession().api, 'GET telegram/link/').then(
          (state) => {
            if (!current) return;
            setLink(state);
            if (state.linked) setCode(null);
            else setPolls((n) => n + 1);
          },
          // A failed poll is tried again after the same pause.
          () => current && setPolls((n) => n + 1),
        );
    }, LINK_POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [code, link?.linked, polls]);

  if (loadError) return <section className="auth-card wide" aria-labelledby="profile-telegram-title"><h2 id="profile-telegram-title">{t.title}</h2><LoadError message={loadError} onRetry={() => setAttempt((n) => n + 1)} /></section>;
  if (!link || !kinds) return <section className="auth-card wide" aria-labelledby="profile-telegram-title" aria-busy="true"><h2 id="profile-telegram-title">{t.title}</h2><p className="muted">{t.loading}</p></section>;

  async function connect() {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      setCode(await apiCall(appSession().api, 'POST telegram/link-code/', { body: {} }));
    } catch (cause) {
      setProblem(problemOf(cause));
    }
    setBusy(false);
  }

  async function disconnect() {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      setLink(await apiCall(appSession().api, 'DELETE telegram/link/'));
      setCode(null);
    } catch (cause) {
      setProblem(problemOf(cause));
    }
    setBusy(false);
  }

  async function toggle(kind: (typeof KINDS)[number], on: boolean) {
    setProblem(null);
    setNotice(null);
    const before = kinds;
    setKinds({ ...kinds!, [kind]: on });
    try {
      setKinds(await apiCall(appSession().api, 'PATCH tg_notification/tg_notif/', { body: { [kind]: on } }));
      setNotice(t.saved);
    } catch (cause) {
      setKinds(before);
      setProblem(problemOf(cause));
    }
  }

  return (
    <section className="auth-card wide telegram-section" aria-labelledby="profile-telegram-title">
      <h2 id="profile-telegram-title">{t.title}</h2>
      <p className="muted">{t.intro}</p>
      <p>
        <strong>{link.linked ? t.connected(link.username) : t.notConnected}</strong>
      </p>
      {link.linked ? (
        <button type="button" className="button secondary" disabled={busy} onClick={() => void disconnect()}>
          {busy ? t.disconnecting : t.disconnect}
        </button>
      ) : code ? (
        <div className="telegram-code">
          {code.bot_link && (
            <a className="button primary" href={code.bot_link} target="_blank" rel="noopener noreferrer">
              {t.openBot}
            </a>
          )}
          <p>{t.codeHint(code.code)}</p>
          <p role="status">{t.waiting}</p>
        </div>
      ) : (
        <button type="button" className="button primary" disabled={busy} onClick={() => void connect()}>
          {t.connect}
        </button>
      )}
      <fieldset>
        <legend>{t.kindsLegend}</legend>
        {KINDS.map((kind) => (
          <label key={kind} className="check">
            <input type="checkbox" checked={kinds[kind]} onChange={(event) => void toggle(kind, event.target.checked)} /> {t.kinds[kind]}
          </label>
        ))}
      </fieldset>
      {notice && <p role="status">{notice}</p>}
      <FormError message={problem} />
    </section>
  );
}
