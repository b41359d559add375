"""High card's table: the hand, the play key, the points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from high_card import Play, View
from high_card.words import cards_text, narrate, points_text
from ninetynine_audio.bots import make_hint_bot
from ninetynine_audio.i18n import _
from ninetynine_audio.present.words import card_name
from ninetynine_audio.ui.screen import Display
from ninetynine_audio.ui.tables.base import HandCursor, Handler, TableController

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App


class Table(HandCursor, TableController):
    cursor = 0

    def hand(self) -> tuple[Any, ...]:
        seen: View | None = self.port.view
        return seen.hand if seen is not None else ()

    def _move_cursor(self, app: App, step: int) -> None:
        if self.refuse_at_gate(app) or not self.hand():
            return
        self.cursor = max(0, min(len(self.hand()) - 1, self.cursor + step))
        app.say(card_name(self.hand()[self.cursor]))

    def narrate(self, events: Any, perspective: Any) -> Any:
        return narrate(events, perspective)

    def your_turn_text(self, app: App, seat: int) -> str:
        return _("Your turn: {cards}").format(cards=cards_text(self.hand()))

    def turn_text(self, app: App) -> str:
        seat = self.port.turn_seat()
        if seat is None:
            return _("The game is over")
        return _("{player} to play").format(player=self.port.names[seat])

    def own_cards_text(self, app: App, seat: int) -> str:
        return _("Your cards: {cards}").format(cards=cards_text(self.hand()))

    def refusal_text(self, error: Any, app: App) -> str:
        return _("You cannot play that now")

    def _play(self, app: App) -> None:
        seat, hand = self.port.seat, self.hand()
        if self.refuse_at_gate(app) or seat is None or not hand:
            return
        self.port.propose(Play(seat, hand[min(self.cursor, len(hand) - 1)]))
        self.cursor = 0

    def number_key(self, app: App, index: int) -> None:
        if index < len(self.hand()):
            self.cursor = index
            self._play(app)

    def _speak_hand(self, app: App) -> None:
        if not self.refuse_at_gate(app):
            app.say(self.own_cards_text(app, self.port.seat or 0))

    def _hint(self, app: App) -> None:
        seat, seen = self.port.seat, self.port.view
        if self.refuse_at_gate(app) or seen is None or seat not in self.port.seats_to_act():
            return
        action = make_hint_bot("high_card").choose(seen, self.port.hint_rng())
        app.say(_("Play {card}").format(card=card_name(action.card)))

    def _points(self, app: App) -> None:
        app.say(points_text(self.port.table_view()))

    handlers: ClassVar[dict[str, Handler]] = {
        **HandCursor.cursor_handlers,
        "play_card": _play,
        "speak_hand": _speak_hand,
        "hint": _hint,
        "announce_points": _points,
    }

    def display(self, app: App) -> Display:
        lines = [card_name(card) for card in self.hand()]
        return Display(self.title, lines, self.cursor if lines else None)
