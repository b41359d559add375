"""Gesture names: canonical spelling, typed aliases, forbidden keys and spoken words."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ninetynine_audio.input.keynames import (
    KEY_NAMES,
    GestureError,
    gesture_from_name,
    is_forbidden,
    is_lone_modifier,
    speakable_gesture,
    split_gesture,
)


@pytest.mark.parametrize(
    ("typed", "gesture"),
    [
        ("t", "t"),
        ("T", "t"),
        ("Enter", "return"),
        ("return", "return"),
        ("esc", "escape"),
        ("page up", "pageup"),
        ("Page_Down", "pagedown"),
        ("PgUp", "pageup"),
        ("Left Arrow", "left"),
        ("F1", "f1"),
        ("Ctrl + R", "ctrl+r"),
        ("control+r", "ctrl+r"),
        ("shift+alt+ctrl+f5", "ctrl+alt+shift+f5"),
        ("Shift+Tab", "shift+tab"),
        ("?", "shift+slash"),
        ("/", "slash"),
        (",", "comma"),
        (".", "period"),
        ("+", "plus"),
        ("-", "minus"),
        ("ctrl++", "ctrl+plus"),
        ("ctrl+-", "ctrl+minus"),
        (" ", "space"),
        ("numpad 5", "kp5"),
        ("Control", "ctrl"),
        ("insert", "insert"),  # named, so keymap validation can say why it is refused
    ],
)
def test_gesture_from_name_canonicalises(typed: str, gesture: str) -> None:
    assert gesture_from_name(typed) == gesture


@pytest.mark.parametrize(
    "typed", ["", "enterr", "hyper+k", "ctrl+ctrl+r", "ctrl+shift", "ctrl+", "f13", "shift+?"]
)
def test_gesture_from_name_refuses(typed: str) -> None:
    with pytest.raises(GestureError):
        gesture_from_name(typed)


def test_canonical_names_are_their_own_canonical_form() -> None:
    for name in KEY_NAMES:
        assert gesture_from_name(name) == name
        assert name == name.lower() and " " not in name and "+" not in name


@pytest.mark.parametrize(
    ("gesture", "words"),
    [
        ("return", "Enter"),
        ("ctrl+r", "Control plus R"),
        ("f1", "F1"),
        ("left", "Left arrow"),
        ("pageup", "Page up"),
        ("shift+slash", "Shift plus Slash"),
        ("ctrl", "Control"),
        ("7", "7"),
        ("kpenter", "Keypad Enter"),
    ],
)
def test_speakable_gesture(gesture: str, words: str) -> None:
    assert speakable_gesture(gesture) == words


def test_every_key_name_has_words() -> None:
    for name in KEY_NAMES:
        words = speakable_gesture(name)
        assert words[0].isupper() or words[0].isdigit()


def test_split_and_predicates() -> None:
    assert split_gesture("ctrl+alt+x") == (("ctrl", "alt"), "x")
    assert split_gesture("x") == ((), "x")
    assert is_forbidden("insert") and is_forbidden("ctrl+capslock") and is_forbidden("kp0")
    assert not is_forbidden("ctrl+i")
    assert is_lone_modifier("ctrl") and not is_lone_modifier("ctrl+c")


def test_keynames_and_keymap_do_not_import_pygame() -> None:
    # Keymap validation must run where pygame is missing (text mode, tools); a fresh
    # interpreter shows what the import really pulls in.
    code = (
        "import sys, ninetynine_audio.input.keymap; "
        "sys.exit(1 if any(m.split('.')[0] == 'pygame' for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
