"""What a family's table controller offers the generic match screen.

The match screen (``ui/match.py``) runs any game: computer players, check and apply, narration,
the log, saving, hot seat and the end of the match. What differs between families — which keys
mean what, how events and the table are put into words, what the window shows — is one
controller per family, in ``ui/tables/<family>.py``, a subclass of :class:`TableController`
named ``Table``. The controller proposes actions to the match (:meth:`MatchScreen.perform`);
it never applies them itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.families import family as family_entry
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.ui.screen import Display

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App
    from ninetynine_audio.ui.match import MatchScreen


class TableController:
    """One family's keys, wording and window for a match in progress.

    Every method has the match at hand as ``self.match`` (its ``state``, ``spec``, ``setup``,
    ``humans`` and the seat the keys act for, ``my_seat()``).
    """

    def __init__(self, match: MatchScreen) -> None:
        self.match = match

    # -- the turn ------------------------------------------------------------------------------

    def turn_seat(self, state: Any) -> int | None:
        """The seat whose turn it is (``None`` when the game is over or nobody's turn)."""
        seats = self.match.spec.seats_to_act(state)
        return seats[-1] if seats else None

    def immediate_seats(self, state: Any) -> tuple[int, ...]:
        """Seats whose computer players act at once, without the pause (several seats acting
        at the same time, as a bid, or a side action, as a manual draw)."""
        seats = self.match.spec.seats_to_act(state)
        return seats if len(seats) > 1 else ()

    def turn_changed(self, app: App, seat: int) -> None:
        """A human seat is to act: reset what the keys had chosen."""

    def before_command(self, command: str) -> None:
        """Any table key was pressed (a pending confirmation lasts for one key only)."""

    def after_action(self) -> None:
        """An action was applied: forget half-made choices (a pending confirmation)."""

    def owed_action_prompt(self, app: App) -> str | None:
        """What a human at the keyboard still owes beside the turn (a draw by hand), as the
        words that ask for it; None when nothing is owed.  The next computer move waits a
        while for it once the prompt has been heard."""
        return None

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` has left the game while it goes on."""
        return False

    def hidden_commands(self, app: App) -> frozenset[str]:
        """Commands of the table's keymap that do nothing in this game (left out of F1)."""
        return frozenset()

    def number_keys(self, app: App) -> int | None:
        """How many card-number keys mean something in this game (None: all)."""
        return None

    # -- words ---------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], perspective: Perspective) -> list[Utterance]:
        """The utterances for ``events``."""
        raise NotImplementedError

    def your_turn_text(self, app: App, seat: int) -> str:
        """Said when the human at ``seat`` is to act."""
        raise NotImplementedError

    def turn_text(self, app: App) -> str:
        """Whose turn it is (the announce-turn key, and coming back from the pause menu)."""
        raise NotImplementedError

    def own_cards_text(self, app: App, seat: int) -> str:
        """The seat's own cards, read after a hot-seat ready and when a match is continued."""
        raise NotImplementedError

    def refusal_text(self, error: GameError, app: App) -> str:
        """Why an action was refused."""
        raise NotImplementedError

    # -- keys and window -----------------------------------------------------------------------

    def handle(self, app: App, command: str) -> bool:
        """The family's keys; False when ``command`` means nothing at this table."""
        return False

    def display(self, app: App) -> Display:
        """What the window shows."""
        raise NotImplementedError


def controller_class(family: str) -> type[TableController]:
    """The table controller of ``family`` (the ``table`` its ``family.toml`` names), loaded
    when a match of it starts."""
    module = importlib.import_module(family_entry(family).table)
    table: type[TableController] = module.Table
    return table
