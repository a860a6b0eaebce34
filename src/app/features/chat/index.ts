// «Чат» (issue 15): the school's chats for admins, teachers and students. The shell and other
// features use this feature through this file only: the page loads on demand; the menu's live
// unread badge (which opens the chat connection) and «Написать ученику / преподавателю» are small.
import { lazyPage } from '../../lazy-page.ts';

export const ChatPage = lazyPage(() => import('./chat-page.tsx'));
// The menu's count comes with the chat socket in a chunk of its own, off the app's entry.
export const ChatUnreadBadge = lazyPage<{ school: string }>(() => import('./chat-unread-badge.tsx').then((m) => ({ default: m.ChatUnreadBadge })));
export { WriteToChatButton, type WriteTarget } from './write-to-chat-button.tsx';
