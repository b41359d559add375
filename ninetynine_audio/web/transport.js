// The page's way to the game, chosen once: the table server's websocket, or, in the folder
// `ninetynine-audio build-web` writes, the game itself running in a worker (worker.js). Both
// carry the same messages (docs/protocol.md); a worker connection looks to the page like a
// websocket that is always there.

import { TRANSPORT } from "./config.js";

export const OFFLINE = TRANSPORT === "worker";

let worker = null;
const workerListeners = new Set();

/** The one worker of the page, started at once so that Python loads while the page shows. */
export function startWorker() {
  if (worker) return worker;
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.addEventListener("message", (event) => {
    for (const listener of workerListeners) listener(event.data);
  });
  return worker;
}

let workerReady = false;
const control = []; // what the worker said about itself: ready, stored, exported, failed
function onControl(message) {
  if (message.worker === "ready") workerReady = true;
  control.push({ ...message, at: performance.now() });
  if (control.length > 200) control.shift();
}

/** A connection to the game in the worker, with the websocket's interface the page uses. */
class WorkerConnection extends EventTarget {
  constructor() {
    super();
    this.readyState = 0; // CONNECTING, then OPEN (1) once Python is ready, CLOSED (3)
    this.listener = (data) => {
      if (this.readyState === 3) return;
      if (typeof data === "string") {
        this.dispatchEvent(new MessageEvent("message", { data }));
      } else if (data.worker === "ready") {
        this.open();
      } else if (data.worker === "failed") {
        this.close();
      }
    };
    workerListeners.add(this.listener);
    startWorker();
    if (workerReady) setTimeout(() => this.open(), 0);
  }

  open() {
    if (this.readyState !== 0) return;
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }

  send(text) {
    if (this.readyState === 1) worker.postMessage(text);
  }

  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    workerListeners.delete(this.listener);
    this.dispatchEvent(new Event("close"));
  }
}

/** A connection to the game: the server's websocket, or the worker in the built folder. */
export function connectToGame(url = null) {
  if (OFFLINE) return new WorkerConnection();
  if (url) return new WebSocket(url); // one process of this server, where a "moved" sent us
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return new WebSocket(`${scheme}//${location.host}/ws`);
}

/** Where the page's words (words.json) or every screen's keys (keys.json) are in ``lang``. */
export function dataUrl(name, lang) {
  if (OFFLINE) return `lang/${encodeURIComponent(lang)}/${name}`;
  return `${name}?lang=${encodeURIComponent(lang)}`;
}

/** What the worker said about itself (for the page's tests and the benchmark). */
export function workerEvents() {
  return control.slice();
}

/** Every file of the player's data (settings, the saved match, statistics), as one object
 * of paths and texts, to be kept as a file; ``importData`` puts such an object back. */
export function exportData() {
  return askWorker({ worker: "export" }, "exported").then((message) => message.files);
}

export function importData(files) {
  return askWorker({ worker: "import", files }, "imported");
}

function askWorker(message, answer) {
  startWorker();
  return new Promise((resolve, reject) => {
    const listener = (data) => {
      if (typeof data === "string") return;
      if (data.worker === answer) {
        workerListeners.delete(listener);
        resolve(data);
      } else if (data.worker === "failed") {
        workerListeners.delete(listener);
        reject(new Error(data.text));
      }
    };
    workerListeners.add(listener);
    worker.postMessage(message);
  });
}

/** In the built folder: the service worker that keeps every file for playing with no network,
 * the manifest that lets a phone install the page, and the worker started at once. */
export function prepareOffline() {
  if (!OFFLINE) return;
  workerListeners.add((data) => {
    if (typeof data !== "string") onControl(data);
  });
  startWorker();
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement("link");
    link.rel = "manifest";
    link.href = "manifest.webmanifest";
    document.head.append(link);
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
}
