"""The match screen: any registered game, from the deal to the result, at one computer.

It is the face of a ``play.table.TableCore`` (the true table: set-up, state, saved match,
computer players, check and apply, events, outcome), run by a ``play.driver.MatchDriver`` with
this screen as its one listener, and knows nothing of any family. The driver lets computer
players act after their pause (``bot_pause_ms``) once the narration before them has likely
been heard (estimated for a screen reader from its words and the rate set in Settings; keys
pressed meanwhile never hold them up; the skip key plays them at once, dropping only their
waiting moves, never a result), applies what the family's table controller proposes through
its seat's port (the screen speaks the refusal), and calls the screen to save after every turn
and to count the match when it ends; the screen narrates each seat's events through the
controller and handles hot seat (several people at one keyboard).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.speaker import join_phrases
from ninetynine_audio.audio.utterance import SYSTEM, Utterance
from ninetynine_audio.audio.utterance import TABLE as TABLE_KIND
from ninetynine_audio.games.base import GameSetup, Outcome
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.input.commands import TABLE, table_context
from ninetynine_audio.play.driver import MatchDriver
from ninetynine_audio.play.seat import AfterPlay, after_play_words
from ninetynine_audio.play.table import EventListener, Resumed, TableCore
from ninetynine_audio.present import results
from ninetynine_audio.present import screens as words
from ninetynine_audio.present.online import not_your_move_text
from ninetynine_audio.present.seats import Perspective, heard_by, listener_names
from ninetynine_audio.store.saves import save_match
from ninetynine_audio.ui.buffers import as_table
from ninetynine_audio.ui.results import MatchResult, ResultsScreen, finish_match
from ninetynine_audio.ui.screen import Display, Screen
from ninetynine_audio.ui.tables.base import TableController, controller_class

if TYPE_CHECKING:
    from ninetynine_audio.games.saved import SavedMatch
    from ninetynine_audio.ui.host import Host as App

__all__ = ["SHARED_COMMANDS", "MatchScreen", "Resumed"]

SHARED_COMMANDS = frozenset(
    {"pause_menu", "read_rules", "announce_turn", "skip_wait", "table_chat"}
)
"""The table keys the match screen answers itself, for every family; every other table key
goes to the family's controller."""

ONLINE_ONLY_COMMANDS = frozenset({"table_chat"})
"""Table keys that mean something only at a table hosted by the server."""


class MatchScreen(Screen):
    """One match of any game, from deal to result."""

    hot_seat = False
    """Several people at this keyboard: each is told "you", the others by name, and the next
    hand waits for its player's Enter (a subclass for one seat leaves it off)."""

    def __init__(
        self,
        setup: GameSetup,
        resumed: Resumed | None = None,
        *,
        on_events: EventListener | None = None,
    ) -> None:
        self.core = TableCore(setup, resumed, on_events=on_events)
        self.context = table_context(self.core.spec.family)
        self.title = words.game_title(setup.game)
        # Whose cards may be spoken: with one human always theirs; in a hot-seat game only
        # after the human to act has said they are at the keyboard.
        home = self.core.home
        self.port = self.core.port(home if len(self.core.humans) == 1 else None, self._propose)
        # Several people at one keyboard: the next hand waits for its player's Enter.
        self.hot_seat = len(self.core.humans) > 1
        # The person at the keys is spoken to as "you" and the others by name, also one
        # person who gave their name on the command line.
        self.port.says_you = bool(self.core.humans)
        self.awaiting_ready = False
        self.away = False  # in the pause menu: the computer players wait
        self.save_problem_said = False
        self.notices: list[str] = []  # hot seat: said since the last hand-over
        self.result: MatchResult | None = None  # set once, when the match ends
        self.table: TableController = controller_class(self.core.spec.family)(self.port)
        self._host: App | None = None  # the host of the key or frame being handled
        self.driver = MatchDriver(
            self.core,
            lambda: self._app().now(),
            lambda: self._app().bot_pause(),
            listeners=lambda: (self,),
            save=lambda: self._keep(self._app()),
        )
        # Where the keys' checked actions go: the driver (online, the table's host).
        self.proposer: Callable[[int, Any, AfterPlay], bool] = self.driver.propose

    def _app(self) -> App:
        assert self._host is not None, "the match is run from its host's keys and frames"
        return self._host

    @property
    def bot_due(self) -> float | None:
        """When the computer player to move may act (None: the match waits for a person)."""
        return self.driver.due

    @property
    def skipping(self) -> bool:
        """Whether the computer players' waiting moves are being played at once."""
        return self.driver.skipping

    # -- what the match knows --------------------------------------------------------------

    @property
    def setup(self) -> GameSetup:
        """How the match was set up."""
        return self.core.setup

    @property
    def spec(self) -> Any:
        """The game's spec."""
        return self.core.spec

    @property
    def state(self) -> Any:
        """The true state of the table (the core's; no controller reads it)."""
        return self.core.state

    @property
    def saved(self) -> SavedMatch:
        """The match as it is saved."""
        return self.core.saved

    @property
    def events(self) -> list[Any]:
        """Every event of the match so far."""
        return self.core.events

    @property
    def humans(self) -> frozenset[int]:
        """The seats played at this keyboard."""
        return self.core.humans

    @property
    def bots(self) -> dict[int, Any]:
        """The computer players, by seat."""
        return self.core.bots

    @property
    def is_resumed(self) -> bool:
        """Whether the match was continued from a save."""
        return self.core.is_resumed

    @property
    def revealed(self) -> int | None:
        """The seat whose cards may be spoken (None at a hot-seat hand-over)."""
        return self.port.seat

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.core.is_over

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""
        return self.core.outcome

    @property
    def rounds(self) -> int:
        """The round or deal being played (the last one, once the game is over)."""
        return self.core.progress

    def perspective(self, app: App) -> Perspective:
        """The listener and wording settings for narration."""
        names = self.setup.names
        if self.port.seat is not None:
            renames = listener_names(names, self.port.seat)
            names = tuple(renames.get(name, name) for name in names)
        return Perspective(
            game=self.setup.game,
            players=names,
            pans=self.core.pans,
            humans=self.humans,
            listener=self.port.seat,
            verbosity=app.settings.verbosity,
        )

    def my_seat(self) -> int | None:
        """The human seat the keys act for: the revealed one (None before a hot-seat ready)."""
        return self.port.seat

    def turn_seat(self) -> int | None:
        """The seat whose turn it is."""
        return self.core.turn_seat()

    # -- lifecycle ---------------------------------------------------------------------------

    def enter(self, app: App) -> None:
        """Speak the opening (or where a continued match stands) and hand the turn on."""
        self._host = app
        # History steps through what was said in this match only.
        app.clear_history()
        app.reset_history_position()
        if self.is_resumed:
            v = app.settings.verbosity
            text = results.continued_text(self.setup.game, self.saved.level, self.rounds, v)
            if self.port.seat is not None:
                # The player may not remember their cards after the break.
                text += ". " + self.table.own_cards_text(app, self.port.seat)
            app.say(text)
        else:
            self._keep(app)  # the deal itself, so leaving before the first play keeps it
        self._speak_events(app, self.core.opening)
        self.driver.move_on()
        self._after_change(app)

    def resume(self, app: App) -> None:
        """Back from the pause menu or the rules: say whose turn it is."""
        self._host = app
        app.say(self.ready_prompt(app) if self.awaiting_ready else self.table.turn_text(app))
        self.away = False
        self.driver.wake()

    def is_busy(self, app: App) -> bool:
        """A computer player is due to act, and nobody at the keyboard owes an action (text
        mode then reads the next line instead of waiting for the computer)."""
        return self.driver.busy() and self.table.owed_action_prompt(app) is None

    def hidden_commands(self, app: App) -> frozenset[str]:
        """The table's keys that do nothing in this game (chat is for online tables)."""
        return self.table.hidden_commands(app) | ONLINE_ONLY_COMMANDS

    def number_keys(self, app: App) -> int | None:
        """How many card-number keys this game uses."""
        return self.table.number_keys(app)

    def key_descriptions(self, app: App) -> Mapping[str, str]:
        """The family's own words for some keys."""
        return self.table.key_descriptions(app)

    def key_groups(self, app: App) -> Sequence[tuple[str, frozenset[str]]]:
        """The family's groups for key help."""
        return self.table.key_groups(app)

    def tick(self, app: App) -> None:
        """Let a computer player act when the driver says it may."""
        self._host = app
        self.driver.tick()

    # -- the driver's one listener --------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        """The seat at the keys (None at a hot-seat hand-over, or for a spectator)."""
        return self.port.seat

    def heard(self) -> bool:
        """Whether what was said has likely been heard out."""
        return not self.away and self._app().speech_idle()

    def owes(self) -> bool:
        """Whether the person at the keys owes an action beside the turn (a draw)."""
        return self.table.owed_action_prompt(self._app()) is not None

    # -- applying actions ---------------------------------------------------------------------

    def _propose(self, action: Any, after_play: AfterPlay = "") -> bool:
        """The port's proposals: carried out for the host of the key being handled."""
        if self._host is None:
            return False
        return self.perform(self._host, action, after_play)

    def check(self, app: App, action: Any) -> bool:
        """Whether the game allows ``action`` now; if not, the refusal is spoken."""
        try:
            self.core.check(action)
        except IllegalAction as error:
            self.table.refuse(app, self.table.refusal_text(error, app))
            return False
        return True

    def perform(self, app: App, action: Any, after_play: AfterPlay = "") -> bool:
        """Check and apply an action the player's keys proposed; False when refused.

        What was being said gives way, so the action is heard at once; ``after_play`` (the
        practice words, or the function that makes them from the seat's view afterwards and
        the action's events) is said right after the action's own narration."""
        if not self.check(app, action):
            return False
        app.mark_action()
        seat = self.port.seat
        if seat is None or not self.proposer(seat, action, after_play):
            self.refuse(app, not_your_move_text())
            return False
        return True

    def refuse(self, app: App, text: str) -> None:
        """Say why a key did nothing, with the refusal sound."""
        self.table.refuse(app, text)

    def receive(
        self,
        batches: Sequence[tuple[Any, ...]],
        after_play: AfterPlay,
        view: Any,
        *,
        all_out: bool = False,
    ) -> None:
        """Tell what the driver applied, move by move (and the practice words after the
        action's first event)."""
        app = self._app()
        text = after_play_words(after_play, view, batches[0]) if after_play else ""
        for number, events in enumerate(batches):
            # Words about the play follow the play itself, before what the play caused.
            split = 1 if (text and number == 0) else 0
            self._speak_events(app, events[:split])
            if text and number == 0:
                app.say(text, queue=True)
            self._speak_events(app, events[split:])
        if all_out:
            # Nobody at the keyboard plays any more: say how to get on.
            skip = app.key_name(TABLE, "skip_wait")
            leave = app.key_name(TABLE, "pause_menu")
            app.say(words.out_of_game_text(skip, leave), queue=True)
        self.table.after_action()

    def moved_on(self) -> None:
        """The driver moved on: the next turn, or the result."""
        self._after_change(self._app())

    def _keep(self, app: App) -> None:
        """Save the match after the turn, or, when it has ended, drop the save and count it."""
        if self.is_over:
            if self.result is None:
                # Counts the match, and only then removes its save (ui.results).
                self.result, notices = finish_match(self.core)
                for notice in notices:
                    self._notice(app, notice)
            return
        problem = save_match(self.core.record())
        # One sentence is enough: the match goes on in memory either way.
        if problem and not self.save_problem_said:
            self.save_problem_said = True
            self._notice(app, problem)

    def _notice(self, app: App, text: str) -> None:
        """A sentence about the computer (a save that failed), for whoever is at the keys."""
        app.say_utterance(Utterance(text, kind=SYSTEM))
        if self.hot_seat:
            self.notices.append(text)

    def _speak_events(self, app: App, events: tuple[Any, ...] | list[Any]) -> None:
        listener = self.port.seat
        if listener is not None:
            events = self._heard_by(listener, events)
        for utterance in self.table.narrate(events, self.perspective(app)):
            app.say_utterance(as_table(utterance))

    def _heard_by(self, listener: int, events: Sequence[Any]) -> list[Any]:
        """``events`` as the narration tells them to ``listener``, whose own name is
        "you"."""
        renames = listener_names(self.setup.names, listener)
        return [heard_by(event, renames) for event in events]

    def _after_change(self, app: App) -> None:
        if self.is_over:
            if self.result is not None:
                app.push(ResultsScreen(self.setup, self.result))
            return
        seat = self.turn_seat()
        if seat is None:
            return
        if seat in self.bots:
            prompt = self.table.owed_action_prompt(app)
            if prompt is not None:
                app.say(prompt, cue="your_turn", queue=True)
            return
        self.table.turn_changed(app, seat)
        if len(self.humans) > 1 and self.port.seat != seat:
            self._hand_over(app)
            return
        self.port.seat = seat
        app.say_utterance(as_table(self.table.turn_prompt(app, seat)))

    def _hand_over(self, app: App) -> None:
        """Hot seat: the next person comes to the keys. From here on nothing of the last
        player's is told: their cards and what was said to them leave the history, and the
        table waits for the next player's Enter."""
        self.port.seat = None
        self.awaiting_ready = True
        app.forget_said()
        app.say(self.table.ready_prompt(app), cue="your_turn", queue=True)

    def ready_prompt(self, app: App, seat: int | None = None) -> str:
        """Hot seat: whose turn it is, and the key to press when they are at the keyboard."""
        return self.table.ready_prompt(app)

    def reveal(self, app: App) -> None:
        """Hot seat: the player to act is at the keyboard; tell them what the table did since
        their last turn, then read them their turn and cards."""
        seat = self.turn_seat()
        if seat is None:
            return
        self.awaiting_ready = False
        self.port.seat = seat
        self.table.turn_changed(app, seat)
        own = self.table.own_cards_text(app, seat)
        unheard = self._unheard_notices(app)
        news = self._news(app, seat)
        if news is not None:
            # What is still waiting to be said was worded for the last player, and the news
            # tells all of it again for this one; a sentence about the computer not yet heard
            # out (a save that failed) is for this player too, and follows the turn. The news
            # names the player first, so the right person knows the cards that follow are
            # theirs; the turn follows it as narration, which the player's first move cuts off.
            app.stop_speech()
            app.say(news)
            turn = self.table.your_turn_text(app, seat)
            app.say_utterance(Utterance(f"{turn}. {own}", mergeable=True, kind=TABLE_KIND))
            for notice in unheard:
                app.say(notice, queue=True)
            return
        # The first words name the player ("Sam's turn"), so the right person knows the
        # cards that follow are theirs; from then on they are "you". Some turns ("Your bid")
        # never name anyone, so the name is put before them.
        self.port.keeps_own_name = True
        turn = self.table.your_turn_text(app, seat)
        self.port.keeps_own_name = False
        turn = words.named_at_keys_text(self.port.names[seat], turn)
        app.say(f"{turn}. {own}")

    def _unheard_notices(self, app: App) -> list[str]:
        """Hot seat: the sentences about the computer said since the last hand-over and not
        yet heard out (still waiting, or being said): they are for this player too, and go
        with the words the news replaces."""
        waiting = set(app.unheard_texts())
        unheard = [notice for notice in self.notices if notice in waiting]
        self.notices.clear()
        return unheard

    def _news(self, app: App, seat: int) -> str | None:
        """Hot seat: what the table did since ``seat`` last acted, as its player is told it
        now they are at the keys (only what that seat may know); None when nothing was."""
        events, start, acted = self.core.since_last_action(seat)
        heard = self._heard_by(seat, events)
        told = self.table.catch_up(heard, start, self.perspective(app))
        lines = [utterance.text for utterance in told if utterance.text]
        if not lines:
            return None
        news = join_phrases(lines)
        return words.news_text(self.port.names[seat], news, first_turn=not acted)

    # -- commands ------------------------------------------------------------------------------

    def handle(self, app: App, command: str) -> bool:
        """The keys every table shares, then the family's own."""
        self._host = app
        self.table.before_command(command)
        if command == "pause_menu":
            if self.is_over:
                app.back_to_main_menu()
            else:
                self.away = True
                app.open_pause_menu(self)
            return True
        if command == "read_rules":
            app.open_rules(self.setup.game)
            return True
        if command == "announce_turn":
            # At a hand-over the one answer true for every game is the hand-over's own: a
            # table's turn words read its view, which names who leads, not who bids next.
            app.say(self.ready_prompt(app) if self.awaiting_ready else self.table.turn_text(app))
            return True
        if command == "skip_wait":
            self._skip(app)
            return True
        if command == "table_chat":
            # Chat is for a table of the server (online.hosting.SeatScreen answers it there).
            self.refuse(app, words.not_now_text())
            return True
        is_play = command == "play_card" or command.startswith("play_card_")
        if is_play and self.is_over:
            app.start_game(app.next_setup(self.setup))
            return True
        if is_play and self.awaiting_ready:
            self.reveal(app)
            return True
        return self.table.handle(app, command)

    def _skip(self, app: App) -> None:
        if not self.driver.skip():
            self.refuse(app, words.not_now_text())
            return
        # Only the computer players' waiting moves go; results are still said.
        app.skip_narration()
        app.say(words.skipping_text())

    # -- the window ------------------------------------------------------------------------------

    def display(self, app: App) -> Display:
        """The family's view of the table."""
        return self.table.display(app)
