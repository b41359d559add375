"""The page in a real headless Chromium against the real server: the message-buffer keys
(`[`, `]`, `,`, `.`, Shift with them, F6) go to the player's session on the server, which
answers them, and Alt+P is timed by the page itself; the focus stays on the game's keys, and
keys the game does not use stay the browser's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.browser import DESKTOP, chromium, fresh_page, heard, key_down, wait_for, wait_heard
from helpers.web_page import Player
from helpers.web_server import Server, running_server
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


@pytest.fixture
def desktop() -> Iterator[WebDriver]:
    with chromium(DESKTOP) as driver:
        fresh_page(driver, DESKTOP, touch=False)
        yield driver


def focused(driver: WebDriver) -> str:
    """The id of the element with the focus."""
    return str(driver.execute_script("return document.activeElement && document.activeElement.id"))


def test_the_buffer_keys_reach_the_session_and_alt_p_is_timed_by_the_page(
    server: Server, desktop: WebDriver, tmp_path: Path
) -> None:
    driver = desktop
    player = Player(driver, server.url)
    player.open()
    player.sign_in("Ann")
    wait_heard(driver, "lobby")
    player.record_sent()
    player.focus_play()
    sent = len(player.js("client.keysSent"))
    steps = [
        ("]", "Table, 0 messages"),
        ("]", "Chat, 0 messages"),
        ("[", "Table, 0 messages"),
        ("[", "All messages, "),
        (",", "Last message"),
        (".", "No more messages"),
    ]
    for key, answer in steps:
        since = len(heard(driver))
        ActionChains(driver).send_keys(key).perform()
        wait_heard(driver, answer, since=since)
        assert focused(driver) == "keys", key
    since = len(heard(driver))
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(",").key_up(Keys.SHIFT).perform()
    wait_heard(driver, "First message", since=since)
    since = len(heard(driver))
    ActionChains(driver).send_keys(Keys.F6).perform()
    wait_heard(driver, "Chat muted", since=since)
    assert focused(driver) == "keys"
    assert player.js("client.keysSent")[sent:] == [
        "rightbracket",
        "rightbracket",
        "leftbracket",
        "leftbracket",
        "comma",
        "period",
        "shift+comma",
        "f6",
    ]
    # Alt+P: a ping the page sends and times, said when its pong comes; no key is sent.
    since = len(heard(driver))
    ActionChains(driver).key_down(Keys.ALT).send_keys("p").key_up(Keys.ALT).perform()
    said = wait_heard(driver, "Ping: ", since=since)
    assert said["text"].endswith(" ms") and 0 <= int(said["text"].split()[1]) < 30_000
    assert focused(driver) == "keys"
    assert "alt+p" not in player.js("client.keysSent")
    pings = [m for m in player.js("client.sentForTest") if m["type"] == "ping"]
    assert len(pings) == 1
    # The keys the game takes, and the page's own keys left to the browser.
    assert key_down(driver, "BracketLeft", "[", {})
    assert key_down(driver, "F6", "F6", {})
    assert key_down(driver, "KeyP", "p", {"altKey": True})
    assert not key_down(driver, "KeyL", "l", {"ctrlKey": True})
    assert not key_down(driver, "Tab", "Tab", {})
    driver.save_screenshot(str(tmp_path / "buffers.png"))
    wait_for(lambda: focused(driver) == "keys", 5, "the focus on the game's keys")
