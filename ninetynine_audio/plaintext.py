"""Text that is safe to show or print: without control characters or direction overrides.

Text a person typed reaches other people (chat, names) and the text client prints what a server
sends into a terminal. A control character there (ESC starts a terminal's escape sequences,
BEL rings, C1 codes act on some terminals) or a direction override or isolate (which turns
the letters after it around, so that a line reads as something else) must never pass. This
leaf module, of the standard library only, is what every layer uses to find and remove them.
"""

from __future__ import annotations

TYPE_CHECKING = False  # ``typing`` is not imported before text mode's first line
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["has_controls", "join_phrases", "one_line", "without_controls"]

_SENTENCE_ENDS = (".", "!", "?", ":", ";", ",")

DIRECTION_MARKS = frozenset(
    "\u061c\u200e\u200f"  # the Arabic letter mark, the left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings, overrides and their end
    "\u2066\u2067\u2068\u2069"  # isolates and their end
)
"""The characters that change the direction text is shown in."""


SEPARATORS = frozenset("\u2028\u2029")
"""The line separator and the paragraph separator, the only characters of Unicode's categories
Zl and Zp."""


def _is_control(char: str) -> bool:
    """A C0 or C1 control, DEL, a line or paragraph separator, or a direction mark.

    The controls (Unicode's category Cc) are U+0000 to U+001F and U+007F to U+009F, which
    Unicode promises never to change; told by number, without loading ``unicodedata`` before
    text mode's first line."""
    code = ord(char)
    return code < 0x20 or 0x7F <= code <= 0x9F or char in SEPARATORS or char in DIRECTION_MARKS


def has_controls(text: str) -> bool:
    """Whether ``text`` holds a control character or a direction mark."""
    return any(_is_control(char) for char in text)


def without_controls(text: str) -> str:
    """``text`` with every control character made a space and every direction mark removed
    (a tab or a line break in a chat line is a space; an override is nothing)."""
    if not has_controls(text):
        return text
    return "".join(
        "" if char in DIRECTION_MARKS else " " if _is_control(char) else char for char in text
    )


def one_line(text: str) -> str:
    """``text`` as the text backend prints it: without controls, its spaces and line breaks
    made single spaces."""
    return " ".join(without_controls(text).split())


def join_phrases(texts: Sequence[str]) -> str:
    """Join phrases into one, ending each with a stop so a screen reader pauses between them."""
    parts = [text.strip() for text in texts if text.strip()]
    for index, text in enumerate(parts[:-1]):
        if not text.endswith(_SENTENCE_ENDS):
            parts[index] = text + "."
    return " ".join(parts)
