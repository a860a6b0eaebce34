// Live events across server processes through PostgreSQL's LISTEN/NOTIFY (issue 15: chats). Each
// process LISTENs on one channel; a writer NOTIFYs a small payload (≤ 8000 bytes) that commits with
// its transaction, and each process loads what it needs and tells its own websockets. On PGlite
// (one process) the same calls go through PGlite's listen/NOTIFY.
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './database.ts';

export const LIVE_CHANNEL = 'coursehub_chat';

/** What happened: `kind` (message, read, typing, revoke…), in which chat (null: none), and the id it is about. */
export interface LiveEvent {
  chat_id: string | null;
  kind: string;
  id: number;
}

/** NOTIFYs the event; inside a transaction it is delivered at its commit, and not at all on a rollback. */
export async function announce(db: Db, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

/** The kind of event that says a user's place in a school changed. */
export const ACCESS_CHANGED = 'access';

/**
 * Announces that these users' place in a school changed (removed from it, another role): each
 * process checks their open sockets again and closes those that lost the school. Features below
 * the chats (roles, groups) call it in the transaction that makes the change, and so need not
 * know the chats.
 */
export async function announceAccessChange(db: Db, userIds: readonly number[]): Promise<void> {
  for (const id of new Set(userIds)) await announce(db, { chat_id: null, kind: ACCESS_CHANGED, id });
}

function parse(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.kind !== 'string' || typeof value.id !== 'number') return null;
    return { chat_id: typeof value.chat_id === 'string' ? value.chat_id : null, kind: value.kind, id: value.id };
  } catch {
    return null;
  }
}

export interface LiveListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  onEvent(event: LiveEvent): void;
  /** Events may have been missed (the listening connection dropped and came back). */
  onGap(): void;
  onError(error: unknown): void;
}

const isPglite = (client: unknown): client is PGlite => typeof (client as PGlite | null)?.listen === 'function';

/**
 * LISTENs on LIVE_CHANNEL: on PGlite through the database's own client; on PostgreSQL through a
 * dedicated connection (a pooled one would be handed to other queries), opened again after a drop.
 */
export async function listenLive(db: Db, options: ListenOptions): Promise<LiveListener> {
  const client = (db as unknown as { $client: unknown }).$client;
  const deliver = (payload: string | undefined) => {
    const event = payload ? parse(payload) : null;
    if (event) options.onEvent(event);
  };
  if (isPglite(client)) {
    const unlisten = await client.listen(LIVE_CHANNEL, deliver);
    return { close: () => unlisten().catch(() => undefined) };
  }
  const pool = client as pg.Pool;
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const listener = new pg.Client(pool.options as pg.ClientConfig);
    listener.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL) deliver(message.payload);
    });
    listener.on('error', () => undefined);
    listener.on('end', () => {
      if (closed || current !== listener) return;
      current = null;
      options.onGap();
      schedule();
    });
    current = listener;
    try {
      await listener.connect();
      await listener.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      if (current === listener) current = null;
      await listener.end().catch(() => undefined);
      throw error;
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => options.onGap(),
        (error: unknown) => {
          options.onError(error);
          schedule();
        },
      );
    }, 1000);
    retry.unref();
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const listener = current;
      current = null;
      await listener?.end().catch(() => undefined);
    },
  };
}
