// The phones' page's service worker (where the browser allows one: a secure context). It keeps the
// page of its link and its assets from the first visit on, so that a reload without the Wi-Fi still shows
// the page; the page itself keeps the last sheet it received, with its time (page.js, localStorage), and
// shows it over the page kept here. Every answer comes from the laptop while it answers. Entries (POST)
// and the live events are never kept.
"use strict";
const CACHE = "assistant-page";
const KEPT = ["./", "manifest.webmanifest", "/static/page.css", "/static/page.js", "/static/icon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEPT)).catch(() => undefined)
    .then(() => self.skipWaiting()));
});
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
