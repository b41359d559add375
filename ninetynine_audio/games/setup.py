"""A game as set up by the player or the command line: which game, who sits where, options.

Everything here works through the registry, for any game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.registry import find_game

__all__ = ["GameSetup", "default_names", "game_id", "parse_players"]


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
        names.append(name.strip() or None)
        kinds.append(kind)
    game_spec = find_game(game)
    defaults = game_spec.default_names(tuple(kinds))
    if game_spec.fixed_seats is not None and any(names):
        seats = ", ".join(game_spec.fixed_seats[:-1]) + " and " + game_spec.fixed_seats[-1]
        raise SetupError(f"{game} seats are {seats}; give only kinds", option="players")
    return tuple(n or d for n, d in zip(names, defaults, strict=True)), tuple(kinds)
