"""Seeded random games of every registered family, played to their end by random legal actions
(the conformance and secrecy checks read them)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ninetynine_audio.games.base import HUMAN, GameSetup, GameSpec
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.registry import find_game

SEEDS = range(30)


MAX_ACTIONS = 5_000
"""No game of the short tables played here needs more actions than this."""


OPTION_VALUES = 4
"""Options take one of the first few values a menu offers, which keeps the games short."""


def random_setup(spec: GameSpec, seed: int) -> GameSetup:
    """A table of the game chosen by ``seed``: seat count, a person or not, options."""
    rng = random.Random(f"{spec.id} set-up {seed}")
    count = rng.randint(spec.min_players, spec.max_players)
    computer = next((kind for kind in spec.default_kinds if kind != HUMAN), "normal")
    first = HUMAN if rng.random() < 0.5 else computer
    kinds = (first, *[computer] * (count - 1))
    names = spec.default_names(kinds)
    for _ in range(20):
        options = {o.name: rng.choice(o.menu_values()[:OPTION_VALUES]) for o in spec.options}
        setup = GameSetup(spec.id, names, kinds, options, seed)
        try:
            spec.new_game(setup)
        except SetupError:  # a combination the game refuses (say, too many cards to deal)
            continue
        return setup
    return GameSetup(spec.id, names, kinds, {}, seed)


@dataclass(frozen=True)
class Playthrough:
    """One random game: ``states[0]`` is the deal and ``states[i + 1]`` follows
    ``actions[i]``; ``events[0]`` are the opening events, ``events[i + 1]`` those of
    ``actions[i]``."""

    spec: GameSpec
    setup: GameSetup
    states: tuple[Any, ...]
    actions: tuple[Any, ...]
    events: tuple[tuple[Any, ...], ...]

    @property
    def log(self) -> list[dict[str, Any]]:
        """The game's log records, oldest first."""
        return [event.to_log() for step in self.events for event in step]

    @property
    def seats(self) -> range:
        return range(len(self.setup.names))


@cache
def playthrough(game: str, seed: int) -> Playthrough:
    """A game played to its end by random legal actions, by ``seats_to_act``,
    ``legal_actions`` and ``apply`` alone."""
    spec = find_game(game)
    setup = random_setup(spec, seed)
    state, opening = spec.new_game(setup)
    rng = random.Random(seed)
    states, actions, events = [state], [], [opening]
    for _ in range(MAX_ACTIONS):
        seats = spec.seats_to_act(state)
        if not seats:
            break
        action = rng.choice(spec.legal_actions(state, rng.choice(seats)))
        state, caused = spec.apply(state, action)
        states.append(state)
        actions.append(action)
        events.append(caused)
    return Playthrough(spec, setup, tuple(states), tuple(actions), tuple(events))


def resampler(spec: GameSpec) -> Callable[[Any, int, random.Random], Any]:
    """The game's own way to deal again the cards a seat cannot see."""
    assert spec.resample is not None, (
        f"the game {spec.id} ({spec.family}) has no GameSpec.resample: give it one that deals "
        "again the cards a seat cannot see, so the test can check that no view shows them"
    )
    return spec.resample
