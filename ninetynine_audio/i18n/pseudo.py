"""Pseudo-languages: every message changed in a way a test can see, placeholders kept.

``qps`` accents each letter and wraps the message in ``⟦ ⟧``: a phrase glued from English
pieces, or text that never went through the catalogue, shows as letters outside the brackets.
``qrtl`` writes each message in Hebrew letters between right-to-left embedding marks, the way a
right-to-left translation would reach the window and the terminal.
"""

from __future__ import annotations

import gettext
import re

PSEUDO_LANGUAGES: dict[str, str] = {
    "qps": "Pseudo",
    "qrtl": "Pseudo right to left",
}
"""The pseudo-languages and their names (not offered in Settings; ``--language`` takes them)."""

OPEN = "⟦"
CLOSE = "⟧"
RLE = "\u202b"
PDF = "\u202c"

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥíĵķĺɱñöþʠŕšţûʋŵẋýžÀßÇÐÉƑĜĤÍĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_HEBREW = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "אבגדהוזחטיכלמנסעפצקרשתאבגדאבגדהוזחטיכלמנסעפצקרשתאבגד",
)
# A placeholder ``{name}`` or ``{name:spec}`` and a doubled brace stay as they are.
_KEPT = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")


def pseudo_text(message: str, code: str) -> str:
    """``message`` as pseudo-language ``code`` shows it."""
    if not message:
        return message
    table = _HEBREW if code == "qrtl" else _ACCENTED
    pieces = _KEPT.split(message)
    changed = "".join(
        piece if index % 2 else piece.translate(table) for index, piece in enumerate(pieces)
    )
    if code == "qrtl":
        return f"{RLE}{changed}{PDF}"
    return f"{OPEN}{changed}{CLOSE}"


class PseudoTranslations(gettext.NullTranslations):
    """A catalogue that knows every message: each comes back as the pseudo-language writes it."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code

    def gettext(self, message: str) -> str:
        return pseudo_text(message, self.code)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo_text(msgid1 if n == 1 else msgid2, self.code)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo_text(message, self.code)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo_text(msgid1 if n == 1 else msgid2, self.code)
