"""A game as set up by the player or the command line: which game, who sits where, options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import AddingOptions
from ninetynine_audio.games.errors import SetupError

GAMES = ("classic", "arcade", "tactical")
ALIASES = {"adding": "classic", "99": "classic", "33": "tactical", "skill": "arcade"}
DEFAULT_NAMES = ("Lily", "Max", "Zoe", "Anna", "Ben", "Carla", "Dan", "Eve")
ARCADE_NAMES = ("You", "Lily", "Max", "Zoe")


def game_id(text: str) -> str:
    """The game id for a name or alias (``"Classic"`` → ``"classic"``)."""
    key = text.strip().lower()
    key = ALIASES.get(key, key)
    if key not in GAMES:
        raise SetupError(
            f"unknown game {text!r}; choose one of {', '.join(GAMES)}", option="game", value=text
        )
    return key


def default_names(game: str, kinds: Sequence[str]) -> tuple[str, ...]:
    """Seat names for ``kinds``: arcade's fixed four, else You for the first human and others."""
    if game == "arcade":
        return ARCADE_NAMES[: len(kinds)]
    names: list[str] = []
    spare = iter(DEFAULT_NAMES)
    humans = 0
    for kind in kinds:
        if kind == "human":
            humans += 1
            names.append("You" if humans == 1 else f"Player {humans}")
        else:
            names.append(next(spare, f"Player {len(names) + 1}"))
    return tuple(names)


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
                f"unknown player kind {kind!r}; use human or a level: "
                + ", ".join(k for k in known_kinds if k != "human"),
                option="players",
                value=kind,
            )
        names.append(name.strip() or None)
        kinds.append(kind)
    defaults = default_names(game, kinds)
    if game == "arcade" and any(names):
        raise SetupError(
            "arcade seats are You, Lily, Max and Zoe; give only kinds", option="players"
        )
    return tuple(n or d for n, d in zip(names, defaults, strict=True)), tuple(kinds)


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start one game."""

    game: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    options: AddingOptions = field(default_factory=AddingOptions)
    seed: int = 0
    deck: tuple[Card, ...] | None = None
