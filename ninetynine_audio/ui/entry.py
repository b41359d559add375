"""A line of text typed by the player (a name, a server address): letters in the window, a
whole line in text mode. Enter accepts, Escape goes back, Backspace takes off the last letter."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ninetynine_audio.present import people as words
from ninetynine_audio.ui.screen import Display, Screen

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

Check = Callable[[str], str | None]
"""Why a text cannot be taken (a sentence), or None when it can."""


ADDRESS_CHARACTERS = ":/._?=&%@"
"""What a server address needs beyond letters, digits and the hyphen."""

LINE_CHARACTERS = ".,?!':;/()&%@=_"
"""What a line said to others (chat, a private message, a report) may hold beyond letters,
digits, the space and the hyphen."""

_PUNCTUATION = {
    "period": ".",
    "slash": "/",
    "comma": ",",
    "semicolon": ";",
    "shift+semicolon": ":",
    "shift+minus": "_",
    "shift+slash": "?",
    "equals": "=",
    "shift+7": "&",
    "shift+5": "%",
    "shift+2": "@",
    "shift+1": "!",
    "quote": "'",
    "shift+9": "(",
    "shift+0": ")",
}
"""Keys for punctuation (as on a US keyboard), typed only where an entry allows them."""


def typed_character(gesture: str, extra: str = "") -> str | None:
    """The character a key gives while typing: letters (Shift for a capital), digits, the
    space and the hyphen, and those of ``extra`` among the punctuation keys; None for any
    other key."""
    punctuation = _PUNCTUATION.get(gesture)
    if punctuation is not None:
        return punctuation if punctuation in extra else None
    shifted = gesture.startswith("shift+")
    key = gesture.removeprefix("shift+")
    if len(key) == 1 and key.isalnum():
        return key.upper() if shifted else key
    return {"space": " ", "minus": "-"}.get(key)


class TextEntry(Screen):
    """One line of text; its answer (to the result callback) is the text, or the default
    when nothing was typed, or None when left with Escape. Text mode hands it whole lines
    (:meth:`take_line`) instead of key names.

    ``extra`` are the punctuation characters this entry types besides letters, digits, the
    space and the hyphen (``ADDRESS_CHARACTERS`` for a server address); ``limit`` is the
    longest text kept.
    """

    def __init__(
        self,
        prompt: str,
        default: str,
        check: Check | None = None,
        *,
        extra: str = "",
        limit: int = words.MAX_NAME_LENGTH,
    ) -> None:
        self.title = prompt
        self.default = default
        self.text = ""
        self.check = check
        self.extra = extra
        self.limit = limit

    def enter(self, app: App) -> None:
        """Ask for the text."""
        app.say(self.title)

    def handle_gesture(self, app: App, gesture: str) -> bool:
        """Letters type, Backspace rubs out, Enter accepts and Escape goes back."""
        if gesture == "return":
            self.accept(app)
        elif gesture == "escape":
            app.dismiss(None)
        elif gesture == "backspace":
            self.text = self.text[:-1]
            app.say(words.name_typed_text(self.text))
        else:
            character = typed_character(gesture, self.extra)
            if character is None:
                return False  # F1 and the other global keys still work
            if len(self.text) < self.limit:
                self.text += character
            app.say(words.name_typed_text(self.text))
        return True

    def take_line(self, app: App, line: str) -> bool:
        """Text mode: a whole line typed at once (empty: the default; ``escape``: back)."""
        if line.strip().lower() == "escape" or line.strip() == "\x1b":
            app.dismiss(None)
            return True
        self.text = line.strip()[: self.limit]
        self.accept(app)
        return True

    def accept(self, app: App) -> None:
        """Take the text typed (or the default), unless the check refuses it."""
        text = " ".join(self.text.split()) or self.default
        problem = self.check(text) if self.check is not None else None
        if problem is not None:
            self.text = ""
            app.say(problem, cue="refused")
            return
        app.dismiss(text)

    def display(self, app: App) -> Display:
        """The prompt and the text so far."""
        return Display(self.title, [self.text or self.default])
