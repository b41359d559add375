"""A new game touches nothing shared: the how-to of ``docs/architecture.md`` followed for a
toy family, High card, kept whole in one folder outside the package (engine, computer players,
wording, table, keys, rules and its Spanish messages: ``tests/games/toy_family/high_card``).

The folder is copied to a temporary place and registered by naming its package in
``NINETYNINE_AUDIO_FAMILIES``; then the shared checks every game gets by registering run over
it unchanged, in a process of their own: the conformance test, the secrecy test, a whole game
through the menus by keys in the pseudo-language, its rules read by keys, every command with a
handler and a key, the families' manifests. Nothing of the repository is written.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

TESTS = Path(__file__).resolve().parent
TOP = TESTS.parents[1]
TOY = TESTS / "toy_family" / "high_card"

CHECKS = (
    "tests/games/test_games_conformance.py",
    "tests/games/test_games_secrecy.py",
    "tests/i18n/test_i18n_by_keys.py",
    "tests/ui/test_ui_help.py",
    "tests/ui/test_ui_seat_port.py",
    "tests/games/test_families.py",
    "tests/input/test_input_keymap.py::test_keymap_documentation_lists_every_command_under_its_section",
)
"""The shared checks run over the new family (those of every game select it by its name)."""

PER_GAME = (
    "test_random_legal_play_ends_with_an_outcome",
    "test_the_log_replays_to_the_same_events",
    "test_no_view_shows_cards_its_seat_cannot_see",
    "test_every_kind_of_event_has_a_spoken_line",
    "test_a_whole_game_through_the_menus_in_the_pseudo_language_is_all_translated",
    "test_every_game_s_rules_are_read_to_the_end_by_keys",
    "test_every_family_command_has_a_handler",
)
"""Checks of one game or family that must have run for High card."""


def build(place: Path) -> Path:
    """The toy family copied into ``place``, its Spanish catalogue compiled there; the folder
    that goes on the import path."""
    root = place / "families"
    shutil.copytree(TOY, root / "high_card")
    for source in (root / "high_card" / "locale").rglob("*.po"):
        with source.open("rb") as handle:
            catalogue = read_po(handle, locale=source.parents[1].name)
        with source.with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalogue)
    return root


def environment(root: Path, home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "NINETYNINE_AUDIO_FAMILIES": "high_card",
        "PYTHONPATH": os.pathsep.join([str(root), str(TOP)]),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "SDL_AUDIODRIVER": "dummy",
        "SDL_VIDEODRIVER": "dummy",
    }


def tracked_state() -> str:
    """What git sees changed in the repository, to show the checks wrote nothing there."""
    done = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=TOP,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout if done.returncode == 0 else ""


@pytest.mark.slow
def test_a_new_family_in_its_own_folder_passes_every_shared_check(tmp_path: Path) -> None:
    root = build(tmp_path)
    before = tracked_state()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            "-q",
            "-rA",
            *CHECKS,
            "-k",
            "high_card or not [",
        ],
        cwd=TOP,
        env=environment(root, tmp_path / "home"),
        capture_output=True,
        text=True,
        timeout=1200,
    )
    report = done.stdout[-6000:]
    assert done.returncode == 0, report
    passed = set(re.findall(r"^PASSED (\S+)", done.stdout, re.MULTILINE))
    for name in PER_GAME:
        assert any(name in test and "high_card" in test for test in passed), (name, report)
    assert tracked_state() == before


LANGUAGES_PROBE = """
from ninetynine_audio.cli import default_game
from ninetynine_audio.games.registry import game_ids
from ninetynine_audio.i18n import using
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.ui.menus import language_entry
from high_card import CardPlayed
from high_card.words import narrate
from ninetynine_audio.cards import parse_card

played = CardPlayed("Lily", parse_card("QH"), 1)
seen = Perspective("high_card", ("You", "Lily"), (0.0, 0.0), frozenset({0}), 0)
print("games:", ",".join(game_ids()))
print("default:", default_game())
for code in ("es", "de"):
    with using(code):
        print(code, "|", language_entry(code), "|", narrate([played], seen)[0].text)
"""


def test_a_language_without_the_new_family_says_it_in_english_and_settings_says_so(
    tmp_path: Path,
) -> None:
    root = build(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", LANGUAGES_PROBE],
        cwd=tmp_path,
        env=environment(root, tmp_path / "home"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "games: classic,arcade,tactical,colours,tricks,high_card"
    assert lines[1] == "default: classic"
    # Spanish has the family's own catalogue: its words are Spanish, and Settings says nothing.
    assert lines[2] == "es | Español | Lily echa Reina"
    # German has none: the game is said in English, and the language's entry says so.
    german = "Deutsch, aber das Spiel High card ist auf Englisch"
    assert lines[3] == f"de | {german} | Lily lays down Dame"
