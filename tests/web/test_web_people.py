"""The browser page passes the keys of the people online to the server: F2 in the lobby and
Shift+F2 at a table open who is online, Alt+R answers a private message; each is taken from
the browser (never left to it, where F2 and Alt would do the browser's own things) and
answered by the server. A real headless Chromium against ``ninetynine-audio serve``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.browser import DESKTOP, chromium, fresh_page, heard, key_down, wait_heard
from helpers.web_page import Player
from helpers.web_server import Server, running_server
from selenium.webdriver.remote.webdriver import WebDriver

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(Path(tmp_path_factory.mktemp("server"))) as running:
        yield running


@pytest.fixture(scope="module")
def desktop() -> Iterator[WebDriver]:
    with chromium(DESKTOP) as driver:
        fresh_page(driver, DESKTOP, touch=False)
        yield driver


def test_the_page_passes_f2_shift_f2_and_alt_r_to_the_server(
    server: Server, desktop: WebDriver
) -> None:
    player = Player(desktop, server.url)
    player.open()
    player.sign_in("Ann")
    wait_heard(desktop, "Lobby")
    since = len(heard(desktop))
    assert key_down(desktop, "F2", "F2", {})
    assert player.js("client.keysSent").count("f2") == 1
    wait_heard(desktop, "Who is online", since=since)
    assert key_down(desktop, "Escape", "Escape", {})
    since = len(heard(desktop))
    assert key_down(desktop, "KeyR", "r", {"altKey": True})
    assert "alt+r" in player.js("client.keysSent")
    wait_heard(desktop, "No private message to answer", since=since)
    # At a table, F2 reads the rules, as offline; Shift+F2 is who's online.
    player.create("classic", ["human", "normal"], {"lives": 1}, pause_ms=3000)
    player.start_table()
    since = len(heard(desktop))
    assert key_down(desktop, "F2", "F2", {"shiftKey": True})
    assert "shift+f2" in player.js("client.keysSent")
    wait_heard(desktop, "Who is online", since=since)
