"""The authoritative table of one match: the only holder of its true state.

A :class:`TableCore` deals (or takes a continued match), checks and applies every action
through the game's spec and ``games.saved.advance``, lets the computer players choose from
their own views, keeps every event, and answers the public facts — whose turn it is, who must
act at once, who is out, what a seat owes, the progress, the scores and the outcome — from the
game contract. It has no face: it never speaks, reads a key or writes a file. New events go
to the listeners given to it (the event log); the match is saved by whoever holds the table,
from :meth:`TableCore.record`. Each seat's controller sees the table only through a
:class:`~ninetynine_audio.play.seat.SeatPort` (:meth:`TableCore.port`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ninetynine_audio.bots import make_bot
from ninetynine_audio.bots.base import Bot
from ninetynine_audio.games.base import HUMAN, GameSetup, Outcome
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.saved import SavedMatch, advance, start_match, to_record
from ninetynine_audio.present.seats import seat_pans

if TYPE_CHECKING:
    from ninetynine_audio.play.seat import Proposer, SeatPort

Resumed = tuple[SavedMatch, Any, tuple[Any, ...]]
"""A match continued from its save: what ``games.saved.resume`` returns."""

EventListener = Callable[[Sequence[Any]], None]
"""Receives every new event of the table, in order (the event log)."""


class TableCore:
    """One match: set-up, true state, saved form, computer players, events and outcome."""

    def __init__(
        self,
        setup: GameSetup,
        resumed: Resumed | None = None,
        *,
        on_events: EventListener | None = None,
    ) -> None:
        self.setup = setup
        self.spec = find_game(setup.game)
        past: tuple[Any, ...] = ()
        if resumed is None:
            self.saved, self.state, self.opening = start_match(setup)
        else:
            # Dealt again and replayed by ``games.saved.resume``: nothing new to tell.
            self.saved, self.state, past = resumed
            self.opening = ()
        self.is_resumed = resumed is not None
        self.humans = frozenset(s for s, kind in enumerate(setup.kinds) if kind == HUMAN)
        self.bots: dict[int, Bot] = {
            seat: make_bot(self.spec.family, kind)
            for seat, kind in enumerate(setup.kinds)
            if kind != HUMAN
        }
        # The seat the sound is placed around: the first human, else the first seat.
        self.home = min(self.humans) if self.humans else 0
        self.pans = seat_pans(len(setup.names), self.home)
        self.events: list[Any] = [*past, *self.opening]
        # Where in ``events`` each seat's last action begins and ends, and where the opening
        # ends; for a continued match found by replaying its save when first asked.
        self._acted: dict[int, tuple[int, int]] | None = {} if resumed is None else None
        self._opened = len(self.opening)
        self.listeners: list[EventListener] = []
        if on_events is not None:
            self.listeners.append(on_events)
            if self.opening:
                on_events(self.opening)

    # -- the public facts ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.spec.is_over(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""
        return self.spec.outcome(self.state)

    @property
    def progress(self) -> int:
        """The round or deal being played (the last one, once the game is over)."""
        return self.spec.progress(self.state)

    def scores(self) -> tuple[int, ...]:
        """One number per seat now: lives, tokens or points."""
        return self.spec.scores(self.state)

    def turn_seat(self) -> int | None:
        """The seat whose turn it is."""
        return self.spec.turn_seat(self.state)

    def seats_to_act(self) -> tuple[int, ...]:
        """Every seat that may act now."""
        return self.spec.seats_to_act(self.state)

    def immediate_seats(self) -> tuple[int, ...]:
        """The seats that act at once, without a computer player's pause."""
        return self.spec.immediate_seats(self.state)

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` has left a game that goes on."""
        return self.spec.is_out(self.state, seat)

    def owed(self, seat: int) -> Any | None:
        """The action ``seat`` owes beside the turn (a draw by hand), or ``None``."""
        return self.spec.owed_action(self.state, seat)

    def humans_owe(self) -> bool:
        """Whether someone at a keyboard owes an action beside the turn."""
        return any(self.owed(seat) is not None for seat in self.humans)

    def humans_in(self) -> bool:
        """Whether someone at a keyboard still plays in this game."""
        return any(not self.is_out(seat) for seat in self.humans)

    def view(self, seat: int) -> Any:
        """All ``seat`` may know."""
        return self.spec.view(self.state, seat)

    def computer_to_move(self) -> int | None:
        """The seat whose turn it is when a computer plays it, else ``None``."""
        seat = self.turn_seat()
        return seat if seat is not None and seat in self.bots and not self.is_over else None

    def since_last_action(self, seat: int) -> tuple[tuple[Any, ...], int, bool]:
        """What has happened since ``seat`` last acted: ``(events, start, acted)``, where
        ``events[start:]`` is everything since and ``events[:start]`` the events of that
        action itself; ``acted`` is False for a seat that has not acted yet, whose
        ``events[:start]`` are then the opening's."""
        if self._acted is None:
            self._acted, self._opened = self._replayed_actions()
        begin, end = self._acted.get(seat, (0, self._opened))
        return tuple(self.events[begin:]), end - begin, seat in self._acted

    def _replayed_actions(self) -> tuple[dict[int, tuple[int, int]], int]:
        """Where each seat's last action's events are, and where the opening ends, for a
        continued match: its save dealt again and replayed, counting the events."""
        _saved, state, opening = start_match(self.setup)
        acted: dict[int, tuple[int, int]] = {}
        at = len(opening)
        for action in self.saved.actions:
            state, caused = self.spec.apply(state, action)
            acted[action.seat] = (at, at + len(caused))
            at += len(caused)
        if at != len(self.events):
            # Continued without its past events: nothing before now can be told again.
            return {seat: (0, len(self.events)) for seat in range(len(self.setup.names))}, 0
        return acted, len(opening)

    # -- randomness fixed by the position --------------------------------------------------------

    def bot_rng(self, seat: int) -> random.Random:
        """The randomness of one computer decision.

        Made from the seed, the seat and the number of actions so far, so a continued match
        plays on exactly as it would have without the break.
        """
        return random.Random(f"bot:{self.setup.seed}:{seat}:{len(self.saved.actions)}")

    def hint_rng(self) -> random.Random:
        """The randomness of a hint: fixed by the position, so asking twice gives one answer."""
        return random.Random(f"hint:{self.setup.seed}:{len(self.saved.actions)}")

    # -- acting ------------------------------------------------------------------------------------

    def check(self, action: Any) -> object:
        """What the game's ``check`` says of ``action`` now; raises ``IllegalAction``."""
        return self.spec.check(self.state, action)

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Apply ``action`` (checked by the engine), record it and hand its events on.

        Raises:
            IllegalAction: the engine refused the action; nothing changed.
        """
        self.saved, self.state, events = advance(self.saved, self.state, action)
        start = len(self.events)
        self.events.extend(events)
        if self._acted is not None:
            self._acted[action.seat] = (start, len(self.events))
        for listener in self.listeners:
            listener(events)
        return events

    def computer_move(self) -> tuple[Any, ...]:
        """The computer player whose turn it is chooses from its view; its action's events
        (empty when no computer is to move)."""
        seat = self.computer_to_move()
        if seat is None:
            return ()
        return self.apply(self.bots[seat].choose(self.view(seat), self.bot_rng(seat)))

    def immediate_moves(
        self, computer_for: Callable[[int], Bot | None] | None = None
    ) -> list[tuple[Any, ...]]:
        """Computer players that act at the same time as others do so at once (a bid, a draw
        owed, the rest of a turn under way): they never forget. The events of each move.
        ``computer_for`` gives the computer playing a seat (by default its own)."""
        playing = computer_for if computer_for is not None else self.bots.get
        moves: list[tuple[Any, ...]] = []
        for _ in range(len(self.setup.names) * 4):
            if self.is_over:
                break
            seats = [s for s in self.immediate_seats() if playing(s) is not None]
            if not seats:
                break
            bot = playing(seats[0])
            assert bot is not None
            moves.append(self.apply(bot.choose(self.view(seats[0]), self.bot_rng(seats[0]))))
        return moves

    # -- saving and the seats ----------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The match as the plain data of a save (``games.saved.to_record``)."""
        return to_record(self.saved)

    def port(self, seat: int | None, proposer: Proposer | None = None) -> SeatPort:
        """The port of ``seat`` (``None``: nobody's cards, as at a hot-seat hand-over)."""
        from ninetynine_audio.play.seat import SeatPort

        return SeatPort(self, seat, proposer)
