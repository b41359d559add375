"""What every computer player offers, and the registry of levels."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ninetynine_audio.games.adding import Action, AddingView


class Bot(Protocol):
    """A computer player: it sees only its seat's view and returns one legal action."""

    level: str

    def choose(self, view: AddingView, rng: random.Random) -> Action:
        """The action to take; ``view.to_act == view.seat`` or the seat owes a draw."""
        ...


BotFactory = Callable[[], Bot]
_LEVELS: dict[str, BotFactory] = {}


def register_level(level: str, factory: BotFactory) -> None:
    """Make ``level`` available to ``make_bot`` (and so to ``--players`` and the menus)."""
    _LEVELS[level] = factory


def make_bot(level: str) -> Bot:
    """A new bot of ``level``; raises ``KeyError`` with the known levels for an unknown one."""
    try:
        factory = _LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown level {level!r}; known: {', '.join(levels())}") from None
    return factory()


def levels() -> tuple[str, ...]:
    """The registered levels, weakest first."""
    return tuple(_LEVELS)
