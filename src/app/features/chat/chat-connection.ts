import { $user, createChatSocket, type ChatFrame, type ChatSocket, type ChatSocketStatus } from '#core';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useRef } from 'react';
import { appSession } from '../../app-session.ts';

// The app's one live chat connection: opened for the school area the person is in (the menu's
// badge and the chat page ask for it, from an effect), replaced when they open another school,
// closed by logout (the session closes its live socket; the next sign-in opens a new one).
const $connection = atom<ChatSocket | null>(null);
const $idle = atom<ChatSocketStatus>('idle');
/** Whose connection it is: another person (impersonation, another sign-in) gets a connection of their own. */
let owner: number | null = null;

export function chatConnection(school: string): ChatSocket {
  const current = $connection.get();
  const userId = $user.get().userId;
  if (current && current.school === school && owner === userId && current.$status.get() !== 'closed') {
    // Idle: it had no token when it started; it tries again with the one there is now.
    current.start();
    return current;
  }
  current?.close();
  const socket = createChatSocket({ school, session: appSession() });
  owner = userId;
  $connection.set(socket);
  socket.start();
  return socket;
}

/** Closes the connection for good (tests). */
export function closeChatConnection(): void {
  $connection.get()?.close();
  $connection.set(null);
}

/**
 * Opens the school's connection (once mounted) and gives it with its status; `onFrame` hears every
 * frame while the component is mounted. The socket is null until the effect has run.
 */
export function useChatConnection(school: string, onFrame?: (frame: ChatFrame, socket: ChatSocket) => void): { socket: ChatSocket | null; status: ChatSocketStatus } {
  const current = useStore($connection);
  const socket = current?.school === school ? current : null;
  const status = useStore(socket?.$status ?? $idle);
  const userId = useStore($user).userId;
  const listener = useRef(onFrame);
  listener.current = onFrame;
  useEffect(() => {
    chatConnection(school);
  }, [school, userId]);
  useEffect(() => socket?.subscribe((frame) => listener.current?.(frame, socket)), [socket]);
  return { socket, status };
}
