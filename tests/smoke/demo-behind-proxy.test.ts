// Demo mode behind a reverse proxy on the same host. The app listens on 127.0.0.1 there, as on a
// laptop, and for the app every visitor comes from the proxy's loopback address: the outbox (with
// everyone's reset links) and the sandbox payments ("pay" without money) answered the internet.
// Real processes: the built server, and proxies in front of it that forward as nginx and Caddy do.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUntilExit, startServer, startTimeout, type RunningServer } from '../helpers/spawn-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'coursehub-proxy-'));
let server: RunningServer | undefined;
const proxies: Server[] = [];

/** How a proxy rewrites the request's headers on its way to the app. */
type Forwarding = (headers: Record<string, string | string[] | undefined>, upstream: string) => Record<string, string | string[] | undefined>;

const STYLES: Record<string, Forwarding> = {
  // Caddy's reverse_proxy: the visitor's Host kept, X-Forwarded-For/-Proto/-Host added.
  caddy: (headers) => ({ ...headers, host: 'school.example', 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'school.example' }),
  // nginx with the usual `proxy_set_header Host $host; proxy_set_header X-Real-IP $remote_addr;`.
  nginx: (headers) => ({ ...headers, host: 'school.example', 'x-real-ip': '203.0.113.9' }),
  // nginx with only `proxy_set_header Host $host`: nothing but the public name gives it away.
  'nginx, Host only': (headers) => ({ ...headers, host: 'school.example' }),
  // RFC 7239 Forwarded, with Host rewritten to the upstream's address.
  forwarded: (headers, upstream) => ({ ...headers, host: upstream, forwarded: 'for=203.0.113.9;proto=https;host=school.example' }),
};

/** A reverse proxy on this host in front of the app, forwarding in the given style. */
async function startProxy(target: string, style: Forwarding): Promise<string> {
  const upstream = new URL(target);
  const proxy = createServer((req, res) => {
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: style(req.headers, upstream.host) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

const json = { 'content-type': 'application/json' };
let sandboxPath = '';

beforeAll(async () => {
  // npm start on a laptop: demo mode, the demo school, the outbox, sandbox payments.
  server = await startServer({ DATA_DIR: dataDir });
  const login = await fetch(`${server.base}/api/login/`, { method: 'POST', headers: json, body: JSON.stringify({ login: 'admin@coursehub.ru', password: 'coursehub-demo' }) });
  const { access } = (await login.json()) as { access: string };
  const subscribe = await fetch(`${server.base}/api/Coursehub/subscribe/`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${access}` },
    body: JSON.stringify({ tariff: 'Senior', subscription_type: 'monthly' }),
  });
  expect(subscribe.status).toBe(201);
  sandboxPath = new URL(((await subscribe.json()) as { redirect_url: string }).redirect_url).pathname;
  expect(sandboxPath).toMatch(/^\/api\/payments\/sandbox\/[0-9a-f-]+\/$/);
}, startTimeout());

afterAll(async () => {
  for (const proxy of proxies) proxy.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const demoPages = () => [
  { method: 'GET', path: '/api/dev/outbox/' },
  { method: 'GET', path: '/api/dev/telegram-outbox/' },
  { method: 'GET', path: sandboxPath },
  { method: 'POST', path: `${sandboxPath}pay/` },
];

// The refused starts go through the server's start-up, which a busy machine slows down.
describe('demo mode behind a proxy on the same host', { timeout: startTimeout() }, () => {
  it('answers a browser on this machine that reaches the app directly', async () => {
    for (const { method, path } of demoPages().slice(0, 3)) {
      const res = await fetch(`${server!.base}${path}`, { method });
      expect(res.status, path).toBe(200);
    }
  });

  it.each(Object.keys(STYLES))('answers nothing through a proxy forwarding as %s does', async (name) => {
    const front = await startProxy(server!.base, STYLES[name]!);
    for (const { method, path } of demoPages()) {
      const res = await fetch(`${front}${path}`, { method, redirect: 'manual', ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).not.toMatch(/token-validate|Оплатить/);
    }
    // The API itself still answers through the proxy.
    expect((await fetch(`${front}/api/health/`)).status).toBe(200);
    // Nothing was paid on the way.
    expect(await (await fetch(`${server!.base}${sandboxPath}`)).text()).toContain('Оплатить');
  });

  it('once deployed (PUBLIC_URL, TRUST_PROXY or NODE_ENV=production), refuses to start while a demo account has the demo password', async () => {
    await server!.stop();
    // The process ends with the one line; that each of PUBLIC_URL, TRUST_PROXY and NODE_ENV=production
    // leads there is tried in process (outbox-cannot-leak-reset-links.test.ts), a start costing seconds.
    const run = await runUntilExit({ DATA_DIR: dataDir, PUBLIC_URL: 'https://school.example' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Configuration error: The demo account owner@coursehub.ru still has the published demo password');
    // DEMO=1 cannot bring the demo back there either.
    const forced = await runUntilExit({ DATA_DIR: dataDir, DEMO: '1', PUBLIC_URL: 'https://school.example' });
    expect(forced.code).toBe(1);
    expect(forced.stderr.trim()).toBe("Configuration error: DEMO=1 works only on a developer's machine, but PUBLIC_URL=https://school.example is not a loopback address: the demo outbox, sandbox payments and demo passwords would answer to anyone. Remove DEMO=1.");
  });
});
