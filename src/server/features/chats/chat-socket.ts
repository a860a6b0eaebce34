import websocket, { type WebSocket } from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { Type } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import { ACCESS_CHANGED, announce, listenLive, type LiveEvent } from '../../shared/db/live-events.ts';
import { AppError } from '../../shared/errors.ts';
import { keyedQueue } from '../../shared/keyed-queue.ts';
import { SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole, type MemberRole } from '../../shared/security/school-access.ts';
import { verifyAccessToken, type AccessClaims } from '../../shared/security/tokens.ts';
import { chatAccess, chatRecipients, messagesByIds, personName, totalsUnread, type Viewer } from './chat-data.ts';

/** Close codes of the contract: a bad, expired or revoked token; not a member of the school. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;
/** How long a socket may stay without its auth frame. */
export const AUTH_TIMEOUT_MS = 5_000;
/** A user's typing in one chat is relayed at most this often. */
const TYPING_EVERY_MS = 2_000;
/** Sockets are pinged this often; one that did not answer the last ping is cut off (a peer gone without closing). */
const PING_EVERY_MS = 30_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Client {
  socket: WebSocket;
  token: string;
  claims: AccessClaims;
  viewer: Viewer;
  expiry: NodeJS.Timeout;
  typedAt: Map<string, number>;
  /** Answered the last ping. */
  alive: boolean;
}

type Frame = Record<string, unknown>;

/**
 * The chats' websocket (/api/{school}/chats/ws; /work/notes/chat-contract.md). The first frame
 * authenticates with the access token, checked as the HTTP gate checks it (signature, expiry, a
 * live session) and then the school membership, in the database; nothing is sent before. Each
 * process LISTENs on the live channel (shared/db/live-events.ts): a message, a read marker or a
 * typing announced by any process is loaded here and sent to this process's sockets of the chat's
 * members, each checked again (token expiry, live session) on every delivery; the recipients are
 * read at each delivery, members of the school only. A revocation announced by any process closes
 * its sessions' sockets with 4401, and a socket is closed at its token's expiry (the client
 * reconnects with a fresh token). A change of someone's place in a school (announceAccessChange:
 * removed from it, another role) checks their sockets' membership again: 4403 once it is gone.
 */
export async function chatSocketRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const clients = new Set<Client>();

  const send = (client: Client, frame: Frame) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(frame));
  };
  const drop = (client: Client, code: number, reason: string) => {
    clearTimeout(client.expiry);
    clients.delete(client);
    if (client.socket.readyState === client.socket.OPEN || client.socket.readyState === client.socket.CONNECTING) client.socket.close(code, reason);
  };

  /** Whether the client's token still counts (unexpired, its session live); closes it with 4401 if not. */
  async function stillLive(client: Client): Promise<boolean> {
    const claims = await verifyAccessToken(client.token, ctx.config.secret);
    if (claims && (await ctx.sessionGate.isLive(claims, ctx.now()))) return true;
    drop(client, CLOSE_UNAUTHORIZED, 'session ended');
    return false;
  }

  /** The clients of a chat's recipients in its school, live, with whether they follow it. */
  async function recipientsOf(chatId: string) {
    if (clients.size === 0) return [];
    const recipients = await chatRecipients(ctx.db, chatId);
    if (!recipients) return [];
    const candidates = [...clients].filter((client) => client.viewer.schoolId === recipients.schoolId && recipients.users.has(client.viewer.userId));
    // At once, not one after another: each may read its session (every SESSION_CACHE_MS), and a
    // group chat of 200 members online read in turn held its messages back for seconds under load.
    const live = await Promise.all(candidates.map((client) => stillLive(client)));
    return candidates.filter((_, index) => live[index]).map((client) => ({ client, follows: recipients.users.get(client.viewer.userId)!.follows }));
  }

  /** Sends each client its user's new unread total (one statement for them all). */
  async function sendUnread(targets: Client[]) {
    const byViewer = new Map<string, Client[]>();
    for (const client of targets) {
      const key = `${client.viewer.userId}:${client.viewer.schoolId}`;
      byViewer.set(key, [...(byViewer.get(key) ?? []), client]);
    }
    const groups = [...byViewer.values()];
    const totals = await totalsUnread(ctx.db, groups.map((group) => group[0]!.viewer));
    groups.forEach((group, index) => {
      for (const client of group) send(client, { type: 'unread', total_unread: totals[index]! });
    });
  }

  /** The role the claims have in the school now, or the close code when they may not be there. */
  async function roleIn(request: FastifyRequest, claims: AccessClaims, school: { name: string } | { id: number }): Promise<{ role: MemberRole; schoolId: number } | number> {
    request.auth = claims;
    try {
      const access = await requireSchoolRole(app, request, school, ['Admin', 'Teacher', 'Student']);
      return { role: access.role, schoolId: access.school.id };
    } catch (error) {
      if (error instanceof AppError) return error.status === 401 ? CLOSE_UNAUTHORIZED : CLOSE_FORBIDDEN;
      throw error;
    }
  }

  /** Checks the membership of the user's (or their "view as") sockets again: 4403 for those that lost the school, the new role for the others. */
  async function recheckAccess(userId: number): Promise<void> {
    for (const client of [...clients]) {
      if (client.claims.userId !== userId && client.claims.impersonatorId !== userId) continue;
      // A request of its own: requireSchoolRole caches its answer per request.
      const now = await roleIn({} as FastifyRequest, client.claims, { id: client.viewer.schoolId });
      if (typeof now === 'number') drop(client, now, now === CLOSE_FORBIDDEN ? 'not a member' : 'unauthorized');
      else client.viewer.role = now.role;
    }
  }

  async function handle(event: LiveEvent): Promise<void> {
    if (clients.size === 0) return;
    if (event.kind === ACCESS_CHANGED) {
      await recheckAccess(event.id);
      return;
    }
    if (event.kind === 'revoke') {
      ctx.sessionGate.forget((entry) => entry.userId === event.id || entry.impersonatorId === event.id);
      for (const client of [...clients]) {
        if (client.claims.userId === event.id || client.claims.impersonatorId === event.id) await stillLive(client);
      }
      return;
    }
    if (!event.chat_id) return;
    const chatId = event.chat_id;
    if (event.kind === 'message') {
      const targets = await recipientsOf(chatId);
      if (targets.length === 0) return;
      const [message] = await messagesByIds(ctx, [event.id]);
      if (!message) return;
      for (const { client } of targets) send(client, { type: 'message', message });
      await sendUnread(targets.filter(({ client, follows }) => follows && client.viewer.userId !== message.author?.id).map(({ client }) => client));
    } else if (event.kind === 'read') {
      const targets = await recipientsOf(chatId);
      if (targets.length === 0) return;
      const [row] = (
        (await ctx.db.execute(sql`select last_read_id from chat_members where chat_id = ${chatId} and user_id = ${event.id}`)) as unknown as { rows: { last_read_id: unknown }[] }
      ).rows;
      if (!row) return;
      for (const { client } of targets) send(client, { type: 'read', chat_id: chatId, user_id: event.id, last_read_id: Number(row.last_read_id) });
      await sendUnread(targets.filter(({ client }) => client.viewer.userId === event.id).map(({ client }) => client));
    } else if (event.kind === 'typing') {
      const targets = (await recipientsOf(chatId)).filter(({ client }) => client.viewer.userId !== event.id);
      if (targets.length === 0) return;
      const [user] = ((await ctx.db.execute(sql`select first_name, last_name, email from users where id = ${event.id}`)) as unknown as { rows: Record<string, unknown>[] }).rows;
      if (!user) return;
      const name = personName({ first: user.first_name, last: user.last_name, email: user.email });
      for (const { client } of targets) send(client, { type: 'typing', chat_id: chatId, user: { id: event.id, name } });
    }
  }

  // A chat's events are handled in the order they came, different chats' at once; a user's access
  // events in order among themselves.
  const events = keyedQueue((error: unknown) => app.log.error({ err: error }, 'chat event failed'));
  const listener = await listenLive(ctx.db, {
    onEvent: (event) => events.push(event.chat_id ? `chat ${event.chat_id}` : `user ${event.id}`, () => handle(event)),
    // Frames may have been missed: the clients reconnect and catch up (messages/?after=).
    onGap: () => {
      for (const client of [...clients]) drop(client, 1012, 'reconnect');
    },
    onError: (error) => app.log.warn({ err: error }, 'chat listener: reconnecting'),
  });
  const heartbeat = setInterval(() => {
    for (const client of [...clients]) {
      if (!client.alive) {
        clearTimeout(client.expiry);
        clients.delete(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, PING_EVERY_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const client of [...clients]) drop(client, 1001, 'server closing');
    await listener.close();
    await events.idle();
  });

  /** Checks the auth frame; the client, or a close code. */
  async function authenticate(request: FastifyRequest, socket: WebSocket, school: string, token: string): Promise<Client | number> {
    const claims = await verifyAccessToken(token, ctx.config.secret);
    if (!claims || !(await ctx.sessionGate.isLive(claims, ctx.now()))) return CLOSE_UNAUTHORIZED;
    const access = await roleIn(request, claims, { name: school });
    if (typeof access === 'number') return access;
    const { role, schoolId } = access;
    const exp = decodeJwt(token).exp ?? 0;
    const client: Client = {
      socket,
      token,
      claims,
      viewer: { userId: claims.userId, schoolId, role },
      typedAt: new Map(),
      alive: true,
      expiry: setTimeout(() => drop(client, CLOSE_UNAUTHORIZED, 'token expired'), Math.max(0, exp * 1000 - Date.now())),
    };
    client.expiry.unref();
    return client;
  }

  async function typing(client: Client, chatId: unknown): Promise<void> {
    if (typeof chatId !== 'string' || !UUID.test(chatId) || client.claims.impersonatorId !== null) return;
    const now = Date.now();
    if (now - (client.typedAt.get(chatId) ?? 0) < TYPING_EVERY_MS) return;
    client.typedAt.set(chatId, now);
    if (client.typedAt.size > 100) client.typedAt.clear();
    if (!(await stillLive(client))) return;
    try {
      await chatAccess(ctx.db, client.viewer, chatId, 'write');
    } catch (error) {
      if (error instanceof AppError) return;
      throw error;
    }
    await announce(ctx.db, { chat_id: chatId, kind: 'typing', id: client.viewer.userId });
  }

  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  app.get(
    '/:school/chats/ws',
    {
      websocket: true,
      // Not an HTTP operation (a plain GET answers 404): described in the OpenAPI document under GET chats/.
      schema: { hide: true, params: Type.Object({ school: SchoolName }) },
    },
    (socket, request) => {
      let client: Client | null = null;
      let state: 'waiting' | 'checking' | 'ready' = 'waiting';
      const timer = setTimeout(() => {
        if (state !== 'ready') socket.close(CLOSE_UNAUTHORIZED, 'no auth');
      }, AUTH_TIMEOUT_MS);
      timer.unref();
      socket.on('close', () => {
        clearTimeout(timer);
        if (client) {
          clearTimeout(client.expiry);
          clients.delete(client);
        }
      });
      socket.on('error', () => undefined);
      socket.on('pong', () => {
        if (client) client.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        let frame: Frame | null = null;
        try {
          const parsed: unknown = isBinary ? null : JSON.parse(String(data));
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) frame = parsed as Frame;
        } catch {
          frame = null;
        }
        if (state === 'waiting') {
          if (frame?.type !== 'auth' || typeof frame.token !== 'string' || frame.token.length > 4096) {
            socket.close(CLOSE_UNAUTHORIZED, 'auth expected');
            return;
          }
          state = 'checking';
          authenticate(request, socket, request.params.school, frame.token).then(
            (result) => {
              if (socket.readyState !== socket.OPEN) {
                if (typeof result !== 'number') clearTimeout(result.expiry);
                return;
              }
              if (typeof result === 'number') {
                socket.close(result, result === CLOSE_FORBIDDEN ? 'not a member' : 'unauthorized');
                return;
              }
              clearTimeout(timer);
              client = result;
              state = 'ready';
              clients.add(client);
              send(client, { type: 'ready' });
            },
            (error: unknown) => {
              app.log.error({ err: error }, 'chat socket auth failed');
              socket.close(1011, 'error');
            },
          );
          return;
        }
        if (state !== 'ready' || !client || frame?.type !== 'typing') return;
        typing(client, frame.chat_id).catch((error: unknown) => app.log.error({ err: error }, 'chat typing failed'));
      });
    },
  );
}
