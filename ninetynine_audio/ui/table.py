"""The card table of the adding games: the human's keys, the computer players' turns, speech.

Every action goes through the engine (``check`` then ``apply``); what it returns is worded by
``present`` and spoken. Computer players act on a timer (``bot_pause_ms``) once the speech
before them has started, so each play can be heard; the skip key plays them at once.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ninetynine_audio.bots import make_bot, strongest_level
from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import (
    Action,
    AddingState,
    AddingView,
    Choice,
    DrawCard,
    Event,
    GameEnded,
    PlayCard,
    RoundEnded,
    apply,
    check,
    view,
)
from ninetynine_audio.games.errors import ChoiceRequired, IllegalAction
from ninetynine_audio.games.saved import SavedMatch, advance, start_match, to_record
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.input.commands import TABLE
from ninetynine_audio.present import results
from ninetynine_audio.present import screens as words
from ninetynine_audio.present.adding import advice, queries, refusals
from ninetynine_audio.present.adding.effects import (
    UP_CHOICES,
    card_effect,
    choice_effect,
    effect_of,
    play_effects,
)
from ninetynine_audio.present.adding.events import Perspective, danger_cue, narrate
from ninetynine_audio.present.screens import game_title
from ninetynine_audio.present.seats import seat_pans
from ninetynine_audio.present.words import card_name
from ninetynine_audio.store.saves import discard_match, save_match
from ninetynine_audio.ui.results import MatchResult, ResultsScreen, finish_match
from ninetynine_audio.ui.screen import Display, Screen

if TYPE_CHECKING:
    from ninetynine_audio.ui.app import App

HUMAN = "human"

Resumed = tuple[SavedMatch, AddingState, tuple[Event, ...]]
"""A match continued from its save: what ``games.saved.resume`` returns."""


class TableScreen(Screen):
    """One game of classic, arcade or tactical, from deal to result."""

    context = TABLE

    def __init__(self, setup: GameSetup, resumed: Resumed | None = None) -> None:
        self.setup = setup
        self.title = game_title(setup.game)
        self.state: AddingState
        self.saved: SavedMatch
        past: tuple[Event, ...] = ()
        if resumed is None:
            self.saved, self.state, self._opening = start_match(setup)
        else:
            # Dealt again and replayed by ``games.saved.resume``: nothing new to narrate.
            self.saved, self.state, past = resumed
            self._opening = ()
        self.is_resumed = resumed is not None
        self.humans = frozenset(s for s, kind in enumerate(setup.kinds) if kind == HUMAN)
        self.bots = {
            s: make_bot("adding", kind) for s, kind in enumerate(setup.kinds) if kind != HUMAN
        }
        # The seat the sound is placed around: the first human, else the first seat.
        self.home = min(self.humans) if self.humans else 0
        self.pans = seat_pans(len(setup.names), self.home)
        # Whose cards may be spoken: with one human always theirs; in a hot-seat game only
        # after the human to act has said they are at the keyboard.
        self.revealed: int | None = self.home if len(self.humans) == 1 else None
        self.awaiting_ready = False
        self.cursor = 0
        self.choice: Choice | None = None
        self.confirm: PlayCard | None = None
        self.bot_due: float | None = None
        self.skipping = False
        self.events: list[Event] = [*past, *self._opening]
        self.last_total_spoken: int | None = None
        self.save_problem_said = False
        self.result: MatchResult | None = None  # set once, when the match ends

    # -- what the table knows --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_over

    def perspective(self, app: App) -> Perspective:
        """The listener and wording settings for narration."""
        return Perspective(
            game=self.state.rules.game,
            players=self.state.players,
            pans=self.pans,
            humans=self.humans,
            listener=self.revealed,
            verbosity=app.settings.verbosity,
        )

    def my_seat(self) -> int | None:
        """The human seat the keys act for: the revealed one (None before a hot-seat ready)."""
        return self.revealed

    def my_view(self) -> AddingView | None:
        """The view of :meth:`my_seat`."""
        seat = self.my_seat()
        return None if seat is None else view(self.state, seat)

    def hand(self) -> tuple[Card, ...]:
        """The cards of :meth:`my_seat` (empty when none is revealed)."""
        seat = self.my_seat()
        return () if seat is None else self.state.hands[seat]

    # -- lifecycle ---------------------------------------------------------------------------

    def enter(self, app: App) -> None:
        """Speak the opening (or where a continued match stands) and hand the turn on."""
        # History steps through what was said in this match only.
        app.speaker.clear_history()
        app.reset_history_position()
        if self.is_resumed:
            v = app.settings.verbosity
            text = results.continued_text(self.setup.game, self.saved.level, self.state.round, v)
            if self.revealed is not None:
                # The player may not remember their cards after the break.
                hand = self.state.hands[self.revealed]
                text += ". " + queries.hand_text(self.state.rules, hand, self.state.total, v)
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

    def resume(self, app: App) -> None:
        """Back from the pause menu or the rules: say whose turn it is."""
        app.say(queries.turn_text(view(self.state, self.state.to_act), app.settings.verbosity))
        if self.state.to_act in self.bots and not self.is_over:
            self.bot_due = app.now() + app.bot_pause()

    def is_busy(self, app: App) -> bool:
        """A computer player is due to act."""
        return self.bot_due is not None

    def tick(self, app: App) -> None:
        """Let a computer player act when its pause is over and the speech before it started."""
        if self.bot_due is None or self.is_over:
            return
        if not self.skipping and (app.now() < self.bot_due or not app.speech_idle()):
            return
        seat = self.state.to_act
        bot = self.bots.get(seat)
        if bot is None:
            self.bot_due = None
            return
        action = bot.choose(view(self.state, seat), self.bot_rng(seat))
        self._apply(app, action)

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, app: App, action: Action) -> None:
        self.saved, self.state, events = advance(self.saved, self.state, action)
        self._record(app, events)
        self._speak_events(app, events)
        self._bots_draw(app)
        self.confirm = None
        self._keep(app)
        self._after_change(app)

    def _bots_draw(self, app: App) -> None:
        """Computer players never forget to draw (manual-draw variant)."""
        for seat in self.bots:
            if not self.state.is_over and self.state.owes_draw[seat]:
                self.saved, self.state, events = advance(self.saved, self.state, DrawCard(seat))
                self._record(app, events)
                self._speak_events(app, events)

    def _keep(self, app: App) -> None:
        """Save the match after the turn, or, when it has ended, drop the save and count it."""
        if self.state.is_over:
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

    def final_event(self) -> GameEnded | None:
        """The end of the match, once it has ended."""
        for event in reversed(self.events):
            if isinstance(event, GameEnded):
                return event
        return None

    def _record(self, app: App, events: tuple[Event, ...]) -> None:
        self.events.extend(events)
        app.log_events(events)

    def _speak_events(self, app: App, events: tuple[Event, ...] | list[Event]) -> None:
        for utterance in narrate(events, self.perspective(app)):
            app.say_utterance(utterance)

    def _after_change(self, app: App) -> None:
        self.bot_due = None
        state = self.state
        if state.is_over:
            self.skipping = False
            if self.result is not None:
                app.push(ResultsScreen(self, self.result))
            return
        seat = state.to_act
        if seat in self.bots:
            self.bot_due = app.now() + app.bot_pause()
            return
        self.skipping = False
        self.choice = None
        self.cursor = min(self.cursor, max(0, len(state.hands[seat]) - 1))
        if len(self.humans) > 1 and self.revealed != seat:
            self.revealed = None
            self.awaiting_ready = True
            text = refusals.waiting_for_ready_text(
                state.players[seat], app.key_name(TABLE, "play_card")
            )
            app.say(text, cue="your_turn", queue=True)
            return
        self.revealed = seat
        text = queries.your_turn_text(view(state, seat), app.settings.verbosity)
        app.say(text, cue="your_turn", queue=True)

    # -- commands ------------------------------------------------------------------------------

    def handle(self, app: App, command: str) -> bool:
        """The table's keys."""
        v = app.settings.verbosity
        if command != "play_card" and not command.startswith("play_card_"):
            self.confirm = None
        if command == "pause_menu":
            if self.is_over:
                app.back_to_main_menu()
            else:
                self.bot_due = None
                app.open_pause_menu(self)
            return True
        if command == "read_rules":
            app.open_rules(self.state.rules.game)
            return True
        if command == "announce_turn":
            app.say(queries.turn_text(view(self.state, self.state.to_act), v))
        elif command == "announce_total":
            app.say(queries.total_text(self.state.total, v), cue=danger_cue(self.state.total))
        elif command == "announce_danger":
            cue = danger_cue(self.state.total)
            if cue is None:
                app.say(queries.danger_text(self.state.total))
            else:
                app.cues.play(cue)
        elif command == "announce_lives":
            app.say(queries.lives_text(view(self.state, 0), v))
        elif command == "announce_direction":
            app.say(queries.direction_text(view(self.state, 0), v))
        elif command == "speak_hand":
            self._speak_hand(app)
        elif command in ("next_card", "previous_card"):
            self._move_cursor(app, 1 if command == "next_card" else -1)
        elif command in ("choose_up", "choose_down"):
            self._choose(app, up=command == "choose_up")
        elif command == "play_card":
            self._play_key(app, None)
        elif command.startswith("play_card_"):
            self._play_key(app, int(command.rsplit("_", 1)[1]) - 1)
        elif command == "draw_card":
            self._draw(app)
        elif command == "skip_wait":
            self._skip(app)
        elif command == "hint":
            self._hint(app)
        else:
            return False
        return True

    def _refuse(self, app: App, text: str) -> None:
        app.say(text, cue="refused")

    def _speak_hand(self, app: App) -> None:
        seat = self.my_seat()
        if seat is None:
            self._refuse(app, self._ready_prompt(app))
            return
        text = queries.hand_text(
            self.state.rules, self.state.hands[seat], self.state.total, app.settings.verbosity
        )
        app.say(text)

    def _ready_prompt(self, app: App) -> str:
        return refusals.waiting_for_ready_text(
            self.state.players[self.state.to_act], app.key_name(TABLE, "play_card")
        )

    def _move_cursor(self, app: App, step: int) -> None:
        hand = self.hand()
        if not hand:
            self._refuse(app, self._ready_prompt(app) if self.my_seat() is None else "Empty hand")
            return
        target = self.cursor + step
        edge = not 0 <= target < len(hand)
        self.cursor = max(0, min(target, len(hand) - 1))
        self.choice = None
        text = queries.hand_card_text(
            self.state.rules, hand, self.cursor, self.state.total, app.settings.verbosity
        )
        app.say(text, cue="menu_edge" if edge else None)

    def _choose(self, app: App, *, up: bool) -> None:
        hand = self.hand()
        if not hand:
            self._refuse(app, refusals.not_now_text())
            return
        self.cursor = min(self.cursor, len(hand) - 1)
        card = hand[self.cursor]
        choices = [e.outcome.choice for e in play_effects(self.state.rules, card, self.state.total)]
        wanted = [c for c in choices if c is not None and (c in UP_CHOICES) == up]
        if not wanted:
            self._refuse(app, refusals.no_choice_text(card_name(card, app.settings.verbosity)))
            return
        self.choice = wanted[0]
        app.say(
            choice_effect(
                self.state.rules, card, self.state.total, self.choice, app.settings.verbosity
            )
        )

    def _play_key(self, app: App, index: int | None) -> None:
        if self.is_over:
            app.start_game(app.next_setup(self.setup))
            return
        if self.awaiting_ready:
            self._reveal(app)
            return
        seat = self.my_seat()
        if seat is None:
            self._refuse(app, self._ready_prompt(app))
            return
        hand = self.state.hands[seat]
        if index is not None:
            if index >= len(hand):
                self._refuse(app, refusals.no_card_at_text(index + 1, len(hand)))
                return
            if index != self.cursor:
                self.choice = None
            self.cursor = index
        if not hand:
            self._refuse(app, refusals.no_card_at_text(1, 0))
            return
        self.cursor = min(self.cursor, len(hand) - 1)
        card = hand[self.cursor]
        action = PlayCard(seat, card, self.choice)
        v = app.settings.verbosity
        try:
            outcome = check(self.state, action)
        except ChoiceRequired as error:
            app.say(refusals.refusal_text(error, v))
            return
        except IllegalAction as error:
            self._refuse(app, refusals.refusal_text(error, v))
            return
        effect = effect_of(
            self.state.rules, card, self.state.total, outcome.choice if outcome else None
        )
        if effect.cost > 0 and self.confirm != action:
            self.confirm = action
            key = app.key_name(TABLE, "play_card" if index is None else f"play_card_{index + 1}")
            text = refusals.costly_play_text(
                card_name(card, v), effect.outcome.total, effect.cost, key
            )
            self._refuse(app, text)
            return
        self.choice = None
        app.mark_action()
        if app.settings.practice:
            self._explain(app, action)
        self._apply(app, action)

    def _explain(self, app: App, action: PlayCard) -> None:
        """Practice: say what the play will do and what it leaves the next player."""
        after, events = apply(self.state, action)
        round_over = any(isinstance(e, RoundEnded) for e in events)
        text = advice.practice_text(
            self.state.rules,
            action.card,
            self.state.total,
            action.choice,
            view(after, action.seat),
            round_over,
            app.settings.verbosity,
        )
        app.say(text)

    def _reveal(self, app: App) -> None:
        seat = self.state.to_act
        self.awaiting_ready = False
        self.revealed = seat
        self.cursor = 0
        self.choice = None
        v = app.settings.verbosity
        own = queries.hand_text(self.state.rules, self.state.hands[seat], self.state.total, v)
        app.say(f"{queries.your_turn_text(view(self.state, seat), v)}. {own}")

    def _draw(self, app: App) -> None:
        seat = self.my_seat()
        if seat is None:
            self._refuse(app, self._ready_prompt(app))
            return
        try:
            check(self.state, DrawCard(seat))
        except IllegalAction as error:
            self._refuse(app, refusals.refusal_text(error, app.settings.verbosity))
            return
        app.mark_action()
        self._apply(app, DrawCard(seat))

    def _skip(self, app: App) -> None:
        if self.bot_due is None:
            self._refuse(app, refusals.not_now_text())
            return
        self.skipping = True
        app.speaker.stop()
        app.say(words.skipping_text())

    def _hint(self, app: App) -> None:
        seat = self.my_seat()
        if seat is None or seat != self.state.to_act or self.is_over:
            self._refuse(app, refusals.not_now_text())
            return
        # The strongest level there is, with randomness fixed by the position so that asking
        # twice gives the same answer.
        before = view(self.state, seat)
        rng = random.Random(f"hint:{self.setup.seed}:{len(self.saved.actions)}")
        action = make_bot("adding", strongest_level("adding")).choose(before, rng)
        if not isinstance(action, PlayCard):
            app.say(words.hint_text(app.key_name(TABLE, "draw_card")))
            return
        after, _ = apply(self.state, action)
        app.say(
            advice.hint_text(
                before, action.card, action.choice, view(after, seat), app.settings.verbosity
            )
        )

    # -- the window ------------------------------------------------------------------------------

    def display(self, app: App) -> Display:
        """Total, whose turn, the hand with the selected card."""
        state = self.state
        lines = [f"Total {state.total}"]
        if state.is_over:
            lines.append("Game over")
        else:
            name = state.players[state.to_act]
            lines.append("Your turn" if name == "You" else f"{name}'s turn")
        hand = self.hand()
        highlight = None
        if hand:
            lines.append("Hand: " + "   ".join(card_name(c) for c in hand))
            lines.append(
                "Selected: " + card_effect(state.rules, hand[self.cursor % len(hand)], state.total)
            )
            highlight = 3
        lines.append(queries.lives_text(view(state, 0), "brief"))
        return Display(self.title, lines, highlight, big_first=True)
