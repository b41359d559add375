"""The table controller of the colour game.

Its keys: a cursor through the hand (sorted by value or by colour), the row card and the pile
plays with Enter or the number keys, the pile chosen with Up (left) and Down (right), a key
to score the row and one to end the plays onto the piles; and questions about the row, the
other rows, the piles, the draw pile and the scores, the last computer turn in full, and the
hint. A computer player's turn runs through at once after its first move, so it is heard as
one short summary.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.bots import make_hint_bot
from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    ColoursState,
    ColoursView,
    EndPiles,
    Phase,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    view,
    ways_onto,
)
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.present.colours import queries, refusals
from ninetynine_audio.present.colours.events import Narrator
from ninetynine_audio.present.colours.words import (
    BY_COLOUR,
    BY_VALUE,
    card_name,
    pile_name,
    sorted_hand,
    ways_text,
)
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.ui.screen import Display
from ninetynine_audio.ui.tables.base import TableController

if TYPE_CHECKING:
    from ninetynine_audio.ui.host import Host as App
    from ninetynine_audio.ui.match import MatchScreen

FAMILY = "colours"


class Table(TableController):
    """The colour game's keys, wording and window."""

    def __init__(self, match: MatchScreen) -> None:
        super().__init__(match)
        self.cursor = 0
        self.order = BY_VALUE
        self.pile: int | None = None
        self.narrator = Narrator()

    @property
    def state(self) -> ColoursState:
        """The table."""
        state: ColoursState = self.match.state
        return state

    def my_view(self) -> ColoursView | None:
        """The view of the seat the keys act for."""
        seat = self.match.my_seat()
        return None if seat is None else view(self.state, seat)

    def hand(self) -> tuple[ColourCard, ...]:
        """The hand of the seat the keys act for, in the chosen order."""
        seat = self.match.my_seat()
        return () if seat is None else sorted_hand(self.state.hands[seat], self.order)

    # -- the turn ------------------------------------------------------------------------------

    def immediate_seats(self, state: Any) -> tuple[int, ...]:
        """A turn under way (its row card or scoring made) goes on at once for a computer."""
        table: ColoursState = state
        if table.is_over:
            return ()
        under_way = table.phase is Phase.PILES or table.has_scored
        return (table.to_act,) if under_way else ()

    def turn_changed(self, app: App, seat: int) -> None:
        """A new human turn or step: the cursor kept within the hand."""
        self.cursor = min(self.cursor, max(0, len(self.state.hands[seat]) - 1))

    def after_action(self) -> None:
        """After a row card the pile is chosen afresh."""
        if self.state.phase is Phase.ROW:
            self.pile = None

    # -- words ---------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], perspective: Perspective) -> list[Utterance]:
        """The colour game's narrator."""
        return self.narrator.narrate(events, perspective)

    def your_turn_text(self, app: App, seat: int) -> str:
        """Where the human's turn stands."""
        return queries.your_turn_text(view(self.state, seat), app.settings.verbosity)

    def turn_text(self, app: App) -> str:
        """Whose turn it is."""
        seat = self.match.my_seat()
        table = view(self.state, self.state.to_act if seat is None else seat)
        return queries.turn_text(table, app.settings.verbosity)

    def own_cards_text(self, app: App, seat: int) -> str:
        """The hand with how each card fits."""
        return queries.hand_text(view(self.state, seat), self.order, app.settings.verbosity)

    def refusal_text(self, error: GameError, app: App) -> str:
        """Why the engine refused a move."""
        return refusals.refusal_text(error, app.settings.verbosity)

    # -- keys ------------------------------------------------------------------------------------

    def handle(self, app: App, command: str) -> bool:
        """The colour game's keys."""
        v = app.settings.verbosity
        mine = self.my_view()
        anyone = mine or view(self.state, self.state.to_act)
        if command == "announce_piles":
            app.say(queries.piles_text(anyone, v))
        elif command == "announce_scores":
            app.say(queries.scores_text(anyone, v))
        elif command == "announce_other_rows":
            app.say(queries.other_rows_text(anyone, v))
        elif command == "announce_last_turn":
            account = self.narrator.last_account
            app.say(". ".join(account) if account else refusals_none())
        elif command in ("announce_row", "announce_draw_pile", "speak_hand", "toggle_hand_order"):
            if mine is None:
                self.match.refuse(app, self.match.ready_prompt(app))
            elif command == "announce_row":
                app.say(queries.row_text(mine, v))
            elif command == "announce_draw_pile":
                app.say(queries.draw_pile_text(mine, v))
            elif command == "speak_hand":
                app.say(queries.hand_text(mine, self.order, v))
            else:
                self.order = BY_COLOUR if self.order == BY_VALUE else BY_VALUE
                self.cursor = 0
                app.say(queries.hand_text(mine, self.order, v))
        elif command in ("next_card", "previous_card"):
            self._move_cursor(app, 1 if command == "next_card" else -1)
        elif command in ("choose_left_pile", "choose_right_pile"):
            self._choose_pile(app, 1 if command == "choose_left_pile" else 2)
        elif command == "play_card":
            self._play(app, None)
        elif command.startswith("play_card_"):
            self._play(app, int(command.rsplit("_", 1)[1]) - 1)
        elif command == "score_row":
            self._act(app, lambda seat: ScoreRow(seat))
        elif command == "end_piles":
            self._act(app, lambda seat: EndPiles(seat))
        elif command == "hint":
            self._hint(app)
        else:
            return False
        return True

    def _seat(self, app: App) -> int | None:
        seat = self.match.my_seat()
        if seat is None:
            self.match.refuse(app, self.match.ready_prompt(app))
            return None
        return seat

    def _act(self, app: App, make: Any) -> None:
        seat = self._seat(app)
        if seat is not None:
            self.match.perform(app, make(seat))

    def _move_cursor(self, app: App, step: int) -> None:
        mine = self.my_view()
        if mine is None:
            self.match.refuse(app, self.match.ready_prompt(app))
            return
        hand = self.hand()
        if not hand:
            self.match.refuse(app, "Your hand is empty")
            return
        target = self.cursor + step
        edge = not 0 <= target < len(hand)
        self.cursor = max(0, min(target, len(hand) - 1))
        text = queries.hand_card_text(mine, hand, self.cursor, app.settings.verbosity)
        app.say(text, cue="menu_edge" if edge else None)

    def _choose_pile(self, app: App, pile: int) -> None:
        mine = self.my_view()
        if mine is None:
            self.match.refuse(app, self.match.ready_prompt(app))
            return
        self.pile = pile
        top = mine.pile_tops[pile - 1]
        text = f"{pile_name(pile).capitalize()} pile, {card_name(top)}"
        hand = self.hand()
        if hand and mine.phase is Phase.PILES:
            card = hand[min(self.cursor, len(hand) - 1)]
            ways = ways_onto(card, top)
            fit = ways_text(ways) if ways else "does not fit"
            text += f": {card_name(card)} {fit}"
        app.say(text)

    def _play(self, app: App, index: int | None) -> None:
        seat = self._seat(app)
        if seat is None:
            return
        hand = self.hand()
        if index is not None:
            if index >= len(hand):
                self.match.refuse(app, f"There is no card {index + 1}: you hold {len(hand)}")
                return
            self.cursor = index
        if not hand:
            # Nothing to play: Enter ends the turn.
            self.match.perform(app, EndPiles(seat))
            return
        self.cursor = min(self.cursor, len(hand) - 1)
        card = hand[self.cursor]
        if self.state.phase is Phase.ROW:
            self.match.perform(app, PlaceRowCard(seat, card))
            return
        pile = self.pile
        if pile is None:
            tops = self.state.pile_tops
            fitting = [p for p in (1, 2) if ways_onto(card, tops[p - 1])]
            pile = fitting[0] if fitting else 1
        self.match.perform(app, PlayToPile(seat, card, pile))

    def _hint(self, app: App) -> None:
        seat = self.match.my_seat()
        if seat is None or seat != self.state.to_act or self.match.is_over:
            self.match.refuse(app, "No hint now")
            return
        bot = make_hint_bot(FAMILY)
        action = bot.choose(view(self.state, seat), self.match.hint_rng())
        # What the search found, when the strongest level searched (its ``finding``).
        found = getattr(bot, "finding", None)
        if found is None:
            app.say(queries.hint_text(action))
            return
        app.say(
            queries.search_hint_text(
                queries.hint_text(action), found.mine, found.theirs, found.deals
            )
        )

    # -- the window ------------------------------------------------------------------------------

    def display(self, app: App) -> Display:
        """The piles, whose turn, the row, the hand with the selected card, the scores."""
        seat = self.match.my_seat()
        table = view(self.state, self.state.to_act if seat is None else seat)
        lines, highlight = queries.table_lines(table, self.hand(), self.cursor, self.match.is_over)
        return Display(self.match.title, lines, highlight, big_first=True)


def refusals_none() -> str:
    """Nothing to tell about a computer turn yet."""
    return "No computer turn yet"
