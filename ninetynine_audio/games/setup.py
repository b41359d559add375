"""A game as set up by the player or the command line: which game, who sits where, options.

Everything here works through the registry, for any game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.registry import find_game

__all__ = ["MAX_NAME_LENGTH", "GameSetup", "default_names", "game_id", "parse_players"]

MAX_NAME_LENGTH = 40
"""The longest name a seat may have; speech and the window read the whole of it."""


def _check_name(name: str) -> None:
    """Refuse names that would reach the terminal or the screen reader as controls.

    Control characters (escape sequences, bells, NUL) and the marks that reorder text
    (bidirectional overrides) are refused; the name is otherwise kept exactly as written, in
    the player's own spelling and case.
    """
    bad = [c for c in name if unicodedata.category(c) == "Cc" or c in _REORDERING]
    if bad:
        shown = ", ".join(f"U+{ord(c):04X}" for c in dict.fromkeys(bad))
        raise SetupError(
            f"a player's name cannot hold control characters ({shown})",
            option="players",
            value=name,
        )
    if len(name) > MAX_NAME_LENGTH:
        raise SetupError(
            f"a player's name can be at most {MAX_NAME_LENGTH} characters long",
            option="players",
            value=name,
        )


_REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def game_id(text: str) -> str:
    """The game id for a name or alias (``"Classic"`` → ``"classic"``)."""
    return find_game(text).id


def default_names(game: str, kinds: Sequence[str]) -> tuple[str, ...]:
    """Seat names for ``kinds`` in ``game`` (arcade's fixed four; else You and others)."""
    return find_game(game).default_names(tuple(kinds))


def parse_players(
    game: str, spec: str, known_kinds: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Read ``"easy,normal"`` or ``"You:human,Sam:human,Lily:normal"`` into names and kinds."""
    names: list[str | None] = []
    kinds: list[str] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            raise SetupError("an empty entry in --players", option="players", value=spec)
        name, sep, kind = part.rpartition(":")
        if not sep:
            name, kind = "", part
        kind = kind.strip().lower()
        if kind not in known_kinds:
            raise SetupError(
                f"unknown player kind {kind!r}; use {HUMAN} or a level: "
                + ", ".join(k for k in known_kinds if k != HUMAN),
                option="players",
                value=kind,
            )
        name = name.strip()
        _check_name(name)
        names.append(name or None)
        kinds.append(kind)
    game_spec = find_game(game)
    defaults = game_spec.default_names(tuple(kinds))
    if game_spec.fixed_seats is not None and any(names):
        seats = ", ".join(game_spec.fixed_seats[:-1]) + " and " + game_spec.fixed_seats[-1]
        raise SetupError(f"{game} seats are {seats}; give only kinds", option="players")
    return tuple(n or d for n, d in zip(names, defaults, strict=True)), tuple(kinds)
