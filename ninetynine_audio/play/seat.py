"""One seat's port: all a table controller may know of a match, and its one way to act.

A controller — the keys and words of one family's table, for the person at one seat — gets a
:class:`SeatPort`: that seat's ``view``, the public facts (the names, which seats are people,
where each is heard, whose turn it is, who must act at once, who is out, what a seat owes, the
progress and scores) and :meth:`SeatPort.propose`. The table core checks, applies, narrates
and logs what is proposed. The port never hands out the true state, and it refuses an action
for another seat than its own, so a controller cannot learn a hidden card by asking the rules
about someone else's hand.

In a hot-seat game the port of the screen follows the person at the keys: its ``seat`` is
``None`` at a hand-over, until the next player says they are there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ninetynine_audio.games.base import AnySpec, GameSetup, Outcome
from ninetynine_audio.present.seats import heard_by, listener_names

AfterPlay = str | Callable[[Any, tuple[Any, ...]], str]
"""Words said right after an action's own narration: as they are, or made once the action has
been applied from the seat's view afterwards and the action's events (practice words)."""


def after_play_words(after_play: AfterPlay, view: Any, events: tuple[Any, ...]) -> str:
    """The words to say after an applied action: ``after_play`` itself, or what it makes of
    the acting seat's ``view`` afterwards and the action's ``events``."""
    return after_play(view, events) if callable(after_play) else after_play


class Proposer(Protocol):
    """Carries out an action a seat proposed: checked, applied, narrated and logged.

    Returns False when the game refused it (the refusal has then been told)."""

    def __call__(self, action: Any, after_play: AfterPlay = "") -> bool:
        """Propose ``action``; ``after_play`` is said right after its own narration."""
        ...


class SeatCore(Protocol):
    """What a seat's port reads of the match (``play.table.TableCore`` is the one), named
    here so that the port and the core do not import each other."""

    setup: GameSetup
    spec: AnySpec
    state: Any
    humans: frozenset[int]
    home: int
    pans: tuple[float, ...]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""
        ...

    @property
    def progress(self) -> int:
        """The round or deal being played."""
        ...

    def scores(self) -> tuple[int, ...]:
        """One number per seat now."""
        ...

    def turn_seat(self) -> int | None:
        """The seat whose turn it is."""
        ...

    def seats_to_act(self) -> tuple[int, ...]:
        """Every seat that may act now."""
        ...

    def immediate_seats(self) -> tuple[int, ...]:
        """The seats that act at once."""
        ...

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` has left a game that goes on."""
        ...

    def owed(self, seat: int) -> Any | None:
        """The action ``seat`` owes beside the turn, or ``None``."""
        ...

    def view(self, seat: int) -> Any:
        """All ``seat`` may know."""
        ...

    def hint_rng(self) -> random.Random:
        """The randomness of a hint."""
        ...

    def check(self, action: Any) -> object:
        """What the game's ``check`` says of ``action`` now."""
        ...


class NotYourSeat(ValueError):
    """A controller asked about an action of another seat than its own."""


class SeatPort:
    """What the controller of one seat gets: that seat's view and the public facts."""

    def __init__(self, core: SeatCore, seat: int | None, proposer: Proposer | None = None) -> None:
        self._core = core
        self.seat = seat
        self._proposer = proposer
        self.says_you = False
        """Whether the views give this seat's own name as "You" (a hot-seat table, where
        each person has a name of their own but is spoken to as "you")."""
        self.keeps_own_name = False
        """While set, a hot-seat view keeps this seat's own name (the words after Enter)."""
        self.watcher_names: dict[str, str] = {}
        """With no seat (a spectator online): seats said by other names than their set-up's
        (a person at arcade's You, by their own name)."""
        self._seen_state: Any = None
        self._seen_as: tuple[int, bool, bool] | None = None
        self._seen_view: Any = None

    def _own_view(self, seat: int) -> Any:
        """``seat``'s view as heard here, made once per state: the state is frozen and only
        replaced by an action, so while it and the naming stay the same the view does too
        (a window draws it several times over, once per line group)."""
        state = self._core.state
        heard_as = (seat, self.says_you, self.keeps_own_name)
        if state is self._seen_state and heard_as == self._seen_as:
            return self._seen_view
        view = self._heard(self._core.view(seat))
        self._seen_state, self._seen_as, self._seen_view = state, heard_as, view
        return view

    def _heard(self, view: Any) -> Any:
        if self.says_you and self.seat is not None:
            names = self._core.setup.names
            renames = listener_names(names, self.seat, keep_own=self.keeps_own_name)
            return heard_by(view, renames)
        return view

    # -- who sits where ---------------------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game id."""
        return self._core.setup.game

    @property
    def family(self) -> str:
        """The family whose table plays it."""
        return self._core.spec.family

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name (as a spectator hears it, with no seat)."""
        names = self._core.setup.names
        if self.seat is None and self.watcher_names:
            return tuple(self.watcher_names.get(name, name) for name in names)
        return names

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every seat's kind: ``human`` or a computer level."""
        return self._core.setup.kinds

    @property
    def humans(self) -> frozenset[int]:
        """The seats played by people."""
        return self._core.humans

    @property
    def pans(self) -> tuple[float, ...]:
        """Where each seat is heard, left to right."""
        return self._core.pans

    # -- what this seat may know ------------------------------------------------------------------

    @property
    def view(self) -> Any | None:
        """All this seat may know; ``None`` for no seat."""
        return None if self.seat is None else self._own_view(self.seat)

    def table_view(self) -> Any:
        """A view to read public facts from: this seat's, or with no seat (a hot-seat
        hand-over) the view of the seat whose turn it is, of which only what every seat
        knows may be told (the secrecy check of the conformance test holds to that)."""
        seat = self.seat
        if seat is None:
            turn = self._core.turn_seat()
            view = self._core.view(turn if turn is not None else self._core.home)
            return heard_by(view, self.watcher_names) if self.watcher_names else view
        return self._own_view(seat)

    # -- the public facts -------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._core.is_over

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""
        return self._core.outcome

    @property
    def progress(self) -> int:
        """The round or deal being played."""
        return self._core.progress

    def scores(self) -> tuple[int, ...]:
        """One number per seat now."""
        return self._core.scores()

    def turn_seat(self) -> int | None:
        """The seat whose turn it is."""
        return self._core.turn_seat()

    def seats_to_act(self) -> tuple[int, ...]:
        """Every seat that may act now."""
        return self._core.seats_to_act()

    def immediate_seats(self) -> tuple[int, ...]:
        """The seats that act at once."""
        return self._core.immediate_seats()

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` has left a game that goes on."""
        return self._core.is_out(seat)

    def owed(self, seat: int | None = None) -> Any | None:
        """The action ``seat`` (this one by default) owes beside the turn, or ``None``."""
        seat = self.seat if seat is None else seat
        return None if seat is None else self._core.owed(seat)

    def hint_rng(self) -> random.Random:
        """The randomness of a hint, fixed by the position."""
        return self._core.hint_rng()

    # -- acting -----------------------------------------------------------------------------------

    def _own(self, action: Any) -> None:
        if self.seat is None or getattr(action, "seat", None) != self.seat:
            raise NotYourSeat(f"seat {self.seat} cannot act for seat {action.seat}")

    def check(self, action: Any) -> object:
        """What the rules say of this seat's ``action`` now (``IllegalAction`` when refused).

        Raises:
            NotYourSeat: the action is another seat's.
        """
        self._own(action)
        return self._core.check(action)

    def propose(self, action: Any, after_play: AfterPlay = "") -> bool:
        """Hand this seat's ``action`` to the table: checked, applied, narrated and logged.

        False when it was refused (the refusal has been told) or no table takes proposals.
        """
        self._own(action)
        if self._proposer is None:
            return False
        return self._proposer(action, after_play)
