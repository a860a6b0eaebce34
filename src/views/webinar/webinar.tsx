import { pluralForm, type PluralForms, commonMessages, webinarMessages } from '#core';
import { type SyntheticEvent, type UIEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { clearPublicCache, getPublic, resolveApiBase } from '../shared/public-client.ts';
import { ErrorState, Loading, NotFoundState } from '../shared/status-views.tsx';
import { useResource } from '../shared/use-resource.ts';
import type { WidgetEmit, WidgetHostProps } from '../shared/widget-types.ts';
import {
  type ChatPlayback,
  countdownParts,
  dueCount,
  isStaffRole,
  resolveVideoUrl,
  sortChat,
  type WebinarCountdown,
  type WebinarData,
  type WebinarShow,
  youtubeEmbedUrl,
} from './webinar-model.ts';

export interface WebinarProps extends WidgetHostProps {
  /** The webinar's slug. */
  slug?: string | undefined;
}

const t = webinarMessages;

/** How often to ask again when the countdown was already over on arrival (the server's clock is behind). */
export const RECHECK_MS = 5000;

/** The public automated webinar: countdown, live video with the replayed chat, or ended. */
export function Webinar(props: WebinarProps) {
  const { emit } = props;
  const slug = (props.slug ?? '').trim();
  const apiBase = resolveApiBase(props.apiBase);
  const key = slug ? `webinar:${apiBase}:${slug}` : null;
  const resource = useResource<WebinarData>(key, () => getPublic<'GET public/webinar/{slug}/'>(apiBase, `public/webinar/${encodeURIComponent(slug)}/`));
  const { retry } = resource;

  const data = resource.status === 'ready' ? resource.data : null;
  // Once per load (`data` is a new object each time an answer arrives); not again when only the
  // emit function's identity changes.
  useEffect(() => {
    if (data) emit?.('ch-ready', { status: data.status });
  }, [data]);

  const error = resource.status === 'error' ? resource.error : null;
  useEffect(() => {
    if (error) emit?.('ch-error', { code: error.code, message: error.message, status: error.status });
  }, [error]);

  // The countdown is over: ask the server again, past the shared cache that still holds the countdown.
  const reload = useCallback(() => {
    clearPublicCache();
    retry();
  }, [retry]);

  if (!slug) return <Notice text={t.noSlug} />;
  if (resource.status === 'loading' || resource.status === 'idle') return <Loading />;
  if (error) {
    if (error.status === 404) return <NotFoundState title={t.notFound} hint={t.notFoundHint} />;
    return <ErrorState message={error.message} onRetry={retry} />;
  }
  if (data?.status === 'countdown') return <CountdownView data={data} onElapsed={reload} />;
  if (data?.status === 'live') return <LiveView data={data} apiBase={apiBase} emit={emit} />;
  if (data?.status === 'ended') return <EndedView data={data} />;
  return <ErrorState message={commonMessages.unexpectedError} onRetry={reload} />;
}

function Notice({ text }: { text: string }) {
  return (
    <div className="ch-status" role="status" aria-live="polite" part="status">
      <p>{text}</p>
    </div>
  );
}

function Description({ text }: { text: string | null | undefined }) {
  return text ? <p className="description">{text}</p> : null;
}

const UNITS: readonly { name: 'days' | 'hours' | 'minutes' | 'seconds'; forms: PluralForms }[] = [
  { name: 'days', forms: t.days },
  { name: 'hours', forms: t.hours },
  { name: 'minutes', forms: t.minutes },
  { name: 'seconds', forms: t.seconds },
];

function formatStart(time: number): string {
  return new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(time));
}

/**
 * Ticks every second; at zero calls onElapsed once (the parent reloads and this view is replaced).
 * A countdown that was already over when it arrived waits RECHECK_MS before asking again.
 */
function CountdownView({ data, onElapsed }: { data: WebinarCountdown; onElapsed: () => void }) {
  const target = Date.parse(data.countdown_to_utc_iso);
  const [mountedAt] = useState(() => Date.now());
  const [now, setNow] = useState(mountedAt);
  const fired = useRef(false);

  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);

  const valid = Number.isFinite(target);
  const remaining = valid ? target - now : 0;
  const overOnArrival = !valid || target <= mountedAt;
  const due = remaining <= 0 && (!overOnArrival || now - mountedAt >= RECHECK_MS);

  useEffect(() => {
    if (due && !fired.current) {
      fired.current = true;
      onElapsed();
    }
  }, [due, onElapsed]);

  const parts = countdownParts(remaining);
  return (
    <section className="webinar countdown-view">
      <h2 className="title" part="title">
        {data.webinar_title}
      </h2>
      <Description text={data.description} />
      <div className="countdown" part="countdown">
        <p className="countdown-label">{data.message || t.startsIn}</p>
        {remaining > 0 ? (
          <div className="units" role="timer" aria-label={data.message || t.startsIn}>
            {UNITS.map(({ name, forms }) => (
              <div className="unit" key={name}>
                <span className="value">{name === 'days' ? parts[name] : String(parts[name]).padStart(2, '0')}</span>
                <span className="unit-name">{pluralForm(parts[name], forms)}</span>
              </div>
            ))}
          </div>
        ) : (
          <p className="soon" role="status">
            {t.startingSoon}
          </p>
        )}
        {valid ? <p className="starts-at">{t.startsAt(formatStart(target))}</p> : null}
      </div>
    </section>
  );
}

function LiveView({ data, apiBase, emit }: { data: WebinarShow; apiBase: string; emit: WidgetEmit | undefined }) {
  const offset = Math.max(0, Number(data.video_start_offset_seconds) || 0);
  const youtubeId = data.video_type === 'youtube' ? (data.youtube_video_id ?? '').trim() : '';
  const videoUrl = data.video_type === 'youtube' ? null : resolveVideoUrl(data.uploaded_video_url, apiBase);
  const [videoFailed, setVideoFailed] = useState(false);
  // The chat follows the <video> while it can play; otherwise (YouTube, no file, a broken file) the
  // wall clock since the page opened, counted from the offset the viewer joined at.
  const followsClock = !videoUrl || videoFailed;
  const [positionMs, setPositionMs] = useState(offset * 1000);
  const [openedAt] = useState(() => Date.now());

  useEffect(() => {
    if (!followsClock) return undefined;
    const tick = () => setPositionMs(offset * 1000 + Date.now() - openedAt);
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [followsClock, offset, openedAt]);

  const onLoadedMetadata = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    if (offset > 0) {
      try {
        video.currentTime = offset;
      } catch {
        // Not seekable yet: the viewer starts from the beginning; the chat follows whatever plays.
      }
    }
  };
  const onTimeUpdate = (event: SyntheticEvent<HTMLVideoElement>) => {
    if (!followsClock) setPositionMs(event.currentTarget.currentTime * 1000);
  };

  let player;
  if (youtubeId) {
    player = (
      <iframe
        className="player"
        part="video"
        src={youtubeEmbedUrl(youtubeId, offset)}
        title={data.title}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    );
  } else if (videoUrl && !videoFailed) {
    player = (
      <video
        key={videoUrl}
        className="player"
        part="video"
        src={videoUrl}
        controls
        playsInline
        preload="metadata"
        aria-label={data.title}
        onLoadedMetadata={onLoadedMetadata}
        onTimeUpdate={onTimeUpdate}
        onError={() => setVideoFailed(true)}
      />
    );
  } else {
    player = (
      <div className="player unavailable" part="video" role="status">
        {t.videoUnavailable}
      </div>
    );
  }

  const sessionId = data.playback_session_id;
  const showChat = data.has_chat && sessionId !== null && sessionId !== undefined && String(sessionId) !== '';
  return (
    <section className={showChat ? 'webinar live-view with-chat' : 'webinar live-view'}>
      <header className="live-header">
        <span className="live-badge">
          <span className="live-dot" aria-hidden="true" />
          {t.live}
        </span>
        {data.school_name ? <span className="school">{data.school_name}</span> : null}
      </header>
      <h2 className="title" part="title">
        {data.title}
      </h2>
      <div className="stage">
        <div className="screen">{player}</div>
        {showChat ? <ChatPanel apiBase={apiBase} sessionId={String(sessionId)} positionMs={positionMs} emit={emit} /> : null}
      </div>
      <Description text={data.description} />
    </section>
  );
}

function roleLabel(role: string): string {
  return role.toLowerCase() === 'moderator' ? t.moderator : t.admin;
}

/** The scripted chat, loaded once and revealed as the video reaches each message's time. */
function ChatPanel({ apiBase, sessionId, positionMs, emit }: { apiBase: string; sessionId: string; positionMs: number; emit: WidgetEmit | undefined }) {
  const chat = useResource<ChatPlayback>(`webinar-chat:${apiBase}:${sessionId}`, () =>
    getPublic<'GET public/webinar_chat/playback/{id}/messages/'>(apiBase, `public/webinar_chat/playback/${encodeURIComponent(sessionId)}/messages/`),
  );
  const sorted = useMemo(() => (chat.status === 'ready' ? sortChat(chat.data?.all_scripted_messages) : []), [chat.status, chat.data]);
  const count = dueCount(sorted, positionMs);

  const error = chat.status === 'error' ? chat.error : null;
  useEffect(() => {
    if (error) emit?.('ch-error', { code: error.code, message: error.message, status: error.status });
  }, [error]);

  // Newest at the bottom, kept in view unless the reader scrolled up to read older messages.
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  useEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [count]);
  const onScroll = (event: UIEvent<HTMLOListElement>) => {
    const el = event.currentTarget;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
  };

  const headingId = useId();
  const inputId = useId();
  const noteId = useId();
  let body;
  if (chat.status === 'error') {
    body = <ErrorState message={t.chatError} onRetry={chat.retry} />;
  } else if (chat.status !== 'ready') {
    body = <Loading text={t.chatLoading} />;
  } else {
    body = (
      <ol className="messages" ref={list} aria-live="polite" aria-labelledby={headingId} tabIndex={0} onScroll={onScroll}>
        {count === 0 ? <li className="chat-empty">{t.chatEmpty}</li> : null}
        {sorted.slice(0, count).map((m, index) => {
          const staff = isStaffRole(m.role);
          return (
            <li className={staff ? 'message staff' : 'message'} part="message" key={index}>
              <span className="author">{m.username}</span>
              {staff ? <span className="role">{roleLabel(m.role)}</span> : null}
              <p className="text">{m.message}</p>
            </li>
          );
        })}
      </ol>
    );
  }

  return (
    <aside className="chat" part="chat" aria-labelledby={headingId}>
      <h3 className="chat-title" id={headingId}>
        {t.chat}
      </h3>
      {body}
      {/* Sending is not supported yet, whatever chat_enabled says: the chat is a replay. */}
      <form className="chat-form" onSubmit={(event) => event.preventDefault()}>
        <label className="ch-visually-hidden" htmlFor={inputId}>
          {t.messageLabel}
        </label>
        <input id={inputId} type="text" disabled aria-describedby={noteId} />
        <button type="submit" className="ch-button" disabled>
          {t.send}
        </button>
      </form>
      <p className="chat-note" id={noteId}>
        {t.chatReadOnly}
      </p>
    </aside>
  );
}

function EndedView({ data }: { data: WebinarShow }) {
  return (
    <section className="webinar ended-view">
      <p className="ended-badge" role="status">
        {t.ended}
      </p>
      <h2 className="title" part="title">
        {data.title}
      </h2>
      <Description text={data.description} />
    </section>
  );
}
