import { chatMessages, schoolPath, type ChatMessage } from '#core';
import type { Chat } from './chat-api.ts';
import { formatChatTime } from './chat-format.ts';

const t = chatMessages;

/** The newest activity first (the server's order; a live message moves its chat up). */
export function sortChats(chats: readonly Chat[]): Chat[] {
  return [...chats].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
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
            aria-label={chat.unread > 0 ? `${t.openChat(chat.name)}, ${t.unreadCount(chat.unread)}` : t.openChat(chat.name)}
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
                  {chat.unread}
                </span>
              ) : null}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
