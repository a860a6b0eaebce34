import { $user, aiChatMessages as m, routeRole, toApiError, type ApiError } from '#core';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LoadError } from '../../ui/load-error.tsx';
import {
  assignChatOrder,
  createChat,
  deleteChat,
  latestChats,
  latestMessages,
  sendMessage,
  updateWelcome,
  userWelcome,
  type AiChat,
  type AiMessage,
  type AnswerLanguage,
  type Welcome,
} from './ai-chat-api.ts';
import { WelcomeEditor } from './welcome-editor.tsx';

type Load = { state: 'loading' } | { state: 'not-configured' } | { state: 'failed'; message: string } | { state: 'ready' };

/** A message on screen: stored ones have ids; the streaming answer is the draft. */
interface Shown {
  key: string;
  role: AiMessage['role'];
  content: string;
}

const shown = (message: AiMessage): Shown => ({ key: String(message.id), role: message.role, content: message.content });

function errorText(error: ApiError): string {
  if (error.code === 'AI_NOT_CONFIGURED') return m.notConfigured;
  if (error.code === 'AI_UPSTREAM_ERROR') return m.upstreamError;
  return error.message || m.sendError;
}

/**
 * OVER AI (help-overai): the member's chats (the sidebar's 10, newest on top, moved up or
 * deleted), the open chat's messages, and the composer; the answer shows part by part as the model
 * writes it, «Остановить» stops it. The school's greeting shows until closed; without an endpoint
 * the panel says «ИИ-ассистент не настроен».
 */
export default function AiChatPanel({ school }: { school: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [welcome, setWelcome] = useState<Welcome | null>(null);
  const [chats, setChats] = useState<AiChat[]>([]);
  const [chatId, setChatId] = useState<number | null>(null);
  const [messages, setMessages] = useState<Shown[]>([]);
  const [draft, setDraft] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<AnswerLanguage>('RU');
  const [error, setError] = useState<string | null>(null);
  const streaming = useRef<AbortController | null>(null);
  const listEnd = useRef<HTMLDivElement | null>(null);
  const role = routeRole(useStore($user).role);
  const isAdmin = role === 'Admin' || role === 'SuperAdmin';

  const failed = useCallback((reason: unknown) => {
    const apiError = toApiError(reason);
    if (apiError.code === 'AI_NOT_CONFIGURED') setLoad({ state: 'not-configured' });
    else setLoad({ state: 'failed', message: m.loadError });
  }, []);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    Promise.all([userWelcome(school), latestChats(school)])
      .then(([greeting, list]) => {
        setWelcome(greeting);
        setChats(list);
        setChatId((current) => (current !== null && list.some((chat) => chat.id === current) ? current : (list[0]?.id ?? null)));
        setLoad({ state: 'ready' });
      })
      .catch(failed);
  }, [school, failed]);

  useEffect(reload, [reload]);
  // Leaving (closing the panel) stops an answer still streaming.
  useEffect(() => () => streaming.current?.abort(), []);

  // Another chat's messages go in the same update that opens it, not in an effect that could run
  // after the first question of a new chat was put on screen.
  const openChat = (id: number | null) => {
    setChatId(id);
    setMessages([]);
  };

  useEffect(() => {
    if (chatId === null) return;
    let live = true;
    latestMessages(school, chatId)
      .then((page) => {
        if (!live) return;
        // What was sent here while the history was on its way stays, after it.
        const history = page.results.map(shown);
        const keys = new Set(history.map((message) => message.key));
        setMessages((added) => [...history, ...added.filter((message) => !keys.has(message.key))]);
      })
      .catch((reason: unknown) => {
        if (live) setError(toApiError(reason).message);
      });
    return () => {
      live = false;
    };
  }, [school, chatId]);

  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, draft]);

  async function newChat(): Promise<number | null> {
    setError(null);
    try {
      const created = await createChat(school);
      setChats(await latestChats(school));
      openChat(created.overai_chat_id);
      return created.overai_chat_id;
    } catch (reason) {
      const apiError = toApiError(reason);
      if (apiError.code === 'AI_NOT_CONFIGURED') setLoad({ state: 'not-configured' });
      else setError(errorText(apiError));
      return null;
    }
  }

  async function remove(chat: AiChat) {
    setError(null);
    try {
      await deleteChat(school, chat.id);
      const list = await latestChats(school);
      setChats(list);
      if (chat.id === chatId) openChat(list[0]?.id ?? null);
    } catch (reason) {
      setError(errorText(toApiError(reason)));
    }
  }

  async function moveUp(chat: AiChat) {
    const index = chats.findIndex((c) => c.id === chat.id);
    const above = chats[index - 1];
    if (!above) return;
    setError(null);
    try {
      await assignChatOrder(school, { [chat.id]: above.order, [above.id]: chat.order });
      setChats(await latestChats(school));
    } catch (reason) {
      setError(errorText(toApiError(reason)));
    }
  }

  async function dismissWelcome() {
    setWelcome((current) => (current ? { ...current, show_welcome_message: false } : current));
    await updateWelcome(school, { show_welcome_message: false }).catch(() => undefined);
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const question = text.trim();
    if (!question || streaming.current) return;
    setError(null);
    const target = chatId ?? (await newChat());
    if (target === null) return;
    const controller = new AbortController();
    streaming.current = controller;
    setText('');
    const pending = `pending-${Date.now()}`;
    setMessages((list) => [...list, { key: pending, role: 'user', content: question }]);
    setDraft('');
    let partial = '';
    try {
      const onDelta = (delta: string) => {
        partial += delta;
        setDraft(partial);
      };
      const stored = await sendMessage(school, { message: question, overai_chat_id: target, language }, onDelta, controller.signal);
      setMessages((list) => [...list.filter((x) => x.key !== pending), shown(stored.question), shown(stored.answer)]);
      setChats(await latestChats(school).catch(() => chats));
    } catch (reason) {
      const apiError = toApiError(reason);
      if (apiError.code === 'ABORTED') {
        // What came before «Остановить» stays on screen (the server keeps it too).
        if (partial) setMessages((list) => [...list, { key: `${pending}-answer`, role: 'assistant', content: partial }]);
      } else {
        // Not asked (or not answered): the question goes back into the composer.
        setMessages((list) => list.filter((x) => x.key !== pending));
        setText((current) => current || question);
        setError(errorText(apiError));
        if (apiError.code === 'AI_NOT_CONFIGURED') setLoad({ state: 'not-configured' });
      }
    } finally {
      streaming.current = null;
      setDraft(null);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  }

  if (load.state === 'loading') return <p className="ai-chat-status">{m.loading}</p>;
  if (load.state === 'not-configured') {
    return (
      <div className="ai-chat-status" role="status">
        <p>
          <strong>{m.notConfigured}</strong>
        </p>
        <p>{m.notConfiguredHint}</p>
      </div>
    );
  }
  if (load.state === 'failed') return <LoadError message={load.message} onRetry={reload} />;

  const busy = draft !== null;
  return (
    <div className="ai-chat">
      <aside className="ai-chat-list" aria-label={m.chats}>
        <button type="button" className="button primary small" onClick={() => void newChat()} disabled={busy}>
          {m.newChat}
        </button>
        {chats.length === 0 ? <p className="muted">{m.noChats}</p> : null}
        <ul>
          {chats.map((chat, index) => (
            <li key={chat.id} className={chat.id === chatId ? 'current' : undefined}>
              <button type="button" className="ai-chat-title" aria-current={chat.id === chatId ? 'true' : undefined} onClick={() => chat.id !== chatId && openChat(chat.id)} disabled={busy}>
                {chat.chat_name}
              </button>
              {index > 0 ? (
                <button type="button" className="icon-button" aria-label={m.moveUp(chat.chat_name)} onClick={() => void moveUp(chat)} disabled={busy}>
                  ↑
                </button>
              ) : null}
              <button type="button" className="icon-button" aria-label={m.deleteChat(chat.chat_name)} onClick={() => void remove(chat)} disabled={busy}>
                ×
              </button>
            </li>
          ))}
        </ul>
      </aside>
      <section className="ai-chat-main" aria-label={m.messages}>
        {welcome?.show_welcome_message ? (
          <div className="ai-chat-welcome" role="note" aria-label={m.welcomeTitle}>
            <p>{welcome.welcome_message}</p>
            <button type="button" className="button secondary small" onClick={() => void dismissWelcome()}>
              {m.welcomeDismiss}
            </button>
          </div>
        ) : null}
        {isAdmin && welcome ? <WelcomeEditor school={school} welcome={welcome} onSaved={(saved) => setWelcome((current) => ({ ...saved, show_welcome_message: current?.show_welcome_message ?? false }))} /> : null}
        <ol className="ai-chat-messages" aria-live="polite">
          {messages.map((message) => (
            <li key={message.key} className={`ai-chat-message ${message.role}`}>
              <span className="ai-chat-author">{message.role === 'user' ? m.you : m.assistant}</span>
              <p>{message.content}</p>
            </li>
          ))}
          {draft !== null ? (
            <li className="ai-chat-message assistant" aria-busy="true">
              <span className="ai-chat-author">{m.assistant}</span>
              <p data-testid="ai-draft">{draft || m.answering}</p>
            </li>
          ) : null}
        </ol>
        <div ref={listEnd} />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <form className="ai-chat-composer" onSubmit={(event) => void send(event)}>
          <label className="visually-hidden" htmlFor="ai-chat-input">
            {m.composerLabel}
          </label>
          <textarea
            id="ai-chat-input"
            value={text}
            maxLength={4000}
            rows={3}
            placeholder={m.composerPlaceholder}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <div className="ai-chat-actions">
            <label>
              {m.language}{' '}
              <select value={language} onChange={(event) => setLanguage(event.target.value as AnswerLanguage)}>
                <option value="RU">{m.languages.RU}</option>
                <option value="ENG">{m.languages.ENG}</option>
              </select>
            </label>
            {busy ? (
              <button type="button" className="button secondary small" onClick={() => streaming.current?.abort()}>
                {m.stop}
              </button>
            ) : (
              <button type="submit" className="button primary small" disabled={!text.trim()}>
                {m.send}
              </button>
            )}
          </div>
          <p className="muted small">{m.disclaimer}</p>
        </form>
      </section>
    </div>
  );
}
