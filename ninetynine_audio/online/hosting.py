"""Hosting one table in play: the true match, its computer players and a screen per seat.

:class:`TableHost` holds the one authoritative match of a table: it deals, checks every action
a seat proposes against the rules (and that the seat is the proposer's own), applies it, lets
the computer players act, saves after every action and tells each seat's screen what
happened. Each human seat (and each spectator) has a :class:`SeatScreen`: the offline match
screen and the family's own table controller, so the keys, queries, hints, wording and window
are exactly those of offline play, working from that seat's view. A seat screen never applies
an action: it proposes it to the host, and hears the events back like everyone else.

Everything here is synchronous: the server runs one table's steps one at a time (the event
loop never switches inside a step), and the engines stay pure.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ninetynine_audio.bots import make_bot, strongest_level
from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.games.saved import SavedMatch, advance, match_level, resume, start_match
from ninetynine_audio.present import online as words
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.ui.match import OWED_ACTION_WINDOW_S, MatchScreen
from ninetynine_audio.ui.results import MatchResult, ResultsScreen

if TYPE_CHECKING:
    from ninetynine_audio.bots.base import Bot
    from ninetynine_audio.online.front import SeatApp
    from ninetynine_audio.ui.host import Host as App

DEFAULT_PAUSE_S = 1.0
"""The pause before a computer player acts, once everyone has heard the last move."""
LISTEN_CAP_S = 4.0
"""The longest a computer move waits past its pause for a slow (or silent) listener."""


@dataclass
class Listener:
    """One seat's screen and the player's app it speaks through."""

    app: SeatApp
    screen: SeatScreen


@dataclass
class TableHost:
    """The authoritative match of one table and everyone listening to it.

    ``on_action`` is called after every action with the new saved match (the server stores
    it); ``on_over`` once when the match ends, with the outcome's places.
    """

    setup: GameSetup
    saved: SavedMatch
    state: Any
    events: list[Any]
    opening: tuple[Any, ...]
    clock: Callable[[], float]
    pause_s: float = DEFAULT_PAUSE_S
    replacement_level: str = "normal"
    turn_timer_s: float | None = None
    on_action: Callable[[TableHost], None] = lambda host: None
    on_over: Callable[[TableHost], None] = lambda host: None
    listeners: dict[int, Listener] = field(default_factory=dict)
    spectators: list[Listener] = field(default_factory=list)
    replaced: dict[int, Bot] = field(default_factory=dict)
    bot_due: float | None = None
    turn_since: float = 0.0
    narration_at: float = 0.0
    over_told: bool = False

    # -- making one ------------------------------------------------------------------------

    @classmethod
    def deal(cls, setup: GameSetup, clock: Callable[[], float], **options: Any) -> TableHost:
        """A new match for ``setup``."""
        saved, state, opening = start_match(setup)
        host = cls(setup, saved, state, list(opening), opening, clock, **options)
        host._after_change()
        return host

    @classmethod
    def reload(
        cls, record: dict[str, Any], clock: Callable[[], float], **options: Any
    ) -> TableHost:
        """A match stored after its last action, dealt again and replayed."""
        saved, state, events = resume(record)
        host = cls(saved.setup, saved, state, list(events), (), clock, **options)
        host._after_change()
        return host

    @property
    def spec(self) -> Any:
        """The game played."""
        return self.saved.spec

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return bool(self.spec.is_over(self.state))

    @property
    def humans(self) -> frozenset[int]:
        """The seats people sit at."""
        return frozenset(s for s, kind in enumerate(self.setup.kinds) if kind == HUMAN)

    def turn_seat(self) -> int | None:
        """The seat whose turn it is (the family's own reading of ``seats_to_act``)."""
        seats = self.spec.seats_to_act(self.state)
        return seats[-1] if seats else None

    def computer_for(self, seat: int) -> Bot | None:
        """The computer player acting for ``seat``: its own, or the one standing in."""
        if seat in self.replaced:
            return self.replaced[seat]
        kind = self.setup.kinds[seat]
        if kind == HUMAN:
            return None
        return self._bots().get(seat)

    def _bots(self) -> dict[int, Bot]:
        if not hasattr(self, "_bot_cache"):
            self._bot_cache = {
                seat: make_bot(self.spec.family, kind)
                for seat, kind in enumerate(self.setup.kinds)
                if kind != HUMAN
            }
        return self._bot_cache

    # -- seats ------------------------------------------------------------------------------

    def attach(self, seat: int | None, app: SeatApp) -> SeatScreen:
        """Open the table on ``app`` for ``seat`` (``None``: a spectator)."""
        screen = SeatScreen(self, seat)
        listener = Listener(app, screen)
        if seat is None:
            self.spectators.append(listener)
        else:
            self.listeners[seat] = listener
        app.stack = [*app.stack[:1], screen]
        app.changed = True
        screen.enter(app)
        return screen

    def detach(self, app: SeatApp) -> None:
        """``app`` no longer listens to this table."""
        self.listeners = {s: lst for s, lst in self.listeners.items() if lst.app is not app}
        self.spectators = [lst for lst in self.spectators if lst.app is not app]

    def replace(self, seat: int) -> None:
        """A computer player at the host's level takes ``seat`` until its player is back."""
        if seat in self.humans and seat not in self.replaced:
            self.replaced[seat] = make_bot(self.spec.family, self.replacement_level)
            self._wake()

    def take_back(self, seat: int) -> None:
        """The player of ``seat`` plays it again."""
        self.replaced.pop(seat, None)
        self._after_change()

    def listening(self) -> list[Listener]:
        """Every seat and spectator listening, seats first."""
        return [*self.listeners.values(), *self.spectators]

    def say_to_all(
        self, text: str, *, except_seat: int | None = None, cue: str | None = None
    ) -> None:
        """A sentence for everyone at the table (a player came or went, a chat line)."""
        for seat, listener in list(self.listeners.items()):
            if seat != except_seat:
                listener.app.say(text, cue=cue, queue=True)
        for listener in self.spectators:
            listener.app.say(text, cue=cue, queue=True)

    # -- actions --------------------------------------------------------------------------

    def propose(self, seat: int, action: Any, after_play: str = "") -> bool:
        """Apply an action ``seat``'s keys proposed; False (and nothing changes) when it is
        not that seat's, or the rules refuse it."""
        if getattr(action, "seat", None) != seat or seat in self.replaced:
            return False
        try:
            self.spec.check(self.state, action)
        except IllegalAction:
            return False
        self._apply(action, actor=seat, after_play=after_play)
        return True

    def _apply(self, action: Any, *, actor: int | None, after_play: str = "") -> None:
        self.saved, self.state, events = advance(self.saved, self.state, action)
        batches: list[tuple[Any, ...]] = [events]
        batches.extend(self._immediate_bots())
        everything = tuple(e for batch in batches for e in batch)
        self.events.extend(everything)
        for seat, listener in list(self.listeners.items()):
            listener.screen.receive(listener.app, batches, after_play if seat == actor else "")
        for listener in list(self.spectators):
            listener.screen.receive(listener.app, batches, "")
        self.narration_at = self.clock()
        self.on_action(self)
        self._after_change()
        for listener in self.listening():
            listener.screen.after_host_change(listener.app)
        if self.is_over and not self.over_told:
            self.over_told = True
            self.on_over(self)

    def _immediate_bots(self) -> list[tuple[Any, ...]]:
        """Computer players acting beside the turn (a bid, an owed draw) act at once."""
        batches: list[tuple[Any, ...]] = []
        for _ in range(len(self.setup.names) * 4):
            if self.is_over:
                break
            seats = self.spec.seats_to_act(self.state)
            if len(seats) < 2:
                break
            due = [s for s in seats if self.computer_for(s) is not None]
            if not due:
                break
            seat = due[0]
            bot = self.computer_for(seat)
            assert bot is not None
            action = bot.choose(self.spec.view(self.state, seat), self.bot_rng(seat))
            self.saved, self.state, events = advance(self.saved, self.state, action)
            batches.append(events)
        return batches

    def bot_rng(self, seat: int) -> random.Random:
        """One computer decision's randomness, from the seed, seat and actions so far."""
        return random.Random(f"bot:{self.setup.seed}:{seat}:{len(self.saved.actions)}")

    def _after_change(self) -> None:
        self.turn_since = self.clock()
        self.bot_due = None
        if self.is_over:
            return
        seat = self.turn_seat()
        if seat is not None and self.computer_for(seat) is not None:
            self.bot_due = self.clock() + self.pause_s

    def _wake(self) -> None:
        if self.bot_due is None:
            self._after_change()

    # -- time -----------------------------------------------------------------------------

    def everyone_heard(self) -> bool:
        """Whether every human listening has likely heard the last move."""
        return all(lst.app.remote.narration_heard() for lst in self.listeners.values())

    def owed_elsewhere(self) -> bool:
        """Whether a person still owes an action beside the turn (a draw by hand) and is
        within the time to make it."""
        for listener in self.listeners.values():
            if listener.screen.table.owed_action_prompt(listener.app) is not None:
                return self.clock() < self.narration_at + OWED_ACTION_WINDOW_S + self.pause_s
        return False

    def tick(self) -> float | None:
        """Let a computer player (or the turn timer) act when due; the seconds until the
        next thing to do, or None when the table waits for a person."""
        if self.is_over:
            return None
        now = self.clock()
        seat = self.turn_seat()
        if seat is None:
            return None
        if self.bot_due is None:
            if self.turn_timer_s is not None and seat in self.humans:
                due = self.turn_since + self.turn_timer_s
                if now >= due:
                    self._play_for(seat)
                    return 0.0
                return due - now
            if seat in self.humans and seat not in self.listeners and seat not in self.replaced:
                return None
            return None
        if now < self.bot_due:
            return self.bot_due - now
        waited = now - self.bot_due
        if waited < LISTEN_CAP_S and (not self.everyone_heard() or self.owed_elsewhere()):
            return 0.05
        bot = self.computer_for(seat)
        if bot is None:
            self.bot_due = None
            return None
        action = bot.choose(self.spec.view(self.state, seat), self.bot_rng(seat))
        self._apply(action, actor=None)
        return 0.0

    def _play_for(self, seat: int) -> None:
        """The turn timer ran out: the strongest computer player plays for ``seat`` once."""
        bot = make_bot(self.spec.family, strongest_level(self.spec.family))
        name = self.setup.names[seat]
        self.say_to_all(words.timer_played_text(name))
        action = bot.choose(self.spec.view(self.state, seat), self.bot_rng(seat))
        self._apply(action, actor=None)

    def skip(self) -> None:
        """A player skips ahead: the computer moves no longer wait for listeners."""
        if self.bot_due is not None:
            self.bot_due = min(self.bot_due, self.clock()) - LISTEN_CAP_S

    # -- results ---------------------------------------------------------------------------

    def result_for(self, seat: int | None) -> MatchResult | None:
        """The match's result as ``seat`` hears it (no statistics: ratings are online)."""
        outcome = self.spec.outcome(self.state)
        if outcome is None:
            return None
        places = tuple(self.setup.names[s] for s in outcome.places)
        place = None if seat is None else outcome.place_of(seat)
        level = match_level(self.setup.kinds)
        rounds = self.spec.progress(self.state)
        return MatchResult(self.setup.game, level, len(places), rounds, places, place, None)


class SeatScreen(MatchScreen):
    """The match screen of one seat (or a spectator) at a hosted table.

    Everything the player hears and every key works as at the offline match screen, through
    the family's controller; what differs is only that actions are proposed to the host, the
    host's computer players act, and the seat is always this one (no hot seat).
    """

    def __init__(self, host: TableHost, seat: int | None) -> None:
        self.host = host
        self.seat = seat
        super().__init__(host.setup, (host.saved, host.state, tuple(host.events)))
        self.bots = {}  # the host's computer players act, never the seat's screen
        # The controller asks "does a person here owe a draw": only this seat's person.
        self.humans = frozenset() if seat is None else frozenset({seat})
        self.revealed = seat
        self.awaiting_ready = False
        self.home = seat if seat is not None else 0
        from ninetynine_audio.present.seats import seat_pans

        self.pans = seat_pans(len(host.setup.names), self.home)
        self.result = None

    # -- what the screen knows -----------------------------------------------------------------

    def perspective(self, app: App) -> Perspective:
        """The seat listens; every person's seat counts as human for the wording."""
        return Perspective(
            game=self.setup.game,
            players=self.setup.names,
            pans=self.pans,
            humans=self.host.humans,
            listener=self.seat,
            verbosity=app.settings.verbosity,
        )

    def ready_prompt(self, app: App, seat: int | None = None) -> str:
        """A spectator pressed a key that needs cards of their own."""
        return words.spectator_text()

    def enter(self, app: App) -> None:
        """A fresh deal is told from its opening; otherwise where the match stands."""
        app.clear_history()
        app.reset_history_position()
        if self.host.opening and len(self.saved.actions) == 0:
            self._speak_events(app, self.host.opening)
        else:
            v = app.settings.verbosity
            from ninetynine_audio.present import results

            text = results.continued_text(self.setup.game, self.saved.level, self.rounds, v)
            if self.seat is not None and not self.is_over:
                text += ". " + self.table.own_cards_text(app, self.seat)
            app.say(text, queue=True)
        self.after_host_change(app, fresh=True)

    def resume(self, app: App) -> None:
        """Back from the pause menu or the rules: whose turn it is."""
        app.say(self.table.turn_text(app))

    def tick(self, app: App) -> None:
        """The host's computer players act; the seat's screen waits."""

    def is_busy(self, app: App) -> bool:
        """A computer player is about to act at the table."""
        return self.host.bot_due is not None and not self.host.is_over

    # -- actions go to the host ----------------------------------------------------------------

    def _apply(self, app: App, action: Any, after_play: str = "") -> None:
        if self.seat is None or not self.host.propose(self.seat, action, after_play):
            self.refuse(app, words.not_your_move_text())

    def _keep(self, app: App) -> None:
        """The host stores the match; nothing is saved on this side."""

    def _immediate_bots(self, app: App) -> None:
        """The host's computer players act."""

    def _skip(self, app: App) -> None:
        app.skip_narration()
        self.host.skip()
        app.say(words.skipping_text())

    def receive(self, app: App, batches: Sequence[tuple[Any, ...]], after_play: str) -> None:
        """What the host applied, in the order it happened: take the new match and speak it."""
        self.saved, self.state = self.host.saved, self.host.state
        for number, events in enumerate(batches):
            self.events.extend(events)
            split = 1 if (after_play and number == 0) else 0
            self._speak_events(app, events[:split])
            if after_play and number == 0:
                app.say(after_play, queue=True)
            self._speak_events(app, events[split:])
        self.table.after_action()

    def after_host_change(self, app: App, *, fresh: bool = False) -> None:
        """Tell the seat what comes next: their turn, a draw they owe, or the result."""
        self.bot_due = None
        if self.is_over:
            if self.result is None:
                self.result = self.host.result_for(self.seat)
                if self.result is not None:
                    app.push(ResultsScreen(self, self.result))
            return
        seat = self.turn_seat()
        if seat is None:
            return
        prompt = self.table.owed_action_prompt(app) if self.seat is not None else None
        if prompt is not None:
            app.say(prompt, cue="your_turn", queue=True)
        if seat == self.seat:
            self.table.turn_changed(app, seat)
            app.say(self.table.your_turn_text(app, seat), cue="your_turn", queue=True)
        elif fresh:
            app.say(self.table.turn_text(app), queue=True)

    def handle(self, app: App, command: str) -> bool:
        """The shared table keys, with "play again" asking the table for another game."""
        is_play = command == "play_card" or command.startswith("play_card_")
        if is_play and self.is_over:
            app.start_game(self.setup)
            return True
        return super().handle(app, command)
