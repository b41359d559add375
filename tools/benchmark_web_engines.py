"""The engines, Experts and hints in the page's Python (Pyodide in headless Chromium) beside the
desktop's, on the same games.

The page that plays with no server (``ninetynine-audio build-web``) runs the game's Python in a
worker. This builds that page, serves it on 127.0.0.1 and, in a worker of its own that loads
the same Pyodide and the same ``game.zip``, runs the desktop benchmarks' own code on the same
seeds:

- the Expert's decisions (``tools/benchmark_decisions.py``): each game's decisions, their
  median and 95th percentile, and the hash of every event, which must be the desktop's (the
  same decisions);
- the hint (``tools/benchmark_hint.py``): the same, with the hash of its answers;
- whole games by the engine beside the bare mutable playout (``tools/benchmark_playout.py``):
  the engine's speed as a share of the bare playout's in each Python, and the engine's time a
  game in the page against the desktop's.

Every row is measured in the page and on the desktop one after the other, the order turned
row by row, so that load on the machine falls on both alike. Each ratio comes with a 95%
bootstrap interval (each side's times resampled). The page's Python is Pyodide's (WebAssembly,
its own CPython version), the desktop's the one running this script; both time their own
process's CPU (in the page, the worker's thread).

    python tools/benchmark_web_engines.py     # one game of each (playouts: 20), every row
    python tools/benchmark_web_engines.py --games 2 --only colours,tricks --rows decisions
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parent
TESTS = TOOLS.parent / "tests"
sys.path.insert(0, str(TESTS))  # the browser tests' own Chromium

from benchmark_browser import percentile  # noqa: E402
from benchmark_web_offline import LOAD, serving  # noqa: E402
from helpers.browser import chromium, wait_for  # noqa: E402

from ninetynine_audio.browser.build import build_web, find_pyodide  # noqa: E402

BENCHMARKS = ("benchmark_decisions.py", "benchmark_hint.py", "benchmark_playout.py")
"""The desktop benchmarks whose code the page runs as it is."""

ROWS = ("decisions", "hints", "playouts")
GAMES = ("classic", "arcade", "tactical", "colours", "tricks")
START_S = 180.0
ROW_S = 1800.0

# One row of measures, the same code in the page and on the desktop: a JSON answer.
MEASURE = """
import hashlib, json
import benchmark_decisions, benchmark_hint, benchmark_playout

def measure(row, game, games, seed):
    if row == "decisions":
        times, digest = benchmark_decisions.play(game, games, seed)
        return json.dumps({"times": times, "hash": digest})
    if row == "hints":
        answers = hashlib.sha256()
        times = benchmark_hint.hint_times(game, games, seed, answers)
        return json.dumps({"times": times, "hash": answers.hexdigest()[:16]})
    engine, bare, plays = benchmark_playout.paired_times(game, games, seed)
    return json.dumps({"engine": engine, "bare": bare, "plays": plays})
"""

PAGE = """<!doctype html><html lang="en"><title>engines</title><body>
<script type="module">
const worker = new Worker("engines-worker.js", { type: "module" });
window.__answer = null;
worker.onmessage = (e) => { window.__answer = e.data; };
window.measure = (row, game, games, seed) => worker.postMessage({ row, game, games, seed });
</script></body></html>
"""
WORKER = (
    LOAD
    + """const zip = await (await fetch("game.zip")).arrayBuffer();
pyodide.unpackArchive(zip, "zip", { extractDir: "/game" });
pyodide.FS.mkdirTree("/bench");
for (const name of %s) {
  pyodide.FS.writeFile("/bench/" + name, await (await fetch("bench/" + name)).text());
}
pyodide.runPython("import sys; sys.path[:0] = ['/game', '/bench']");
pyodide.runPython(%s);
self.onmessage = (e) => {
  const { row, game, games, seed } = e.data;
  try {
    self.postMessage(pyodide.runPython(
      `measure(${JSON.stringify(row)}, ${JSON.stringify(game)}, ${games}, ${seed})`));
  } catch (error) {
    self.postMessage(JSON.stringify({ error: String(error) }));
  }
};
self.postMessage("ready");
"""
)


def in_page(driver: Any, row: str, game: str, games: int, seed: int) -> dict[str, Any]:
    """One row measured in the page's worker."""
    driver.execute_script(
        "window.__answer = null; window.measure(...arguments);", row, game, games, seed
    )
    found = wait_for(lambda: driver.execute_script("return window.__answer;"), ROW_S, row)
    answer: dict[str, Any] = json.loads(found)
    if "error" in answer:
        raise RuntimeError(f"{row} of {game} in the page: {answer['error']}")
    return answer


def on_desktop(row: str, game: str, games: int, seed: int) -> dict[str, Any]:
    """One row measured here, by the same code."""
    sys.path.insert(0, str(TOOLS))
    scope: dict[str, Any] = {}
    exec(MEASURE, scope)
    answer: dict[str, Any] = json.loads(scope["measure"](row, game, games, seed))
    return answer


def ratio_interval(
    page: Sequence[float], desktop: Sequence[float], statistic: Callable[[list[float]], float]
) -> tuple[float, float, float]:
    """statistic(page) / statistic(desktop), with a 95% bootstrap interval (each side
    resampled on its own)."""
    rng = random.Random(3)
    found = sorted(
        statistic(rng.choices(list(page), k=len(page)))
        / statistic(rng.choices(list(desktop), k=len(desktop)))
        for _ in range(2000)
    )
    return statistic(list(page)) / statistic(list(desktop)), found[49], found[1949]


def p95(times: list[float]) -> float:
    """The 95th percentile."""
    return percentile(times, 0.95)


def share(engine: list[float], bare: list[float]) -> float:
    """The engine's speed as a share of the bare playout's."""
    return sum(bare) / sum(engine)


def timing_line(game: str, row: str, page: dict[str, Any], desktop: dict[str, Any]) -> str:
    """A decisions or hints row: each side's median and 95th percentile, their ratio, and
    whether both made the same choices."""
    pt = [t * 1000 for t in page["times"]]
    dt = [t * 1000 for t in desktop["times"]]
    ratio, low, high = ratio_interval(pt, dt, p95)
    same = "same" if page["hash"] == desktop["hash"] else f"DIFFERENT ({page['hash']})"
    return (
        f"| {game} | {row} | {len(pt)} | {statistics.median(dt):.1f} / {p95(dt):.1f} ms"
        f" | {statistics.median(pt):.1f} / {p95(pt):.1f} ms | {ratio:.2f}x ({low:.2f}x-{high:.2f}x)"
        f" | {desktop['hash']} {same} |"
    )


def playout_line(game: str, page: dict[str, Any], desktop: dict[str, Any]) -> str:
    """A playouts row: the engine's share of the bare playout's speed in each Python, and the
    engine's time a game in the page against the desktop's."""
    page_share = share(page["engine"], page["bare"])
    desktop_share = share(desktop["engine"], desktop["bare"])
    ratio, low, high = ratio_interval(page["engine"], desktop["engine"], statistics.mean)
    games = len(page["engine"])
    return (
        f"| {game} | playouts | {games} | {statistics.mean(desktop['engine']) * 1000:.1f} ms"
        f" (engine {desktop_share:.2f}x bare) | {statistics.mean(page['engine']) * 1000:.1f} ms"
        f" (engine {page_share:.2f}x bare) | {ratio:.2f}x ({low:.2f}x-{high:.2f}x)"
        f" | same plays as the bare playout, both |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Build the page, measure every row in it and here, and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--games", type=int, default=1, help="games of the decisions and hints (default 1)"
    )
    parser.add_argument(
        "--playouts", type=int, default=20, help="games of the playouts row (default 20)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="only these games, comma-separated")
    parser.add_argument("--rows", default=",".join(ROWS), help="of decisions, hints, playouts")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    games = [g for g in GAMES if args.only is None or g in args.only.split(",")]
    rows = [r for r in ROWS if r in args.rows.split(",")]
    print(
        "| game | row | games or times | desktop median / p95 (playouts: a game) | page"
        " | page / desktop (p95; playouts: a game), 95% interval | hash |"
    )
    print("| --- | --- | ---: | ---: | ---: | --- | --- |")
    with tempfile.TemporaryDirectory() as temporary:
        site = Path(temporary) / "site"
        build_web(site, find_pyodide(install=False))
        (site / "bench").mkdir()
        for name in BENCHMARKS:
            (site / "bench" / name).write_text((TOOLS / name).read_text(encoding="utf-8"))
        (site / "engines.html").write_text(PAGE)
        (site / "engines-worker.js").write_text(
            WORKER % (json.dumps(list(BENCHMARKS)), json.dumps(MEASURE))
        )
        with serving(site, []) as base, chromium() as driver:
            driver.set_script_timeout(ROW_S)
            driver.get(base + "/engines.html")
            wait_for(lambda: driver.execute_script("return window.__answer;"), START_S, "Pyodide")
            turn = 0
            for game in games:
                for row in rows:
                    sides: dict[str, dict[str, Any]] = {}
                    count = args.playouts if row == "playouts" else args.games
                    for side in ("page", "desktop") if turn % 2 == 0 else ("desktop", "page"):
                        if side == "page":
                            sides[side] = in_page(driver, row, game, count, args.seed)
                        else:
                            sides[side] = on_desktop(row, game, count, args.seed)
                    turn += 1
                    if row == "playouts":
                        print(playout_line(game, sides["page"], sides["desktop"]), flush=True)
                    else:
                        print(timing_line(game, row, sides["page"], sides["desktop"]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
