"""A line typed key by key in the game's window while the server asks for one (chat, a private
message, a report): punctuation goes in as on the keyboard, so a question reaches the others
as a question, and the window takes the characters of the keyboard's own layout (Cyrillic,
Persian), once each. A real server on loopback and the game's own clients."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from helpers.online import ServerThread
from helpers.online_games import ann_and_ben

from ninetynine_audio.ui.window import Window

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


def test_a_chat_line_typed_by_keys_keeps_its_punctuation(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann, ben, _code = ann_and_ben(srv, ["human", "human"], start=False)
        try:
            ann.press("quote")  # the chat key
            ann.wait_for(lambda: ann.screen.asking is not None)
            keys = ["shift+h", "i", "comma", "space", "b", "e", "n", "shift+1", "space"]
            keys += ["r", "e", "a", "d", "y", "shift+slash", "space", "quote", "o", "k"]
            keys += ["shift+9", "a", "shift+0", "period"]
            ann.press(*keys)
            assert ann.spoken[-1] == "."  # each key says what it typed
            ann.press("x", "backspace")
            assert ann.screen.typed == "Hi, ben! ready? 'ok(a)."
            ann.press("return")
            ben.heard("Ann says: Hi, ben! ready? 'ok(a).")
        finally:
            for player in (ann, ben):
                player.close()


def test_the_window_types_the_layouts_own_characters_once(tmp_path: Path) -> None:
    with ServerThread(tmp_path / "data") as srv:
        ann, ben, _code = ann_and_ben(srv, ["human", "human"], start=False)
        window = Window(wait_ms=0)
        try:
            ann.press("quote")  # the chat key
            ann.wait_for(lambda: ann.screen.asking is not None)
            # A key gives its key press, then the text the layout makes of it.
            events = []
            for key, mod, text in [
                (pygame.K_g, 0, "п"),
                (pygame.K_h, 0, "р"),
                (pygame.K_b, 0, "и"),
                (pygame.K_SLASH, pygame.KMOD_SHIFT, "?"),
                (pygame.K_SPACE, 0, " "),
                (pygame.K_d, 0, "ی"),
            ]:
                events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))
                events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
            for event in events:
                pygame.event.post(event)
            window.frame(ann.app)
            assert ann.screen.typed == "при? ی"
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
            window.frame(ann.app)
            ben.heard("Ann says: при? ی")
        finally:
            pygame.display.quit()
            for player in (ann, ben):
                player.close()
