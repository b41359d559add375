"""A line of text typed by the player (a name, a server address, a chat line): in the window
the characters the keyboard's own layout makes (any script: Cyrillic, Polish letters, Persian),
keys naming them where no text comes with them (a script, a test), a whole line in text mode.
Enter accepts, Escape goes back, Backspace takes off the last letter."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING

from ninetynine_audio.plaintext import without_controls
from ninetynine_audio.present import people as words
from ninetynine_audio.ui.screen import Display, Screen

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

Check = Callable[[str], str | None]
"""Why a text cannot be taken (a sentence), or None when it can."""

Said = Callable[["App", str], None]
"""What to say once a line changed, given the characters it took ("" for none, a rub-out)."""


NAME_CHARACTERS = "'’"
"""What a name may hold beyond letters, digits, the space and the hyphen: the apostrophe
(O'Brien, D'Angelo), straight or as a keyboard layout types it."""

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

US_PUNCTUATION = "".join(_PUNCTUATION.values())
"""Every character of the punctuation keys."""

_TEXT_KEYS = frozenset(
    {"space", "minus", "equals", "plus", "comma", "period", "slash", "backslash"}
    | {"semicolon", "quote", "backquote", "leftbracket", "rightbracket"}
    | {f"kp{digit}" for digit in range(10)}
    | {"kpplus", "kpminus", "kpmultiply", "kpdivide", "kpperiod"}
)
"""Keys that are not letters or digits but make a character in some layout (the numeric
keypad's with Num Lock on)."""

_JOINERS = "\u200c\u200d"
HIDDEN_MARK = "\u2022"  # what a hidden entry shows for each character typed
"""The zero-width non-joiner and joiner: part of how Persian (and other scripts) spell a
name, so kept where a name's letters are."""


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


def makes_text(gesture: str) -> bool:
    """Whether a key may make a character in some keyboard layout: a letter, digit or
    punctuation key, alone or with Shift or Alt (AltGr types ą, ę, ł on Polish keyboards;
    Windows reports AltGr as Control and Alt). Control with a key but no Alt makes none."""
    *held, key = gesture.split("+")
    if "ctrl" in held and "alt" not in held:
        return False
    return (len(key) == 1 and key.isalnum()) or key in _TEXT_KEYS


class TypedLine:
    """The text of a line being typed, one piece for every entry of the game.

    ``extra`` are the characters besides letters (of any script), digits, the space and the
    hyphen that the line keeps; ``anything`` keeps every character but controls (a chat
    line); ``limit`` is the longest text kept. ``said`` tells the player what changed.
    """

    def __init__(self, said: Said, *, limit: int, extra: str = "", anything: bool = False) -> None:
        self.text = ""
        self.said = said
        self.limit = limit
        self.extra = extra
        self.anything = anything

    def keeps(self, character: str) -> bool:
        """Whether the line takes ``character``."""
        if self.anything:
            return True
        kind = unicodedata.category(character)[0]
        return kind in "LMN" or character in " -" or character in self.extra + _JOINERS

    def kept(self, text: str) -> str:
        """``text`` without what the line does not take (controls, direction marks)."""
        return "".join(c for c in without_controls(text) if self.keeps(c))

    def key(self, app: App, gesture: str) -> bool:
        """A key while typing: Backspace rubs out and a key that types a character types it
        (in the window the character comes as text, :meth:`typed`, in the keyboard's own
        layout). False for a key that is not the line's (Enter, Escape, F1)."""
        if gesture == "backspace":
            self.text = self.text[:-1]
            self.said(app, "")
            return True
        if app.types_text:
            return makes_text(gesture)
        character = typed_character(gesture, self.extra)
        if character is None:
            return False
        self.typed(app, character)
        return True

    def typed(self, app: App, text: str) -> None:
        """Characters typed: those the line takes are added, up to its limit."""
        added = self.kept(text)[: self.limit - len(self.text)]
        self.text += added
        self.said(app, added)


class TextEntry(Screen):
    """One line of text; its answer (to the result callback) is the text, or the default
    when nothing was typed, or None when left with Escape. Text mode hands it whole lines
    (:meth:`take_line`) instead of key names.

    ``extra`` are the punctuation characters this entry types besides letters (of any
    script), digits, the space and the hyphen (``ADDRESS_CHARACTERS`` for a server address);
    ``anything`` takes every character but controls (a password); ``limit`` is the longest
    text kept. A ``hidden`` entry (a password) never says or shows what was typed, only how
    many characters there are, and text mode stops the terminal echoing the line.
    """

    def __init__(
        self,
        prompt: str,
        default: str,
        check: Check | None = None,
        *,
        extra: str = NAME_CHARACTERS,
        anything: bool = False,
        hidden: bool = False,
        limit: int = words.MAX_NAME_LENGTH,
    ) -> None:
        self.title = prompt
        self.default = default
        self.check = check
        self.hides_typing = hidden
        self.line = TypedLine(self._say_text, limit=limit, extra=extra, anything=anything)

    @property
    def text(self) -> str:
        """The text typed so far."""
        return self.line.text

    def _say_text(self, app: App, added: str) -> None:
        if self.hides_typing:
            app.say(words.hidden_typed_text(len(self.line.text)))
        else:
            app.say(words.name_typed_text(self.line.text))

    def enter(self, app: App) -> None:
        """Ask for the text."""
        app.say(self.title)

    def handle_gesture(self, app: App, gesture: str) -> bool:
        """Letters type, Backspace rubs out, Enter accepts and Escape goes back."""
        if gesture == "return":
            self.accept(app)
        elif gesture == "escape":
            app.dismiss(None)
        else:
            return self.line.key(app, gesture)  # F1 and the other global keys still work
        return True

    def take_typed(self, app: App, text: str) -> bool:
        """The window: the characters the keyboard typed, in its own layout and script."""
        self.line.typed(app, text)
        return True

    def take_line(self, app: App, line: str) -> bool:
        """Text mode: a whole line typed at once (empty: the default; ``escape``: back)."""
        if line.strip().lower() == "escape" or line.strip() == "\x1b":
            app.dismiss(None)
            return True
        self.line.text = self.line.kept(line.strip())[: self.line.limit]
        self.accept(app)
        return True

    def accept(self, app: App) -> None:
        """Take the text typed (or the default), unless the check refuses it."""
        text = " ".join(self.line.text.split()) or self.default
        problem = self.check(text) if self.check is not None else None
        if problem is not None:
            self.line.text = ""
            app.say(problem, cue="refused")
            return
        app.dismiss(text)

    def display(self, app: App) -> Display:
        """The prompt and the text so far."""
        shown = HIDDEN_MARK * len(self.line.text) if self.hides_typing else self.line.text
        return Display(self.title, [shown or self.default])
