"""The table controller of the trick-taking game.

Its keys: a cursor through the hand in suit order (Left and Right by card, Up and Down by
suit), marking three cards for the bid with what they code spoken at once, the declaration
choice when the option is on, Enter to bid or to play, and the questions: the trick so far, who
leads, trumps, your bid and tricks, everyone's tricks, the scores and the last deal in full.
The hint offers the bid or card the strongest level would choose, with its reason.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ninetynine_audio.audio.speaker import join_phrases
from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.bots import make_hint_bot
from ninetynine_audio.bots.tricks.fast import estimate_tricks, to_int, trump_index
from ninetynine_audio.cards import Card, Suit
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.games.tricks import (
    BidCards,
    CardPlayed,
    DealStarted,
    Declaration,
    Phase,
    PlayCard,
    TricksView,
    bid_value,
    playable,
)
from ninetynine_audio.input.commands import TABLE
from ninetynine_audio.play.seat import SeatPort
from ninetynine_audio.present import screens as words
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.tricks import advice, queries, refusals
from ninetynine_audio.present.tricks.events import narrate
from ninetynine_audio.present.tricks.phrases import sort_cards
from ninetynine_audio.ui.screen import Display
from ninetynine_audio.ui.tables.base import TURN_CUE, HandCursor, Handler, TableController

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

FAMILY = "tricks"
DECLARATION_CYCLE: tuple[Declaration | None, ...] = (None, Declaration.DECLARE, Declaration.REVEAL)


class Table(HandCursor, TableController):
    """The trick-taking game's keys, wording and window."""

    def __init__(self, port: SeatPort) -> None:
        super().__init__(port)
        self.cursor = 0
        self.marked: list[Card] = []
        self.declaration: Declaration | None = None
        self.deal = 0
        # The trump suit of the deal being narrated (the table's own until a deal starts
        # among the narrated events: its last trick is told with the old deal's trumps).
        self.trumps: tuple[Suit | None] | None = None

    def my_view(self) -> TricksView | None:
        """The view of the seat the keys act for."""
        seen: TricksView | None = self.port.view
        return seen

    def table(self) -> TricksView:
        """The public table (and, with a seat at the keys, its hand)."""
        seen: TricksView = self.port.table_view()
        return seen

    def hand(self) -> list[Card]:
        """The cards of the seat the keys act for, in reading order (by suit, high first)."""
        seen = self.my_view()
        return [] if seen is None else sort_cards(seen.hand)

    def _new_deal_check(self) -> None:
        deal = self.table().deal
        if deal != self.deal:
            self.deal = deal
            self.marked = []
            self.declaration = None
            self.cursor = 0

    # -- the turn ------------------------------------------------------------------------------

    def turn_changed(self, app: App, seat: int) -> None:
        """A new human turn: a new deal clears the marks; the cursor stays within the hand."""
        self._new_deal_check()
        self.cursor = min(self.cursor, max(0, len(self.hand()) - 1))

    # -- words ---------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], perspective: Perspective) -> list[Utterance]:
        """The trick-taking narrator, told the listener's bid for its made and broken sounds."""
        bid = None
        seen = self.my_view()
        if perspective.listener is not None and seen is not None:
            cards = seen.bid_cards
            bid = bid_value(cards) if cards else None
        trumps = self.trumps[0] if self.trumps is not None else self.table().trumps
        for event in events:
            if isinstance(event, DealStarted):
                self.trumps = (event.trumps,)
        return narrate(events, perspective, bid=bid, trumps=trumps)

    def turn_prompt(self, app: App, seat: int) -> Utterance:
        """The turn line with the hand (the cards that may be played first): the trick on
        the table was just told card by card, so it is not said again (T and the trick key
        say it)."""
        seen = self.table()
        mine = self.my_view()
        text = queries.turn_text(seen)
        # The bid starts with the hand, and a turn that follows a lead with the cards that
        # may be played; a lead is the turn line alone (H reads the hand).
        if mine is not None and (mine.phase is Phase.BIDDING or mine.trick):
            text = join_phrases([text, queries.hand_text(mine, app.settings.verbosity)])
        return Utterance(text, cue=TURN_CUE, until_action=True)

    def catch_up(
        self, events: Sequence[Any], start: int, perspective: Perspective
    ) -> list[Utterance]:
        """What the table did since the listener last acted, but for the cards of the trick
        on the table: the turn's own words name those next (:meth:`your_turn_text`)."""
        told = list(events[start:])
        if perspective.verbosity != "brief":
            while told and isinstance(told[-1], CardPlayed):
                told.pop()
        return self.narrate(told, perspective)

    def your_turn_text(self, app: App, seat: int) -> str:
        """``"Your bid: mark three cards"``, ``"Your lead"``, ``"Your turn"`` (with the trick)."""
        seen = self.table()
        text = queries.turn_text(seen)
        if seen.phase is Phase.PLAYING and seen.trick and app.settings.verbosity != "brief":
            text += ". " + queries.trick_text(seen, app.settings.verbosity)
        return text

    def turn_text(self, app: App) -> str:
        """Whose turn it is; while bidding with three cards marked, how to confirm."""
        seen = self.table()
        if self.port.seat is None:
            return queries.other_turn_text(seen.players[seen.to_act])
        mine = self.my_view()
        bidding = mine is not None and mine.phase is Phase.BIDDING and not mine.bid_cards
        if bidding and len(self.marked) == 3:
            return queries.bid_confirm_text(app.key_name(TABLE, "play_card"))
        if bidding and self.marked:
            return queries.bid_marking_text(len(self.marked))
        return queries.turn_text(seen)

    def key_descriptions(self, app: App) -> Mapping[str, str]:
        """Enter bids as well as plays here."""
        return {"play_card": queries.enter_description()}

    def own_cards_text(self, app: App, seat: int) -> str:
        """The hand by suit, the playable cards first."""
        return queries.hand_text(self.table(), app.settings.verbosity)

    def refusal_text(self, error: GameError, app: App) -> str:
        """Why the engine refused a bid or a card."""
        return refusals.refusal_text(error, app.settings.verbosity)

    # -- keys ------------------------------------------------------------------------------------

    def handle(self, app: App, command: str) -> bool:
        """The trick-taking game's keys (a new deal first clears the marks)."""
        self._new_deal_check()
        return super().handle(app, command)

    def _next_suit(self, app: App) -> None:
        self._move_suit(app, 1)

    def _previous_suit(self, app: App) -> None:
        self._move_suit(app, -1)

    def _speak_hand(self, app: App) -> None:
        self._ask(app, lambda v: queries.hand_text(v, app.settings.verbosity))

    def _trick(self, app: App) -> None:
        self._ask(app, lambda seen: queries.trick_text(seen, app.settings.verbosity))

    def _leader(self, app: App) -> None:
        self._ask(app, queries.leader_text)

    def _trumps(self, app: App) -> None:
        self._ask(app, queries.trumps_text)

    def _bid(self, app: App) -> None:
        self._ask(app, lambda seen: queries.bid_status_text(seen, app.settings.verbosity))

    def _tricks(self, app: App) -> None:
        self._ask(app, queries.tricks_text)

    def _scores(self, app: App) -> None:
        self._ask(app, queries.scores_query_text)

    def _deal_details(self, app: App) -> None:
        self._ask(app, queries.deal_details_text)

    def _declaration(self, app: App) -> None:
        self._ask(app, queries.declared_text)

    def _ask(self, app: App, answer: Any) -> None:
        seen = self.my_view()
        if seen is None:
            self.refuse_at_gate(app)
            return
        app.say(answer(seen))

    def _card_words(self, card: Card, seen: TricksView) -> str:
        text = queries.card_text_for(card, seen)
        if seen.phase is Phase.BIDDING and card in self.marked:
            text = queries.marked_card_text(text)
        return text

    def _move_cursor(self, app: App, step: int) -> None:
        hand = self.hand()
        seen = self.my_view()
        if not hand or seen is None:
            self.refuse(app, self.ready_prompt(app) if seen is None else queries.empty_hand_text())
            return
        target = self.cursor + step
        edge = not 0 <= target < len(hand)
        self.cursor = max(0, min(target, len(hand) - 1))
        text = self._card_words(hand[self.cursor], seen)
        if edge:
            # Past the end the same card again would leave the player guessing: say why.
            text = queries.hand_end_text(text, last=step > 0)
        app.say(text, cue="menu_edge" if edge else None)

    def _move_suit(self, app: App, step: int) -> None:
        hand = self.hand()
        seen = self.my_view()
        if not hand or seen is None:
            self.refuse(app, self.ready_prompt(app) if seen is None else queries.empty_hand_text())
            return
        self.cursor = min(self.cursor, len(hand) - 1)
        suits = list(dict.fromkeys(card.suit for card in hand))
        here = suits.index(hand[self.cursor].suit)
        target = here + step
        edge = not 0 <= target < len(suits)
        suit = suits[max(0, min(target, len(suits) - 1))]
        self.cursor = next(i for i, card in enumerate(hand) if card.suit is suit)
        cards = [card for card in hand if card.suit is suit]
        text = queries.suit_jump_text(cards, self._card_words(hand[self.cursor], seen))
        app.say(text, cue="menu_edge" if edge else None)

    def _mark(self, app: App) -> None:
        seen = self.my_view()
        hand = self.hand()
        if seen is None or seen.phase is not Phase.BIDDING or seen.bid_cards or not hand:
            self.refuse(app, words.not_now_text())
            return
        self.cursor = min(self.cursor, len(hand) - 1)
        card = hand[self.cursor]
        if card in self.marked:
            self.marked.remove(card)
        elif len(self.marked) >= 3:
            self.refuse(app, queries.marks_full_text())
            return
        else:
            self.marked.append(card)
        name = queries.card_text_for(card, seen)
        text = queries.mark_text(card in self.marked, name, hand, self.marked)
        if len(self.marked) == 3:
            text += ". " + queries.bid_confirm_text(app.key_name(TABLE, "play_card"))
        app.say(text)

    def _choose_declaration(self, app: App) -> None:
        seen = self.my_view()
        if seen is None or seen.phase is not Phase.BIDDING or seen.bid_cards:
            self.refuse(app, words.not_now_text())
            return
        if not seen.options.declarations:
            self.refuse(app, queries.declarations_off_text())
            return
        index = DECLARATION_CYCLE.index(self.declaration)
        self.declaration = DECLARATION_CYCLE[(index + 1) % len(DECLARATION_CYCLE)]
        app.say(queries.declaration_choice_text(self.declaration))

    def _enter(self, app: App) -> None:
        seat = self.port.seat
        seen = self.my_view()
        if seat is None or seen is None:
            self.refuse(app, self.ready_prompt(app))
            return
        if seen.phase is Phase.BIDDING:
            action: BidCards | PlayCard = BidCards(seat, tuple(self.marked), self.declaration)
            if self.port.propose(action):
                self.marked = []
                self.declaration = None
                self.cursor = 0
            return
        hand = self.hand()
        if not hand:
            self.refuse(app, words.not_now_text())
            return
        self.cursor = min(self.cursor, len(hand) - 1)
        action = PlayCard(seat, hand[self.cursor])
        if app.settings.practice and action.card in playable(seen.hand, seen.trick):
            app.say(advice.practice_text(seen, action.card))
        self.port.propose(action)
        self.cursor = min(self.cursor, max(0, len(self.hand()) - 1))

    def number_key(self, app: App, index: int) -> None:
        """Mark the card at ``index`` while bidding, else play it."""
        hand = self.hand()
        if index >= len(hand):
            self.refuse(app, queries.no_card_at_text(index + 1, len(hand)))
            return
        self.cursor = index
        seen = self.my_view()
        if seen is not None and seen.phase is Phase.BIDDING:
            self._mark(app)
        else:
            self._enter(app)

    def _hint(self, app: App) -> None:
        seat = self.port.seat
        seen = self.my_view()
        if seat is None or seen is None or seat not in self.port.seats_to_act():
            self.refuse(app, words.not_now_text())
            return
        bot = make_hint_bot(FAMILY)
        action = bot.choose(seen, self.port.hint_rng())
        # What the search found, when the strongest level searched (its ``finding``).
        found = getattr(bot, "finding", None)
        bidding = isinstance(action, BidCards)
        search = advice.search_text(found.made, found.samples, bidding) if found else ""
        if isinstance(action, BidCards):
            keep = [to_int(card) for card in seen.hand if card not in action.cards]
            # The tricks the search saw those nine take, else the quick count of them.
            likely = found.tricks if found else estimate_tricks(keep, trump_index(seen.trumps))
            said = advice.bid_hint_text(seen.hand, action.cards, likely)
            # The cards the hint names are marked: Enter bids them.
            self.marked = list(action.cards)
        else:
            said = advice.play_hint_text(seen, action.card)
            # The card the hint names is selected: Enter plays it.
            self.cursor = self.hand().index(action.card)
        app.say(f"{said}. {search}" if search else said)

    handlers: ClassVar[dict[str, Handler]] = {
        **HandCursor.cursor_handlers,
        "next_suit": _next_suit,
        "previous_suit": _previous_suit,
        "mark_card": _mark,
        "choose_declaration": _choose_declaration,
        "play_card": _enter,
        "speak_hand": _speak_hand,
        "hint": _hint,
        "announce_trick": _trick,
        "announce_leader": _leader,
        "announce_trumps": _trumps,
        "announce_bid": _bid,
        "announce_tricks": _tricks,
        "announce_scores": _scores,
        "announce_deal_details": _deal_details,
        "announce_declaration": _declaration,
    }

    # -- the window ------------------------------------------------------------------------------

    def display(self, app: App) -> Display:
        """The trick, trumps and bid, the hand by suit with the selected card, the scores."""
        seen = self.my_view()
        if seen is None:
            # A hand-over: only what every seat knows, not the bid of the seat to act.
            public = dataclasses.replace(self.table(), hand=(), bid_cards=())
            lines, highlight = queries.table_lines(public, [], 0, [])
        else:
            lines, highlight = queries.table_lines(seen, self.hand(), self.cursor, self.marked)
        return Display(self.title, lines, highlight, big_first=True)
