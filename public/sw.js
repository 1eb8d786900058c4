// Mongol Poker's service worker (docs/player.md, Installable app). It keeps the player app's shell
// so a second visit opens at once and a visit without a connection gets a clear offline page, and
// it shows web push messages. It never stores an API answer (nothing with money in it: wallets,
// hands, tables), never the back office, never the socket.
//
// - Pages (a navigation to any player path): the network first, as the room's code must be the
//   deployed one; after 3 s without an answer, the shell kept from the last visit; no network at
//   all, the offline page.
// - /assets/* (content-hashed, never changing): from the cache, else fetched and kept.
// - The offline page, the manifest and the icons: kept at install, refreshed when fetched.
const SHELL = 'mp-shell-v1';
const ASSETS = 'mp-assets-v1';
const KEEP = [SHELL, ASSETS];
const OFFLINE = '/offline.html';
const STATIC = [OFFLINE, '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png'];
const NETWORK_WAIT_MS = 3000;
/** Old chunks of earlier deploys go once the cache holds more than this many files. */
const MAX_ASSETS = 200;

const sameOrigin = (url) => url.origin === self.location.origin;
const never = (url) =>
  url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname === '/admin' || url.pathname.startsWith('/admin/') || url.pathname === '/sw.js';

/** The shell's page and the files it loads first (its script and styles, named in it). */
async function keepShell(response) {
  const html = await response.clone().text();
  const cache = await caches.open(SHELL);
  await cache.put('/', response);
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const assets = await caches.open(ASSETS);
  await Promise.all(files.map((f) => assets.match(f).then((hit) => hit || assets.add(f))));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await cache.addAll(STATIC);
      const page = await fetch('/', { cache: 'no-cache' });
      if (page.ok) await keepShell(page);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KEEP.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function trimAssets() {
  const cache = await caches.open(ASSETS);
  const keys = await cache.keys();
  for (const req of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(req);
}

async function page(event) {
  const network = fetch(event.request).then((res) => {
    // Kept for the next visit after the answer is on its way (a failure to keep it is no failure to show it).
    if (res.ok && res.headers.get('content-type')?.includes('text/html')) event.waitUntil(keepShell(res.clone()).catch(() => {}));
    return res;
  });
  network.catch(() => {});
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(async () => resolve((await caches.match('/', { cacheName: SHELL })) || network), NETWORK_WAIT_MS);
  });
  try {
    return await Promise.race([network, late]);
  } catch {
    return (await caches.match(OFFLINE, { cacheName: SHELL })) || Response.error();
  } finally {
    clearTimeout(timer);
  }
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.type === 'basic') {
    await cache.put(request, res.clone());
    void trimAssets();
  }
  return res;
}

async function staticFile(request) {
  const cache = await caches.open(SHELL);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(request, res.clone());
    return res;
  } catch {
    return (await cache.match(request)) || Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!sameOrigin(url) || never(url)) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (STATIC.includes(url.pathname)) event.respondWith(staticFile(request));
});

// ---- web push: the message is worded by the server in the player's language (src/shared/api/regulars.ts PushPayload) ----

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === url) || windows[0];
      if (open) {
        if (open.url !== url && 'navigate' in open) await open.navigate(url);
        return open.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
