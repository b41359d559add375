"""The typed line: a name by default, and a server address with the characters it needs."""

from __future__ import annotations

import pytest

from ninetynine_audio.online.client import online_menu
from ninetynine_audio.ui.entry import TextEntry
from ninetynine_audio.ui.harness import make_app

pytestmark = pytest.mark.usefixtures("private_home")

ADDRESS_KEYS = ["w", "s", "shift+semicolon", "slash", "slash", "h", "o", "m", "e", "period"]
ADDRESS_KEYS += ["l", "a", "n", "shift+semicolon", "9", "9", "slash", "w", "s"]


def test_a_name_entry_types_no_address_characters() -> None:
    h = make_app()
    h.frames(2)
    answers: list[object] = []
    h.app.push(TextEntry("Type a name, then Enter.", "Ann"), answers.append)
    h.press("b", "shift+semicolon", "slash", "period", "e", "n", "return", frames=2)
    assert answers == ["ben"]


def test_the_server_address_is_typed_with_colons_slashes_and_dots() -> None:
    h = make_app()
    h.frames(2)
    h.app.push(online_menu(h.app))
    h.frames(2)
    h.press("down", "return", frames=2)  # Server
    assert isinstance(h.app.top, TextEntry)
    h.press("ctrl+a", frames=1)  # not a character: nothing typed
    h.press(*ADDRESS_KEYS, frames=2)
    h.new_speech()
    h.press("return", frames=2)
    assert any("Server: ws://home.lan:99/ws," in line for line in h.new_speech())
    # Escape leaves the address as it was.
    h.press("return", frames=2)
    h.press("x", "escape", frames=2)
    assert any("Server: ws://home.lan:99/ws," in line for line in h.new_speech())
