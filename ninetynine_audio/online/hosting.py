"""Hosting one table in play: the true match, its computer players and a screen per seat.

:class:`TableHost` holds the one authoritative match of a table and runs it through the one
match driver (``play.driver.MatchDriver``), with a listener per seat and spectator: the driver
checks every action a seat proposes against the rules (and that the seat is the proposer's
own), applies it, lets the computer players act once every listener has likely heard the last
move, has the match stored after every action and tells each seat's screen what happened. Each
human seat (and each spectator) has a :class:`SeatScreen`: the offline match screen and the
family's own table controller, so the keys, queries, hints, wording and window are exactly
those of offline play, working from that seat's view; the server, not the screen, runs the
driver.

Everything here is synchronous: the server runs one table's steps one at a time (the event
loop never switches inside a step), and the engines stay pure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.utterance import TABLE, Utterance
from ninetynine_audio.bots import make_bot, strongest_level
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.saved import match_level, resume
from ninetynine_audio.input.commands import table_context
from ninetynine_audio.play.driver import MatchDriver
from ninetynine_audio.play.seat import AfterPlay
from ninetynine_audio.play.table import TableCore
from ninetynine_audio.present import online as words
from ninetynine_audio.present import screens as screen_words
from ninetynine_audio.present.seats import Perspective, heard_by, listener_names, seat_pans
from ninetynine_audio.ui.match import MatchScreen
from ninetynine_audio.ui.results import MatchResult, ResultsScreen
from ninetynine_audio.ui.tables.base import TURN_CUE, TURN_KEY, controller_class

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
    """One seat's screen and the player's app it speaks through: the driver's listener."""

    app: SeatApp
    screen: SeatScreen

    @property
    def seat(self) -> int | None:
        """The seat listened from (None: a spectator)."""
        return self.screen.seat

    def heard(self) -> bool:
        """Whether the person has likely heard the last move (a spectator holds nobody up)."""
        return self.seat is None or self.app.remote.narration_heard()

    def owes(self) -> bool:
        """Whether the person owes an action beside the turn (a draw by hand)."""
        return self.seat is not None and self.screen.core.owed(self.seat) is not None

    def receive(
        self,
        batches: Sequence[tuple[Any, ...]],
        after_play: AfterPlay,
        view: Any,
        *,
        all_out: bool = False,
    ) -> None:
        """Each seat hears what happened in its own player's language, not the actor's."""
        with self.app.speaking():
            self.screen._host = self.app
            self.screen.receive(batches, after_play, view)

    def moved_on(self) -> None:
        """Tell the seat what comes next."""
        with self.app.speaking():
            self.screen.after_host_change(self.app)


@dataclass
class TableHost:
    """The one table core of an online table and everyone listening to it.

    The :class:`~ninetynine_audio.play.table.TableCore` holds the true state and the
    computer players; the host adds what a table of several people needs: a seat screen per
    person (and per spectator), the computer players who stand in for people who left, the
    pause that waits for every listener, the turn timer, and the calls that store the match
    after every action (``on_action``) and record it at its end (``on_over``).
    """

    core: TableCore
    clock: Callable[[], float]
    pause_s: float = DEFAULT_PAUSE_S
    replacement_level: str = "normal"
    turn_timer_s: float | None = None
    on_action: Callable[[TableHost], None] = lambda host: None
    on_over: Callable[[TableHost], None] = lambda host: None
    listeners: dict[int, Listener] = field(default_factory=dict)
    spectators: list[Listener] = field(default_factory=list)
    heard_names: dict[str, str] = field(default_factory=dict)
    """Seats people sit at, said to others by the person's name where the set-up (and the
    log) names them otherwise: arcade's You (``online.gamelog.heard_names``)."""
    driver: MatchDriver = field(init=False)

    def __post_init__(self) -> None:
        self.driver = MatchDriver(
            self.core,
            self.clock,
            lambda: self.pause_s,
            listeners=self.listening,
            save=lambda: self.on_action(self),
            on_over=lambda: self.on_over(self),
            listen_cap=LISTEN_CAP_S,
            skip_to_person=False,
        )

    @property
    def replaced(self) -> dict[int, Bot]:
        """The computer players standing in for people who left, by seat."""
        return self.driver.stand_ins

    @property
    def bot_due(self) -> float | None:
        """When the computer player to move may act (None: the table waits for a person)."""
        return self.driver.due

    @property
    def narration_at(self) -> float:
        """When the last move was applied."""
        return self.driver.moved_at

    # -- making one ------------------------------------------------------------------------

    @classmethod
    def deal(cls, setup: GameSetup, clock: Callable[[], float], **options: Any) -> TableHost:
        """A new match for ``setup``."""
        host = cls(TableCore(setup), clock, **options)
        host.driver.move_on()
        return host

    @classmethod
    def reload(
        cls, record: dict[str, Any], clock: Callable[[], float], **options: Any
    ) -> TableHost:
        """A match stored after its last action, dealt again and replayed."""
        resumed = resume(record)
        host = cls(TableCore(resumed[0].setup, resumed), clock, **options)
        host.driver.move_on()
        return host

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.core.is_over

    @property
    def humans(self) -> frozenset[int]:
        """The seats people sit at."""
        return self.core.humans

    def turn_seat(self) -> int | None:
        """The seat whose turn it is."""
        return self.core.turn_seat()

    def shown_name(self, seat: int) -> str:
        """``seat``'s name as others hear it (and the stored results keep it)."""
        name = self.core.setup.names[seat]
        return self.heard_names.get(name, name)

    def computer_for(self, seat: int) -> Bot | None:
        """The computer player acting for ``seat``: its own, or the one standing in."""
        return self.driver.computer_for(seat)

    # -- seats ------------------------------------------------------------------------------

    def attach(self, seat: int | None, app: SeatApp) -> SeatScreen:
        """Open the table on ``app`` for ``seat`` (``None``: a spectator)."""
        self.detach(app)
        with app.speaking():  # the screen's title and fixed words are in the player's language
            screen = SeatScreen(self, seat)
        listener = Listener(app, screen)
        if seat is None:
            self.spectators.append(listener)
        else:
            self.listeners[seat] = listener
        app.stack = [*app.stack[:1], screen]
        app.changed = True
        with app.speaking():
            screen.enter(app)
        return screen

    def detach(self, app: SeatApp) -> None:
        """``app`` no longer listens to this table."""
        self.listeners = {s: lst for s, lst in self.listeners.items() if lst.app is not app}
        self.spectators = [lst for lst in self.spectators if lst.app is not app]

    def replace(self, seat: int) -> None:
        """A computer player at the host's level takes ``seat`` until its player is back."""
        if seat in self.humans and seat not in self.replaced:
            self.replaced[seat] = make_bot(self.core.spec.family, self.replacement_level)
            if self.driver.due is None:
                self.driver.move_on()

    def take_back(self, seat: int) -> None:
        """The player of ``seat`` plays it again."""
        self.replaced.pop(seat, None)
        self.driver.move_on()

    def listening(self) -> list[Listener]:
        """Every seat and spectator listening, seats first."""
        return [*self.listeners.values(), *self.spectators]

    def say_to_all(self, text: Callable[[], str]) -> None:
        """A sentence for everyone at the table, made by ``text`` in each one's language."""
        for listener in self.listening():
            with listener.app.speaking():
                listener.app.say(text(), queue=True)

    # -- actions and time -----------------------------------------------------------------

    def propose(self, seat: int, action: Any, after_play: AfterPlay = "") -> bool:
        """Apply an action ``seat``'s keys proposed; False (and nothing changes) when it is
        not that seat's, a computer plays the seat, or the rules refuse it."""
        return self.driver.propose(seat, action, after_play)

    def tick(self) -> float | None:
        """Let a computer player (or the turn timer) act when due; the seconds until the
        next thing to do, or None when the table waits for a person."""
        if self.is_over:
            return None
        seat = self.turn_seat()
        if seat is None:
            return None
        if self.driver.due is None and self.turn_timer_s is not None and seat in self.humans:
            due = self.driver.turn_since + self.turn_timer_s
            now = self.clock()
            if now >= due:
                self._play_for(seat)
                return 0.0
            return due - now
        return self.driver.tick()

    def _play_for(self, seat: int) -> None:
        """The turn timer ran out: the strongest computer player plays for ``seat`` once."""
        bot = make_bot(self.core.spec.family, strongest_level(self.core.spec.family))
        name = self.core.setup.names[seat]
        self.say_to_all(lambda: words.timer_played_text(name))
        self.driver.play(self.driver.computer_action(seat, bot), actor=None)

    # -- results ---------------------------------------------------------------------------

    def result_for(self, seat: int | None) -> MatchResult | None:
        """The match's result as ``seat`` hears it (no statistics: ratings are online)."""
        outcome = self.core.outcome
        if outcome is None:
            return None
        names = self.core.setup.names
        places = tuple(names[s] if seat is not None else self.shown_name(s) for s in outcome.places)
        place = None if seat is None else outcome.place_of(seat)
        level = match_level(self.core.setup.kinds)
        rounds = self.core.progress
        # A seat's result holds the game's log for its review: the end reveals every hand.
        records = tuple(e.to_log() for e in self.core.events) if seat is not None else ()
        return MatchResult(
            self.core.setup.game, level, len(places), rounds, places, place, None, records
        )


class SeatScreen(MatchScreen):
    """The match screen of one seat (or a spectator) at a hosted table.

    Everything the player hears and every key works as at the offline match screen, through
    the family's controller and the host's match driver (the screen is one of its listeners);
    what differs is that the host's server runs the driver, and the seat is always this one
    (no hot seat).
    """

    def __init__(self, host: TableHost, seat: int | None) -> None:
        # The screen shares the host's core and driver; it does not deal one of its own.
        self.host = host
        self.core = host.core
        self.driver = host.driver
        self.proposer = host.propose
        self.context = table_context(self.core.spec.family)
        self.title = screen_words.game_title(self.core.setup.game)
        self.port = self.core.port(seat, self._propose)
        self.awaiting_ready = False
        self.away = False
        self.save_problem_said = False
        self.notices = []
        self.result = None
        # Each person is told the table as "you", everyone else by name, as at a hot seat
        # once its player has said they are at the keys.
        self.hot_seat = seat is not None
        self.port.says_you = seat is not None
        self.table = controller_class(self.core.spec.family)(self.port)
        if seat is None:  # a spectator has no hand to be handed: keys for cards say so
            self.table.watcher_text = words.spectator_text()
            self.port.watcher_names = host.heard_names
        self._host = None
        self.pans = seat_pans(len(host.core.setup.names), seat if seat is not None else 0)

    # -- what the screen knows -----------------------------------------------------------------

    def perspective(self, app: App) -> Perspective:
        """The seat listens, "you" to itself, each seat heard from where it sits around it."""
        names = self.setup.names
        renames = self.host.heard_names if self.seat is None else listener_names(names, self.seat)
        names = tuple(renames.get(name, name) for name in names)
        return Perspective(
            game=self.setup.game,
            players=names,
            pans=self.pans,
            humans=self.humans,
            listener=self.seat,
            verbosity=app.settings.verbosity,
        )

    def _speak_events(self, app: App, events: tuple[Any, ...] | list[Any]) -> None:
        """As offline; a spectator hears each person by their name (arcade's You too)."""
        if self.seat is None and self.host.heard_names:
            events = [heard_by(event, self.host.heard_names) for event in events]
        super()._speak_events(app, events)

    def enter(self, app: App) -> None:
        """A fresh deal is told from its opening; otherwise where the match stands."""
        self._host = app
        app.clear_history()
        app.reset_history_position()
        if self.core.opening and len(self.saved.actions) == 0:
            self._speak_events(app, self.core.opening)
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
        """The server runs the host's driver; the seat's screen waits."""

    def after_host_change(self, app: App, *, fresh: bool = False) -> None:
        """Tell the seat what comes next: their turn, a draw they owe, or the result."""
        if self.is_over:
            if self.result is None:
                self.result = self.host.result_for(self.seat)
                if self.result is not None:
                    app.push(ResultsScreen(self.setup, self.result))
            return
        seat = self.turn_seat()
        if seat is None:
            return
        prompt = self.table.owed_action_prompt(app) if self.seat is not None else None
        if prompt is not None:
            app.say(prompt, cue="your_turn", queue=True)
        if seat == self.seat:
            self.table.turn_changed(app, seat)
            text = self.table.your_turn_text(app, seat)
            app.say_utterance(Utterance(text, cue=TURN_CUE, key=TURN_KEY, kind=TABLE))
        elif fresh:
            app.say_utterance(Utterance(self.table.turn_text(app), key=TURN_KEY, kind=TABLE))

    def handle(self, app: App, command: str) -> bool:
        """The shared table keys, with "play again" asking the table for another game."""
        is_play = command == "play_card" or command.startswith("play_card_")
        if is_play and self.is_over:
            app.start_game(self.setup)
            return True
        if command == "table_chat":
            chat = getattr(app, "on_chat", None)
            if callable(chat):
                chat()
            return True
        return super().handle(app, command)

    def hidden_commands(self, app: App) -> frozenset[str]:
        """The family's unused keys; chat works here."""
        return self.table.hidden_commands(app)
