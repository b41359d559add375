"""The browser page in the player's language: its fixed words come from the game's catalogue
(``/words.json?lang=``), its key descriptions too (``/keys.json?lang=``), ``<html lang dir>``
follow the language, the hello asks for it, and the lines that list cards arrive taken apart
(``display.groups``) so the page never splits the words of one language.

The first tests need no browser; the last ones run the real page in a headless Chromium against
the real server, in the pseudo-languages (slow)."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.browser import chromium, wait_for
from helpers.web_page import Player
from helpers.web_server import Server
from selenium.webdriver.common.by import By

from ninetynine_audio.i18n import LANGUAGES
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.front import line_groups
from ninetynine_audio.online.page import PAGE_DIR, RETRY_SECONDS, keys_document, page_words

OPEN, CLOSE = "⟦", "⟧"
HTML = (PAGE_DIR / "index.html").read_text(encoding="utf-8")
APP = (PAGE_DIR / "app.js").read_text(encoding="utf-8")


def test_every_marked_element_of_the_page_has_its_word() -> None:
    marked = set(re.findall(r'data-word(?:-label)?="([A-Za-z]+)"', HTML))
    assert len(marked) > 20
    words = page_words("en")["words"]
    assert marked <= set(words), marked - set(words)
    used = set(re.findall(r'word\("([A-Za-z]+)"', APP))
    assert used and used <= set(words), used - set(words)


def test_the_page_words_are_in_the_language_asked_for() -> None:
    english = page_words("en")
    assert english["lang"] == "en" and english["dir"] == "ltr"
    assert english["words"]["enterLobby"] == "Enter the lobby"
    pseudo = page_words("qps")
    assert pseudo["lang"] == "qps"
    for name, text in pseudo["words"].items():
        assert text.strip().startswith(OPEN) and text.strip().endswith(CLOSE), name
    assert set(pseudo["lostConnection"]) == {str(s) for s in RETRY_SECONDS}
    assert all(OPEN in text for text in pseudo["lostConnection"].values())
    assert page_words("qrtl")["dir"] == "rtl"
    assert page_words("pt_BR")["lang"] == "pt-BR"
    assert page_words("xx")["lang"] == "en" and page_words(None)["lang"] == "en"
    codes = [entry["code"] for entry in english["languages"]]
    assert codes == [entry.code for entry in LANGUAGES]


def test_key_descriptions_are_served_in_the_page_language() -> None:
    english = keys_document()["contexts"]["table.adding"]
    pseudo = keys_document(lang="qps")["contexts"]["table.adding"]
    assert [c["id"] for c in english] == [c["id"] for c in pseudo]
    assert all(OPEN not in c["description"] for c in english)
    assert all(c["description"].startswith(OPEN) for c in pseudo)


def test_lines_that_list_cards_are_taken_apart_whatever_the_words() -> None:
    lines = ["Total 42", "Hand: 5 of hearts   King of spades", "Pilas: 7 rojo  |  9 azul", "x: y"]
    groups = line_groups(lines)
    assert groups == [
        p.Group(line=1, label="Hand", items=["5 of hearts", "King of spades"]),
        p.Group(line=2, label="Pilas", items=["7 rojo", "9 azul"]),
    ]
    display = p.Display(title="t", lines=lines, groups=groups)
    assert p.decode_server(p.encode(display)) == display


# -- the real page ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("server"))
    running.start()
    try:
        yield running
    finally:
        running.stop()


def open_in(player: Player, language: str | None) -> None:
    """Load the page for a new player whose stored choice of language is ``language``."""
    player.driver.get(player.base_url + "/keys.json")
    player.driver.execute_script(
        "localStorage.setItem('ninetynine-audio', JSON.stringify(arguments[0]));"
        "sessionStorage.clear();",
        {"wpm": 900, "language": language},
    )
    player.driver.get(player.base_url + "/")
    wait_for(lambda: player.js("Boolean(client)"), 20, "the page's script to start")
    wait_for(
        lambda: player.js("document.getElementById('language').options.length > 1"),
        20,
        "the page's words",
    )


@pytest.mark.slow
def test_the_server_serves_the_words_over_http(server: Server) -> None:
    with urllib.request.urlopen(server.url + "/words.json?lang=qps", timeout=20) as answer:
        served = json.load(answer)
    assert served == json.loads(json.dumps(page_words("qps")))
    with urllib.request.urlopen(server.url + "/keys.json?lang=qps", timeout=20) as answer:
        keys = json.load(answer)
    assert keys["contexts"]["menu"][0]["description"].startswith(OPEN)


@pytest.mark.slow
def test_the_page_speaks_and_shows_the_chosen_language(server: Server, tmp_path: Path) -> None:
    with chromium() as driver:
        player = Player(driver, server.url)
        open_in(player, "qps")
        wait_for(
            lambda: driver.execute_script("return document.documentElement.lang") == "qps",
            20,
            "the page's language",
        )
        label = driver.find_element(By.CSS_SELECTOR, "label[for=name]").text
        assert label.startswith(OPEN), label
        submit = driver.find_element(By.ID, "start-submit").text
        assert submit.startswith(OPEN), submit
        player.sign_in("Zoe")
        player.create("classic", ["human", "normal"], {"lives": 1})
        texts = [r["text"] for r in player.received() if r["text"]]
        assert texts and all(OPEN in t for t in texts), texts
        # The hand is shown as a list of cards, from the groups the server took apart.
        player.start_table()
        wait_for(
            lambda: player.js("document.querySelectorAll('#lines ul.cards li').length") >= 2,
            20,
            "the hand as a list",
        )
        # The commands are the page's buttons, described in the page's language.
        wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#commands button"), 20, "commands")
        button = driver.find_element(By.CSS_SELECTOR, "#commands button").text
        assert button.startswith(OPEN), button


@pytest.mark.slow
def test_the_language_select_and_right_to_left(server: Server) -> None:
    with chromium() as driver:
        player = Player(driver, server.url)
        open_in(player, "qrtl")
        wait_for(
            lambda: driver.execute_script("return document.documentElement.dir") == "rtl",
            20,
            "right to left",
        )
        # Choosing English on the first screen puts the page back, and keeps the choice.
        driver.execute_script(
            "const s = document.getElementById('language'); s.value = 'en';"
            "s.dispatchEvent(new Event('change'));"
        )
        wait_for(
            lambda: driver.execute_script("return document.documentElement.dir") == "ltr",
            20,
            "left to right",
        )
        assert driver.find_element(By.ID, "start-submit").text == "Enter the lobby"
        stored = driver.execute_script(
            "return JSON.parse(localStorage.getItem('ninetynine-audio'))"
        )
        assert stored["language"] == "en"
        names = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#language option")]
        assert "Deutsch" in names and "English" in names
