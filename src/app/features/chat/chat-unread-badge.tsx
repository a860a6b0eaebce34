import { $unread, $user, chatMessages, loadChatUnread } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { appSession } from '../../app-session.ts';
import { useChatConnection } from './chat-connection.ts';

/**
 * The number of unread chat messages beside «Чат» in the menu (spec §3: the client state's totals
 * of unread messages), live: the menu opens the school's chat connection, whose `unread` frames
 * keep the total; it is read once per school and person when the menu shows. Nothing when there are none.
 */
export function ChatUnreadBadge({ school }: { school: string }) {
  useChatConnection(school);
  const unread = useStore($unread).messages;
  const userId = useStore($user).userId;
  useEffect(() => {
    // A badge is a hint: the chat page itself says what went wrong.
    loadChatUnread(appSession().api, school).catch(() => undefined);
  }, [school, userId]);
  if (unread <= 0) return null;
  return (
    <span className="badge menu-count chat-unread" title={chatMessages.unreadCount(unread)}>
      {unread}
      <span className="visually-hidden">: {chatMessages.unreadCount(unread)}</span>
    </span>
  );
}
