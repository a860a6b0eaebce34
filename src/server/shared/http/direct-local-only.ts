// Demo-only pages (the mail and Telegram outboxes, the sandbox payment pages) hold everyone's
// reset links and "pay" without money, so they answer only a browser on this machine that talks to
// the server directly. The socket's peer alone cannot tell: nginx or Caddy on the same host is a
// loopback peer for every visitor. So whatever a proxy adds, or a Host header that names anything
// but this machine, refuses too. (A proxy that adds nothing and rewrites Host to 127.0.0.1 is caught
// one step earlier: behind a proxy PUBLIC_URL, TRUST_PROXY or NODE_ENV=production keeps demo mode off.)
import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { isLoopbackAddress, isLoopbackHost } from '../loopback.ts';

const PROXY_HEADERS = ['forwarded', 'x-real-ip', 'via'];

/** 'localhost:3000' → 'localhost', '[::1]:3000' → '::1'. */
function hostName(header: string | undefined): string {
  if (!header) return '';
  const bracketed = /^\[([^\]]*)\]/.exec(header);
  return (bracketed ? bracketed[1]! : header.replace(/:\d*$/, '')).toLowerCase();
}

/** Whether the request came straight from this machine, through no proxy, to a loopback name. */
export function isDirectLocalRequest(request: Pick<FastifyRequest, 'headers' | 'socket'>): boolean {
  const { headers } = request;
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (PROXY_HEADERS.some((name) => headers[name] !== undefined)) return false;
  if (Object.keys(headers).some((name) => name.startsWith('x-forwarded-'))) return false;
  return isLoopbackHost(hostName(headers.host));
}

/** onRequest hook of a demo-only route: anyone else finds nothing there. */
export async function directLocalOnly(request: FastifyRequest): Promise<void> {
  if (!isDirectLocalRequest(request)) throw notFound('Адрес не найден.');
}
