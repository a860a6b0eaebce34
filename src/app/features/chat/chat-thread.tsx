import { $user, CHAT_TYPING_VISIBLE_MS, chatMessages, commonMessages, routeRole, toApiError, type ChatFrame, type ChatMessage } from '#core';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FileLinks } from '../../ui/file-links.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { listMessages, markRead, type Chat } from './chat-api.ts';
import { ChatComposer } from './chat-composer.tsx';
import { RenameChatDialog } from './chat-dialogs.tsx';
import { useChatConnection } from './chat-connection.ts';
import { formatChatTime } from './chat-format.ts';

const t = chatMessages;

/** Pages of catch-up read at most after a reconnect (then the thread is read afresh). */
const CATCH_UP_PAGES = 10;

/** Adds messages by id, ascending, each once (a sent message also comes back live). */
export function mergeMessages(list: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of more) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

const pageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

export interface ChatThreadProps {
  school: string;
  chat: Chat;
  /** The person has read the chat up to its newest message. */
  onRead: (chatId: string) => void;
  /** A message went or came: the list moves the chat up. */
  onMessage: (message: ChatMessage) => void;
  /** The chat got a new name here («Переименовать»): the list shows it too. */
  onRenamed: (chat: Chat) => void;
}

/**
 * One chat's messages, oldest at the top: the newest page first, «Показать ранние» for the earlier
 * ones, live messages appended, «…печатает» for five seconds after a typing frame; what is on
 * screen is marked read (last_read_id) while the page is visible; after a reconnect the thread
 * reads what it missed (`?after=`). A custom chat's admins and teachers rename it (as the server
 * allows: a student member may not; personal and group chats keep their names).
 */
export function ChatThread({ school, chat, onRead, onMessage, onRenamed }: ChatThreadProps) {
  const headingId = useId();
  const user = useStore($user);
  const myId = user.userId;
  const role = routeRole(user.role);
  const readOnly = chat.type === 'group' && role === 'Admin';
  // A custom chat is seen by its members only, so a staff viewer is one of its members.
  const canRename = chat.type === 'custom' && (role === 'Admin' || role === 'Teacher');
  const [renaming, setRenaming] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [earlierBusy, setEarlierBusy] = useState(false);
  const [earlierError, setEarlierError] = useState<string | null>(null);
  const [typers, setTypers] = useState<ReadonlyMap<number, string>>(new Map());
  const [readUpTo, setReadUpTo] = useState(0);
  const [visible, setVisible] = useState(pageVisible);
  const [attempt, setAttempt] = useState(0);
  const typingTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const marked = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const keepOffset = useRef<number | null>(null);
  const latest = useRef(messages);
  latest.current = messages;

  useEffect(() => {
    let current = true;
    setStatus('loading');
    listMessages(school, chat.id).then(
      (page) => {
        if (!current) return;
        setMessages((before) => mergeMessages(page.results, before));
        setHasMore(page.has_more);
        setStatus('ready');
      },
      (cause: unknown) => {
        if (!current) return;
        setError(toApiError(cause).message);
        setStatus('error');
      },
    );
    return () => {
      current = false;
    };
  }, [school, chat.id, attempt]);

  useEffect(() => {
    const timers = typingTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  useEffect(() => {
    const onVisibility = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const stopTyping = useCallback((userId: number) => {
    clearTimeout(typingTimers.current.get(userId));
    typingTimers.current.delete(userId);
    setTypers((before) => {
      if (!before.has(userId)) return before;
      const next = new Map(before);
      next.delete(userId);
      return next;
    });
  }, []);

  const catchUp = useCallback(async () => {
    let after = latest.current.at(-1)?.id;
    if (after === undefined) {
      setAttempt((n) => n + 1);
      return;
    }
    for (let page = 0; page < CATCH_UP_PAGES; page += 1) {
      const answer = await listMessages(school, chat.id, { after });
      setMessages((before) => mergeMessages(before, answer.results));
      after = answer.results.at(-1)?.id ?? after;
      if (!answer.has_more || answer.results.length === 0) return;
    }
  }, [school, chat.id]);

  const onFrame = (frame: ChatFrame) => {
    if (frame.type === 'ready') {
      if (frame.resumed && status === 'ready') catchUp().catch(() => undefined);
    } else if (frame.type === 'message' && frame.message.chat_id === chat.id) {
      setMessages((before) => mergeMessages(before, [frame.message]));
      if (frame.message.author) stopTyping(frame.message.author.id);
    } else if (frame.type === 'typing' && frame.chat_id === chat.id && frame.user.id !== myId) {
      const userId = frame.user.id;
      clearTimeout(typingTimers.current.get(userId));
      typingTimers.current.set(
        userId,
        setTimeout(() => stopTyping(userId), CHAT_TYPING_VISIBLE_MS),
      );
      setTypers((before) => new Map(before).set(userId, frame.user.name));
    } else if (frame.type === 'read' && frame.chat_id === chat.id && frame.user_id !== myId) {
      setReadUpTo((before) => Math.max(before, frame.last_read_id));
    }
  };
  const { socket, status: connection } = useChatConnection(school, onFrame);

  // What is on screen while the page is visible is read.
  const newest = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!visible || status !== 'ready' || newest <= marked.current) return;
    marked.current = newest;
    onRead(chat.id);
    markRead(school, chat.id, newest).catch(() => {
      // The marker is sent again with the next message.
      marked.current = 0;
    });
  }, [visible, status, newest, school, chat.id, onRead]);

  // Keep the newest message in view, unless the person scrolled up to read; keep the place when earlier ones come in.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (keepOffset.current !== null) {
      box.scrollTop = box.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else if (stickToBottom.current) box.scrollTop = box.scrollHeight;
  }, [messages]);

  async function loadEarlier() {
    const first = messages[0];
    if (!first) return;
    setEarlierBusy(true);
    setEarlierError(null);
    try {
      const page = await listMessages(school, chat.id, { before: first.id });
      const box = scroller.current;
      if (box) keepOffset.current = box.scrollHeight - box.scrollTop;
      setMessages((before) => mergeMessages(page.results, before));
      setHasMore(page.has_more);
    } catch (cause) {
      setEarlierError(toApiError(cause).message);
    } finally {
      setEarlierBusy(false);
    }
  }

  const lastOwn = [...messages].reverse().find((message) => message.author?.id === myId);
  const typing = [...typers.values()].filter(Boolean);
  return (
    <section className="chat-thread" aria-labelledby={headingId}>
      <header className="chat-thread-head">
        <h2 id={headingId}>{chat.name}</h2>
        <span className="muted">{chat.type === 'personal' ? t.types.personal : `${t.types[chat.type] ?? t.types.custom}, ${t.members(chat.members)}`}</span>
        {canRename ? (
          <button type="button" className="button small secondary chat-rename" onClick={() => setRenaming(true)}>
            {t.rename}
          </button>
        ) : null}
      </header>
      {renaming ? (
        <RenameChatDialog
          school={school}
          chat={chat}
          onRenamed={(renamed) => {
            setRenaming(false);
            onRenamed(renamed);
          }}
          onClose={() => setRenaming(false)}
        />
      ) : null}
      {connection === 'waiting' ? (
        <p className="chat-connection muted" role="status">
          {t.reconnecting}
        </p>
      ) : null}
      <div
        ref={scroller}
        className="chat-messages"
        onScroll={(event) => {
          const box = event.currentTarget;
          stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
        }}
      >
        {status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
        {status === 'error' ? <LoadError message={error ?? commonMessages.unexpectedError} onRetry={() => setAttempt((n) => n + 1)} /> : null}
        {status === 'ready' && hasMore ? (
          <div className="chat-earlier">
            <button type="button" className="button small secondary" disabled={earlierBusy} onClick={() => void loadEarlier()}>
              {earlierBusy ? t.loadingEarlier : t.earlier}
            </button>
            {earlierError ? (
              <p className="form-error" role="alert">
                {earlierError}
              </p>
            ) : null}
          </div>
        ) : null}
        {status === 'ready' && messages.length === 0 ? <EmptyState title={t.noMessagesTitle} text={t.noMessagesText} /> : null}
        {messages.length > 0 ? (
          <ol className="chat-message-list" aria-label={t.threadTitle} aria-live="polite" aria-relevant="additions">
            {messages.map((message) => {
              const mine = message.author?.id === myId;
              return (
                <li key={message.id} className={mine ? 'chat-message own' : 'chat-message'}>
                  <span className="chat-message-author">{mine ? t.you : (message.author?.name ?? t.unknownAuthor)}</span>{' '}
                  <time className="muted" dateTime={message.created_at}>
                    {formatChatTime(message.created_at)}
                  </time>
                  {message.text ? <p className="chat-message-text">{message.text}</p> : null}
                  {message.files.length > 0 ? <FileLinks files={message.files.map((file) => ({ id: file.id, name: file.name, url: file.url, bytes: file.size }))} /> : null}
                  {mine && message === lastOwn && readUpTo >= message.id ? <span className="chat-message-read muted">{t.read}</span> : null}
                </li>
              );
            })}
          </ol>
        ) : null}
      </div>
      <p className="chat-typing muted" aria-live="polite">
        {typing.length > 0 ? t.typing(typing) : null}
      </p>
      {readOnly ? (
        <p className="muted chat-read-only">{t.groupReadOnly}</p>
      ) : (
        <ChatComposer
          key={chat.id}
          school={school}
          chatId={chat.id}
          onTyping={() => socket?.sendTyping(chat.id)}
          onSent={(message) => {
            stickToBottom.current = true;
            setMessages((before) => mergeMessages(before, [message]));
            onMessage(message);
          }}
        />
      )}
    </section>
  );
}
