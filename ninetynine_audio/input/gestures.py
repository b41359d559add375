"""Pygame key presses as gesture names (the only input module that imports pygame).

See ``keynames.py`` for the naming scheme; text mode reads typed names with
``gesture_from_name`` and so reaches the same gestures.
"""

from __future__ import annotations

import string
from collections.abc import Container, Mapping

import pygame

from ninetynine_audio.input.keynames import (
    FORBIDDEN_KEYS,
    KEY_NAMES,
    MODIFIERS,
    GestureError,
    gesture_from_name,
)

__all__ = ["KEY_CODES", "GestureError", "gesture_from_event", "gesture_from_name"]


def _key_codes() -> dict[int, str]:
    codes: dict[int, str] = {
        pygame.K_RETURN: "return",
        pygame.K_ESCAPE: "escape",
        pygame.K_SPACE: "space",
        pygame.K_TAB: "tab",
        pygame.K_BACKSPACE: "backspace",
        pygame.K_DELETE: "delete",
        pygame.K_INSERT: "insert",
        pygame.K_CAPSLOCK: "capslock",
        pygame.K_UP: "up",
        pygame.K_DOWN: "down",
        pygame.K_LEFT: "left",
        pygame.K_RIGHT: "right",
        pygame.K_HOME: "home",
        pygame.K_END: "end",
        pygame.K_PAGEUP: "pageup",
        pygame.K_PAGEDOWN: "pagedown",
        pygame.K_COMMA: "comma",
        pygame.K_PERIOD: "period",
        pygame.K_SLASH: "slash",
        pygame.K_BACKSLASH: "backslash",
        pygame.K_SEMICOLON: "semicolon",
        pygame.K_QUOTE: "quote",
        pygame.K_BACKQUOTE: "backquote",
        pygame.K_MINUS: "minus",
        pygame.K_EQUALS: "equals",
        pygame.K_PLUS: "plus",
        pygame.K_LEFTBRACKET: "leftbracket",
        pygame.K_RIGHTBRACKET: "rightbracket",
        pygame.K_KP_ENTER: "kpenter",
        pygame.K_KP_PLUS: "kpplus",
        pygame.K_KP_MINUS: "kpminus",
        pygame.K_KP_MULTIPLY: "kpmultiply",
        pygame.K_KP_DIVIDE: "kpdivide",
        pygame.K_KP_PERIOD: "kpperiod",
        pygame.K_LCTRL: "ctrl",
        pygame.K_RCTRL: "ctrl",
        pygame.K_LALT: "alt",
        pygame.K_RALT: "alt",
        pygame.K_LSHIFT: "shift",
        pygame.K_RSHIFT: "shift",
    }
    for letter in string.ascii_lowercase:
        codes[getattr(pygame, f"K_{letter}")] = letter
    for digit in string.digits:
        codes[getattr(pygame, f"K_{digit}")] = digit
        codes[getattr(pygame, f"K_KP_{digit}")] = f"kp{digit}"
    for number in range(1, 13):
        codes[getattr(pygame, f"K_F{number}")] = f"f{number}"
    return codes


KEY_CODES: Mapping[int, str] = _key_codes()
"""pygame key code -> key name; every name is in ``keynames.KEY_NAMES``."""

_MODIFIER_MASKS: tuple[tuple[str, int], ...] = (
    ("ctrl", pygame.KMOD_CTRL),
    ("alt", pygame.KMOD_ALT),
    ("shift", pygame.KMOD_SHIFT),
)

assert set(KEY_CODES.values()) <= KEY_NAMES  # a name missing from keynames is a coding slip


def gesture_from_event(
    event: pygame.event.Event, lone_modifiers: Container[str] = frozenset({"ctrl"})
) -> str | None:
    """The canonical gesture of a pygame KEYDOWN event, or None when it is not one to act on.

    None for: other event types, keys without a name, keys kept for the screen reader
    (Insert, Caps Lock, numpad 0), presses made with the Windows / Command key held, and a
    modifier pressed on its own unless it is in ``lone_modifiers`` (pass
    ``keymap.lone_modifiers()``), so Shift alone does not trigger key help.
    """
    if event.type != pygame.KEYDOWN:
        return None
    key_name = KEY_CODES.get(event.key)
    if key_name is None or key_name in FORBIDDEN_KEYS:
        return None
    mod = int(getattr(event, "mod", 0))
    if mod & pygame.KMOD_GUI:
        return None
    if key_name in MODIFIERS:
        # SDL counts the pressed modifier in ``mod`` already; only other modifiers matter.
        others = [name for name, mask in _MODIFIER_MASKS if mod & mask and name != key_name]
        if others or key_name not in lone_modifiers:
            return None
        return key_name
    held = [name for name, mask in _MODIFIER_MASKS if mod & mask]
    return "+".join([*held, key_name])
