"""A game being set up in the menus (:class:`Draft`): the game, players, level, options and
the names of the people at this computer, until it becomes a ``GameSetup``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ninetynine_audio.games.base import HUMAN, AnySpec, GameSetup
from ninetynine_audio.games.registry import find_game


@dataclass
class Draft:
    """A game being set up in the menus."""

    game: str
    players: int = 4
    level: str = ""  # chosen in the level menu
    options: dict[str, Any] = field(default_factory=dict)
    humans: int = 1
    names: list[str] = field(default_factory=list)
    """The names typed for the people at this computer (hot seat), first seats first."""
    people_here: bool = True
    """Whether several people may play at these keys (not on a server)."""

    @property
    def spec(self) -> AnySpec:
        """The game chosen."""
        return find_game(self.game)

    def setup(self, seed: int) -> GameSetup:
        """The finished set-up: the people first (You, when only one), then the computer
        players."""
        kinds = (HUMAN,) * self.humans + (self.level,) * (self.players - self.humans)
        names = (*self.names, *self.spec.default_names(kinds)[len(self.names) :])
        return GameSetup(self.game, names, kinds, dict(self.options), seed)
