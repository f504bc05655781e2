/* 易冒 reading site: the service worker (rendered into the site root by
   yimao/web/runtime.py; no third-party code). It makes the site readable and its Run panels
   runnable offline after a first visit:
   - on install it stores the home page, /cast/, /search/, the stylesheets and scripts and
     the search data (the "shell", one cache per build: {{ version }});
   - every page visited is stored (pages: network first, the stored copy when offline);
   - the Python runtime (_py/) is stored on its first use and then served from the cache
     (its files are named by release and digest, so a stored copy is never stale);
   - a page may ask it to keep URLs ({type: "keep", urls}) fetched before it took control. */
"use strict";

const VERSION = "{{ version }}";
const SHELL = "yimao-shell-" + VERSION;
const PAGES = "yimao-pages";
const RUNTIME = "yimao-runtime";
const SCOPE = new URL(self.registration.scope);
const PRECACHE = {{ precache|tojson }};
const RUNTIME_FILES = {{ runtime|tojson }};
const PY_DIR = new URL("{{ py_dir }}", SCOPE).href;
const MANIFEST = new URL("{{ manifest }}", SCOPE).href;

const at = (path) => new URL(path, SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL)
      .then((cache) => cache.addAll(PRECACHE.map(at)))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("yimao-") && ![SHELL, PAGES, RUNTIME].includes(name)) {
        await caches.delete(name);
      }
    }
    // runtime files of other builds (another release, another package digest)
    const keep = new Set([MANIFEST, ...RUNTIME_FILES.map(at)]);
    const runtime = await caches.open(RUNTIME);
    for (const request of await runtime.keys()) {
      if (!keep.has(request.url)) { await runtime.delete(request); }
    }
    await self.clients.claim();
    // the pages that were open before this worker controlled them
    const pages = await caches.open(PAGES);
    for (const client of await self.clients.matchAll({ type: "window" })) {
      const url = new URL(client.url);
      url.hash = "";
      if (url.href.startsWith(SCOPE.href) && !(await caches.match(url.href))) {
        try { await pages.add(url.href); } catch (e) { /* offline already */ }
      }
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

async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) { await cache.put(request, response.clone()); }
    return response;
  } catch (err) {
    const hit = await caches.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) { return hit; }
    if (request.mode === "navigate") {
      return new Response(
        "<!DOCTYPE html><html lang=\"ko\"><meta charset=\"utf-8\"><title>연결 없음</title>" +
        "<p>연결이 없고 이 쪽은 아직 저장되지 않았다. <a href=\"" + SCOPE.href +
        "\">첫 화면</a>으로 가거나 연결되면 다시 연다.</p>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    throw err;
  }
}

async function shellFirst(request) {
  const hit = await caches.match(request);
  if (hit) { return hit; }
  return networkFirst(request, PAGES);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) { return; }
  if (request.url === MANIFEST) {
    event.respondWith(networkFirst(request, RUNTIME));
  } else if (request.url.startsWith(PY_DIR)) {
    event.respondWith(cacheFirst(request, RUNTIME));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, PAGES));
  } else {
    event.respondWith(shellFirst(request));
  }
});
