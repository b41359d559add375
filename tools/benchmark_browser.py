"""Measure the browser page on loopback: its weight, the time to its first announcement, and
the time from a key press to the announcement of its answer, in a real headless Chromium
against the real table server.

    python tools/benchmark_browser.py [--loads 10] [--games 3]

Prints each figure with a 95% interval (bootstrap over the samples). Run it under
``nice -n 19`` on a shared machine: the figures include the machine's load.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))  # the browser tests' own Chromium, page player and server

from helpers.browser import DESKTOP, chromium, heard, wait_for  # noqa: E402
from helpers.web_page import Player  # noqa: E402
from helpers.web_server import Server  # noqa: E402

PAGE_FILES = ("/", "/style.css", "/app.js", "/announce.js", "/input.js", "/sound.js", "/words.js")


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, by the nearest rank."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def interval(values: list[float], q: float, rounds: int = 2000) -> tuple[float, float]:
    """A 95% bootstrap interval for the ``q`` quantile of ``values``."""
    rng = random.Random(1)
    found = sorted(percentile([rng.choice(values) for _ in values], q) for _ in range(rounds))
    return found[int(0.025 * rounds)], found[int(0.975 * rounds) - 1]


def report(name: str, values: list[float], unit: str = "ms") -> None:
    """One line per quantile: the figure and its interval."""
    for label, q in (("p50", 0.5), ("p95", 0.95)):
        low, high = interval(values, q)
        print(
            f"{name} {label}: {percentile(values, q):.1f} {unit}"
            f" (95% interval {low:.1f}-{high:.1f}; n={len(values)})"
        )


def page_weight(base: str) -> None:
    """The bytes of the page's own files, and of the keys it asks for."""
    total = 0
    for path in PAGE_FILES:
        with urllib.request.urlopen(base + path, timeout=10) as answer:
            total += len(answer.read())
    with urllib.request.urlopen(base + "/keys.json", timeout=10) as answer:
        keys = len(answer.read())
    print(f"page weight: {total} bytes in {len(PAGE_FILES)} files, plus keys.json {keys} bytes")
    print("(sound cues load one by one, on first use, after the first key or touch)")


def first_announcements(base: str, loads: int) -> None:
    """Time from load to the page being ready, and from Enter the lobby to the first
    announcement, over fresh page loads."""
    ready: list[float] = []
    first: list[float] = []
    with chromium(DESKTOP) as driver:
        player = Player(driver, base)
        for number in range(loads):
            player.open()
            ready.append(
                float(
                    driver.execute_script(
                        "const t = performance.getEntriesByType('navigation')[0];"
                        "return t.domContentLoadedEventEnd;"
                    )
                )
            )
            driver.find_element("id", "name").send_keys(f"Player {number}")
            clicked = float(
                driver.execute_script(
                    "const t = performance.now();"
                    " document.getElementById('start-submit').click(); return t;"
                )
            )
            wait_for(lambda: heard(driver), 20, "the first announcement")
            first.append(float(heard(driver)[0]["at"]) - clicked)
    report("page ready after load", ready)
    report("Enter the lobby to first announcement", first)


def key_to_announcement(base: str, games: int) -> None:
    """Time from each key press to the announcement of its answer, over whole games."""
    delays: list[float] = []
    moves: list[float] = []
    with chromium(DESKTOP) as driver:
        player = Player(driver, base)
        for number in range(games):
            player.open()
            player.sign_in(f"Bench {number}")
            player.create("classic", ["human", "normal"], {"lives": 1})
            player.start_table()
            player.play_to_the_end("classic")
            answers = player.js(
                "client.received.filter((p) => p.answerTo !== null && p.saidAt !== null"
                " && client.keyTimes.has(p.answerTo))"
                ".map((p) => [p.priority, p.saidAt - client.keyTimes.get(p.answerTo)])"
            )
            delays += [float(d) for priority, d in answers if priority == "now"]
            moves += [float(d) for priority, d in answers if priority != "now"]
    report("key to announcement (answers at once)", delays)
    report("key to announcement (the player's own move, narrated in turn)", moves)


def main() -> int:
    """Run every measure against a server of its own on a free loopback port."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=10, help="page loads to time")
    parser.add_argument("--games", type=int, default=5, help="classic games to play by keys")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        server.start()
        try:
            started = time.monotonic()
            page_weight(server.url)
            first_announcements(server.url, args.loads)
            key_to_announcement(server.url, args.games)
            print(f"({time.monotonic() - started:.0f} s)")
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
