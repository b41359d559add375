// The service worker of the built folder (ninetynine-audio build-web): on the first visit it
// keeps every file of the build (build.json lists them) in a cache named by the build's
// version, and answers every request from there, so the game starts and plays with no network.
// A new build changes VERSION (the build writes it), so the browser installs it and the old
// cache goes.

const VERSION = "source";
const CACHE = `ninetynine-audio-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const build = await (await fetch("build.json", { cache: "no-cache" })).json();
      const cache = await caches.open(CACHE);
      await cache.addAll(["./", "build.json", ...build.files]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("ninetynine-audio-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(event.request, { ignoreSearch: true });
      return kept ?? fetch(event.request);
    })(),
  );
});
