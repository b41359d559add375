"""The one driver of a match: when a computer player may act, applying actions, saving, the end.

A :class:`MatchDriver` runs a :class:`~ninetynine_audio.play.table.TableCore` for every face:
the match screen at one computer (one listener) and a table of the server (a listener per seat
and spectator). It knows no clock, file or speech of its own: the face gives it the clock, the
pause before a computer move, the calls that save the match and count its end, and its
listeners, each of which says whether its person has likely heard the last move and tells its
person what happened in its own words.

A computer player acts once its pause is over and every listener has likely heard the last move
(online at most ``listen_cap`` past the pause, so a silent listener holds nobody up); a person
who owes an action beside the turn (a draw by hand) has ``OWED_ACTION_WINDOW_S`` from then to
make it. Skipping plays the waiting computer moves at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ninetynine_audio.bots.base import Bot
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.play.seat import AfterPlay
from ninetynine_audio.play.table import TableCore

__all__ = ["OWED_ACTION_WINDOW_S", "POLL_S", "Listener", "MatchDriver"]

OWED_ACTION_WINDOW_S = 3.0
"""How long a player has to make an owed action (a draw by hand), from the moment its prompt
has been heard, before the next computer move."""

POLL_S = 0.05
"""How soon to look again while a listener is still hearing the last move."""


class Listener(Protocol):
    """One face listening to the match: a person (or a spectator) and what they hear."""

    @property
    def seat(self) -> int | None:
        """The seat whose words (the practice words of its own action) this listener hears."""

    def heard(self) -> bool:
        """Whether its person has likely heard everything said so far."""

    def owes(self) -> bool:
        """Whether its person owes an action beside the turn (a draw by hand)."""

    def receive(
        self,
        batches: Sequence[tuple[Any, ...]],
        after_play: AfterPlay,
        view: Any,
        *,
        all_out: bool,
    ) -> None:
        """Tell what was applied, move by move: ``after_play`` (the actor's own practice
        words, made from ``view``, its view right after its action, and the action's
        events) follows the first event; ``all_out`` when the people have just all left the
        game and computer players play on."""

    def moved_on(self) -> None:
        """The match moved on: tell whose turn it is (or the result)."""


def _nobody() -> Sequence[Listener]:
    return ()


def _nothing() -> None:
    return None


class MatchDriver:
    """Runs one match for its listeners; see the module's text."""

    def __init__(
        self,
        core: TableCore,
        clock: Callable[[], float],
        pause: Callable[[], float],
        *,
        listeners: Callable[[], Sequence[Listener]] = _nobody,
        save: Callable[[], None] = _nothing,
        on_over: Callable[[], None] = _nothing,
        listen_cap: float | None = None,
        skip_to_person: bool = True,
    ) -> None:
        self.core = core
        self.clock = clock
        self.pause = pause
        self.listeners = listeners
        self.save = save
        self.on_over = on_over
        self.listen_cap = listen_cap
        # Skipping plays every computer move up to the next person's turn (one listener), or
        # only the move waiting (many: the others still hear theirs).
        self.skip_to_person = skip_to_person
        self.stand_ins: dict[int, Bot] = {}
        self.due: float | None = None
        self.owed_heard_at: float | None = None
        self.skipping = False
        self.turn_since = 0.0
        self.moved_at = 0.0
        self.over_told = False

    # -- who plays -------------------------------------------------------------------------

    def computer_for(self, seat: int) -> Bot | None:
        """The computer player acting for ``seat``: one standing in, or its own."""
        if seat in self.stand_ins:
            return self.stand_ins[seat]
        return self.core.bots.get(seat)

    def busy(self) -> bool:
        """A computer player is due to act."""
        return self.due is not None and not self.core.is_over

    # -- actions ---------------------------------------------------------------------------

    def propose(self, seat: int, action: Any, after_play: AfterPlay = "") -> bool:
        """Apply an action ``seat``'s keys proposed; False (and nothing changes) when it is
        not that seat's, a computer plays the seat, or the rules refuse it."""
        if getattr(action, "seat", None) != seat or seat in self.stand_ins:
            return False
        try:
            self.core.check(action)
        except IllegalAction:
            return False
        self.play(action, actor=seat, after_play=after_play)
        return True

    def play(self, action: Any, *, actor: int | None, after_play: AfterPlay = "") -> None:
        """Apply ``action``, let the computer players that act at once do so, tell every
        listener, save, and move on."""
        was_in = self.core.humans_in()
        events = self.core.apply(action)
        view = self.core.view(actor) if actor is not None else None
        batches: list[tuple[Any, ...]] = [events, *self.core.immediate_moves(self.computer_for)]
        all_out = was_in and not self.core.humans_in() and not self.core.is_over
        for listener in list(self.listeners()):
            words = after_play if listener.seat == actor and actor is not None else ""
            listener.receive(batches, words, view, all_out=all_out)
        self.moved_at = self.clock()
        self.save()
        self.move_on()
        for listener in list(self.listeners()):
            listener.moved_on()
        if self.core.is_over and not self.over_told:
            self.over_told = True
            self.on_over()

    def computer_action(self, seat: int, bot: Bot | None = None) -> Any:
        """What ``bot`` (by default the computer playing ``seat``) does at ``seat`` now."""
        chooser = bot if bot is not None else self.computer_for(seat)
        assert chooser is not None
        return chooser.choose(self.core.view(seat), self.core.bot_rng(seat))

    # -- pacing ----------------------------------------------------------------------------

    def move_on(self) -> None:
        """The turn changed: a computer to move waits its pause from now."""
        self.turn_since = self.clock()
        self.due = None
        self.owed_heard_at = None
        if not self.skip_to_person:
            self.skipping = False
        if self.core.is_over:
            self.skipping = False
            return
        seat = self.core.turn_seat()
        if seat is None:
            return
        if self.computer_for(seat) is not None:
            self.due = self.clock() + self.pause()
        elif self.skip_to_person:
            self.skipping = False

    def wake(self) -> None:
        """A computer to move waits its pause from now."""
        seat = self.core.turn_seat()
        if seat is not None and self.computer_for(seat) is not None:
            self.due = self.clock() + self.pause()

    def skip(self) -> bool:
        """Play the waiting computer moves at once; False when none is waiting."""
        if self.due is None:
            return False
        self.skipping = True
        self.due = min(self.due, self.clock())
        return True

    def tick(self) -> float | None:
        """Let a computer player act when it may; the seconds until the next look, or None
        when the match waits for a person."""
        if self.due is None or self.core.is_over:
            return None
        now = self.clock()
        if not self.skipping:
            if now < self.due:
                return self.due - now
            within = self.listen_cap is None or now - self.due < self.listen_cap
            if within and not all(listener.heard() for listener in self.listeners()):
                return POLL_S
            if within and any(listener.owes() for listener in self.listeners()):
                # Once the prompt has been heard the player has OWED_ACTION_WINDOW_S; only
                # a player who lets the next one play misses the draw.
                if self.owed_heard_at is None:
                    self.owed_heard_at = now
                if now < self.owed_heard_at + OWED_ACTION_WINDOW_S:
                    return POLL_S
        seat = self.core.turn_seat()
        if seat is None or self.computer_for(seat) is None:
            self.due = None
            return None
        self.play(self.computer_action(seat), actor=None)
        return 0.0
