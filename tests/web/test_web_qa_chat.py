"""The page in a real headless Chromium against the real server: in a table's waiting room
the apostrophe asks for a line to say to the table, as the desktop game's does, and the
focus goes to the line being typed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.browser import DESKTOP, chromium, fresh_page, heard, wait_heard
from helpers.web_page import Player
from helpers.web_server import Server, running_server
from selenium.webdriver.common.action_chains import ActionChains

pytestmark = pytest.mark.slow


@pytest.fixture
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


def test_the_apostrophe_asks_for_a_chat_line_in_the_waiting_room(server: Server) -> None:
    with chromium(DESKTOP) as driver:
        fresh_page(driver, DESKTOP, touch=False)
        player = Player(driver, server.url)
        player.open()
        player.sign_in("Ann")
        wait_heard(driver, "lobby")
        player.create("classic", ["human", "human"])
        wait_heard(driver, "Start the game")
        player.focus_play()
        since = len(heard(driver))
        sent = len(player.js("client.keysSent"))
        ActionChains(driver).send_keys("'").perform()
        wait_heard(driver, "Say to the table", since=since)
        assert player.js("client.keysSent")[sent:] == ["quote"]
