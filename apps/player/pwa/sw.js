// Reelcast's service worker. It makes the app installable and does one thing more: when a page
// load finds no network, it answers with a page, in the player's language, saying that the game
// needs the network. Nothing else is cached or answered here: the app itself, the API, the
// sockets and the video always come from the network, so a new build is live on the next load
// and no stale balance or machine can ever show. The build (vite.config.ts) puts the offline
// page's hash in the cache's name, so a changed offline page installs a new worker.
const CACHE = 'reelcast-offline-__OFFLINE_VERSION__';
const OFFLINE_PAGE = '/offline.html';
/** Where the language the app last showed is kept (the app posts it; see app/service-worker.ts). */
const LANGUAGE_KEY = '/offline-language';
const LANGUAGES = { tr: 'ltr', en: 'ltr', ar: 'rtl' };

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // Everything but page loads skips this worker (Chromium's static routing): no start-up
      // delay for API calls and files, and no way for this worker to answer them.
      try {
        await event.addRoutes?.({
          condition: { not: { requestMode: 'navigate' } },
          source: 'network',
        });
      } catch {
        // Not supported here: the fetch handler leaves those requests alone anyway.
      }
      const cache = await caches.open(CACHE);
      await cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' }));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      // The page load's request starts while the worker starts, so the network waits for nobody.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const language = event.data?.type === 'language' ? event.data.language : null;
  if (!Object.hasOwn(LANGUAGES, language)) return;
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.put(LANGUAGE_KEY, new Response(language))),
  );
});

/** The offline page with <html> marked with the player's language, when one is known. */
async function offlinePage() {
  const cache = await caches.open(CACHE);
  const page = await cache.match(OFFLINE_PAGE);
  if (!page) return Response.error();
  const language = await (await cache.match(LANGUAGE_KEY))?.text();
  if (!Object.hasOwn(LANGUAGES, language)) return page;
  const html = (await page.text()).replace(
    /<html\s[^>]*>/,
    `<html lang="${language}" dir="${LANGUAGES[language]}" data-language="${language}">`,
  );
  // The server's headers stay (its content security policy above all), but for the body's
  // length and encoding: this body is new, and not compressed.
  const headers = new Headers(page.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(html, { status: 200, headers });
}

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) ?? (await fetch(event.request));
      } catch {
        return offlinePage();
      }
    })(),
  );
});
