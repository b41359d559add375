"""The game with no server: the folder ``ninetynine-audio build-web`` writes, in real Chromium.

The folder is built once for the session (Pyodide's files from the build's cache, which
``.ci/run`` fills: nothing is downloaded here) and served by a plain static server on
127.0.0.1 (Python's ``http.server``), started for each test and stopped in it. The page must
start the game in its worker and speak; once its service worker has kept the files, the
network is cut (DevTools protocol) and the static server stopped, and the page, reloaded, must
start again and play. Computer players do not pause (the settings file imported into the
page's storage says so) and the page's speed is 900 words a minute, as in the server's browser
tests; the player plays by keys (or touch) as ``tests/helpers/web_page.py``'s player does.
"""

from __future__ import annotations

import functools
import json
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import (
    PHONE,
    axe_source,
    chromium,
    heard,
    run_axe,
    snapshot_kept,
    wait_for,
    wait_heard,
)
from helpers.web_page import Player
from helpers.web_server import Server
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from ninetynine_audio.browser.build import build_web, find_pyodide

pytestmark = pytest.mark.slow

START_S = 120.0
"""How long Pyodide may take to start on a loaded two-core machine (about 5 s unloaded)."""

# Settings the tests start with: computer players that do not pause, a fast listener.
SETTINGS = {"bot_pause_ms": 0, "screen_reader_rate_wpm": 900}


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder, built once for the whole session."""
    out = tmp_path_factory.mktemp("web") / "site"
    build_web(out, find_pyodide(install=False))
    return out


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """The tests' output is the page's words, not the requests."""


@contextmanager
def static_server(folder: Path) -> Iterator[tuple[str, ThreadingHTTPServer]]:
    """The folder on a free loopback port, as any static host would serve it."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def transport(driver: WebDriver, call: str, *args: Any) -> Any:
    """Call a function of the page's ``transport.js`` (the same module the page runs)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('./transport.js').then(async (t) => done(await t[arguments[0]]"
        "(...arguments[1]))).catch((e) => done({error: String(e)}));",
        call,
        list(args),
    )


def open_game(player: Player, base: str) -> None:
    """Open the page; the game in its worker speaks the main menu."""
    player.open("/")
    wait_heard(player.driver, "Main menu", timeout=START_S)
    wait_for(lambda: player.js("client.welcomed"), 10, "the game's welcome")


def reload(player: Player) -> None:
    """Reload the page, as a player would; the game in its new worker speaks the main menu.
    The player's note of the game's pongs is set up again (``Player.open`` does it)."""
    player.driver.refresh()
    wait_heard(player.driver, "Main menu", timeout=START_S)
    wait_for(lambda: player.js("client.welcomed"), 10, "the game's welcome")
    player.js(
        "(() => { client.pongs = []; const receive = client.receive.bind(client);"
        " client.receive = (m) => { if (m.type === 'pong') client.pongs.push(m.seq);"
        " return receive(m); }; })()"
    )


def kept_offline(driver: WebDriver) -> None:
    """Wait until the service worker controls the page and holds every file of the build."""
    wait_for(
        lambda: driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "(async () => {"
            " if (!navigator.serviceWorker.controller) return false;"
            " const build = await (await fetch('build.json')).json();"
            " const cache = await caches.open('ninetynine-audio-' + build.version);"
            " for (const f of build.files) if (!(await cache.match(f))) return false;"
            " return true; })().then(done, () => done(false));"
        ),
        START_S,
        "the service worker to keep every file",
    )


def use_settings(player: Player) -> None:
    """Put the tests' settings into the page's storage (as a player's import would), and
    reload so that the game reads them."""
    answer = transport(player.driver, "importData", {"config/settings.json": json.dumps(SETTINGS)})
    assert not (isinstance(answer, dict) and answer.get("error")), answer
    reload(player)


def cut_network(driver: WebDriver, server: ThreadingHTTPServer) -> None:
    """No network for the page, and no server behind it either."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    server.shutdown()
    server.server_close()


def start_game(player: Player, keys: list[str]) -> None:
    """From the main menu: Play, then ``keys`` through the game, players, level and options
    menus; the match starts."""
    for key in ["return", *keys]:
        seq = player.press(key)
        assert player.answer(seq, timeout=20) is not None, f"no answer to {key}"
    wait_for(lambda: player.table_state() == "playing", 20, "the match to start")


def stored_since(player: Player, since: float) -> bool:
    """Whether the worker wrote the player's files to IndexedDB after ``since`` (page time)."""
    events = transport(player.driver, "workerEvents")
    return any(e.get("worker") == "stored" and e["at"] > since for e in events)


# Classic for two: Classic, up twice from four players, Normal, Start the game.
CLASSIC_FOR_TWO = ["return", "up", "up", "return", "return", "return"]


def test_the_built_page_starts_and_plays_a_classic_game_with_no_network(built: Path) -> None:
    with chromium() as driver, static_server(built) as (base, server):
        player = Player(driver, base)
        open_game(player, base)
        first = heard(driver)[0]["text"]
        assert first.startswith("Ninety-Nine. Main menu."), first
        assert "Play online" not in (player.js("client.display.lines") or [])
        kept_offline(driver)
        use_settings(player)
        cut_network(driver, server)
        reload(player)
        start_game(player, CLASSIC_FOR_TWO)
        wait_heard(driver, "Round 1", timeout=30)
        player.play_to_the_end("classic", timeout=400)
        wait_for(lambda: the_end_said(driver), 30, "the end of the game")


def the_end_said(driver: WebDriver) -> bool:
    """Whether the page said who won the game ("You win the game", "Lily wins the game")."""
    return any(("win the game" in p["text"] or "wins the game" in p["text"]) for p in heard(driver))


def test_a_trick_taking_game_to_its_end_with_no_network(built: Path) -> None:
    with chromium() as driver, static_server(built) as (base, server):
        player = Player(driver, base)
        open_game(player, base)
        kept_offline(driver)
        use_settings(player)
        cut_network(driver, server)
        reload(player)
        # The fifth game of the menu, its players and level as they come, Start the game.
        start_game(player, ["end", "return", "return", "return", "return"])
        player.play_to_the_end("tricks", timeout=600)  # 290 s seen on a loaded machine


def test_a_saved_match_is_continued_after_a_reload(built: Path) -> None:
    with chromium() as driver, static_server(built) as (base, _server):
        player = Player(driver, base)
        open_game(player, base)
        use_settings(player)
        start_game(player, CLASSIC_FOR_TWO)
        wait_heard(driver, "Your turn", timeout=30)
        before = float(driver.execute_script("return performance.now();"))
        played = None
        for _ in range(6):  # the first card the rules allow
            seq = player.press("return")
            said = player.answer(seq)
            if said is not None and said.get("priority") == "now":
                # A 10 or an ace asks at once how to play it: Up chooses, Enter plays.
                player.press("up")
                said = player.answer(player.press("return"))
            if said is not None and said.get("priority") != "now":
                played = said["text"]
                break
            player.press("right")
        assert played is not None, "no card could be played"
        wait_for(lambda: stored_since(player, before), 20, "the match to be stored")
        wait_for(lambda: snapshot_kept(driver), START_S, "the snapshot for the next visit")
        reload(player)
        # The visit started from the snapshot of Python kept by the first (with the game
        # imported), and the match stored since is there all the same.
        ready = [e for e in transport(driver, "workerEvents") if e.get("worker") == "ready"]
        assert ready and ready[-1]["marks"].get("fromSnapshot") is True, ready
        menu = heard(driver)[0]
        assert "Continue: Classic" in menu["text"], menu["text"]
        seq = player.press("return")
        wait_for(lambda: player.table_state() == "playing", 20, "the match to open again")
        assert player.answer(seq, timeout=20) is not None


def test_a_touch_game_of_tactical_at_phone_size(built: Path) -> None:
    with chromium(PHONE, touch=True) as driver, static_server(built) as (base, _server):
        player = Player(driver, base, by_touch=True)
        open_game(player, base)
        use_settings(player)
        # Tactical is the third game; two players; Normal; Start the game.
        start_game(player, ["down", "down", "return", "up", "up", "return", "return", "return"])
        player.play_to_the_end("tactical", timeout=400)


def test_the_built_page_is_clean_under_axe(built: Path) -> None:
    with chromium() as driver, static_server(built) as (base, _server):
        player = Player(driver, base)
        open_game(player, base)
        source = axe_source()
        assert run_axe(driver, source) == []
        use_settings(player)
        start_game(player, CLASSIC_FOR_TWO)
        wait_heard(driver, "Your turn", timeout=30)
        assert run_axe(driver, source) == []


def test_the_built_page_says_where_it_plays_and_keeps_the_player_s_data_as_a_file(
    built: Path,
) -> None:
    with chromium() as driver, static_server(built) as (base, _server):
        player = Player(driver, base)
        open_game(player, base)
        # No server: the bar says so, not "Connected."
        connection = driver.find_element(By.ID, "connection").text
        assert connection == "Playing on this device, with no server.", connection
        use_settings(player)
        # Options: Save to a file. The file the page hands the browser is kept for the test.
        player.js(
            "(() => { window.kept = []; const make = URL.createObjectURL;"
            " URL.createObjectURL = (blob) => { window.kept.push(blob); return make(blob); };"
            " })()"
        )
        driver.find_element(By.ID, "options-button").click()
        driver.find_element(By.ID, "data-export").click()
        wait_for(lambda: driver.execute_script("return window.kept.length") == 1, 20, "a file")
        text = driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; window.kept[0].text().then(done);"
        )
        data = json.loads(text)
        assert data["format"] == "ninetynine-audio-data", data
        settings = json.loads(data["files"]["config/settings.json"])
        assert settings["bot_pause_ms"] == 0, settings
        said = driver.find_element(By.ID, "data-said").text
        assert said.startswith("Saved to the file ninetynine-audio-"), said
        assert run_axe(driver, axe_source()) == []

        def load(content: str) -> None:
            driver.execute_script(
                "const t = new DataTransfer();"
                " t.items.add(new File([arguments[0]], 'mine.json', {type: 'application/json'}));"
                " const input = document.getElementById('data-file'); input.files = t.files;"
                " input.dispatchEvent(new Event('change'));",
                content,
            )

        # A file that is not the game's: refused, said, nothing changed.
        load('{"something": "else"}')
        wait_for(
            lambda: "holds no games" in driver.find_element(By.ID, "data-said").text, 20, "refusal"
        )
        # The file, changed: loaded, the page starts again, and the game has the change.
        settings["bot_pause_ms"] = 123
        data["files"]["config/settings.json"] = json.dumps(settings)
        load(json.dumps(data))
        wait_heard(driver, "Loaded. The game starts again with them.", timeout=20)
        wait_for(lambda: driver.execute_script("return !window.kept"), START_S, "the restart")
        wait_heard(driver, "Main menu", timeout=START_S)
        files = transport(driver, "exportData")
        assert json.loads(files["config/settings.json"])["bot_pause_ms"] == 123, files


def test_a_served_page_offers_the_page_with_no_server(built: Path, tmp_path: Path) -> None:
    server = Server(tmp_path / "server", extra=("--offline-page", str(built)))
    server.start()
    try:
        with chromium() as driver:
            driver.get(server.url + "/")
            link = driver.find_element(By.CSS_SELECTOR, "#offline-link a")
            wait_for(link.is_displayed, 20, "the offline link")
            assert link.text == "Play offline on this device", link.text
            link.click()
            wait_heard(driver, "Main menu", timeout=START_S)
            assert driver.current_url == server.url + "/offline/", driver.current_url
            connection = driver.find_element(By.ID, "connection").text
            assert connection == "Playing on this device, with no server.", connection
            kept_offline(driver)
        with urllib.request.urlopen(server.url + "/offline/pyodide/pyodide.mjs", timeout=10) as f:
            policy = f.headers["Content-Security-Policy"]
            assert "'wasm-unsafe-eval'" in policy and "'unsafe-eval'" not in policy.replace(
                "'wasm-unsafe-eval'", ""
            ), policy
    finally:
        server.stop()
    # Without the folder, the served page has no such link.
    plain = Server(tmp_path / "plain")
    plain.start()
    try:
        with chromium() as driver:
            driver.get(plain.url + "/")
            link = driver.find_element(By.ID, "offline-link")
            wait_for(lambda: link.get_attribute("data-asked") == "true", 20, "the server's answer")
            assert not driver.find_element(By.ID, "offline-link").is_displayed()
    finally:
        plain.stop()
