"""The referee of the colour game (``colours``, Ninety Nine of 2025).

A second reading of the rules (``rules-decisions.md``, colours) and of the log's promises
(``docs/event-log.md``, the colour game), written apart from the engine. The log names every
card where it goes, so this module follows every card exactly: the deal, each hand, each
personal draw pile (top first), each row, the two discard piles, the reserve (top first) and
the cleared rows set aside. It checks, line by line:

- the deal: 2 to 4 seats, 6 cards in each hand, 15 in each draw pile, two pile cards and the
  reserve, the 110 cards each once; the dealer (the seat before a lone human seat) and the
  starter (the seat after the dealer);
- turns: the order (clockwise, or the same player again for a Pro Variant extra turn, which
  is due exactly when the player emptied the hand onto the piles), the turn count;
- Action A: a forced scoring first exactly when the row is not empty and no hand card can
  extend it; one row card that is higher than the row's last card and of a new colour, from
  the hand; at most one scoring by choice, before the first pile play; points n × n;
- Action B: at most five pile plays, each from the hand onto that pile's top card, with the
  ways named exactly (same colour, plus one, sum ten) and at least one of them;
- Action C: cards drawn from the top of the own draw pile until the hand holds six; a
  renewal (15 points, the reserve's top 15) each time the pile runs out during the draw, a
  reserve rebuilt first whenever it holds fewer than 15 (its own cards on top, then exactly the
  discard piles under their tops and the cleared rows), and none for a pile already empty;
- the end: ``game_ended`` at once when a score reaches 99, with the right winner and scores;
  or, when nobody holds a card in hand or in a draw pile, instead of the next turn, won by the
  highest score (on equal scores, the first of them from the player whose turn it would be).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from .core import FieldError, GameReferee, Handler, is_whole, texts, whole_numbers

COLOURS = (
    "red",
    "orange",
    "yellow",
    "green",
    "light-blue",
    "dark-blue",
    "purple",
    "grey",
    "black",
    "pink",
)
DECK = tuple(f"{colour}-{value}" for colour in COLOURS for value in range(11))
CARDS = frozenset(DECK)
HAND = 6
PILE = 15
MOST_PLAYS = 5
TARGET = 99
RENEWAL = 15
WAYS = ("same_colour", "plus_one", "sum_ten")


def colour(card: str) -> str:
    """The colour part of a card text (``"light-blue-3"`` → ``"light-blue"``)."""
    return card.rsplit("-", 1)[0]


def value(card: str) -> int:
    """The value part of a card text."""
    return int(card.rsplit("-", 1)[1])


def ways(card: str, top: str) -> list[str]:
    """The ways ``card`` goes onto ``top``, in the log's order."""
    found = []
    if colour(card) == colour(top):
        found.append("same_colour")
    if value(card) == value(top) + 1:
        found.append("plus_one")
    if value(card) + value(top) == 10:
        found.append("sum_ten")
    return found


def extends(card: str, row: list[str]) -> bool:
    """Whether ``card`` may go to the right of ``row``."""
    if not row:
        return True
    return value(card) > value(row[-1]) and all(colour(c) != colour(card) for c in row)


class Referee(GameReferee):
    """Follows one colour game, from its ``game_started`` line to its ``game_ended`` line."""

    def __init__(self, index: int, line: int, record: dict[str, Any]) -> None:
        super().__init__(index, line, record)
        self.players = texts(record, "players")
        self.n = len(self.players)
        self.seat = {name: i for i, name in enumerate(self.players)}
        self.kinds = texts(record, "kinds")
        options = record.get("options")
        if not isinstance(options, dict):
            raise FieldError("options is not an object")
        self.pro = options.get("pro_variant", False)
        self.dealt = False
        self.hands: dict[str, list[str]] = {}
        self.draw: dict[str, list[str]] = {}
        self.rows: dict[str, list[str]] = {p: [] for p in self.players}
        self.piles: list[list[str]] = [[], []]  # top first
        self.reserve: list[str] = []
        self.aside: list[str] = []
        self.scores = dict.fromkeys(self.players, 0)
        self.turn = 0
        self.current: str | None = None
        self.next_starter: str | None = None
        # Within a turn.
        self.forced_due = False
        self.started_empty = False
        self.row_card = False
        self.voluntary = False
        self.plays = 0
        self.drawing = False
        self.empty_at_draw = False
        self.renewal_owed = False
        self.rebuilt = False
        self.hand_after_piles: int | None = None
        self.must_end: str | None = None  # a player who reached 99: game_ended is next
        if not 2 <= self.n <= 4:
            self.problem(line, f"the colour game is for 2 to 4 players, not {self.n}")
        if len(set(self.players)) != self.n:
            self.problem(line, "two seats have the same name")
        if len(self.kinds) != self.n:
            self.problem(line, f"{len(self.kinds)} kinds for {self.n} players")
        if not isinstance(self.pro, bool):
            self.problem(line, f"pro_variant is {self.pro!r}, not true or false")
        if not is_whole(record.get("seed")):
            self.problem(line, "seed is not a whole number")
        if whole_numbers(record, "scores") != [0] * self.n:
            self.problem(line, "the scores do not all start at 0")
        stacked = texts(record, "deck", required=False)
        self.stacked = stacked
        for card in stacked:
            if card not in CARDS:
                self.problem(line, f"the stacked deck names {card!r}, not a card of the game")

    # ------------------------------------------------------------------ helpers

    def known(self, line: int, name: Any, what: str = "player") -> str | None:
        if not isinstance(name, str) or name not in self.seat:
            self.problem(line, f"{what} {name!r} is not a player of this game")
            return None
        return name

    def cards(self, line: int, record: dict[str, Any], name: str) -> list[str]:
        found = texts(record, name)
        for card in found:
            if card not in CARDS:
                raise FieldError(f"{name} holds {card!r}, not a card of the game")
        return found

    def acting(self, line: int, record: dict[str, Any], event: str) -> str | None:
        """The line's player, who must be the player whose turn it is; ``None`` stops the
        checks of a line that cannot be followed."""
        self.no_end_owed(line, event)
        if not self.dealt or self.current is None:
            self.problem(line, f"{event} before the first turn")
            return None
        player = self.known(line, record.get("player"))
        if player is None:
            return None
        if player != self.current:
            self.problem(line, f"{event} by {player}, but it is {self.current}'s turn")
            return None
        return player

    def no_end_owed(self, line: int, event: str) -> None:
        if self.must_end is not None:
            self.problem(line, f"{event} after {self.must_end} reached 99: the game is over")
            self.must_end = None

    def gain(self, line: int, player: str, points: int, record: dict[str, Any]) -> None:
        self.scores[player] += points
        score = record.get("score")
        if score != self.scores[player]:
            self.problem(line, f"{player}'s score is {self.scores[player]}, not {score}")
            if is_whole(score):
                self.scores[player] = score
        if self.scores[player] >= TARGET:
            self.must_end = player

    def in_action_b(self) -> bool:
        return self.row_card or self.started_empty

    def end_of_turn(self, line: int) -> None:
        """The last turn's lines stop here: what it owed must be there."""
        player = self.current
        if player is None:
            return
        if not self.started_empty and not self.row_card:
            self.problem(line, f"{player}'s turn ended without a row card")
        if self.renewal_owed:
            self.problem(line, f"{player}'s emptied draw pile was not renewed")
            self.renewal_owed = False
        hand, draw = self.hands[player], self.draw[player]
        if len(hand) < HAND and draw:
            self.problem(line, f"{player} holds {len(hand)} cards with cards left to draw")

    def nobody_can_play(self) -> bool:
        return not any(self.hands.values()) and not any(self.draw.values())

    def following(self) -> tuple[str | None, bool]:
        """Who takes the next turn, and whether it is an extra turn."""
        player = self.current
        if player is None:
            return self.next_starter, False
        after = self.hand_after_piles
        if after is None:  # nothing was drawn: the hand is as Action B left it
            after = len(self.hands[player])
        if self.pro and self.plays > 0 and after == 0:
            return player, True
        return self.players[(self.seat[player] + 1) % self.n], False

    # ------------------------------------------------------------------ the deal

    def on_cards_dealt(self, line: int, record: dict[str, Any]) -> None:
        if self.dealt:
            self.problem(line, "a second cards_dealt")
            return
        self.dealt = True
        dealer = self.known(line, record.get("dealer"), "dealer")
        humans = [i for i, kind in enumerate(self.kinds) if kind == "human"]
        if dealer is not None:
            if len(humans) == 1 and self.seat[dealer] != (humans[0] - 1) % self.n:
                self.problem(line, f"the dealer is {dealer}, not the seat before the human seat")
            self.next_starter = self.players[(self.seat[dealer] + 1) % self.n]
        hands, draws = record.get("hands"), record.get("draw_piles")
        if not isinstance(hands, dict) or not isinstance(draws, dict):
            raise FieldError("hands or draw_piles is not an object")
        every: list[str] = []
        for player in self.players:
            hand = self.cards(line, hands, player) if player in hands else []
            draw = self.cards(line, draws, player) if player in draws else []
            if len(hand) != HAND:
                self.problem(line, f"{player} is dealt {len(hand)} cards, not {HAND}")
            if len(draw) != PILE:
                self.problem(line, f"{player}'s draw pile has {len(draw)} cards, not {PILE}")
            self.hands[player], self.draw[player] = list(hand), list(draw)
            every += hand + draw
        for name in set(hands) | set(draws):
            if name not in self.seat:
                self.problem(line, f"cards dealt to {name!r}, not a player of this game")
        tops = self.cards(line, record, "discard_piles")
        if len(tops) != 2:
            self.problem(line, f"{len(tops)} discard piles, not 2")
        self.piles = [[card] for card in tops[:2]]
        while len(self.piles) < 2:
            self.piles.append([])
        self.reserve = self.cards(line, record, "reserve")
        every += tops + self.reserve
        counts = Counter(every)
        twice = sorted(card for card, count in counts.items() if count > 1)
        missing = sorted(CARDS - set(counts))
        if twice:
            self.problem(line, f"dealt more than once: {', '.join(twice[:5])}")
        if missing:
            self.problem(line, f"never dealt: {', '.join(missing[:5])}")
        if self.stacked and self.next_starter is not None and not twice:
            start = self.seat[self.next_starter]
            order = [self.players[(start + k) % self.n] for k in range(self.n)]
            dealt = [c for p in order for c in self.hands[p]]
            dealt += [c for p in order for c in self.draw[p]] + tops + self.reserve
            if dealt[: len(self.stacked)] != self.stacked:
                self.problem(line, "the deal does not take the stacked cards first, in order")

    # ------------------------------------------------------------------ turns

    def on_turn_started(self, line: int, record: dict[str, Any]) -> None:
        self.no_end_owed(line, "turn_started")
        if not self.dealt:
            self.problem(line, "turn_started before cards_dealt")
            return
        self.end_of_turn(line)
        expected, extra = self.following()
        player = self.known(line, record.get("player"))
        if self.nobody_can_play():
            self.problem(line, "nobody holds a card any more: the game should have ended")
        if player is not None and expected is not None and player != expected:
            self.problem(line, f"{player}'s turn, but it is {expected}'s")
        if record.get("extra") is not extra:
            self.problem(line, f"extra is {record.get('extra')!r}, not {str(extra).lower()}")
        self.turn += 1
        if record.get("turn") != self.turn:
            self.problem(line, f"turn {record.get('turn')!r}, not {self.turn}")
        self.current = player or expected
        if self.current is None:
            return
        hand, row = self.hands[self.current], self.rows[self.current]
        self.started_empty = not hand
        self.forced_due = bool(row) and not any(extends(card, row) for card in hand)
        self.row_card = self.voluntary = self.drawing = self.renewal_owed = False
        self.empty_at_draw = False
        self.plays = 0
        self.hand_after_piles = None

    def on_row_scored(self, line: int, record: dict[str, Any]) -> None:
        player = self.acting(line, record, "row_scored")
        if player is None:
            return
        row = self.rows[player]
        forced = record.get("forced")
        if forced is True:
            if not self.forced_due:
                self.problem(line, "a forced scoring, but a hand card could extend the row")
            self.forced_due = False
        elif forced is False:
            if self.forced_due:
                self.problem(line, "the row should first have been scored as forced")
                self.forced_due = False
            if self.voluntary:
                self.problem(line, "a second scoring by choice in one turn")
            if self.plays or self.drawing:
                self.problem(line, "a scoring by choice after the first pile play")
            self.voluntary = True
        else:
            raise FieldError("forced is not true or false")
        if not row:
            self.problem(line, "an empty row is scored")
        cards = self.cards(line, record, "cards")
        if cards != row:
            self.problem(line, f"the row is {row}, not {cards}")
        points = len(row) * len(row)
        if record.get("points") != points:
            self.problem(line, f"a row of {len(row)} scores {points}, not {record.get('points')}")
        self.aside += row
        self.rows[player] = []
        self.gain(line, player, points, record)

    def on_row_card_placed(self, line: int, record: dict[str, Any]) -> None:
        player = self.acting(line, record, "row_card_placed")
        if player is None:
            return
        if self.forced_due:
            self.problem(line, "the row should first have been scored as forced")
            self.forced_due = False
        if self.row_card:
            self.problem(line, "a second row card in one turn")
        if self.plays or self.drawing:
            self.problem(line, "the row card comes before the piles and the draw")
        self.row_card = True
        card = record.get("card")
        if not isinstance(card, str) or card not in CARDS:
            raise FieldError("card is not a card of the game")
        row = self.rows[player]
        if card not in self.hands[player]:
            self.problem(line, f"{card} is not in {player}'s hand")
        else:
            self.hands[player].remove(card)
        if row and colour(card) in {colour(c) for c in row}:
            self.problem(line, f"{colour(card)} is already in {player}'s row")
        elif row and value(card) <= value(row[-1]):
            self.problem(line, f"{card} is not higher than {row[-1]}")
        row.append(card)
        if self.cards(line, record, "row") != row:
            self.problem(line, f"the row is now {row}, not {record.get('row')}")

    def on_pile_card_played(self, line: int, record: dict[str, Any]) -> None:
        player = self.acting(line, record, "pile_card_played")
        if player is None:
            return
        if not self.in_action_b():
            self.problem(line, "a pile play before the row card")
        if self.drawing:
            self.problem(line, "a pile play after the draw began")
        self.plays += 1
        if self.plays > MOST_PLAYS:
            self.problem(line, f"more than {MOST_PLAYS} pile plays in one turn")
        card, pile = record.get("card"), record.get("pile")
        if not isinstance(card, str) or card not in CARDS:
            raise FieldError("card is not a card of the game")
        if pile not in (1, 2) or isinstance(pile, bool):
            self.problem(line, f"pile {pile!r} is not 1 or 2")
            return
        if card not in self.hands[player]:
            self.problem(line, f"{card} is not in {player}'s hand")
        else:
            self.hands[player].remove(card)
        stack = self.piles[pile - 1]
        top = stack[0] if stack else None
        if record.get("onto") != top:
            self.problem(line, f"pile {pile}'s top card is {top}, not {record.get('onto')}")
        if top is not None:
            holding = ways(card, top)
            if not holding:
                self.problem(line, f"{card} cannot go onto {top}")
            if record.get("ways") != holding:
                self.problem(line, f"the ways of {card} onto {top} are {holding}")
        stack.insert(0, card)

    def begin_draw(self, line: int, player: str) -> None:
        if self.drawing:
            return
        if not self.in_action_b():
            self.problem(line, f"{player} draws before placing a row card")
        self.drawing = True
        self.hand_after_piles = len(self.hands[player])
        self.empty_at_draw = not self.draw[player]

    def on_cards_drawn(self, line: int, record: dict[str, Any]) -> None:
        player = self.acting(line, record, "cards_drawn")
        if player is None:
            return
        self.begin_draw(line, player)
        if self.renewal_owed:
            self.problem(line, "a draw before the emptied draw pile was renewed")
            self.renewal_owed = False
        cards = self.cards(line, record, "cards")
        if not cards:
            self.problem(line, "a draw of no cards")
        pile, hand = self.draw[player], self.hands[player]
        if self.empty_at_draw:
            self.problem(line, "a draw from a draw pile that was empty when the draw began")
        if len(hand) + len(cards) > HAND:
            self.problem(line, f"{player} draws to {len(hand) + len(cards)} cards, not {HAND}")
        if cards != pile[: len(cards)]:
            self.problem(line, f"the top of {player}'s draw pile is {pile[: len(cards)]}")
        for card in cards:
            if card in pile:
                pile.remove(card)
        hand.extend(cards)
        if not pile and cards:
            self.renewal_owed = True
            self.rebuilt = False

    def on_reserve_rebuilt(self, line: int, record: dict[str, Any]) -> None:
        self.no_end_owed(line, "reserve_rebuilt")
        if not self.renewal_owed:
            self.problem(line, "the reserve is rebuilt when no draw pile needs renewing")
        if len(self.reserve) >= RENEWAL:
            self.problem(line, f"the reserve holds {len(self.reserve)} cards: no rebuild due")
        cards = self.cards(line, record, "cards")
        kept = len(self.reserve)
        if cards[:kept] != self.reserve:
            self.problem(line, "the cards left in the reserve are not kept on top in order")
        gathered = [c for stack in self.piles for c in stack[1:]] + self.aside
        if Counter(cards[kept:]) != Counter(gathered):
            self.problem(
                line,
                "the new cards are not exactly the piles under their tops and the cleared rows",
            )
        self.reserve = list(cards)
        self.piles = [stack[:1] for stack in self.piles]
        self.aside = []
        self.rebuilt = True

    def on_draw_pile_renewed(self, line: int, record: dict[str, Any]) -> None:
        player = self.acting(line, record, "draw_pile_renewed")
        if player is None:
            return
        if not self.renewal_owed:
            self.problem(line, f"{player}'s draw pile is renewed but it did not just run out")
        if len(self.reserve) < RENEWAL and not self.rebuilt:
            self.problem(line, f"the reserve holds {len(self.reserve)} cards and was not rebuilt")
        self.renewal_owed = False
        self.rebuilt = False
        cards = self.cards(line, record, "cards")
        if cards != self.reserve[:RENEWAL]:
            self.problem(line, "the new draw pile is not the reserve's top 15 in order")
        del self.reserve[: len(cards)]
        self.draw[player] = list(cards)
        if record.get("points") != RENEWAL:
            self.problem(line, f"a renewed draw pile scores {RENEWAL}, not {record.get('points')}")
        self.gain(line, player, RENEWAL, record)

    def on_game_ended(self, line: int, record: dict[str, Any]) -> None:
        winner = self.known(line, record.get("winner"), "winner")
        scores = record.get("scores")
        if not isinstance(scores, dict):
            raise FieldError("scores is not an object")
        if scores != self.scores:
            self.problem(line, f"the scores are {self.scores}, not {scores}")
        if self.must_end is not None:
            if winner != self.must_end:
                self.problem(line, f"{self.must_end} reached 99 first, not {winner}")
            self.must_end = None
            return
        if not self.dealt:
            self.problem(line, "the game ends before the deal")
            return
        self.end_of_turn(line)
        if not self.nobody_can_play():
            self.problem(line, "the game ends before anyone reached 99")
            return
        start, _ = self.following()
        if start is None:
            return
        order = [self.players[(self.seat[start] + k) % self.n] for k in range(self.n)]
        best = max(order, key=lambda p: self.scores[p])
        if winner != best:
            self.problem(line, f"nobody can play on and {best} has the best score, not {winner}")

    def close(self, line: int) -> None:
        """The lines stop before the game is over."""
        if self.must_end is not None:
            self.problem(line, f"{self.must_end} reached 99 but the game did not end")

    handlers: ClassVar[dict[str, Handler]] = {
        "cards_dealt": on_cards_dealt,
        "turn_started": on_turn_started,
        "row_scored": on_row_scored,
        "row_card_placed": on_row_card_placed,
        "pile_card_played": on_pile_card_played,
        "cards_drawn": on_cards_drawn,
        "reserve_rebuilt": on_reserve_rebuilt,
        "draw_pile_renewed": on_draw_pile_renewed,
        "game_ended": on_game_ended,
    }
