import { chatMessages, schoolPath, type ChatMessage } from '#core';
import type { Ref } from 'react';
import { LoadError } from '../../ui/load-error.tsx';
import type { Chat } from './chat-api.ts';
import { formatChatTime } from './chat-format.ts';

const t = chatMessages;

/** The newest activity first (the server's order; a live message moves its chat up). */
export function sortChats(chats: readonly Chat[]): Chat[] {
  return [...chats].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
}

/**
 * Two lists of chats as one, each chat once, newest activity first; a chat on both is taken from
 * `first`. Offset pages shift while live messages move chats up, so a further page may repeat chats
 * already shown (which keep what they show), and the first page read again brings them as they are now.
 */
export function mergeChats(first: readonly Chat[], second: readonly Chat[]): Chat[] {
  const ids = new Set(first.map((chat) => chat.id));
  return sortChats([...first, ...second.filter((chat) => !ids.has(chat.id))]);
}

/** A chat's line under its name: the last message's text, or its files, or nothing yet. */
export function lastMessagePreview(message: ChatMessage | null, myId: number | null): string {
  if (!message) return t.noLastMessage;
  const body = message.text.trim() || t.filesOnly(message.files.length);
  return message.author?.id === myId ? `${t.you}: ${body}` : body;
}

export function ChatList({ school, chats, selected, myId }: { school: string; chats: readonly Chat[]; selected: string | null; myId: number | null }) {
  return (
    <ul className="chat-list" aria-label={t.listTitle}>
      {chats.map((chat) => (
        <li key={chat.id}>
          <a
            className="chat-list-item"
            href={schoolPath(school, `chat/${encodeURIComponent(chat.id)}`)}
            aria-current={chat.id === selected ? 'page' : undefined}
          >
            <span className="chat-list-head">
              <span className="chat-list-name">{chat.name}</span>
              {chat.last_message ? (
                <time className="muted" dateTime={chat.last_message.created_at}>
                  {formatChatTime(chat.last_message.created_at)}
                </time>
              ) : null}
            </span>
            <span className="chat-list-foot">
              <span className="chat-list-last muted">{lastMessagePreview(chat.last_message, myId)}</span>
              {chat.unread > 0 ? (
                <span className="badge chat-unread" title={t.unreadCount(chat.unread)}>
                  <span aria-hidden="true">{chat.unread}</span>
                  <span className="visually-hidden">{t.unreadCount(chat.unread)}</span>
                </span>
              ) : null}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** «Показать ещё» under the list: the next page of chats, or why it failed with a retry. */
export function ChatListMore({ busy, error, onMore, buttonRef }: { busy: boolean; error: string | null; onMore: () => void; buttonRef?: Ref<HTMLButtonElement> }) {
  return (
    <div className="chat-more">
      {error ? (
        <LoadError message={error} onRetry={onMore} />
      ) : (
        <button ref={buttonRef} type="button" className="button small secondary" disabled={busy} aria-busy={busy || undefined} onClick={onMore}>
          {busy ? t.loadingMore : t.more}
        </button>
      )}
    </div>
  );
}
