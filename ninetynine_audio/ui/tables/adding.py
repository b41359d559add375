"""The table controller of the adding games (classic, arcade, tactical).

Its keys: a cursor through the hand, the choice of a 10 or an ace, the second press before a
tactical play that costs points, the total, the danger sound, lives, direction, the manual
draw, the hint, and practice explanations before each play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.bots import make_hint_bot
from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import (
    AddingState,
    Choice,
    DrawCard,
    PlayCard,
    RoundEnded,
    apply,
    check,
    view,
)
from ninetynine_audio.games.errors import ChoiceRequired, GameError, IllegalAction
from ninetynine_audio.input.commands import TABLE_ADDING
from ninetynine_audio.present import screens as words
from ninetynine_audio.present.adding import advice, queries, refusals
from ninetynine_audio.present.adding.effects import (
    UP_CHOICES,
    choice_effect,
    effect_of,
    play_effects,
)
from ninetynine_audio.present.adding.events import danger_cue, narrate
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.words import card_name
from ninetynine_audio.ui.screen import Display
from ninetynine_audio.ui.tables.base import TableController

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App
    from ninetynine_audio.ui.match import MatchScreen

FAMILY = "adding"


class Table(TableController):
    """The adding games' keys, wording and window."""

    def __init__(self, match: MatchScreen) -> None:
        super().__init__(match)
        self.cursor = 0
        self.choice: Choice | None = None
        self.confirm: PlayCard | None = None

    @property
    def state(self) -> AddingState:
        """The table."""
        state: AddingState = self.match.state
        return state

    def hand(self) -> tuple[Card, ...]:
        """The cards of the seat the keys act for (empty when none is revealed)."""
        seat = self.match.my_seat()
        return () if seat is None else self.state.hands[seat]

    # -- the turn ------------------------------------------------------------------------------

    def turn_seat(self, state: Any) -> int | None:
        """The seat whose turn it is to play (a manual draw does not make a turn)."""
        adding: AddingState = state
        return None if adding.is_over else adding.to_act

    def immediate_seats(self, state: Any) -> tuple[int, ...]:
        """Seats owing a draw: computer players draw at once."""
        adding: AddingState = state
        if adding.is_over:
            return ()
        return tuple(seat for seat, owed in enumerate(adding.owes_draw) if owed)

    def turn_changed(self, app: App, seat: int) -> None:
        """A new human turn: no way chosen yet, the cursor kept within the hand."""
        self.choice = None
        self.cursor = min(self.cursor, max(0, len(self.state.hands[seat]) - 1))

    def before_command(self, command: str) -> None:
        """The costly-play confirmation holds only for the very next press of a play key."""
        if command != "play_card" and not command.startswith("play_card_"):
            self.confirm = None

    def after_action(self) -> None:
        """A play was made: no confirmation is pending any more."""
        self.confirm = None

    def owed_action_prompt(self, app: App) -> str | None:
        """Draw by hand: a human who has played and not drawn is asked to draw."""
        state = self.state
        if state.is_over or not any(state.owes_draw[s] for s in self.match.humans):
            return None
        return refusals.draw_prompt_text(app.key_name(TABLE_ADDING, "draw_card"))

    def is_out(self, seat: int) -> bool:
        """Out of lives (tokens, points) while the game goes on."""
        return not self.state.is_in(seat)

    def hidden_commands(self, app: App) -> frozenset[str]:
        """Drawing is a key only where players draw by hand."""
        return frozenset() if self.state.rules.manual_draw else frozenset({"draw_card"})

    def number_keys(self, app: App) -> int | None:
        """A number key for each card a hand can hold."""
        return self.state.rules.hand_size

    # -- words ---------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], perspective: Perspective) -> list[Utterance]:
        """The adding games' narrator."""
        return narrate(events, perspective)

    def your_turn_text(self, app: App, seat: int) -> str:
        """``"Your turn, 42"``."""
        return queries.your_turn_text(view(self.state, seat), app.settings.verbosity)

    def turn_text(self, app: App) -> str:
        """Whose turn it is, with the total."""
        return queries.turn_text(view(self.state, self.state.to_act), app.settings.verbosity)

    def own_cards_text(self, app: App, seat: int) -> str:
        """The hand with what each card would make."""
        state = self.state
        return queries.hand_text(
            state.rules, state.hands[seat], state.total, app.settings.verbosity
        )

    def refusal_text(self, error: GameError, app: App) -> str:
        """Why the engine refused a play or a draw."""
        return refusals.refusal_text(error, app.settings.verbosity)

    # -- keys ------------------------------------------------------------------------------------

    def handle(self, app: App, command: str) -> bool:
        """The adding games' keys."""
        v = app.settings.verbosity
        state = self.state
        if command == "announce_total":
            app.say(queries.total_text(state.total, v), cue=danger_cue(state.total))
        elif command == "announce_danger":
            cue = danger_cue(state.total)
            if cue is None:
                app.say(queries.danger_text(state.total))
            elif app.can_hear_cues():
                app.play_cue(cue)
            else:
                # No sound to hear (sound off, or text mode): the level in words.
                app.say(queries.danger_level_text(state.total))
        elif command == "announce_lives":
            app.say(queries.lives_text(view(state, 0), v))
        elif command == "announce_direction":
            app.say(queries.direction_text(view(state, 0), v))
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
        elif command == "hint":
            self._hint(app)
        else:
            return False
        return True

    def _refuse(self, app: App, text: str) -> None:
        self.match.refuse(app, text)

    def _speak_hand(self, app: App) -> None:
        seat = self.match.my_seat()
        if seat is None:
            self._refuse(app, self.match.ready_prompt(app))
            return
        app.say(self.own_cards_text(app, seat))

    def _move_cursor(self, app: App, step: int) -> None:
        hand = self.hand()
        if not hand:
            if self.match.my_seat() is None:
                self._refuse(app, self.match.ready_prompt(app))
            else:
                self._refuse(app, queries.empty_hand_text())
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
        seat = self.match.my_seat()
        if seat is None:
            self._refuse(app, self.match.ready_prompt(app))
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
            key = app.key_name(
                TABLE_ADDING, "play_card" if index is None else f"play_card_{index + 1}"
            )
            text = refusals.costly_play_text(
                card_name(card, v), effect.outcome.total, effect.cost, key
            )
            self._refuse(app, text)
            return
        self.choice = None
        practice = self._explain(app, action) if app.settings.practice else ""
        self.match.perform(app, action, practice)

    def _explain(self, app: App, action: PlayCard) -> str:
        """Practice: what the play leaves the next player, said after the play itself."""
        after, events = apply(self.state, action)
        round_over = any(isinstance(e, RoundEnded) for e in events)
        return advice.practice_text(
            self.state.rules,
            action.card,
            self.state.total,
            action.choice,
            view(after, action.seat),
            round_over,
            app.settings.verbosity,
        )

    def _draw(self, app: App) -> None:
        seat = self.match.my_seat()
        if seat is None:
            self._refuse(app, self.match.ready_prompt(app))
            return
        self.match.perform(app, DrawCard(seat))

    def _hint(self, app: App) -> None:
        seat = self.match.my_seat()
        if seat is None or seat != self.state.to_act or self.match.is_over:
            self._refuse(app, refusals.not_now_text())
            return
        # The strongest level there is, with randomness fixed by the position.
        before = view(self.state, seat)
        bot = make_hint_bot(FAMILY)
        action = bot.choose(before, self.match.hint_rng())
        if not isinstance(action, PlayCard):
            app.say(words.hint_text(app.key_name(TABLE_ADDING, "draw_card")))
            return
        after, _ = apply(self.state, action)
        # What the search found, when the strongest level searched (its ``finding``).
        found = getattr(bot, "finding", None)
        search = (
            advice.search_reason(before, found.deals, found.losers, found.margin) if found else ""
        )
        app.say(
            advice.hint_text(
                before,
                action.card,
                action.choice,
                view(after, seat),
                app.settings.verbosity,
                search,
            )
        )

    # -- the window ------------------------------------------------------------------------------

    def display(self, app: App) -> Display:
        """Total, whose turn, the hand with the selected card, and the lives."""
        lines, highlight = queries.table_lines(
            view(self.state, self.state.to_act), self.hand(), self.cursor, self.match.is_over
        )
        return Display(self.match.title, lines, highlight, big_first=True)
