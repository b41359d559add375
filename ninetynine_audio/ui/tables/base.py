"""What a family's table controller offers the generic match screen, and what it gets.

The match screen (``ui/match.py``) runs any game over a ``play.table.TableCore``: computer
players, check and apply, narration, the log, saving, hot seat and the end of the match. What
differs between families — which keys mean what, how events and the table are put into words,
what the window shows — is one controller per family, in ``ui/tables/<family>.py``, a subclass
of :class:`TableController` named ``Table``.

A controller sees the match only through its seat's port (``play.seat.SeatPort``): that
seat's view, the public facts, and ``propose(action)``. It never holds the true state and
never applies an action. Its keys are declared in :attr:`TableController.handlers`, one method
per family command, so a test can tell when a command has no handler.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.families import family as family_entry
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.input.commands import TABLE
from ninetynine_audio.play.seat import SeatPort
from ninetynine_audio.present import screens as words
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.ui.screen import Display

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

TURN_CUE = "your_turn"
"""The cue that means: it is your turn now."""

TURN_KEY = "turn"
"""The key of a line that says whose turn it is: a newer one replaces one still waiting, and a
player back at an online table hears only the line of now, not those said while away."""

Handler = Callable[[Any, "App"], None]
"""The method a command runs: ``handler(controller, app)``."""


class HandCursor:
    """The keys that move through the player's hand, shared by every card table: next,
    previous, first and last card. A table keeps ``cursor`` and offers ``hand()`` and
    ``_move_cursor(app, step)``, which moves and says the card (or the end reached)."""

    cursor: int

    def hand(self) -> Sequence[Any]:
        """The cards the cursor moves through."""
        raise NotImplementedError

    def _move_cursor(self, app: App, step: int) -> None:
        raise NotImplementedError

    def _next_card(self, app: App) -> None:
        self._move_cursor(app, 1)

    def _previous_card(self, app: App) -> None:
        self._move_cursor(app, -1)

    def _first_card(self, app: App) -> None:
        self._move_cursor(app, -self.cursor)

    def _last_card(self, app: App) -> None:
        self._move_cursor(app, len(self.hand()) - 1 - self.cursor)

    cursor_handlers: ClassVar[dict[str, Handler]] = {
        "next_card": _next_card,
        "previous_card": _previous_card,
        "first_card": _first_card,
        "last_card": _last_card,
    }


class TableController:
    """One family's keys, wording and window for the seat at the keys.

    ``self.port`` is that seat's :class:`SeatPort`; ``self.port.seat`` is the seat the keys
    act for (``None`` at a hot-seat hand-over, and for someone who only watches).
    """

    handlers: ClassVar[Mapping[str, Handler]] = {}
    """The family's commands and the method each runs (``play_card_<n>`` go to
    :meth:`number_key`)."""

    def __init__(self, port: SeatPort) -> None:
        self.port = port
        self.watcher_text: str | None = None
        """Said in place of the hand-over prompt to a listener with no seat to hand over to
        (a spectator of an online table); set by the screen that knows it has one."""

    @property
    def seat(self) -> int | None:
        """The seat the keys act for."""
        return self.port.seat

    @property
    def title(self) -> str:
        """The game's title, for the window."""
        return words.game_title(self.port.game)

    # -- the turn ------------------------------------------------------------------------------

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

    def hidden_commands(self, app: App) -> frozenset[str]:
        """Commands of the table's keymap that do nothing in this game (left out of F1)."""
        return frozenset()

    def number_keys(self, app: App) -> int | None:
        """How many card-number keys mean something in this game (None: all)."""
        return None

    def key_descriptions(self, app: App) -> Mapping[str, str]:
        """Key help's words for commands that do more at this table than their usual
        description says (Enter bids as well as plays)."""
        return {}

    def key_groups(self, app: App) -> Sequence[tuple[str, frozenset[str]]]:
        """Key help in groups under headings, as (heading, command ids); the keys in no group
        come last. Empty: one plain list."""
        return ()

    def turn_prompt(self, app: App, seat: int) -> Utterance:
        """What is said when the human at ``seat`` is to act: the turn line, with the turn
        cue. A family whose turn has several steps says the later ones without the cue, as
        narration the next key may cut off."""
        return Utterance(self.your_turn_text(app, seat), cue=TURN_CUE, until_action=True)

    # -- words ---------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], perspective: Perspective) -> list[Utterance]:
        """The utterances for ``events``."""
        raise NotImplementedError

    def catch_up(
        self, events: Sequence[Any], start: int, perspective: Perspective
    ) -> list[Utterance]:
        """Hot seat: what the person now at the keys is told of the table since they last
        acted, once they are there: ``events[start:]`` told as the narration tells them to
        the listener (``events[:start]`` are that person's own last action's, heard as they
        acted). A family whose narration keeps a turn's steps together overrides it."""
        return self.narrate(events[start:], perspective)

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

    def ready_prompt(self, app: App) -> str:
        """Hot seat: whose turn it is, and the key to press when they are at the keyboard (to
        someone who only watches, that they cannot play)."""
        if self.watcher_text is not None:
            return self.watcher_text
        who = self.port.turn_seat()
        name = self.port.names[who] if who is not None else ""
        return words.waiting_for_ready_text(name, app.key_name(TABLE, "play_card"))

    def refuse(self, app: App, text: str) -> None:
        """Say why a key did nothing, with the refusal sound."""
        app.say(text, cue="refused")

    def refuse_at_gate(self, app: App) -> bool:
        """At a hot-seat hand-over, say whose turn it is and True: nobody's cards are told."""
        if self.port.seat is None:
            self.refuse(app, self.ready_prompt(app))
            return True
        return False

    # -- keys and window -----------------------------------------------------------------------

    def handle(self, app: App, command: str) -> bool:
        """The family's keys, through :attr:`handlers`; False when ``command`` means nothing
        at this table."""
        handler = self.handlers.get(command)
        if handler is not None:
            handler(self, app)
            return True
        if command.startswith("play_card_"):
            self.number_key(app, int(command.rsplit("_", 1)[1]) - 1)
            return True
        return False

    def number_key(self, app: App, index: int) -> None:
        """A card-number key: the card at ``index`` of the hand (0 is the first)."""

    def display(self, app: App) -> Display:
        """What the window shows."""
        raise NotImplementedError


def controller_class(family: str) -> type[TableController]:
    """The table controller of ``family`` (the ``table`` its ``family.toml`` names), loaded
    when a match of it starts."""
    module = importlib.import_module(family_entry(family).table)
    table: type[TableController] = module.Table
    return table
