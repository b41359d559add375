"""What every computer player offers, and the levels registered for each game family.

A family's bots live in ``bots/<family>/``, whose ``__init__`` registers its levels with
:func:`register_level`; the package is imported the first time one of its levels is asked
for, so a program that never plays against the computer never loads the bots.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol


class Bot(Protocol):
    """A computer player: it sees only its seat's view and returns one legal action."""

    level: str

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The action to take for the seat of ``view``, which may act now."""
        ...


BotFactory = Callable[[], Bot]


@dataclass(frozen=True)
class Level:
    """One computer level of a family: its name, how to make one, and how strong it is.

    ``strength`` orders the levels (higher is stronger); the hint and practice use the
    strongest level by this number, never by the order of registration.
    """

    name: str
    factory: BotFactory
    strength: int


_LEVELS: dict[str, dict[str, Level]] = {}


def register_level(family: str, name: str, factory: BotFactory, *, strength: int) -> None:
    """Make level ``name`` available for the games of ``family``."""
    levels = _LEVELS.setdefault(family, {})
    if name in levels:
        raise ValueError(f"the level {name!r} of {family} is registered twice")
    levels[name] = Level(name, factory, strength)


def _family_levels(family: str) -> dict[str, Level]:
    if family not in _LEVELS:
        package = f"ninetynine_audio.bots.{family}"
        try:
            importlib.import_module(package)
        except ModuleNotFoundError as error:
            if error.name != package:
                raise  # the family has bots, and something they need is missing
            return {}
    return _LEVELS.get(family, {})


def levels(family: str) -> tuple[str, ...]:
    """The levels of ``family``, weakest first."""
    found = _family_levels(family)
    return tuple(sorted(found, key=lambda name: found[name].strength))


def strongest_level(family: str) -> str:
    """The name of the strongest level of ``family`` (the hint's and practice's)."""
    return levels(family)[-1]


def make_bot(family: str, level: str) -> Bot:
    """A new bot of ``level`` for ``family``; ``KeyError`` names the known levels."""
    found = _family_levels(family)
    try:
        return found[level].factory()
    except KeyError:
        known = ", ".join(levels(family))
        raise KeyError(f"unknown level {level!r}; known: {known}") from None
