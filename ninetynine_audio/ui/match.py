"""The match screen: any registered game, from the deal to the result.

It runs what every game shares and knows nothing of any family: it deals through the game's
spec, lets computer players act on a timer (``bot_pause_ms``, and never before the narration
before them has likely been heard, estimated for a screen reader from its words and the rate
set in Settings; keys pressed meanwhile never hold them up; the skip key plays them at once,
dropping only their waiting moves, never a result), checks and applies
what the family's table controller proposes from the player's keys (speaking the refusal),
narrates through the controller, writes the log, saves after every turn, handles hot seat
(several people at one keyboard) and counts the match when it ends.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ninetynine_audio.bots import make_bot
from ninetynine_audio.games.base import HUMAN, GameSetup, Outcome
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.saved import SavedMatch, advance, start_match, to_record
from ninetynine_audio.input.commands import TABLE, table_context
from ninetynine_audio.present import results
from ninetynine_audio.present import screens as words
from ninetynine_audio.present.seats import Perspective, seat_pans
from ninetynine_audio.store.saves import discard_match, save_match
from ninetynine_audio.ui.results import MatchResult, ResultsScreen, finish_match
from ninetynine_audio.ui.screen import Display, Screen
from ninetynine_audio.ui.tables.base import TableController, controller_class

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

OWED_ACTION_WINDOW_S = 3.0
"""How long a player has to make an owed action (a draw by hand), from the moment its prompt
has been heard, before the next computer move."""

ONLINE_ONLY_COMMANDS = frozenset({"table_chat"})
"""Table keys that mean something only at a table hosted by the server."""

Resumed = tuple[SavedMatch, Any, tuple[Any, ...]]
"""A match continued from its save: what ``games.saved.resume`` returns."""


class MatchScreen(Screen):
    """One match of any game, from deal to result."""

    def __init__(self, setup: GameSetup, resumed: Resumed | None = None) -> None:
        self.setup = setup
        self.spec = find_game(setup.game)
        self.context = table_context(self.spec.family)
        self.title = words.game_title(setup.game)
        self.state: Any
        self.saved: SavedMatch
        past: tuple[Any, ...] = ()
        if resumed is None:
            self.saved, self.state, self._opening = start_match(setup)
        else:
            # Dealt again and replayed by ``games.saved.resume``: nothing new to narrate.
            self.saved, self.state, past = resumed
            self._opening = ()
        self.is_resumed = resumed is not None
        self.humans = frozenset(s for s, kind in enumerate(setup.kinds) if kind == HUMAN)
        self.bots = {
            seat: make_bot(self.spec.family, kind)
            for seat, kind in enumerate(setup.kinds)
            if kind != HUMAN
        }
        # The seat the sound is placed around: the first human, else the first seat.
        self.home = min(self.humans) if self.humans else 0
        self.pans = seat_pans(len(setup.names), self.home)
        # Whose cards may be spoken: with one human always theirs; in a hot-seat game only
        # after the human to act has said they are at the keyboard.
        self.revealed: int | None = self.home if len(self.humans) == 1 else None
        self.awaiting_ready = False
        self.bot_due: float | None = None
        self.draw_heard_at: float | None = None  # when an owed action's prompt was heard
        self.skipping = False
        self.events: list[Any] = [*past, *self._opening]
        self.save_problem_said = False
        self.result: MatchResult | None = None  # set once, when the match ends
        self.table: TableController = controller_class(self.spec.family)(self)

    # -- what the match knows --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.spec.is_over(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""
        return self.spec.outcome(self.state)

    @property
    def rounds(self) -> int:
        """The round or deal being played (the last one, once the game is over)."""
        return self.spec.progress(self.state)

    def perspective(self, app: App) -> Perspective:
        """The listener and wording settings for narration."""
        return Perspective(
            game=self.setup.game,
            players=self.setup.names,
            pans=self.pans,
            humans=self.humans,
            listener=self.revealed,
            verbosity=app.settings.verbosity,
        )

    def my_seat(self) -> int | None:
        """The human seat the keys act for: the revealed one (None before a hot-seat ready)."""
        return self.revealed

    def my_view(self) -> Any | None:
        """The view of :meth:`my_seat`."""
        seat = self.my_seat()
        return None if seat is None else self.spec.view(self.state, seat)

    def turn_seat(self) -> int | None:
        """The seat whose turn it is."""
        return self.table.turn_seat(self.state)

    # -- lifecycle ---------------------------------------------------------------------------

    def enter(self, app: App) -> None:
        """Speak the opening (or where a continued match stands) and hand the turn on."""
        # History steps through what was said in this match only.
        app.clear_history()
        app.reset_history_position()
        if self.is_resumed:
            v = app.settings.verbosity
            text = results.continued_text(self.setup.game, self.saved.level, self.rounds, v)
            if self.revealed is not None:
                # The player may not remember their cards after the break.
                text += ". " + self.table.own_cards_text(app, self.revealed)
            app.say(text)
        else:
            self._keep(app)  # the deal itself, so leaving before the first play keeps it
        self._speak_events(app, self._opening)
        self._after_change(app)

    def bot_rng(self, seat: int) -> random.Random:
        """The randomness of one computer decision.

        Made from the seed, the seat and the number of actions so far, so a continued match
        plays on exactly as it would have without the break.
        """
        return random.Random(f"bot:{self.setup.seed}:{seat}:{len(self.saved.actions)}")

    def hint_rng(self) -> random.Random:
        """The randomness of a hint: fixed by the position, so asking twice gives one answer."""
        return random.Random(f"hint:{self.setup.seed}:{len(self.saved.actions)}")

    def resume(self, app: App) -> None:
        """Back from the pause menu or the rules: say whose turn it is."""
        app.say(self.table.turn_text(app))
        seat = self.turn_seat()
        if seat in self.bots and not self.is_over:
            self.bot_due = app.now() + app.bot_pause()

    def is_busy(self, app: App) -> bool:
        """A computer player is due to act, and nobody at the keyboard owes an action (text
        mode then reads the next line instead of waiting for the computer)."""
        return self.bot_due is not None and self.table.owed_action_prompt(app) is None

    def hidden_commands(self, app: App) -> frozenset[str]:
        """The table's keys that do nothing in this game (chat is for online tables)."""
        return self.table.hidden_commands(app) | ONLINE_ONLY_COMMANDS

    def number_keys(self, app: App) -> int | None:
        """How many card-number keys this game uses."""
        return self.table.number_keys(app)

    def tick(self, app: App) -> None:
        """Let a computer player act when its pause is over and the narration before it has
        likely been heard (and, when a human owes a draw, the time to draw has passed)."""
        if self.bot_due is None or self.is_over:
            return
        if not self.skipping and (app.now() < self.bot_due or not app.speech_idle()):
            return
        if not self.skipping and self.table.owed_action_prompt(app) is not None:
            # Once the prompt has been heard the player has OWED_ACTION_WINDOW_S; only a
            # player who lets the next one play misses the draw.
            if self.draw_heard_at is None:
                self.draw_heard_at = app.now()
            if app.now() < self.draw_heard_at + OWED_ACTION_WINDOW_S:
                return
        seat = self.turn_seat()
        bot = self.bots.get(seat) if seat is not None else None
        if seat is None or bot is None:
            self.bot_due = None
            return
        action = bot.choose(self.spec.view(self.state, seat), self.bot_rng(seat))
        self._apply(app, action)

    # -- applying actions ---------------------------------------------------------------------

    def check(self, app: App, action: Any) -> bool:
        """Whether the game allows ``action`` now; if not, the refusal is spoken."""
        try:
            self.spec.check(self.state, action)
        except IllegalAction as error:
            self.refuse(app, self.table.refusal_text(error, app))
            return False
        return True

    def perform(self, app: App, action: Any, after_play: str = "") -> bool:
        """Check and apply an action the player's keys proposed; False when refused.

        What was being said gives way, so the action is heard at once; ``after_play`` (the
        practice words) is said right after the action's own narration."""
        if not self.check(app, action):
            return False
        app.mark_action()
        self._apply(app, action, after_play)
        return True

    def refuse(self, app: App, text: str) -> None:
        """Say why a key did nothing, with the refusal sound."""
        app.say(text, cue="refused")

    def _apply(self, app: App, action: Any, after_play: str = "") -> None:
        was_in = self._humans_in()
        self.saved, self.state, events = advance(self.saved, self.state, action)
        self._record(app, events)
        # Words about the play follow the play itself, before what the play caused.
        split = 1 if after_play else 0
        self._speak_events(app, events[:split])
        if after_play:
            app.say(after_play, queue=True)
        self._speak_events(app, events[split:])
        self._immediate_bots(app)
        if was_in and not self._humans_in() and not self.is_over:
            # Nobody at the keyboard plays any more: say how to get on.
            skip = app.key_name(TABLE, "skip_wait")
            leave = app.key_name(TABLE, "pause_menu")
            app.say(words.out_of_game_text(skip, leave), queue=True)
        self.table.after_action()
        self._keep(app)
        self._after_change(app)

    def _immediate_bots(self, app: App) -> None:
        """Computer players that act at the same time as others do so at once (a bid, or a
        draw the manual-draw variant owes): they never forget."""
        for _ in range(len(self.setup.names) * 4):
            if self.is_over:
                return
            seats = [s for s in self.table.immediate_seats(self.state) if s in self.bots]
            if not seats:
                return
            seat = seats[0]
            action = self.bots[seat].choose(self.spec.view(self.state, seat), self.bot_rng(seat))
            self.saved, self.state, events = advance(self.saved, self.state, action)
            self._record(app, events)
            self._speak_events(app, events)

    def _humans_in(self) -> bool:
        """Whether someone at the keyboard still plays in this game."""
        return any(not self.table.is_out(seat) for seat in self.humans)

    def _keep(self, app: App) -> None:
        """Save the match after the turn, or, when it has ended, drop the save and count it."""
        if self.is_over:
            problem = discard_match()
            if self.result is None:
                self.result, notices = finish_match(self)
                for notice in notices:
                    app.say(notice, queue=True)
        else:
            problem = save_match(to_record(self.saved))
        # One sentence is enough: the match goes on in memory either way.
        if problem and not self.save_problem_said:
            self.save_problem_said = True
            app.say(problem, queue=True)

    def _record(self, app: App, events: tuple[Any, ...]) -> None:
        self.events.extend(events)
        app.log_events(events)

    def _speak_events(self, app: App, events: tuple[Any, ...] | list[Any]) -> None:
        for utterance in self.table.narrate(events, self.perspective(app)):
            app.say_utterance(utterance)

    def _after_change(self, app: App) -> None:
        self.bot_due = None
        self.draw_heard_at = None
        if self.is_over:
            self.skipping = False
            if self.result is not None:
                app.push(ResultsScreen(self, self.result))
            return
        seat = self.turn_seat()
        if seat is None:
            return
        if seat in self.bots:
            prompt = self.table.owed_action_prompt(app)
            if prompt is not None:
                app.say(prompt, cue="your_turn", queue=True)
            self.bot_due = app.now() + app.bot_pause()
            return
        self.skipping = False
        self.table.turn_changed(app, seat)
        if len(self.humans) > 1 and self.revealed != seat:
            self.revealed = None
            self.awaiting_ready = True
            app.say(self.ready_prompt(app, seat), cue="your_turn", queue=True)
            return
        self.revealed = seat
        app.say(self.table.your_turn_text(app, seat), cue="your_turn", queue=True)

    def ready_prompt(self, app: App, seat: int | None = None) -> str:
        """Hot seat: whose turn it is, and the key to press when they are at the keyboard."""
        who = self.turn_seat() if seat is None else seat
        name = self.setup.names[who] if who is not None else ""
        return words.waiting_for_ready_text(name, app.key_name(TABLE, "play_card"))

    def reveal(self, app: App) -> None:
        """Hot seat: the player to act is at the keyboard; read them their cards."""
        seat = self.turn_seat()
        if seat is None:
            return
        self.awaiting_ready = False
        self.revealed = seat
        self.table.turn_changed(app, seat)
        own = self.table.own_cards_text(app, seat)
        app.say(f"{self.table.your_turn_text(app, seat)}. {own}")

    # -- commands ------------------------------------------------------------------------------

    def handle(self, app: App, command: str) -> bool:
        """The keys every table shares, then the family's own."""
        self.table.before_command(command)
        if command == "pause_menu":
            if self.is_over:
                app.back_to_main_menu()
            else:
                self.bot_due = None
                app.open_pause_menu(self)
            return True
        if command == "read_rules":
            app.open_rules(self.setup.game)
            return True
        if command == "announce_turn":
            app.say(self.table.turn_text(app))
            return True
        if command == "skip_wait":
            self._skip(app)
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
        if self.bot_due is None:
            self.refuse(app, words.not_now_text())
            return
        self.skipping = True
        # Only the computer players' waiting moves go; results are still said.
        app.skip_narration()
        app.say(words.skipping_text())

    # -- the window ------------------------------------------------------------------------------

    def display(self, app: App) -> Display:
        """The family's view of the table."""
        return self.table.display(app)
