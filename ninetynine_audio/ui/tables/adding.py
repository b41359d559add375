"""The table controller of the adding games (classic, arcade, tactical).

Its keys: a cursor through the hand, the choice of a 10 or an ace, the second press before a
tactical play that costs points, the total, the danger sound, lives, direction, the manual
draw, the hint, and practice explanations before each play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from ninetynine_audio.audio.speaker import join_phrases
from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.bots import make_hint_bot
from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import (
    AddingView,
    Choice,
    DrawCard,
    PlayCard,
    RoundEnded,
)
from ninetynine_audio.games.errors import ChoiceRequired, GameError, IllegalAction
from ninetynine_audio.i18n import language
from ninetynine_audio.input.commands import TABLE, table_context
from ninetynine_audio.play.seat import SeatPort
from ninetynine_audio.present import screens as words
from ninetynine_audio.present.adding import advice, queries, refusals
from ninetynine_audio.present.adding.effects import (
    UP_CHOICES,
    choice_effect,
    effect_of,
    play_effects,
)
from ninetynine_audio.present.adding.events import danger_cue, narrate
from ninetynine_audio.present.screens import out_of_game_text
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.words import card_name
from ninetynine_audio.ui.screen import Display
from ninetynine_audio.ui.tables.base import HandCursor, Handler, TableController

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

FAMILY = "adding"
TABLE_ADDING = table_context(FAMILY)


class Table(HandCursor, TableController):
    """The adding games' keys, wording and window."""

    def __init__(self, port: SeatPort) -> None:
        super().__init__(port)
        self.cursor = 0
        self.choice: Choice | None = None
        self.confirm: PlayCard | None = None
        self.asked_way = ""  # "Choose how to play 10: …" said and not yet answered
        self._drawn: tuple[Any, ...] = ()
        self._drawn_lines: tuple[list[str], int | None] = ([], None)

    def table(self) -> AddingView:
        """The public table (and, with a seat at the keys, its hand)."""
        seen: AddingView = self.port.table_view()
        return seen

    def hand(self) -> tuple[Card, ...]:
        """The cards of the seat the keys act for (empty when none is revealed)."""
        seen: AddingView | None = self.port.view
        return () if seen is None else seen.hand

    # -- the turn ------------------------------------------------------------------------------

    def turn_changed(self, app: App, seat: int) -> None:
        """A new human turn: no way chosen yet, the cursor kept within the hand."""
        self.choice = None
        self.asked_way = ""
        if seat == self.port.seat:
            self.cursor = min(self.cursor, max(0, len(self.hand()) - 1))

    def before_command(self, command: str) -> None:
        """The costly-play confirmation holds only for the very next press of a play key."""
        if command != "play_card" and not command.startswith("play_card_"):
            self.confirm = None

    def after_action(self) -> None:
        """A play was made: no confirmation nor question of a way is pending any more."""
        self.confirm = None
        self.asked_way = ""

    def owed_action_prompt(self, app: App) -> str | None:
        """Draw by hand: a human who has played and not drawn is asked to draw."""
        port = self.port
        if port.is_over or not any(port.owed(s) is not None for s in port.humans):
            return None
        return refusals.draw_prompt_text(app.key_name(TABLE_ADDING, "draw_card"))

    def hidden_commands(self, app: App) -> frozenset[str]:
        """Drawing is a key only where players draw by hand."""
        return frozenset() if self.table().rules.manual_draw else frozenset({"draw_card"})

    def number_keys(self, app: App) -> int | None:
        """A number key for each card a hand can hold."""
        return self.table().rules.hand_size

    # -- words ---------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], perspective: Perspective) -> list[Utterance]:
        """The adding games' narrator."""
        return narrate(events, perspective)

    def catch_up(
        self, events: Sequence[Any], start: int, perspective: Perspective
    ) -> list[Utterance]:
        """What the table did since the listener last acted, with nobody's cards: a new
        round's opening would read the listener's new hand, and the turn's own words read it
        right after, each card with the total it makes."""
        return self.narrate(events[start:], replace(perspective, listener=None))

    def your_turn_text(self, app: App, seat: int) -> str:
        """``"Your turn, 42"``."""
        return queries.your_turn_text(self.table(), app.settings.verbosity)

    def turn_text(self, app: App) -> str:
        """Whose turn it is, with the total; while a 10 or an Ace waits for its way, the
        question it asked."""
        text = queries.turn_text(self.table(), app.settings.verbosity)
        return join_phrases([text, self.asked_way]) if self.asked_way else text

    def own_cards_text(self, app: App, seat: int) -> str:
        """The hand with what each card would make."""
        seen = self.table()
        return queries.hand_text(seen.rules, self.hand(), seen.total, app.settings.verbosity)

    def refusal_text(self, error: GameError, app: App) -> str:
        """Why the engine refused a play or a draw."""
        return refusals.refusal_text(error, app.settings.verbosity)

    # -- keys ------------------------------------------------------------------------------------

    def _total(self, app: App) -> None:
        total = self.table().total
        app.say(queries.total_text(total, app.settings.verbosity), cue=danger_cue(total))

    def _danger(self, app: App) -> None:
        total = self.table().total
        cue = danger_cue(total)
        if cue is None:
            app.say(queries.danger_text(total))
        elif app.can_hear_cues():
            app.play_cue(cue)
        else:
            # No sound to hear (sound off, or text mode): the level in words.
            app.say(queries.danger_level_text(total))

    def _lives(self, app: App) -> None:
        app.say(queries.lives_text(self.table(), app.settings.verbosity))

    def _direction(self, app: App) -> None:
        app.say(queries.direction_text(self.table(), app.settings.verbosity))

    def _speak_hand(self, app: App) -> None:
        seat = self.port.seat
        if self.refuse_at_gate(app) or seat is None:
            return
        app.say(self.own_cards_text(app, seat))

    def _move_cursor(self, app: App, step: int) -> None:
        hand = self.hand()
        if not hand:
            if not self.refuse_at_gate(app):
                self.refuse(app, queries.empty_hand_text())
            return
        target = self.cursor + step
        edge = not 0 <= target < len(hand)
        self.cursor = max(0, min(target, len(hand) - 1))
        self.choice = None
        self.asked_way = ""
        seen = self.table()
        text = queries.hand_card_text(
            seen.rules, hand, self.cursor, seen.total, app.settings.verbosity
        )
        app.say(text, cue="menu_edge" if edge else None)

    def _choose_up(self, app: App) -> None:
        self._choose(app, up=True)

    def _choose_down(self, app: App) -> None:
        self._choose(app, up=False)

    def _choose(self, app: App, *, up: bool) -> None:
        hand = self.hand()
        if not hand:
            self.refuse(app, refusals.not_now_text())
            return
        seen = self.table()
        self.cursor = min(self.cursor, len(hand) - 1)
        card = hand[self.cursor]
        choices = [e.outcome.choice for e in play_effects(seen.rules, card, seen.total)]
        wanted = [c for c in choices if c is not None and (c in UP_CHOICES) == up]
        if not wanted:
            self.refuse(app, refusals.no_choice_text(card_name(card, app.settings.verbosity)))
            return
        self.choice = wanted[0]
        self.asked_way = ""
        app.say(choice_effect(seen.rules, card, seen.total, self.choice, app.settings.verbosity))

    def _play(self, app: App) -> None:
        self._play_key(app, None)

    def number_key(self, app: App, index: int) -> None:
        """Play the card at ``index`` of the hand."""
        self._play_key(app, index)

    def _play_key(self, app: App, index: int | None) -> None:
        seat = self.port.seat
        if self.refuse_at_gate(app) or seat is None:
            return
        if self.port.is_out(seat):
            skip = app.key_name(TABLE, "skip_wait")
            self.refuse(app, out_of_game_text(skip, app.key_name(TABLE, "pause_menu")))
            return
        hand = self.hand()
        if index is not None:
            if index >= len(hand):
                self.refuse(app, refusals.no_card_at_text(index + 1, len(hand)))
                return
            if index != self.cursor:
                self.choice = None
                self.asked_way = ""
            self.cursor = index
        if not hand:
            self.refuse(app, refusals.no_card_at_text(1, 0))
            return
        seen = self.table()
        self.cursor = min(self.cursor, len(hand) - 1)
        card = hand[self.cursor]
        action = PlayCard(seat, card, self.choice)
        v = app.settings.verbosity
        try:
            outcome: Any = self.port.check(action)
        except ChoiceRequired as error:
            self.asked_way = refusals.refusal_text(error, v)
            app.say(self.asked_way)
            return
        except IllegalAction as error:
            self.refuse(app, refusals.refusal_text(error, v))
            return
        effect = effect_of(seen.rules, card, seen.total, outcome.choice if outcome else None)
        if effect.cost > 0 and self.confirm != action:
            self.confirm = action
            key = app.key_name(
                TABLE_ADDING, "play_card" if index is None else f"play_card_{index + 1}"
            )
            text = refusals.costly_play_text(
                card_name(card, v), effect.outcome.total, effect.cost, key
            )
            self.refuse(app, text)
            return
        self.choice = None
        if not app.settings.practice:
            self.port.propose(action)
            return
        v = app.settings.verbosity

        def explain(after: AddingView, events: tuple[Any, ...]) -> str:
            # Practice: what the play left the next player, said after the play itself, once
            # the play has been made (so it tells nothing the narration does not).
            round_over = any(isinstance(e, RoundEnded) for e in events)
            return advice.practice_text(
                seen.rules, action.card, seen.total, action.choice, after, round_over, v
            )

        self.port.propose(action, explain)

    def _draw(self, app: App) -> None:
        seat = self.port.seat
        if self.refuse_at_gate(app) or seat is None:
            return
        self.port.propose(DrawCard(seat))

    def _hint(self, app: App) -> None:
        seat = self.port.seat
        before: AddingView | None = self.port.view
        if seat is None or before is None or seat != before.to_act or self.port.is_over:
            self.refuse(app, refusals.not_now_text())
            return
        # The strongest level there is, with randomness fixed by the position.
        bot = make_hint_bot(FAMILY)
        action = bot.choose(before, self.port.hint_rng())
        if not isinstance(action, PlayCard):
            app.say(words.hint_text(app.key_name(TABLE_ADDING, "draw_card")))
            return
        # The card the hint names is selected, with its way: Enter plays it.
        self.cursor = self.hand().index(action.card)
        self.choice = action.choice
        self.asked_way = ""
        after = advice.seen_after(before, action.card, action.choice)
        # What the search found, when the strongest level searched (its ``finding``).
        found = getattr(bot, "finding", None)
        search = (
            advice.search_reason(before, found.deals, found.losers, found.margin) if found else ""
        )
        app.say(
            advice.hint_text(
                before, action.card, action.choice, after, app.settings.verbosity, search
            )
        )

    handlers: ClassVar[dict[str, Handler]] = {
        "announce_total": _total,
        "announce_danger": _danger,
        "announce_lives": _lives,
        "announce_direction": _direction,
        "speak_hand": _speak_hand,
        **HandCursor.cursor_handlers,
        "choose_up": _choose_up,
        "choose_down": _choose_down,
        "play_card": _play,
        "draw_card": _draw,
        "hint": _hint,
    }

    # -- the window ------------------------------------------------------------------------------

    def display(self, app: App) -> Display:
        """Total, whose turn, the hand with the selected card, and the lives.

        The lines are made again only when what they are made from changed (the seat's view,
        which is the same object while the match stands still, the cursor, the language): a
        window is drawn after every key, and most keys change none of that."""
        view, hand = self.table(), self.hand()
        now = (self.cursor, self.port.is_over, language())
        drawn = self._drawn
        if not (drawn and drawn[0] is view and drawn[1] is hand and drawn[2] == now):
            self._drawn = (view, hand, now)
            self._drawn_lines = queries.table_lines(view, hand, self.cursor, self.port.is_over)
        lines, highlight = self._drawn_lines
        return Display(self.title, list(lines), highlight, big_first=True)
