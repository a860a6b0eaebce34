import { $unread, $user, appMessages, chatMessages, commonMessages, routeRole, schoolPath, setUnread, toApiError, type ChatFrame, type ChatMessage } from '#core';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { $router } from '../../router.ts';
import { getChat, listChats, type Chat } from './chat-api.ts';
import { NewChatDialog, WriteDialog } from './chat-dialogs.tsx';
import { useChatConnection } from './chat-connection.ts';
import { ChatList, ChatListMore, mergeChats, sortChats } from './chat-list.tsx';
import { ChatThread } from './chat-thread.tsx';

const t = chatMessages;

export interface ChatPageProps {
  school: string;
  /** The open chat (`chat/{chat_id}`), or null for the list alone. */
  chatId: string | null;
}

/**
 * «Чат» (issue 15; spec §2 `chat`): the person's chats, newest activity first, with their last
 * message and unread count, and beside them the open chat's thread and composer. Live messages move
 * their chat up and count as unread until read; after a reconnect the list's first page is read
 * again. The list comes by pages: «Показать ещё» adds the next one under it. Admins and teachers
 * start a custom chat («Новый чат») or a personal one with a student («Написать»), and rename a
 * custom chat from its thread; its other members see the new name on their next read of the list
 * (the server sends no live frame for it).
 */
export default function ChatPage({ school, chatId }: ChatPageProps) {
  const user = useStore($user);
  const staff = ['Admin', 'Teacher'].includes(routeRole(user.role) ?? '');
  const [chats, setChats] = useState<Chat[] | null>(null);
  const latest = useRef(chats);
  latest.current = chats;
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [dialog, setDialog] = useState<'new' | 'write' | null>(null);
  // A chat opened by its address but not on the list's page (or new): read on its own.
  const [extra, setExtra] = useState<Chat | null>(null);

  // The list's pages read so far and whether the server has another («Показать ещё»), and its load.
  const [pages, setPages] = useState({ read: 0, more: false });
  const [moreBusy, setMoreBusy] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  // A load from the start (opening, another school, a retry) makes the answers of earlier loads stale.
  const generation = useRef(0);
  const sidebar = useRef<HTMLDivElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  // The first chat a further page added: it takes the focus from «Показать ещё» (disabled while loading).
  const focusChat = useRef<string | null>(null);

  /**
   * Reads the first page: from the start (`fresh`), or over the chats shown (after a reconnect or a
   * message in a chat not shown), which keeps the further pages read so far.
   */
  const readFirstPage = useCallback(
    (fresh: boolean) => {
      if (fresh) {
        generation.current += 1;
        setMoreBusy(false);
        setMoreError(null);
      }
      const run = generation.current;
      listChats(school).then(
        (page) => {
          if (run !== generation.current) return;
          setChats((before) => (before && !fresh ? mergeChats(page.results, before) : sortChats(page.results)));
          setPages((before) => (before.read > 1 && !fresh ? before : { read: 1, more: page.next !== null }));
          setError(null);
          setUnread({ messages: page.total_unread });
        },
        (cause: unknown) => {
          if (run === generation.current) setError(toApiError(cause).message);
        },
      );
    },
    [school],
  );
  const reload = useCallback(() => readFirstPage(false), [readFirstPage]);

  useEffect(() => readFirstPage(true), [readFirstPage, attempt]);

  function loadMore() {
    const run = generation.current;
    const next = pages.read + 1;
    setMoreBusy(true);
    setMoreError(null);
    listChats(school, next).then(
      (page) => {
        if (run !== generation.current) return;
        const shown = new Set(latest.current?.map((chat) => chat.id));
        const added = page.results.find((chat) => !shown.has(chat.id));
        focusChat.current = added?.id ?? null;
        // A chat already shown stays as it is: it may have moved up with a live message since.
        setChats((before) => mergeChats(before ?? [], page.results));
        setPages({ read: next, more: page.next !== null });
        setMoreBusy(false);
      },
      (cause: unknown) => {
        if (run !== generation.current) return;
        setMoreError(t.moreFailed(toApiError(cause).message));
        setMoreBusy(false);
      },
    );
  }

  useEffect(() => {
    const id = focusChat.current;
    focusChat.current = null;
    const active = document.activeElement;
    if (!id || (active && active !== document.body && active !== moreButton.current)) return;
    const href = schoolPath(school, `chat/${encodeURIComponent(id)}`);
    [...(sidebar.current?.querySelectorAll<HTMLAnchorElement>('a.chat-list-item') ?? [])].find((link) => link.getAttribute('href') === href)?.focus();
  }, [chats, school]);

  const open = chats?.find((chat) => chat.id === chatId) ?? (extra?.id === chatId ? extra : null);
  useEffect(() => {
    if (!chatId || !chats || chats.some((chat) => chat.id === chatId) || extra?.id === chatId) return;
    let current = true;
    getChat(school, chatId).then(
      (chat) => current && setExtra(chat),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [school, chatId, chats, extra]);

  const upsert = useCallback((message: ChatMessage, countUnread: boolean) => {
    setChats((before) => {
      if (!before) return before;
      const chat = before.find((own) => own.id === message.chat_id);
      if (!chat) return before;
      if (chat.last_message && chat.last_message.id >= message.id) return before;
      const unread = countUnread ? chat.unread + 1 : chat.unread;
      return sortChats(before.map((own) => (own.id === chat.id ? { ...own, last_message: message, updated_at: message.created_at, unread } : own)));
    });
  }, []);

  const onFrame = (frame: ChatFrame) => {
    if (frame.type === 'ready' && frame.resumed) reload();
    else if (frame.type === 'message') {
      const known = chats?.some((chat) => chat.id === frame.message.chat_id) ?? true;
      if (!known) reload();
      // A message in the open chat is read by being shown (the thread sends the marker).
      else upsert(frame.message, frame.message.author?.id !== user.userId && frame.message.chat_id !== chatId);
    }
  };
  useChatConnection(school, onFrame);

  const onRead = useCallback((id: string) => {
    const read = latest.current?.find((chat) => chat.id === id)?.unread ?? 0;
    if (read <= 0) return;
    // The server's unread frame confirms the total; until then it follows what was read here.
    setUnread({ messages: Math.max(0, $unread.get().messages - read) });
    setChats((before) => before?.map((chat) => (chat.id === id ? { ...chat, unread: 0 } : chat)) ?? before);
  }, []);
  const onMessage = useCallback((message: ChatMessage) => upsert(message, false), [upsert]);
  // Only the name changes: the chat keeps its place, last message and unread count as shown.
  const onRenamed = useCallback((renamed: Chat) => {
    const rename = (chat: Chat) => (chat.id === renamed.id ? { ...chat, name: renamed.name } : chat);
    setChats((before) => before?.map(rename) ?? before);
    setExtra((before) => (before ? rename(before) : before));
  }, []);

  function opened(chat: Chat) {
    setDialog(null);
    setExtra(chat);
    setChats((before) => (before && !before.some((own) => own.id === chat.id) ? sortChats([chat, ...before]) : before));
    $router.open(schoolPath(school, `chat/${encodeURIComponent(chat.id)}`));
  }

  const actions = staff ? (
    <>
      <button type="button" className="button small secondary" onClick={() => setDialog('write')}>
        {t.write}
      </button>
      <button type="button" className="button small primary" onClick={() => setDialog('new')}>
        {t.newChat}
      </button>
    </>
  ) : null;

  return (
    <PageFrame title={appMessages.routes.chat} className={open ? 'chat-page chat-open' : 'chat-page'} actions={actions}>
      <div className="chat-layout">
        <div className="chat-sidebar" ref={sidebar}>
          {error ? <LoadError message={error} onRetry={() => setAttempt((n) => n + 1)} /> : null}
          {!chats && !error ? <p role="status">{commonMessages.loading}</p> : null}
          {chats && chats.length === 0 ? <EmptyState title={t.emptyListTitle} text={t.emptyListText} /> : null}
          {chats && chats.length > 0 ? <ChatList school={school} chats={chats} selected={chatId} myId={user.userId} /> : null}
          {chats && chats.length > 0 && pages.more ? <ChatListMore busy={moreBusy} error={moreError} onMore={loadMore} buttonRef={moreButton} /> : null}
        </div>
        <div className="chat-main">
          {open ? (
            <>
              <a className="chat-back" href={schoolPath(school, 'chat')}>
                {t.backToList}
              </a>
              <ChatThread key={open.id} school={school} chat={open} onRead={onRead} onMessage={onMessage} onRenamed={onRenamed} />
            </>
          ) : chats && chats.length > 0 ? (
            <p className="muted chat-choose">{t.chooseChat}</p>
          ) : null}
        </div>
      </div>
      {dialog === 'new' ? <NewChatDialog school={school} onCreated={opened} onClose={() => setDialog(null)} /> : null}
      {dialog === 'write' ? <WriteDialog school={school} onOpened={opened} onClose={() => setDialog(null)} /> : null}
    </PageFrame>
  );
}
