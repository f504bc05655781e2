/* 易冒 reading site: the service worker (rendered into the site root by
   yimao/web/runtime.py; no third-party code). It makes the site readable and its Run panels
   runnable offline after a first visit, and never keeps a reader on an old release:
   - every release has its own caches (the release: {{ version }}, a digest of what it
     precaches); when a new worker takes over, the other releases' caches are dropped and
     the pages a reader had stored are fetched again into the new release's cache (an
     offline copy is refreshed on the next online visit, never mixed with another release);
   - on install it stores the home page, /cast/, /practice/, /search/ and the stylesheets and
     scripts by the URLs the pages give them (with their digest, ?v=…): a page finds its own
     release's files or none;
   - pages and every file whose name does not carry its digest are fetched from the network
     with `cache: "no-cache"` (revalidated, never a stale HTTP-cache copy) and stored; the
     stored copy only when offline;
   - the search data is not stored up front: a query fetches the few files it needs (their
     names carry their digest) and they are kept;
   - the Python runtime (_py/) is stored on its first use and then served from the cache
     (its files are named by release and digest, so a stored copy is never stale);
   - a page may ask it to keep URLs ({type: "keep", urls}) fetched before it took control. */
"use strict";

const VERSION = "{{ version }}";
const SHELL = "yimao-shell-" + VERSION;
const PAGES = "yimao-pages-" + VERSION;
const RUNTIME = "yimao-runtime";
const SCOPE = new URL(self.registration.scope);
const PRECACHE = {{ precache|tojson }};
const RUNTIME_FILES = {{ runtime|tojson }};
const PY_DIR = new URL("{{ py_dir }}", SCOPE).href;
const MANIFEST = new URL("{{ manifest }}", SCOPE).href;
/* a name that carries its content's digest: the same URL never holds other bytes */
const DIGEST_NAME = /(?:[?&]v=[0-9a-f]{8,64}(?:&|$))|(?:-[0-9a-f]{12,64}\.[a-z0-9]+$)/;

const at = (path) => new URL(path, SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL)
      .then((cache) => cache.addAll(PRECACHE.map((u) => new Request(at(u), { cache: "no-cache" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const pages = await caches.open(PAGES);
    const stale = [];
    for (const name of await caches.keys()) {
      if (name.startsWith("yimao-") && ![SHELL, PAGES, RUNTIME].includes(name)) {
        stale.push(name);
      }
    }
    // the pages stored by other releases: fetched again for this one (when online)
    const wanted = new Set();
    for (const name of stale.filter((n) => n.startsWith("yimao-pages"))) {
      for (const request of await (await caches.open(name)).keys()) { wanted.add(request.url); }
    }
    for (const name of stale) { await caches.delete(name); }
    await self.clients.claim();
    // runtime files of other builds (another release, another package digest)
    const keep = new Set([MANIFEST, ...RUNTIME_FILES.map(at)]);
    const runtime = await caches.open(RUNTIME);
    for (const request of await runtime.keys()) {
      if (!keep.has(request.url)) { await runtime.delete(request); }
    }
    // the pages that were open before this worker controlled them
    for (const client of await self.clients.matchAll({ type: "window" })) {
      const url = new URL(client.url);
      url.hash = "";
      if (url.href.startsWith(SCOPE.href)) { wanted.add(url.href); }
    }
    for (const url of wanted) {
      if (await caches.match(url)) { continue; }
      try {
        const response = await fetch(url, { cache: "no-cache" });
        if (response.ok && !response.redirected) { await pages.put(url, response); }
      } catch (e) { break; /* offline: stored again as they are visited */ }
    }
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) { return; }
  event.waitUntil((async () => {
    const runtime = await caches.open(RUNTIME);
    for (const url of data.urls) {
      if (!url.startsWith(PY_DIR) || await runtime.match(url)) { continue; }
      try { await runtime.add(url); } catch (e) { /* offline: next time */ }
    }
  })());
});

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) { return hit; }
  const response = await fetch(request);
  if (response.ok) { await cache.put(request, response.clone()); }
  return response;
}

/* from the network, revalidated ("no-cache": a conditional request, never a stale copy of
   the HTTP cache); a navigation keeps its own redirect handling */
function fresh(request) {
  return fetch(new Request(request, { cache: "no-cache" }));
}

async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fresh(request);
    if (response.ok) { await cache.put(request, response.clone()); }
    return response;
  } catch (err) {
    // this release's copy (other releases' caches are gone): a page, or a file the pages
    // name with its digest (?v=) and a script asks for without it (the Run panel's worker)
    const hit = await caches.match(request) || await caches.match(request, { ignoreSearch: true });
    if (hit) { return hit; }
    if (request.mode === "navigate") {
      return new Response(
        "<!DOCTYPE html><html lang=\"ko\"><meta charset=\"utf-8\"><title>연결 없음</title>" +
        "<p>연결이 없고 이 쪽은 아직 저장되지 않았습니다. <a href=\"" + SCOPE.href +
        "\">첫 화면</a>으로 가거나 연결된 뒤 다시 여십시오.</p>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    throw err;
  }
}

/* a name with its digest: this release's shell cache first (stored on first use) */
async function digestFirst(request) {
  const hit = await caches.match(request);
  if (hit) { return hit; }
  return cacheFirst(request, SHELL);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) { return; }
  if (request.url === MANIFEST) {
    event.respondWith(networkFirst(request, RUNTIME));
  } else if (request.url.startsWith(PY_DIR)) {
    event.respondWith(cacheFirst(request, RUNTIME));
  } else if (request.mode !== "navigate" && DIGEST_NAME.test(request.url)) {
    event.respondWith(digestFirst(request));
  } else {
    event.respondWith(networkFirst(request, PAGES));
  }
});
