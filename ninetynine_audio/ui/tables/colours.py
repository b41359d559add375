"""The table controller of the colour game.

Its keys: a cursor through the hand (sorted by value or by colour), the row card and the pile
plays with Enter or the number keys, the pile chosen with Up (left) and Down (right), a key
to score the row and one to end the plays onto the piles; and questions about the row, the
other rows, the piles, the draw pile and the scores, the last computer turn in full, and the
hint. A computer player's turn runs through at once after its first move, so it is heard as
one short summary.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.bots import make_hint_bot
from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    HAND_SIZE,
    ColoursView,
    EndPiles,
    Phase,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    TurnStarted,
    ways_onto,
)
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.i18n import _, ngettext
from ninetynine_audio.play.seat import SeatPort
from ninetynine_audio.present.colours import queries, refusals
from ninetynine_audio.present.colours.events import Narrator
from ninetynine_audio.present.colours.words import (
    BY_COLOUR,
    BY_VALUE,
    LEFT,
    card_name,
    joined_sentences,
    sorted_hand,
    ways_text,
)
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.words import FULL, NORMAL
from ninetynine_audio.present.words import separated as comma_list
from ninetynine_audio.ui.screen import Display
from ninetynine_audio.ui.tables.base import TURN_CUE, HandCursor, Handler, TableController

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App

FAMILY = "colours"
STEP_KEY = "colours_step"
"""The key of the line said after each step of a turn: a newer one replaces a waiting one."""


class Table(HandCursor, TableController):
    """The colour game's keys, wording and window."""

    def __init__(self, port: SeatPort) -> None:
        super().__init__(port)
        self.cursor = 0
        self.order = BY_VALUE
        self.pile: int | None = None
        self.narrator = Narrator()
        self.played_onto: int | None = None  # the pile of this turn's last play by the keys
        self.side_chosen = False  # that pile was the one chosen with Up or Down (or the hint)
        self.cued_turn: int | None = None  # the turn whose first line had the turn cue
        self.placed_row = False  # the keys just put the row card: the next line names it
        self.step_text = ""  # the last line said after a step of this turn
        # Each seat's hand as its player last heard of it (none before their first turn).
        self.known_hands: dict[int, tuple[ColourCard, ...]] = {}

    def my_view(self) -> ColoursView | None:
        """The view of the seat the keys act for."""
        seen: ColoursView | None = self.port.view
        return seen

    def table(self) -> ColoursView:
        """The public table (and, with a seat at the keys, its hand)."""
        seen: ColoursView = self.port.table_view()
        return seen

    def hand(self) -> tuple[ColourCard, ...]:
        """The hand of the seat the keys act for, in the chosen order."""
        seen = self.my_view()
        return () if seen is None else sorted_hand(seen.hand, self.order)

    # -- the turn ------------------------------------------------------------------------------

    def turn_changed(self, app: App, seat: int) -> None:
        """A new human turn or step: the cursor kept within the hand."""
        if seat == self.port.seat:
            self.cursor = min(self.cursor, max(0, len(self.hand()) - 1))

    def after_action(self) -> None:
        """After a row card the pile is chosen afresh."""
        if self.table().phase is Phase.ROW:
            self.pile = None

    # -- words ---------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], perspective: Perspective) -> list[Utterance]:
        """The colour game's narrator."""
        return self.narrator.narrate(events, perspective)

    def catch_up(
        self, events: Sequence[Any], start: int, perspective: Perspective
    ) -> list[Utterance]:
        """Every other player's turn since the listener's own, each summed up as a
        computer's turn is. The turn after the listener's starts among the events of their
        last action (or of the opening): the account starts with it."""
        while start > 0 and isinstance(events[start - 1], TurnStarted):
            start -= 1
        return Narrator(recap=True).narrate(events[start:], perspective)

    def your_turn_text(self, app: App, seat: int, *, row_known: bool = False) -> str:
        """Where the human's turn stands: its first line, or on the piles what fits now."""
        seen = self.table()
        v = app.settings.verbosity
        if self.placed_row and seen.phase is Phase.PILES and not seen.pile_plays and v != FULL:
            return queries.row_card_fits_text(seen, v)
        changed = self.played_onto if seen.phase is Phase.PILES and seen.pile_plays else None
        return queries.your_turn_text(
            seen, v, changed, row_known=row_known and v == NORMAL, side_chosen=self.side_chosen
        )

    def turn_prompt(self, app: App, seat: int) -> Utterance:
        """The turn's first line with the turn cue, once a turn; after each step of the turn
        what fits now, without the cue. Both are narration the player's next key cuts off
        (they have acted on it), and a newer one replaces one still waiting."""
        seen = self.table()
        if seen.turn != self.cued_turn:
            self.cued_turn = seen.turn
            self.played_onto = None
            # A player who has had a turn put their row's last card there themselves, and
            # nobody else changes a row: its end is not said again (T says it).
            text = self.your_turn_text(app, seat, row_known=seat in self.known_hands)
            self.step_text = text
            drawn = self._drawn_since_last_turn(seat)
            if seen.phase is Phase.ROW and drawn:
                # The hand changed with the draw that ended the last turn: the cards drawn
                # follow the turn's first line (the whole hand on the first turn; H reads
                # it with how each card fits). The next key cuts it off.
                names = comma_list([card_name(card) for card in drawn])
                if seat not in self.known_hands:
                    said = _("Hand: {cards}").format(cards=names)
                else:
                    # Translators: the cards drawn at the end of the player's last turn, said
                    # as their next turn starts ("New cards: grey 6, yellow 7").
                    said = ngettext("New card: {cards}", "New cards: {cards}", len(drawn)).format(
                        cards=names
                    )
                text = joined_sentences([text, said])
            self.known_hands[seat] = self.hand()
            return Utterance(text, cue=TURN_CUE, mergeable=True, key=STEP_KEY)
        text = self.your_turn_text(app, seat)
        self.placed_row = False
        self.known_hands[seat] = self.hand()
        if text == self.step_text or self.step_text.endswith(joined_sentences(["", text])):
            # A step that left the piles and the hand as they were (the row scored after
            # the row card): what fits is what was just said, so nothing is said again.
            return Utterance("")
        self.step_text = text
        return Utterance(text, mergeable=True, key=STEP_KEY)

    def _drawn_since_last_turn(self, seat: int) -> list[ColourCard]:
        """The hand's cards that were not in it when the player's last turn ended (all of it
        before their first turn), in the hand's order."""
        hand = self.hand()
        if seat not in self.known_hands:
            return list(hand)
        left = Counter(self.known_hands[seat])
        drawn = []
        for card in hand:
            if left[card]:
                left[card] -= 1
            else:
                drawn.append(card)
        return drawn

    def number_keys(self, app: App) -> int | None:
        """A number key for each card a hand holds."""
        return HAND_SIZE

    def key_groups(self, app: App) -> Sequence[tuple[str, frozenset[str]]]:
        """Key help in four groups: the row, the piles, the hand, and what to ask."""
        return queries.key_groups()

    def turn_text(self, app: App) -> str:
        """Whose turn it is."""
        mine = self.my_view()
        if mine is not None:
            return queries.turn_text(mine, app.settings.verbosity)
        return queries.turn_text(self.table(), app.settings.verbosity, own=False)

    def own_cards_text(self, app: App, seat: int) -> str:
        """The hand with how each card fits."""
        return queries.hand_text(self.table(), self.order, app.settings.verbosity)

    def refusal_text(self, error: GameError, app: App) -> str:
        """Why the engine refused a move."""
        return refusals.refusal_text(error, app.settings.verbosity)

    # -- keys ------------------------------------------------------------------------------------

    def _piles(self, app: App) -> None:
        app.say(queries.piles_text(self.table(), app.settings.verbosity))

    def _scores(self, app: App) -> None:
        app.say(queries.scores_text(self.table(), app.settings.verbosity))

    def _other_rows(self, app: App) -> None:
        app.say(queries.other_rows_text(self.table(), app.settings.verbosity))

    def _last_turn(self, app: App) -> None:
        account = self.narrator.last_account
        app.say(joined_sentences(account) if account else refusals_none())

    def _own(self, app: App) -> ColoursView | None:
        """This seat's view, or None after telling the hot seat whose turn it is."""
        mine = self.my_view()
        if mine is None:
            self.refuse_at_gate(app)
        return mine

    def _row(self, app: App) -> None:
        mine = self._own(app)
        if mine is not None:
            app.say(queries.row_text(mine, app.settings.verbosity))

    def _draw_pile(self, app: App) -> None:
        mine = self._own(app)
        if mine is not None:
            app.say(queries.draw_pile_text(mine, app.settings.verbosity))

    def _speak_hand(self, app: App) -> None:
        mine = self._own(app)
        if mine is not None:
            app.say(queries.hand_text(mine, self.order, app.settings.verbosity))

    def _toggle_order(self, app: App) -> None:
        mine = self._own(app)
        if mine is not None:
            self.order = BY_COLOUR if self.order == BY_VALUE else BY_VALUE
            self.cursor = 0
            app.say(queries.hand_text(mine, self.order, app.settings.verbosity))

    def _left_pile(self, app: App) -> None:
        self._choose_pile(app, 1)

    def _right_pile(self, app: App) -> None:
        self._choose_pile(app, 2)

    def _enter(self, app: App) -> None:
        self._play(app, None)

    def number_key(self, app: App, index: int) -> None:
        """Play the card at ``index`` of the hand."""
        self._play(app, index)

    def _score_row(self, app: App) -> None:
        self._act(app, lambda seat: ScoreRow(seat))

    def _end_piles(self, app: App) -> None:
        self._act(app, lambda seat: EndPiles(seat))

    def _seat(self, app: App) -> int | None:
        seat = self.port.seat
        if seat is None:
            self.refuse_at_gate(app)
        return seat

    def _act(self, app: App, make: Any) -> None:
        seat = self._seat(app)
        if seat is not None:
            self.port.propose(make(seat))

    def _move_cursor(self, app: App, step: int) -> None:
        mine = self._own(app)
        if mine is None:
            return
        hand = self.hand()
        if not hand:
            self.refuse(app, _("Your hand is empty"))
            return
        target = self.cursor + step
        edge = not 0 <= target < len(hand)
        self.cursor = max(0, min(target, len(hand) - 1))
        text = queries.hand_card_text(mine, hand, self.cursor, app.settings.verbosity)
        app.say(text, cue="menu_edge" if edge else None)

    def _choose_pile(self, app: App, pile: int) -> None:
        mine = self._own(app)
        if mine is None:
            return
        self.pile = pile
        app.say(chosen_pile_text(mine, self.hand(), self.cursor, pile))

    def _play(self, app: App, index: int | None) -> None:
        seat = self._seat(app)
        if seat is None:
            return
        hand = self.hand()
        if index is not None:
            if index >= len(hand):
                held = len(hand)
                text = ngettext(
                    "There is no card {number}: you hold {count}",
                    "There is no card {number}: you hold {count}",
                    held,
                )
                self.refuse(app, text.format(number=index + 1, count=held))
                return
            self.cursor = index
        if not hand:
            # Nothing to play: Enter ends the turn.
            self.port.propose(EndPiles(seat))
            return
        self.cursor = min(self.cursor, len(hand) - 1)
        card = hand[self.cursor]
        seen = self.table()
        if seen.phase is Phase.ROW:
            # Set first: the line that follows the card is made while it is applied.
            self.placed_row = True
            if not self.port.propose(PlaceRowCard(seat, card)):
                self.placed_row = False
            return
        pile = self.pile
        if pile is None:
            tops = seen.pile_tops
            fitting = [p for p in (1, 2) if ways_onto(card, tops[p - 1])]
            pile = fitting[0] if fitting else 1
        # Set first: the line that follows the play is made while it is applied. A pile the
        # player chose is not named again after each play onto it; one chosen for them is.
        before = self.played_onto, self.side_chosen
        self.played_onto, self.side_chosen = pile, self.pile is not None
        if not self.port.propose(PlayToPile(seat, card, pile)):
            self.played_onto, self.side_chosen = before

    def _hint(self, app: App) -> None:
        mine = self.my_view()
        if mine is None or mine.seat != mine.to_act or self.port.is_over:
            self.refuse(app, _("No hint now"))
            return
        bot = make_hint_bot(FAMILY)
        action = bot.choose(mine, self.port.hint_rng())
        if isinstance(action, PlaceRowCard | PlayToPile):
            # The card (and pile) the hint names are selected: Enter plays it there.
            self.cursor = self.hand().index(action.card)
            if isinstance(action, PlayToPile):
                self.pile = action.pile
        # What the search found, when the strongest level searched (its ``finding``).
        found = getattr(bot, "finding", None)
        if found is None:
            app.say(queries.hint_text(action, mine))
            return
        app.say(
            queries.search_hint_text(
                queries.hint_text(action, mine), found.mine, found.theirs, found.deals
            )
        )

    handlers: ClassVar[dict[str, Handler]] = {
        "announce_piles": _piles,
        "announce_scores": _scores,
        "announce_other_rows": _other_rows,
        "announce_last_turn": _last_turn,
        "announce_row": _row,
        "announce_draw_pile": _draw_pile,
        "speak_hand": _speak_hand,
        "toggle_hand_order": _toggle_order,
        **HandCursor.cursor_handlers,
        "choose_left_pile": _left_pile,
        "choose_right_pile": _right_pile,
        "play_card": _enter,
        "score_row": _score_row,
        "end_piles": _end_piles,
        "hint": _hint,
    }

    # -- the window ------------------------------------------------------------------------------

    def display(self, app: App) -> Display:
        """The piles, whose turn, the row, the hand with the selected card, the scores."""
        lines, highlight = queries.table_lines(
            self.table(), self.hand(), self.cursor, self.port.is_over, self.pile
        )
        return Display(self.title, lines, highlight, big_first=True)


def refusals_none() -> str:
    """Nothing to tell about a computer turn yet."""
    return _("No computer turn yet")


def chosen_pile_text(view: ColoursView, hand: Sequence[ColourCard], cursor: int, pile: int) -> str:
    """``"Left pile, grey 3"``; on the piles with the card under the cursor and how it fits:
    ``"Left pile, grey 3: purple 9 same colour"``."""
    left = pile == LEFT
    top = card_name(view.pile_tops[pile - 1])
    if not hand or view.phase is not Phase.PILES:
        text = _("Left pile, {top}") if left else _("Right pile, {top}")
        return text.format(top=top)
    card = hand[min(cursor, len(hand) - 1)]
    ways = ways_onto(card, view.pile_tops[pile - 1])
    if not ways:
        if left:
            text = _("Left pile, {top}: {card} does not fit")
        else:
            text = _("Right pile, {top}: {card} does not fit")
    elif left:
        # Translators: a pile chosen, its top card, then the card under the cursor and the
        # ways it fits onto that top ("same colour and sum ten").
        text = _("Left pile, {top}: {card} {ways}")
    else:
        text = _("Right pile, {top}: {card} {ways}")
    return text.format(top=top, card=card_name(card), ways=ways_text(ways))
