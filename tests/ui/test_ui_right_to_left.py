"""Right-to-left text in the window and the text mode: the pseudo-language ``qrtl`` (every
message in Hebrew letters between right-to-left marks) and players named in Hebrew and Arabic.

In the window each line must be in visual order, inside the window, at the right edge in a
right-to-left language and at the left one otherwise, in a font that has the letters; in the
terminal, the lines stay in reading order with the names as written."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.setup import parse_players, safe_name
from ninetynine_audio.i18n import ENGLISH, is_right_to_left, set_language
from ninetynine_audio.ui.drawn_text import Run, Typeface, _wide_font_path, visual_runs
from ninetynine_audio.ui.harness import Harness, make_app
from ninetynine_audio.ui.window import MARGIN

TOP = Path(__file__).resolve().parents[2]
HEBREW = "אורי"
ARABIC = "ليلى"
NAMES = ("You", HEBREW, ARABIC, "Max")
needs_wide_font = pytest.mark.skipif(
    (pygame.font.init() or _wide_font_path()) is None,
    reason="a system font with Hebrew and Arabic letters (fonts-dejavu-core) draws them",
)

pytestmark = pytest.mark.usefixtures("private_home")


@pytest.fixture
def english_after() -> Iterator[None]:
    """The test may change the process's language; English again after it."""
    yield
    set_language(ENGLISH)


def test_a_line_is_put_in_visual_order_and_each_run_kept_in_reading_order() -> None:
    # An English line with a Hebrew name: the name stays where it is, read right to left.
    assert visual_runs(f"{HEBREW} plays 7, total 40") == [
        Run(HEBREW, True),
        Run(" plays 7, total 40", False),
    ]
    # Two Hebrew words with a space between are one run, in reading order.
    assert visual_runs("Lily plays שלום עולם, total 5") == [
        Run("Lily plays ", False),
        Run("שלום עולם", True),
        Run(", total 5", False),
    ]
    # In a right-to-left paragraph the first words are drawn rightmost; numbers read left to
    # right inside it (the spaces beside them go with the letters' runs, drawn at their
    # ends); the embedding marks are left out once the order is made.
    runs = visual_runs("\u202bשלום 12 עולם\u202c", right_to_left=True)
    assert runs == [Run(" עולם", True), Run("12", False), Run("שלום ", True)]
    assert all("\u202b" not in run.text and "\u202c" not in run.text for run in runs)


def test_names_in_hebrew_and_arabic_are_kept_and_reordering_marks_are_not() -> None:
    assert safe_name(HEBREW, "Lily") == HEBREW
    assert safe_name(ARABIC, "Lily") == ARABIC
    assert safe_name("\u202eevil", "Lily") == "evil"
    kinds = ("human", "normal", "easy")
    names, _ = parse_players("classic", f"You:human,{HEBREW}:normal,{ARABIC}:easy", kinds)
    assert names == ("You", HEBREW, ARABIC)
    with pytest.raises(SetupError):
        parse_players("classic", "You:human,\u202eevil:normal", ("human", "normal"))


def play_some(h: Harness, frames: int = 400) -> None:
    """Let the computers play a while (the player's seat plays its first card when asked)."""
    for _ in range(frames):
        table = h.table
        if table is not None and table.bot_due is None and table.state.to_act in table.humans:
            h.press("1")
        else:
            h.frames(1)


def drawn_lines(h: Harness) -> list[tuple[str, int, int, int, int]]:
    h.app.changed = True
    h.frames(1)
    return [
        (text, top, bottom, left, right)
        for (text, top, bottom), (left, right) in zip(
            h.window.layout, h.window.extents, strict=True
        )
    ]


def assert_inside(lines: list[tuple[str, int, int, int, int]]) -> None:
    surface = pygame.display.get_surface()
    assert surface is not None
    width, height = surface.get_size()
    assert lines
    for text, top, bottom, left, right in lines:
        assert MARGIN - 1 <= left <= right <= width - MARGIN + 1, (text, left, right, width)
        assert 0 <= top < bottom <= height, (text, top, bottom)


@needs_wide_font
def test_the_window_in_a_right_to_left_language_draws_every_line_at_the_right_edge(
    english_after: None,
) -> None:
    setup = GameSetup("classic", NAMES, ("human", "normal", "normal", "normal"), {}, seed=3)
    h = make_app(setup, extra_args=[("language", "qrtl")])
    assert is_right_to_left()
    play_some(h)
    lines = drawn_lines(h)
    assert_inside(lines)
    surface = pygame.display.get_surface()
    assert surface is not None
    width = surface.get_width()
    # Right-aligned: every line ends at the right margin.
    assert all(abs(right - (width - MARGIN)) <= 1 for _, _, _, _, right in lines), lines
    # The messages are Hebrew letters: drawn in the wide font, which has them.
    said = [text for text, *_ in lines if any("\u0590" <= c <= "\u05ff" for c in text)]
    assert said, lines
    font = h.window.normal
    for text in said:
        drawing = font.font_for(text)
        assert drawing is not font.builtin, text
        assert font.has_letters("Total 40") and not font.has_letters(text)
    # The players' names reached the window in the messages.
    shown = " ".join(text for text, *_ in lines)
    assert HEBREW in shown or ARABIC in shown or any(HEBREW in m for m in h.app.messages)


@needs_wide_font
def test_the_window_in_english_keeps_lines_at_the_left_with_names_in_hebrew_and_arabic() -> None:
    setup = GameSetup("classic", NAMES, ("human", "normal", "normal", "normal"), {}, seed=3)
    h = make_app(setup)
    for name in (HEBREW, ARABIC):
        for _ in range(3):
            h.app.say(f"{name} plays a long card name to make the line wrap over rows, total 40")
    lines = drawn_lines(h)
    assert_inside(lines)
    assert all(left == MARGIN for _, _, _, left, _ in lines), lines
    named = [text for text, *_ in lines if HEBREW in text or ARABIC in text]
    assert named, lines
    # A line with a name in Arabic letters is drawn in the wide font, its runs measured in it:
    # the width the window wrapped by is the width it drew.
    font: Typeface = h.window.normal
    for text in named:
        drawn = font.render(text, (255, 255, 255))
        assert drawn.get_width() == font.width(text)


def test_the_text_mode_prints_right_to_left_lines_in_reading_order(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "NINETYNINE_AUDIO_HOME": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONPATH": str(TOP),
        "PYTHONIOENCODING": "utf-8",
    }
    players = f"You:human,{HEBREW}:normal,{ARABIC}:normal"
    command = [sys.executable, "-m", "ninetynine_audio", "--text", "--game", "classic"]
    command += ["--seed", "1", "--bot-pause", "0", "--language", "qrtl", "--players", players]
    done = subprocess.run(
        command,
        input=b"1\n1\n1\nescape\nescape\n",
        capture_output=True,
        env=env,
        timeout=120,
    )
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in done.stderr.decode("utf-8", "replace")
    lines = [line for line in out.splitlines() if line.strip()]
    # Every message is a Hebrew-letter line, stored in reading order (the terminal and the
    # screen reader order it), with each player's name exactly as written.
    assert sum(any("\u0590" <= c <= "\u05ff" for c in line) for line in lines) >= 5, out
    assert HEBREW in out and ARABIC in out, out
    assert HEBREW[::-1] not in out and ARABIC[::-1] not in out
