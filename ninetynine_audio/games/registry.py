"""Every game the program plays, found by id or alias.

Each family is a package (a subpackage of ``ninetynine_audio.games``, or one named in
``NINETYNINE_AUDIO_FAMILIES``) whose ``__init__`` ends by calling :func:`register` for each of
its games. The families are those ``families.py`` finds, so adding a game family is adding its
folder: no list of games is written anywhere else.
"""

from __future__ import annotations

import importlib

from ninetynine_audio.families import MANIFEST, family, registered_families
from ninetynine_audio.games.base import HUMAN, ActionT, AnySpec, GameSpec, StateT, ViewT
from ninetynine_audio.games.errors import SetupError

_GAMES: dict[str, AnySpec] = {}
_ALIASES: dict[str, str] = {}
_loaded = False


def register(spec: GameSpec[StateT, ActionT, ViewT]) -> GameSpec[StateT, ActionT, ViewT]:
    """Make ``spec`` a game of the program; its id and aliases must be new.

    Its family's ``family.toml`` must name the game, and every computer seat of
    ``default_kinds`` must be one of the levels that manifest lists: a table the game deals by
    default must be one its family can seat.

    Raises:
        ValueError: a name is taken, or the game does not fit its family's manifest.
    """
    check_against_family(spec)
    for name in (spec.id, *spec.aliases):
        if name in _GAMES or name in _ALIASES:
            raise ValueError(f"the game name {name!r} is registered twice")
    _GAMES[spec.id] = spec
    for alias in spec.aliases:
        _ALIASES[alias] = spec.id
    return spec


def check_against_family(spec: AnySpec) -> None:
    """Refuse a game its family's manifest does not describe, or whose default table names a
    computer level the family does not have.

    Raises:
        ValueError: the message names the game, the family and what is wrong.
    """
    try:
        entry = family(spec.family)
    except KeyError:
        raise ValueError(
            f"the game {spec.id!r} is of the family {spec.family!r}, which has no {MANIFEST}"
        ) from None
    if spec.id not in {game.id for game in entry.games}:
        raise ValueError(f"the game {spec.id!r} is not among the games of {entry.manifest}")
    unknown = [kind for kind in spec.default_kinds if kind != HUMAN and kind not in entry.level_ids]
    if unknown:
        raise ValueError(
            f"the default seats of {spec.id!r} name the level {unknown[0]!r}, which the family"
            f" {entry.name!r} does not have; its levels are {', '.join(entry.level_ids)}"
        )


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for entry in registered_families():
        importlib.import_module(entry.package)


def _family_order(spec: AnySpec) -> int:
    # The family's place among the families (one no manifest names goes last).
    names = [entry.name for entry in registered_families()]
    return names.index(spec.family) if spec.family in names else len(names)


def all_games() -> tuple[AnySpec, ...]:
    """Every registered game: the families in the order ``registered_families`` gives them,
    each family's games in the order it registered them (whichever family happened to be
    imported first)."""
    _load()
    return tuple(sorted(_GAMES.values(), key=_family_order))


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game."""
    return tuple(spec.id for spec in all_games())


def find_game(name: str) -> AnySpec:
    """The game called ``name`` (its id or an alias, any case).

    Raises:
        SetupError: no game has that name; the message lists the ids.
    """
    _load()
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    spec = _GAMES.get(key)
    if spec is None:
        raise SetupError(
            "unknown game {value!r}; choose one of {games}",
            option="game",
            value=name,
            games=", ".join(_GAMES),
        )
    return spec


def is_game(name: str) -> bool:
    """Whether ``name`` is the id of a registered game."""
    _load()
    return name in _GAMES
