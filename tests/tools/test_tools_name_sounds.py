"""The computer players' names: none sounds like another, nor like a short name people often
have, in any voice of the game's languages (espeak-ng's sounds, as ``tools/name_sounds.py``
weighs them)."""

from __future__ import annotations

import itertools
import shutil

import pytest
from helpers.tools import load_tool

from ninetynine_audio.games.base import COMPUTER_NAMES

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng speaks")

APART = 0.5
"""The least nearness (0 alike, 1 nothing alike) of a computer name to any other name."""


def test_the_nearness_of_sounds() -> None:
    tool = load_tool("tools/name_sounds.py", "name_sounds")
    assert tool.nearness("ana", "ana") == 0.0
    assert tool.nearness("ana", "an") == pytest.approx(1 / 3)
    assert tool.nearness("max", "boris") == 1.0


def test_no_two_computer_names_sound_alike() -> None:
    tool = load_tool("tools/name_sounds.py", "name_sounds")
    for voice in tool.VOICES:
        for a, b in itertools.combinations(COMPUTER_NAMES, 2):
            near = tool.nearness(tool.sounds(voice, a), tool.sounds(voice, b))
            assert near >= APART, (voice, a, b, near)


def test_no_new_computer_name_sounds_like_a_common_name() -> None:
    """Lily, Max and Zoe are the arcade's, kept as they are; the others are chosen apart."""
    tool = load_tool("tools/name_sounds.py", "name_sounds")
    for name in COMPUTER_NAMES[3:]:
        for voice in tool.VOICES:
            near, other = tool.nearest(voice, name, tool.PEOPLE)
            assert near >= APART, (voice, name, other, near)
