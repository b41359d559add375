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

from ninetynine_audio.families import family as family_entry


class Bot(Protocol):
    """A computer player: it sees only its seat's view and returns one legal action."""

    level: str

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The action to take for the seat of ``view``, which may act now."""
        ...


BotFactory = Callable[[], Bot]
Clock = Callable[[], float]


@dataclass(frozen=True)
class Budget:
    """How much a searching level may search for one decision.

    The search is counted in samples, so a decision depends only on the view and the bot's
    generator: ``scale`` multiplies every count a level uses (the hint searches less than a
    computer seat). A clock may be injected from outside (``bots/`` never reads one itself):
    then a search also stops, after its first sample, once ``seconds`` of that clock are spent.
    """

    scale: float = 1.0
    clock: Clock | None = None
    seconds: float = 0.0

    def scaled(self, count: int) -> int:
        """``count`` samples at this budget's scale (at least one)."""
        return max(1, round(count * self.scale))

    def start(self) -> Stopwatch:
        """A stopwatch for one decision."""
        return Stopwatch(self.clock, self.seconds)


class Stopwatch:
    """Says when a decision's time is spent (never, without a clock)."""

    __slots__ = ("clock", "ends")

    def __init__(self, clock: Clock | None, seconds: float) -> None:
        """Started now on ``clock``; spent after ``seconds``."""
        self.clock = clock
        self.ends = clock() + seconds if clock is not None else 0.0

    def spent(self) -> bool:
        """Whether the time is up."""
        return self.clock is not None and self.clock() >= self.ends


@dataclass(frozen=True)
class Level:
    """One computer level of a family: its name, how to make one, and how strong it is.

    ``strength`` orders the levels (higher is stronger); the hint and practice use the
    strongest level by this number, never by the order of registration.
    """

    name: str
    factory: BotFactory
    strength: int
    hint: BotFactory | None = None
    """The bot the hint asks, when the level searches less for a hint than at a seat."""


_LEVELS: dict[str, dict[str, Level]] = {}


def lazy_factory(module: str, name: str) -> BotFactory:
    """A factory that imports ``module`` (a full module name) the first time it makes a bot
    of class ``name``: a family registers its levels without loading their code."""

    def make() -> Bot:
        bot: Bot = getattr(importlib.import_module(module), name)()
        return bot

    return make


def register_level(
    family: str,
    name: str,
    factory: BotFactory,
    *,
    strength: int,
    hint: BotFactory | None = None,
) -> None:
    """Make level ``name`` available for the games of ``family``; ``hint`` makes the bot the
    hint asks when this is the strongest level (by default one made by ``factory``)."""
    levels = _LEVELS.setdefault(family, {})
    if name in levels:
        raise ValueError(f"the level {name!r} of {family} is registered twice")
    levels[name] = Level(name, factory, strength, hint)


def _bots_module(family: str) -> str:
    # The module its manifest names (``ninetynine_audio.bots.<family>`` unless it says).
    try:
        return family_entry(family).bots
    except KeyError:
        return f"ninetynine_audio.bots.{family}"


def _family_levels(family: str) -> dict[str, Level]:
    if family not in _LEVELS:
        package = _bots_module(family)
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


def make_hint_bot(family: str) -> Bot:
    """The bot the hint asks: the strongest level of ``family``, with the hint's budget."""
    found = _family_levels(family)[strongest_level(family)]
    return (found.hint or found.factory)()


def make_bot(family: str, level: str) -> Bot:
    """A new bot of ``level`` for ``family``; ``KeyError`` names the known levels."""
    found = _family_levels(family)
    try:
        return found[level].factory()
    except KeyError:
        known = ", ".join(levels(family))
        raise KeyError(f"unknown level {level!r}; known: {known}") from None
