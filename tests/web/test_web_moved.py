"""The page moved to another process of the server (``moved``) and refused there as busy
checking passwords, as everyone of a tournament's round moved at once can be: it signs in
again by itself, and the player hears nothing of it (the page on a real server in headless
Chromium; the refusals are those a busy process sends, given to the page's own handler)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.browser import DESKTOP, chromium, wait_for
from helpers.web_page import Player
from helpers.web_server import Server

from ninetynine_audio.present import online as words

pytestmark = pytest.mark.slow

REFUSED_AT_ARRIVAL = """
const client = window.ninetynineClient;
const real = client.receive.bind(client);
window.__refused = 0;
client.receive = (message) => {
  if (message.type === "welcome" && client.arrivedByMove && window.__refused < 2) {
    window.__refused += 1;  // what the process says when its password checks are full
    real({ type: "error", code: "busy", text: arguments[0] });
    real({ type: "bye", text: arguments[0], retry: false });
    client.socket.close();
    return;
  }
  real(message);
};
client.moved({ type: "moved", url: "", code: null });
"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "server")
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_a_page_moved_and_refused_as_busy_signs_in_again_unheard(server: Server) -> None:
    with chromium(DESKTOP) as driver:
        player = Player(driver, server.url)
        player.open()
        player.sign_in("Ann")
        wait_for(lambda: player.js("client.display && client.display.title === 'Lobby'"), 20)
        busy = words.server_busy_text()
        driver.execute_script(REFUSED_AT_ARRIVAL, busy)
        wait_for(
            lambda: (
                driver.execute_script("return window.__refused") == 2
                and player.js("client.welcomed && !client.arrivedByMove")
            ),
            30,
            "the page to sign in again",
        )
        assert player.js("client.errors.map((e) => e.code)") == []
        assert player.js("document.getElementById('start').hidden")
        assert busy not in player.js("document.getElementById('start-problem').textContent")
        assert player.js("client.display.title") == "Lobby"
