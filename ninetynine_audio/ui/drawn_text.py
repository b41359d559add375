"""How a line of text is drawn in the window: in visual order, in a font that has its letters.

pygame draws a string's characters left to right in the order they are stored, in one font.
Hebrew and Arabic are stored in reading order, so a right-to-left translation, or a player
called אורי or ليلى, drawn as stored would read backwards; and pygame's built-in font has no
Hebrew or Arabic letters at all, only empty boxes. So each line is put into visual order by the
Unicode bidirectional algorithm (python-bidi), cut into runs of one direction, and each
right-to-left run is laid out by the font's own shaping (SDL_ttf's HarfBuzz: Arabic letters
join as they should), in a system font that has the letters when the built-in one lacks them.
The text mode prints lines in reading order, as terminals and screen readers expect.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache

import pygame
from bidi import get_display

WIDE_FONTS = (
    "dejavusans",
    "arial",
    "segoeui",
    "tahoma",
    "notosans",
    "freesans",
    "liberationsans",
)
"""System fonts tried, in order, for letters the built-in font lacks (DejaVu Sans on most
Linux systems, Arial and Segoe UI on Windows and macOS have Hebrew and Arabic)."""

_RIGHT_TO_LEFT = frozenset({"R", "AL"})
_EMBEDDING = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a line, in reading order, and whether it is laid out right to left."""

    text: str
    right_to_left: bool


def _is_right_to_left(char: str) -> bool:
    return unicodedata.bidirectional(char) in _RIGHT_TO_LEFT


def _is_strong(char: str) -> bool:
    return unicodedata.bidirectional(char) in ("L", "R", "AL")


def visual_runs(text: str, right_to_left: bool = False) -> list[Run]:
    """``text`` as drawn from left to right: its runs of one direction, each in reading order.

    ``right_to_left`` is the direction of the language in use: it decides where the
    paragraph's neutral characters and left-to-right pieces go. The marks that embed or
    isolate text have done their work once the line is in visual order and are left out.
    """
    visual = [
        char
        for char in get_display(text, base_dir="R" if right_to_left else "L")
        if unicodedata.bidirectional(char) not in _EMBEDDING and char not in "\u200e\u200f"
    ]
    # A neutral (a space, a comma) or a mark between two right-to-left letters belongs to
    # their run; anywhere else it is drawn where it stands.
    flags: list[bool] = []
    for index, char in enumerate(visual):
        if _is_strong(char):
            flags.append(_is_right_to_left(char))
            continue
        before = next((c for c in reversed(visual[:index]) if _is_strong(c)), None)
        after = next((c for c in visual[index + 1 :] if _is_strong(c)), None)
        flags.append(
            before is not None
            and after is not None
            and _is_right_to_left(before)
            and _is_right_to_left(after)
            and not char.isdigit()
        )
    runs: list[Run] = []
    start = 0
    for index in range(1, len(visual) + 1):
        if index == len(visual) or flags[index] != flags[start]:
            piece = "".join(visual[start:index])
            # A right-to-left run goes back to reading order: the font lays it out.
            runs.append(Run(piece[::-1] if flags[start] else piece, flags[start]))
            start = index
    return runs


def _script(text: str) -> str:
    """The ISO 15924 code of the first right-to-left letter's script, for the shaper."""
    for char in text:
        if _is_right_to_left(char):
            return "Arab" if unicodedata.bidirectional(char) == "AL" else "Hebr"
    return "Latn"


@cache
def _wide_font_path() -> str | None:
    """The first system font of :data:`WIDE_FONTS` that is installed, if any."""
    for name in WIDE_FONTS:
        path = pygame.font.match_font(name)
        if path:
            return str(path)
    return None


class Typeface:
    """One size of the window's text: the built-in font, and a wide system font for lines
    with letters the built-in one lacks."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.builtin = pygame.font.Font(None, size)
        self._wide: pygame.font.Font | None = None
        self._wide_tried = False
        self._missing = self.builtin.metrics("\U0010fffd")[0]
        self._glyphs: dict[str, bool] = {}

    def get_linesize(self) -> int:
        """The height of a line in the built-in font."""
        return int(self.builtin.get_linesize())

    def has_letters(self, text: str) -> bool:
        """Whether the built-in font has a glyph for every letter and sign of ``text``."""
        return all(self._has_glyph(char) for char in set(text))

    def _has_glyph(self, char: str) -> bool:
        # Asked for every word tried while a line is wrapped, at every redraw: each character
        # is looked up in the font once.
        known = self._glyphs.get(char)
        if known is None:
            known = (
                char.isspace()
                or unicodedata.category(char) == "Cf"
                or self.builtin.metrics(char)[0] != self._missing
            )
            self._glyphs[char] = known
        return known

    def wide(self) -> pygame.font.Font | None:
        """The wide system font at this size (None when the system has none)."""
        if not self._wide_tried:
            self._wide_tried = True
            path = _wide_font_path()
            if path is not None:
                try:
                    self._wide = pygame.font.Font(path, round(self.size * 0.72))
                except (OSError, pygame.error):
                    self._wide = None
        return self._wide

    def font_for(self, text: str) -> pygame.font.Font:
        """The font that draws ``text``: the built-in one when it has every letter."""
        if self.has_letters(text):
            return self.builtin
        return self.wide() or self.builtin

    def width(self, text: str, right_to_left: bool = False) -> int:
        """How wide ``text`` is drawn, in pixels."""
        font = self.font_for(text)
        return sum(_run_size(font, run)[0] for run in visual_runs(text, right_to_left))

    def render(
        self, text: str, colour: tuple[int, int, int], right_to_left: bool = False
    ) -> pygame.Surface:
        """``text`` drawn in ``colour`` on a transparent surface, runs in visual order."""
        font = self.font_for(text)
        runs = visual_runs(text, right_to_left)
        pieces = [_render_run(font, run, colour) for run in runs]
        height = max([font.get_linesize(), *(p.get_height() for p in pieces)])
        surface = pygame.Surface((max(1, sum(p.get_width() for p in pieces)), height))
        surface = surface.convert_alpha() if pygame.display.get_surface() else surface
        surface.fill((0, 0, 0, 0))
        x = 0
        for piece in pieces:
            surface.blit(piece, (x, 0))
            x += piece.get_width()
        return surface


def _shaped(font: pygame.font.Font, run: Run) -> bool:
    """Set the font to lay ``run`` out; False when its SDL_ttf cannot shape text."""
    try:
        if run.right_to_left:
            font.set_script(_script(run.text))
            font.set_direction(pygame.DIRECTION_RTL)
        else:
            font.set_script("Latn")
            font.set_direction(pygame.DIRECTION_LTR)
    except (pygame.error, AttributeError, ValueError):
        return False
    return True


def _run_size(font: pygame.font.Font, run: Run) -> tuple[int, int]:
    if _shaped(font, run) or not run.right_to_left:
        return font.size(run.text)
    return font.size(run.text[::-1])


def _render_run(font: pygame.font.Font, run: Run, colour: tuple[int, int, int]) -> pygame.Surface:
    if font.size(run.text)[0] == 0:
        # Nothing to draw (a zero-width non-joiner typed last, before the letter it parts):
        # SDL_ttf refuses to render it.
        return pygame.Surface((0, font.get_linesize()), pygame.SRCALPHA)
    if _shaped(font, run) or not run.right_to_left:
        return font.render(run.text, True, colour)
    # Without a shaper the letters are drawn in visual order, one by one, left to right.
    return font.render(run.text[::-1], True, colour)
