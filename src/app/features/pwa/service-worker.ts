/// <reference lib="webworker" />
// The platform's service worker (served as /sw.js, scope /): the app opens offline to a friendly
// page instead of the browser's error, and static files come from the cache when possible.
// The API is never cached: its answers are personal and must be fresh.
export {};
declare const self: ServiceWorkerGlobalScope;

const VERSION = 'coursehub-v1';
const OFFLINE_PAGE = '/app/offline.html';
const SHELL = [OFFLINE_PAGE, '/app/app.css', '/app/icon.svg', '/app/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== VERSION).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function fromCacheThenNetwork(request: Request): Promise<Response> {
  const cache = await caches.open(VERSION);
  const cached = await cache.match(request);
  // Content-hashed chunks never change; other files are refreshed in the background.
  const refresh = fetch(request).then((response) => {
    if (response.ok) void cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    if (!new URL(request.url).pathname.includes('/chunks/')) refresh.catch(() => undefined);
    return cached;
  }
  return refresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_PAGE)) ?? Response.error()));
    return;
  }
  if (url.pathname.startsWith('/app/') || url.pathname.startsWith('/widgets/')) event.respondWith(fromCacheThenNetwork(request));
});
