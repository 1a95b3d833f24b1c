// The phones' page's service worker (where the browser allows one: a secure context). It keeps the
// page and the last sheet of its link, so that a reload without the Wi-Fi still shows them; every
// answer comes from the laptop while it answers. Entries (POST) and the live events are never kept.
"use strict";
const CACHE = "assistant-page";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const path = new URL(request.url).pathname;
  if (request.method !== "GET" || path.endsWith("/events")) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, {ignoreSearch: true});
      if (kept) return kept;
      throw error;
    }
  })());
});
