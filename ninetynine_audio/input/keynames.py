"""Gesture names: the one spelling of a key press shared by keymaps, pygame and text mode.

A gesture is a key name, optionally preceded by modifiers, all lowercase and joined by ``+``
in the fixed order ``ctrl+``, ``alt+``, ``shift+``: ``"t"``, ``"return"``, ``"pageup"``,
``"ctrl+r"``, ``"shift+tab"``, ``"ctrl+alt+shift+f5"``. A modifier pressed on its own is a
gesture too (``"ctrl"``). This module is pure Python so keymap validation never needs pygame;
``gestures.py`` turns pygame events into these names.
"""

from __future__ import annotations

import string

from ninetynine_audio.i18n import N_, _

MODIFIERS: tuple[str, ...] = ("ctrl", "alt", "shift")
"""Modifier prefixes, in the order they are written in a canonical gesture."""

_MODIFIER_ALIASES: dict[str, str] = {
    "ctrl": "ctrl",
    "control": "ctrl",
    "ctl": "ctrl",
    "alt": "alt",
    "option": "alt",
    "shift": "shift",
}

_NAMED_KEYS: dict[str, str] = {
    # canonical name -> how key help speaks it
    "return": N_("Enter"),
    "escape": N_("Escape"),
    "space": N_("Space"),
    "tab": N_("Tab"),
    "backspace": N_("Backspace"),
    "delete": N_("Delete"),
    "insert": N_("Insert"),
    "capslock": N_("Caps Lock"),
    "up": N_("Up arrow"),
    "down": N_("Down arrow"),
    "left": N_("Left arrow"),
    "right": N_("Right arrow"),
    "home": N_("Home"),
    "end": N_("End"),
    "pageup": N_("Page up"),
    "pagedown": N_("Page down"),
    "comma": N_("Comma"),
    "period": N_("Period"),
    "slash": N_("Slash"),
    "backslash": N_("Backslash"),
    "semicolon": N_("Semicolon"),
    "quote": N_("Apostrophe"),
    "backquote": N_("Grave accent"),
    "minus": N_("Minus"),
    "equals": N_("Equals"),
    "plus": N_("Plus"),
    "leftbracket": N_("Left bracket"),
    "rightbracket": N_("Right bracket"),
    "kpenter": N_("Keypad Enter"),
    "kpplus": N_("Keypad plus"),
    "kpminus": N_("Keypad minus"),
    "kpmultiply": N_("Keypad star"),
    "kpdivide": N_("Keypad slash"),
    "kpperiod": N_("Keypad period"),
    "ctrl": N_("Control"),
    "alt": N_("Alt"),
    "shift": N_("Shift"),
}
_NAMED_KEYS.update({f"f{n}": f"F{n}" for n in range(1, 13)})
_KEYPAD_DIGITS = {f"kp{d}": d for d in string.digits}
_NAMED_KEYS.update(dict.fromkeys(_KEYPAD_DIGITS, ""))

KEY_NAMES: frozenset[str] = frozenset(
    set(_NAMED_KEYS) | set(string.ascii_lowercase) | set(string.digits)
)
"""Every key name a gesture may end in."""

FORBIDDEN_KEYS: frozenset[str] = frozenset({"insert", "capslock", "kp0"})
"""Keys screen readers take as their own modifier; the game never binds them.

Numpad 0 is Insert when Num Lock is off, and screen readers use it as their key on desktop
layouts, so it is refused with the other two.
"""

_LONE_ONLY: frozenset[str] = frozenset(MODIFIERS)

# Spellings people type (in text mode or a hand-written keymap) for canonical names.
_KEY_ALIASES: dict[str, str] = {
    "enter": "return",
    "esc": "escape",
    "spacebar": "space",
    "del": "delete",
    "ins": "insert",
    "pgup": "pageup",
    "prior": "pageup",
    "pgdn": "pagedown",
    "pgdown": "pagedown",
    "next": "pagedown",
    "uparrow": "up",
    "downarrow": "down",
    "leftarrow": "left",
    "rightarrow": "right",
    "control": "ctrl",
    "ctl": "ctrl",
    "apostrophe": "quote",
    "grave": "backquote",
    "dot": "period",
    "fullstop": "period",
    "keypadenter": "kpenter",
    "numpadenter": "kpenter",
}
_KEY_ALIASES.update({f"keypad{d}": f"kp{d}" for d in string.digits})
_KEY_ALIASES.update({f"numpad{d}": f"kp{d}" for d in string.digits})

# Single typed characters; "?" and "+" are written as the US-layout keys that make them.
_CHARACTER_GESTURES: dict[str, str] = {
    " ": "space",
    ",": "comma",
    ".": "period",
    "/": "slash",
    "\\": "backslash",
    ";": "semicolon",
    "'": "quote",
    "`": "backquote",
    "-": "minus",
    "=": "equals",
    "+": "plus",
    "[": "leftbracket",
    "]": "rightbracket",
    "?": "shift+slash",
}


class GestureError(ValueError):
    """A gesture name that names no key, or a key combination that cannot be pressed."""


def _canonical_key(text: str) -> str:
    if text in _CHARACTER_GESTURES and "+" not in _CHARACTER_GESTURES[text]:
        return _CHARACTER_GESTURES[text]
    squeezed = text.replace(" ", "").replace("_", "").replace("-", "")
    squeezed = _KEY_ALIASES.get(squeezed, squeezed)
    if squeezed not in KEY_NAMES:
        raise GestureError(_('"{text}" is not a key name').format(text=text))
    return squeezed


def gesture_from_name(text: str) -> str:
    """Return the canonical gesture for a typed or written key name.

    Accepts the canonical form and common spellings, case-insensitively: ``"Enter"`` and
    ``"return"`` give ``"return"``, ``"Ctrl + R"`` gives ``"ctrl+r"``, ``"page up"`` gives
    ``"pageup"``, ``"?"`` gives ``"shift+slash"``. Forbidden keys are still returned here (see
    ``is_forbidden``) so the caller can say why they are refused.

    Raises:
        GestureError: the text names no key, repeats a modifier, or puts a modifier
            in front of another modifier.
    """
    if text and not text.strip(" "):
        return "space"  # a typed space is the space bar, not an empty name
    raw = text.strip().lower()
    if not raw:
        raise GestureError(_("an empty key name"))
    if raw in _CHARACTER_GESTURES:
        return _CHARACTER_GESTURES[raw]
    if raw.endswith("+"):
        # "ctrl++" means Control with the plus key.
        head = raw[:-1].rstrip()
        if not head.endswith("+"):
            raise GestureError(
                _('"{text}" ends with a plus sign but names no key').format(text=text.strip())
            )
        modifier_parts = [part.strip() for part in head[:-1].split("+")]
        key_part = "+"
    else:
        *modifier_parts, key_part = (part.strip() for part in raw.split("+"))
    modifiers: set[str] = set()
    for part in modifier_parts:
        modifier = _MODIFIER_ALIASES.get(part)
        if modifier is None:
            raise GestureError(
                _('"{part}" in "{text}" is not a modifier').format(part=part, text=text.strip())
            )
        if modifier in modifiers:
            raise GestureError(
                _('"{text}" names {modifier} twice').format(text=text.strip(), modifier=modifier)
            )
        modifiers.add(modifier)
    key = _canonical_key(key_part)
    if key in _LONE_ONLY and modifiers:
        raise GestureError(
            _('"{text}" puts a modifier before another modifier').format(text=text.strip())
        )
    ordered = [m for m in MODIFIERS if m in modifiers]
    return "+".join([*ordered, key])


def split_gesture(gesture: str) -> tuple[tuple[str, ...], str]:
    """Split a canonical gesture into its modifiers and its key: ``"ctrl+r"`` → (("ctrl",), "r")."""
    *modifiers, key = gesture.split("+")
    return tuple(modifiers), key


def is_forbidden(gesture: str) -> bool:
    """Whether a canonical gesture uses a key reserved for screen readers (Insert, Caps Lock)."""
    return split_gesture(gesture)[1] in FORBIDDEN_KEYS


def is_lone_modifier(gesture: str) -> bool:
    """Whether a canonical gesture is a modifier pressed on its own (``"ctrl"``)."""
    return gesture in _LONE_ONLY


def speakable_gesture(gesture: str) -> str:
    """Words for a canonical gesture, for key help: ``"ctrl+r"`` → ``"Control plus R"``.

    Other examples: ``"return"`` → ``"Enter"``, ``"left"`` → ``"Left arrow"``, ``"f1"`` → ``"F1"``.
    """
    modifiers, key = split_gesture(gesture)
    words = [_(_NAMED_KEYS[m]) for m in modifiers]
    if key in _KEYPAD_DIGITS:
        words.append(_("Keypad {digit}").format(digit=_KEYPAD_DIGITS[key]))
    elif key in _NAMED_KEYS and not key.startswith("f"):
        words.append(_(_NAMED_KEYS[key]))
    else:
        words.append(_NAMED_KEYS.get(key, key.upper()))
    spoken = words[0]
    for word in words[1:]:
        # Translators: a key pressed with a modifier held: "Control plus R".
        spoken = _("{keys} plus {key}").format(keys=spoken, key=word)
    return spoken
