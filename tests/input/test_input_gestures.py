"""pygame KEYDOWN events to gesture names, with real pygame events on the dummy video driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from ninetynine_audio.input.gestures import KEY_CODES, gesture_from_event
from ninetynine_audio.input.keymap import load_default_keymap
from ninetynine_audio.input.keynames import KEY_NAMES


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def keydown(key: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    """A KEYDOWN as pygame delivers it: posted to the queue and read back."""
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
    events = [e for e in pygame.event.get() if e.type == pygame.KEYDOWN]
    assert len(events) == 1
    return events[0]


@pytest.mark.parametrize(
    ("key", "mod", "gesture"),
    [
        (pygame.K_t, 0, "t"),
        (pygame.K_RETURN, 0, "return"),
        (pygame.K_KP_ENTER, 0, "kpenter"),
        (pygame.K_LEFT, 0, "left"),
        (pygame.K_PAGEUP, 0, "pageup"),
        (pygame.K_F1, 0, "f1"),
        (pygame.K_F12, 0, "f12"),
        (pygame.K_3, 0, "3"),
        (pygame.K_COMMA, 0, "comma"),
        (pygame.K_r, pygame.KMOD_LCTRL, "ctrl+r"),
        (pygame.K_r, pygame.KMOD_RCTRL, "ctrl+r"),
        (pygame.K_TAB, pygame.KMOD_LSHIFT, "shift+tab"),
        (pygame.K_SLASH, pygame.KMOD_RSHIFT, "shift+slash"),
        (pygame.K_F5, pygame.KMOD_SHIFT | pygame.KMOD_ALT | pygame.KMOD_CTRL, "ctrl+alt+shift+f5"),
        # Lock states are not modifiers of a gesture.
        (pygame.K_t, pygame.KMOD_NUM | pygame.KMOD_CAPS, "t"),
        # Control alone is bound (stop_speech); SDL already counts it in mod.
        (pygame.K_LCTRL, pygame.KMOD_LCTRL, "ctrl"),
        (pygame.K_RCTRL, 0, "ctrl"),
    ],
)
def test_gesture_from_event(key: int, mod: int, gesture: str) -> None:
    assert gesture_from_event(keydown(key, mod)) == gesture


@pytest.mark.parametrize(
    ("key", "mod"),
    [
        (pygame.K_LSHIFT, pygame.KMOD_LSHIFT),  # lone modifier that is not bound
        (pygame.K_LALT, 0),
        (pygame.K_LSHIFT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT),  # part of a chord
        (pygame.K_INSERT, 0),  # the screen reader's key
        (pygame.K_CAPSLOCK, pygame.KMOD_CAPS),
        (pygame.K_KP_0, 0),  # numpad Insert
        (pygame.K_t, pygame.KMOD_LGUI),  # a system shortcut
        (pygame.K_NUMLOCKCLEAR, 0),  # no name
    ],
)
def test_events_not_acted_on(key: int, mod: int) -> None:
    assert gesture_from_event(keydown(key, mod)) is None


def test_lone_modifiers_follow_the_keymap() -> None:
    event = keydown(pygame.K_LSHIFT, pygame.KMOD_LSHIFT)
    assert gesture_from_event(event, lone_modifiers={"shift"}) == "shift"
    keymap = load_default_keymap()
    assert gesture_from_event(keydown(pygame.K_LCTRL), keymap.lone_modifiers()) == "ctrl"
    assert gesture_from_event(keydown(pygame.K_LCTRL), lone_modifiers=()) is None


def test_other_event_types_are_ignored() -> None:
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_t, mod=0)
    assert gesture_from_event(up) is None
    assert gesture_from_event(pygame.event.Event(pygame.QUIT)) is None


def test_every_key_code_has_a_valid_name() -> None:
    assert set(KEY_CODES.values()) <= KEY_NAMES
    # And every name in keymaps can come from a real key press.
    assert KEY_NAMES - set(KEY_CODES.values()) == set()


def test_events_reach_default_commands() -> None:
    keymap = load_default_keymap()
    gesture = gesture_from_event(keydown(pygame.K_c))
    assert gesture is not None and keymap.command_for("table.adding", gesture) == "announce_total"
    gesture = gesture_from_event(keydown(pygame.K_SLASH, pygame.KMOD_LSHIFT))
    assert gesture is not None and keymap.command_for("table", gesture) == "hint"
