// The service worker of the companion pages (the Triple Play unit, the score pad): after one
// visit they open with no network. The server writes VERSION, PAGES, FOLDERS and FILES above
// this line (unokit.server.companions), from the files it ships. Only those URLs are answered
// here: the card table, its API and its WebSocket always go to the network, untouched, and a
// shared module the companions load (dom.js) comes from the cache only for a companion page
// (the card table loading it gets the server's own).
const CACHE = `unokit-companions-${VERSION}`;
const KEEP = new Set(FILES);
const companion = (path) => PAGES.includes(path) || FOLDERS.some((f) => path.startsWith(f));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("unokit-companions-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// A companion page's words (/i18n/<lang>.json): from the network while there is one, kept for
// the next visit with none, so a page once read in Arabic stays Arabic offline.
async function words(event) {
  const client = event.clientId ? await self.clients.get(event.clientId) : null;
  if (!client || !companion(new URL(client.url).pathname)) return fetch(event.request);
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(event.request);
    if (answer.ok) await cache.put(event.request, answer.clone());
    return answer;
  } catch (err) {
    return (await cache.match(event.request)) || Promise.reject(err);
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method === "GET" && url.origin === self.location.origin && /^\/i18n\/[\w-]+\.json$/.test(url.pathname)) {
    event.respondWith(words(event));
    return;
  }
  if (request.method !== "GET" || url.origin !== self.location.origin || !KEEP.has(url.pathname)) return;
  event.respondWith((async () => {
    if (!companion(url.pathname)) {
      const client = event.clientId ? await self.clients.get(event.clientId) : null;
      if (!client || !companion(new URL(client.url).pathname)) return fetch(request);
    }
    const cache = await caches.open(CACHE);
    return (await cache.match(url.pathname)) || fetch(request);
  })());
});
