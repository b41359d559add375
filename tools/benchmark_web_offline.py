"""Measure the page that plays with no server (``ninetynine-audio build-web``) in headless Chromium.

The built folder is served by a plain static server on 127.0.0.1 that counts what it sends.
In the same run, interleaved, a bare Pyodide page (a worker that loads Pyodide from the same
folder and prints one line) is the baseline. Printed:

- the bytes a first visit transfers (everything the page, its worker and its service worker
  fetch), raw and as gzip would send them (each file gzipped at level 6);
- the first spoken word of a first visit (a fresh browser profile: nothing cached), from the
  navigation's start, beside the bare page's line, and their ratio;
- a repeat visit from the service worker's cache, with the network cut, to the first word;
- a key to its phrase in the page once started (arrows in the main menu, T and C at a table);
- the Expert's decision time in the page (Pyodide in a worker) beside the desktop's (CPython),
  on the same positions: the adding family's Expert at seat 0 of a classic game.

Each figure comes with a 95% bootstrap interval.

    python tools/benchmark_web_offline.py              # 5 first visits of each, 40 keys
    python tools/benchmark_web_offline.py --visits 3 --keys 20 --decisions 40
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from itertools import pairwise
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))  # the browser tests' own Chromium and page player

from benchmark_browser import percentile, report  # noqa: E402
from helpers.browser import chromium, heard, snapshot_kept, wait_for, wait_heard  # noqa: E402
from helpers.web_page import Player  # noqa: E402

from ninetynine_audio.browser.build import build_web, find_pyodide  # noqa: E402

START_S = 180.0

# The Expert's decisions, timed the same way in CPython and in Pyodide.
EXPERT = """
import json, random, time
from ninetynine_audio.bots import make_bot
from ninetynine_audio.bots.base import strongest_level
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import find_game

def expert_times(count, seed):
    spec = find_game("classic")
    level = strongest_level(spec.family)
    kinds = (level, "normal", "normal", "normal")
    times = []
    game = 0
    while len(times) < count:
        state, _ = spec.new_game(GameSetup(spec.id, spec.default_names(kinds), kinds, {},
                                           seed + game))
        bots = [make_bot(spec.family, kind) for kind in kinds]
        rng = random.Random(seed + game)
        while not spec.is_over(state) and len(times) < count:
            seat = spec.seats_to_act(state)[0]
            seen = spec.view(state, seat)
            started = time.perf_counter()
            action = bots[seat].choose(seen, rng)
            if seat == 0 and spec.turn_seat(state) == 0:
                times.append(time.perf_counter() - started)
            state, _ = spec.apply(state, action)
        game += 1
    return times
"""

BARE_PAGE = """<!doctype html><html lang="en"><title>bare</title><body><p id="out"></p>
<script type="module">
const worker = new Worker("bare-worker.js", { type: "module" });
worker.onmessage = (e) => { document.getElementById("out").textContent = e.data;
  window.__line = performance.now(); };
</script></body></html>
"""
LOAD = """const url = new URL("./pyodide/pyodide.mjs", import.meta.url).href;
const { loadPyodide } = await import(url);
const indexURL = new URL("./pyodide/", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL });
"""
BARE_WORKER = (
    LOAD
    + """pyodide.setStdout({ batched: (line) => self.postMessage(line) });
pyodide.runPython("print('one line')");
"""
)
EXPERT_PAGE = """<!doctype html><html lang="en"><title>expert</title><body>
<script type="module">
const worker = new Worker("expert-worker.js", { type: "module" });
window.__expert = null;
worker.onmessage = (e) => { window.__expert = e.data; };
window.runExpert = (count, seed) => worker.postMessage({ count, seed });
</script></body></html>
"""
EXPERT_WORKER = (
    LOAD
    + """const zip = await (await fetch("game.zip")).arrayBuffer();
pyodide.unpackArchive(zip, "zip", { extractDir: "/game" });
pyodide.runPython("import sys; sys.path.insert(0, '/game')");
pyodide.runPython(%s);
self.onmessage = (e) => {
  const times = pyodide.runPython(`json.dumps(expert_times(${e.data.count}, ${e.data.seed}))`);
  self.postMessage(times);
};
self.postMessage("ready");
"""
)


class Counting(SimpleHTTPRequestHandler):
    """A static server that notes every file it sends."""

    sent: list[str]

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""

    def send_head(self) -> Any:
        found = super().send_head()
        if found is not None:
            self.sent.append(self.path.split("?")[0])
        return found


@contextmanager
def serving(folder: Path, sent: list[str]) -> Iterator[str]:
    handler = type("Handler", (Counting,), {"sent": sent})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=folder))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def file_of(site: Path, path: str) -> Path:
    relative = path.lstrip("/") or "index.html"
    found = site / relative
    return found / "index.html" if found.is_dir() else found


def first_word_ms(driver: Any) -> float:
    """The first phrase the page announced, in ms from the navigation's start."""
    return float(wait_heard(driver, "Main menu", timeout=START_S)["at"])


def first_visits(site: Path, base: str, sent: list[str], visits: int) -> dict[str, Any]:
    """Interleaved cold visits of the game and of the bare page; the bytes of the first."""
    game: list[float] = []
    bare: list[float] = []
    transferred: list[str] = []
    for visit in range(visits):
        for kind in ("game", "bare") if visit % 2 == 0 else ("bare", "game"):
            with chromium() as driver:
                sent.clear()
                if kind == "game":
                    driver.get(base + "/")
                    game.append(first_word_ms(driver))
                    if not transferred:
                        # Let the service worker keep everything: those bytes count too.
                        wait_for(
                            lambda d=driver: d.execute_script(
                                "return Boolean(navigator.serviceWorker.controller);"
                            ),
                            START_S,
                            "the service worker",
                        )
                        time.sleep(3)
                        transferred = list(sent)
                else:
                    driver.get(base + "/bare.html")
                    bare.append(
                        float(
                            wait_for(
                                lambda d=driver: d.execute_script("return window.__line;"),
                                START_S,
                                "the bare page's line",
                            )
                        )
                    )
    raw = sum(file_of(site, path).stat().st_size for path in transferred)
    packed = sum(len(gzip.compress(file_of(site, p).read_bytes(), 6)) for p in transferred)
    return {"game": game, "bare": bare, "raw": raw, "gzip": packed, "requests": transferred}


def worker_steps(driver: Any) -> dict[str, float]:
    """How long each step of the worker's start took (Pyodide, game.zip, the stored files,
    importing the game), in ms."""
    marks = wait_for(
        lambda: driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('./transport.js').then((t) => done((t.workerEvents()"
            ".find((e) => e.worker === 'ready') || {}).marks || null));"
        ),
        START_S,
        "the worker's marks",
    )
    names = ["started", "pyodide", "unpacked", "restored", "imported"]
    return {b: marks[b] - marks[a] for a, b in pairwise(names)}


def repeat_and_keys(
    base: str, repeats: int, keys: int, steps: list[dict[str, float]]
) -> tuple[list[float], list[float]]:
    """Repeat visits with the network cut, and key-to-phrase times, in one browser."""
    repeat: list[float] = []
    latencies: list[float] = []
    with chromium() as driver:
        player = Player(driver, base)
        player.open("/", wpm=900)
        first_word_ms(driver)
        steps.append(worker_steps(driver))
        wait_for(
            lambda: driver.execute_script("return Boolean(navigator.serviceWorker.controller);"),
            START_S,
            "the service worker",
        )
        # A first visit lasts long enough for the snapshot of Python the next visit starts
        # from to be kept (a worker of its own makes it once the game speaks).
        wait_for(lambda: snapshot_kept(driver), START_S, "the snapshot for the next visit")
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )
        for _ in range(repeats):
            driver.refresh()
            repeat.append(first_word_ms(driver))
            steps.append(worker_steps(driver))
        wait_for(lambda: player.js("client.welcomed"), 30, "the welcome")
        for index in range(keys):
            key = "down" if index % 2 == 0 else "up"
            before = len(heard(driver))
            player.press(key)
            keyed = float(driver.execute_script("return window.__keysAt.at(-1);"))
            said = wait_for(lambda b=before: heard(driver)[b:], 10, f"an answer to {key}")
            latencies.append(float(said[0]["at"]) - keyed)
    return repeat, latencies


def expert_in_page(base: str, count: int, seed: int) -> list[float]:
    with chromium() as driver:
        driver.get(base + "/expert.html")
        wait_for(lambda: driver.execute_script("return window.__expert;"), START_S, "Pyodide")
        driver.execute_script(
            "window.__expert = null; window.runExpert(arguments[0], arguments[1]);", count, seed
        )
        found = wait_for(lambda: driver.execute_script("return window.__expert;"), 600, "times")
        return [t * 1000 for t in json.loads(found)]


def expert_on_desktop(count: int, seed: int) -> list[float]:
    scope: dict[str, Any] = {}
    exec(EXPERT, scope)
    return [t * 1000 for t in scope["expert_times"](count, seed)]


def ratio_interval(game: list[float], bare: list[float], rounds: int = 2000) -> tuple[float, float]:
    rng = random.Random(2)
    found = sorted(
        statistics.median(rng.choices(game, k=len(game)))
        / statistics.median(rng.choices(bare, k=len(bare)))
        for _ in range(rounds)
    )
    return found[int(0.025 * rounds)], found[int(0.975 * rounds) - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=5, help="cold first visits of each page")
    parser.add_argument("--repeats", type=int, default=5, help="repeat visits from the cache")
    parser.add_argument("--keys", type=int, default=40, help="keys timed to their phrase")
    parser.add_argument("--decisions", type=int, default=60, help="Expert decisions timed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temporary:
        site = Path(temporary) / "site"
        build_web(site, find_pyodide(install=False))
        (site / "bare.html").write_text(BARE_PAGE)
        (site / "bare-worker.js").write_text(BARE_WORKER)
        (site / "expert.html").write_text(EXPERT_PAGE)
        (site / "expert-worker.js").write_text(EXPERT_WORKER % json.dumps(EXPERT))
        sent: list[str] = []
        with serving(site, sent) as base:
            visits = first_visits(site, base, sent, args.visits)
            steps: list[dict[str, float]] = []
            repeat, latencies = repeat_and_keys(base, args.repeats, args.keys, steps)
            in_page = expert_in_page(base, args.decisions, args.seed)
        on_desktop = expert_on_desktop(args.decisions, args.seed)
    print(
        f"first visit: {len(visits['requests'])} requests, {visits['raw'] / 1e6:.2f} MB raw,"
        f" {visits['gzip'] / 1e6:.2f} MB gzipped"
    )
    report("first word, first visit", visits["game"])
    report("bare Pyodide line, first visit", visits["bare"])
    low, high = ratio_interval(visits["game"], visits["bare"])
    ratio = statistics.median(visits["game"]) / statistics.median(visits["bare"])
    print(f"first word / bare line (medians): {ratio:.2f} (95% interval {low:.2f}-{high:.2f})")
    report("repeat visit from the cache, offline, to the first word", repeat)
    for label, found in (("first visit", steps[:1]), ("repeat visits", steps[1:])):
        parts = ", ".join(
            f"{name} {statistics.median(s[name] for s in found):.0f} ms" for name in found[0]
        )
        print(f"the worker's start, {label} (medians): {parts}")
    report("key to phrase", latencies)
    report("Expert decision in the page", in_page)
    report("Expert decision on the desktop", on_desktop)
    p95_page, p95_desktop = percentile(in_page, 0.95), percentile(on_desktop, 0.95)
    print(f"Expert p95, page / desktop: {p95_page / p95_desktop:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
