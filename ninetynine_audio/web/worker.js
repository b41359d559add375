// The game itself, in a worker of the page: Pyodide runs the same Python the table server
// runs for one seat (ninetynine_audio/browser/session.py), with the offline game's menus and
// matches behind it. The page's messages (JSON text, docs/protocol.md) go in, the game's come
// out, as over a websocket. A clock calls the game every TICK_MS, for the computer players'
// turns. The player's settings, saved match and statistics are files in DATA, a folder kept in
// the browser's IndexedDB: written back shortly after each change.
//
// Control messages (objects, not text) say how the worker is: ready, stored, failed; and ask
// for the player's data (export) or put it back (import).

// Pyodide is part of the built folder (build-web adds it), not of the page's own files.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const TICK_MS = 50;
const STORE_MS = 300;
const DATA = "/data";
const GAME = "/game";

const waiting = [];
let handle = null;

self.addEventListener("message", (event) => {
  if (handle) handle(event.data);
  else waiting.push(event.data);
});

function post(frames) {
  for (const frame of JSON.parse(frames)) self.postMessage(frame);
}

// Python started with the game imported, as a snapshot of its memory, kept for the next
// visit (one per build): starting from it skips Python's start and the game's import.
const SNAPSHOTS = "ninetynine-audio-snapshot";
const IMPORT = `
import sys
sys.path.insert(0, ${JSON.stringify(GAME)})
from ninetynine_audio.browser.session import Session, run_json, tick_json
`;

function pyodideOptions() {
  return {
    indexURL: new URL("./pyodide/", import.meta.url).href,
    env: { NINETYNINE_AUDIO_HOME: DATA, HOME: "/home/pyodide" },
  };
}

async function snapshotKey() {
  const build = await (await fetch(new URL("./build.json", import.meta.url))).json();
  return new URL(`./snapshot-${build.version}`, import.meta.url).href;
}

async function keptSnapshot(key) {
  try {
    const found = await (await caches.open(SNAPSHOTS)).match(key);
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function keepSnapshot(key, snapshot) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) await cache.delete(old); // an earlier build's
    await cache.put(key, new Response(snapshot));
  } catch {
    // no cache storage: the next visit starts Python again
  }
}

async function start() {
  const marks = { started: performance.now() }; // how long each step took, said with "ready"
  const zip = fetch(new URL("./game.zip", import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(`game.zip: ${r.status}`);
    return r.arrayBuffer();
  });
  const key = await snapshotKey().catch(() => null);
  const snapshot = key ? await keptSnapshot(key) : null;
  const options = pyodideOptions();
  let pyodide = null;
  if (snapshot) {
    pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot }).catch(() => null);
    marks.fromSnapshot = pyodide !== null;
  }
  const fresh = pyodide === null;
  if (fresh) pyodide = await loadPyodide(options);
  marks.pyodide = performance.now();
  pyodide.unpackArchive(await zip, "zip", { extractDir: GAME });
  marks.unpacked = performance.now();
  const FS = pyodide.FS;
  FS.mkdirTree(DATA);
  FS.mount(FS.filesystems.IDBFS, {}, DATA);
  await new Promise((resolve) => FS.syncfs(true, resolve)); // what earlier visits kept
  marks.restored = performance.now();
  pyodide.runPython(`${IMPORT}\nsession = Session()\n`);
  marks.imported = performance.now();
  const run = pyodide.globals.get("run_json");
  const tick = pyodide.globals.get("tick_json");
  const session = pyodide.globals.get("session");

  let changed = false;
  let storing = false;
  const store = () => {
    if (!changed || storing) return;
    changed = false;
    storing = true;
    FS.syncfs(false, (error) => {
      storing = false;
      self.postMessage({ worker: "stored", ok: !error });
    });
  };
  const step = (call, always) => {
    try {
      const frames = call();
      if (frames !== "[]" || always) changed = true; // something happened: maybe a file too
      post(frames);
    } catch (error) {
      console.error(error);
    }
  };
  const files = (folder, found = {}) => {
    for (const name of FS.readdir(folder)) {
      if (name === "." || name === "..") continue;
      const path = `${folder}/${name}`;
      if (FS.isDir(FS.stat(path).mode)) files(path, found);
      else found[path.slice(DATA.length + 1)] = FS.readFile(path, { encoding: "utf8" });
    }
    return found;
  };
  handle = (data) => {
    if (typeof data === "string") return step(() => run(session, data), true);
    if (data.worker === "export") {
      self.postMessage({ worker: "exported", files: files(DATA) });
    } else if (data.worker === "import") {
      for (const [path, text] of Object.entries(data.files ?? {})) {
        if (typeof text !== "string" || path.split("/").includes("..")) continue;
        const target = `${DATA}/${path}`;
        FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
        FS.writeFile(target, text);
      }
      FS.syncfs(false, () => self.postMessage({ worker: "imported" }));
    }
    return undefined;
  };
  setInterval(() => step(() => tick(session), false), TICK_MS);
  setInterval(store, STORE_MS);
  self.postMessage({ worker: "ready", marks });
  for (const data of waiting.splice(0)) handle(data);
  // The snapshot for the next visit is made once the game speaks, by a worker of its own.
  if (fresh && key) new Worker(new URL(import.meta.url), { type: "module", name: SNAPSHOTS });
}

/** In the worker that makes the snapshot: Python started, the game imported, kept. */
async function makeSnapshot() {
  const key = await snapshotKey();
  const zip = await (await fetch(new URL("./game.zip", import.meta.url))).arrayBuffer();
  const pyodide = await loadPyodide({ ...pyodideOptions(), _makeSnapshot: true });
  pyodide.unpackArchive(zip, "zip", { extractDir: GAME });
  pyodide.runPython(IMPORT);
  await keepSnapshot(key, pyodide.makeMemorySnapshot());
  self.close();
}

if (self.name === SNAPSHOTS) {
  makeSnapshot().catch(() => self.close());
} else {
  start().catch((error) => {
    console.error(error);
    self.postMessage({ worker: "failed", text: String(error) });
  });
}
