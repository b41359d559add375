"""The page's own lines (the ping it times) are kept in the player's buffer of the system's
messages on the server, where the buffer keys, answered there, read them: the page in a real
headless Chromium against the real server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.browser import DESKTOP, chromium, fresh_page, heard, wait_heard
from helpers.web_page import Player
from helpers.web_server import Server, running_server
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

pytestmark = pytest.mark.slow


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with running_server(tmp_path / "server") as running:
        yield running


def test_the_pages_ping_is_read_back_in_the_system_buffer(server: Server, tmp_path: Path) -> None:
    with chromium(DESKTOP) as driver:
        fresh_page(driver, DESKTOP, touch=False)
        player = Player(driver, server.url)
        player.open()
        player.sign_in("Ann")
        wait_heard(driver, "lobby")
        player.focus_play()
        since = len(heard(driver))
        ActionChains(driver).key_down(Keys.ALT).send_keys("p").key_up(Keys.ALT).perform()
        ping = wait_heard(driver, "Ping: ", since=since)["text"]
        since = len(heard(driver))
        ActionChains(driver).send_keys("[").perform()  # from all messages round to the system's
        wait_heard(driver, "System messages, 1 message", since=since)
        since = len(heard(driver))
        ActionChains(driver).send_keys(",").perform()
        wait_heard(driver, f"{ping}. Only message", since=since)
        driver.save_screenshot(str(tmp_path / "own-lines.png"))
