"""The referee of the trick-taking game (``tricks``).

A second, independent reading of the trick-taking rules (``rules-decisions.md`` and the log
in ``docs/event-log.md``). It follows each game line by line and checks:

- the deal: deal numbers, the dealer (the last seat first, then passing left), 12 cards each
  of the 36-card deck, every card once, and a stacked first deal dealt as stacked;
- the trumps: none on deal 1, then clubs, hearts, spades or diamonds as three, two, one or
  none made their bid in the deal before;
- the bids: one per player, from the dealer's left, three cards of the hand, the coded value;
- a declaration: only with the option, at most one a deal, after the bids, before any card,
  and (where the bids name the declarations made with them) the one that stands by precedence;
- the play: the lead (left of the dealer, then each trick's winner), turns clockwise, every
  card out of the player's nine (never a bid card), following suit when able;
- each trick's winner and cards, and the trick numbers 1 to 9;
- the score: tricks, bids made, the 30/20/10 bonus, declaration premiums, the totals;
- the end: after a deal in which someone reached the target, the highest total wins and equal
  highest totals play another deal; no events other than the game's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .core import GameReferee, Handler
from .decks import suited

GAME = "tricks"
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")  # high to low
SUITS = ("S", "H", "D", "C")
DECK = frozenset(suited(RANKS, SUITS))
SUIT_VALUE = {"C": 3, "H": 2, "S": 1, "D": 0}
TRUMPS_FOR_MADE = {3: "C", 2: "H", 1: "S", 0: "D"}
BONUS_FOR_MADE = {0: 0, 1: 30, 2: 20, 3: 10}
DECLARE_PREMIUM = 30
REVEAL_PREMIUM = 60


def suit_of(card: str) -> str:
    """The suit letter of a card (``"10H"`` → ``"H"``)."""
    return card[-1]


def strength(card: str) -> int:
    """Higher for a higher rank: the ace 8, the six 0."""
    return len(RANKS) - 1 - RANKS.index(card[:-1])


def trick_winner(cards: Sequence[str], trumps: str | None) -> int:
    """The index, in the order played, of the card that takes the trick."""
    trumped = [i for i, card in enumerate(cards) if trumps is not None and suit_of(card) == trumps]
    candidates = trumped or [
        i for i, card in enumerate(cards) if suit_of(card) == suit_of(cards[0])
    ]
    return max(candidates, key=lambda i: strength(cards[i]))


class Referee(GameReferee):
    """Follows one trick-taking game from ``game_started`` to ``game_ended``."""

    def __init__(self, index: int, line: int, record: dict[str, Any]) -> None:
        super().__init__(index, line, record)
        self.players: list[str] = []
        self.declarations = False
        self.target = 100
        self.stacked: list[str] = []
        self.scores: dict[str, int] = {}
        self.deal = 0
        self.dealer = -1
        self.trumps: str | None = None
        self.last_made: int | None = None
        self.expect = "deal_started"  # the kind of line that must come next
        self.hands: dict[str, list[str]] = {}
        self.bids: dict[str, list[str]] = {}
        self.bid_order: list[str] = []
        self.declared: tuple[str, bool] | None = None
        self.intents: dict[str, bool] = {}
        self.trick = 1
        self.leader = 0
        self.cards: list[str] = []
        self.won: dict[str, int] = {}
        self.winner: str | None = None
        self.start(line, record)

    # ------------------------------------------------------------------------ helpers

    def seat(self, name: object) -> int | None:
        """The seat of a player name, or ``None``."""
        return self.players.index(name) if name in self.players else None

    def player_at(self, line: int, record: dict[str, Any]) -> str | None:
        name = record.get("player")
        if name not in self.players:
            self.problem(line, f"{name!r} is not a player of this game")
            return None
        return str(name)

    # ------------------------------------------------------------------------ lines

    def start(self, line: int, record: dict[str, Any]) -> None:
        if record.get("game") != GAME:
            self.problem(line, f"game is {record.get('game')!r}, not {GAME!r}")
        if not isinstance(record.get("seed"), int) or isinstance(record.get("seed"), bool):
            self.problem(line, "seed is not an integer")
        players = record.get("players")
        if (
            not isinstance(players, list)
            or len(players) != 3
            or len(set(map(str, players))) != 3
            or not all(isinstance(p, str) and p for p in players)
        ):
            self.problem(line, f"players must be three different names, not {players!r}")
            players = ["?1", "?2", "?3"]
        self.players = list(players)
        kinds = record.get("kinds")
        if (
            not isinstance(kinds, list)
            or len(kinds) != 3
            or not all(isinstance(k, str) for k in kinds)
        ):
            self.problem(line, f"kinds must name one kind per player, not {kinds!r}")
        options = record.get("options")
        if not isinstance(options, dict):
            self.problem(line, "options is not an object")
            options = {}
        declarations = options.get("declarations")
        target = options.get("target")
        if not isinstance(declarations, bool):
            self.problem(line, f"options.declarations must be true or false, not {declarations!r}")
        else:
            self.declarations = declarations
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            self.problem(line, f"options.target must be a positive number, not {target!r}")
        else:
            self.target = target
        if record.get("scores") != [0, 0, 0]:
            self.problem(line, f"the scores start at 0, not {record.get('scores')!r}")
        self.scores = dict.fromkeys(self.players, 0)
        deck = record.get("deck")
        if deck is not None:
            if not isinstance(deck, list) or not all(card in DECK for card in deck):
                self.problem(line, "deck names a card outside the 36-card deck")
            elif len(set(deck)) != len(deck):
                self.problem(line, "deck names a card twice")
            else:
                self.stacked = list(deck)

    def in_order(self, line: int, record: dict[str, Any]) -> None:
        """Check that a line comes where the game is, then hand it to its check."""
        kind = str(record.get("event"))
        if kind != self.expect:
            self.problem(line, f"{kind} where {self.expect} was due")
            return
        getattr(self, f"on_{kind}")(line, record)

    def on_game_started(self, line: int, record: dict[str, Any]) -> None:
        self.problem(line, "a second game_started inside a game")

    def on_deal_started(self, line: int, record: dict[str, Any]) -> None:
        self.deal += 1
        if record.get("deal") != self.deal:
            self.problem(line, f"deal {record.get('deal')!r}, expected {self.deal}")
        self.dealer = 2 if self.deal == 1 else (self.dealer + 1) % 3
        if record.get("dealer") != self.players[self.dealer]:
            self.problem(
                line, f"dealer {record.get('dealer')!r}, expected {self.players[self.dealer]}"
            )
        trumps = None if self.last_made is None else TRUMPS_FOR_MADE[self.last_made]
        if record.get("trumps") != trumps:
            self.problem(line, f"trumps {record.get('trumps')!r}, expected {trumps!r}")
        self.trumps = trumps
        hands = record.get("hands")
        self.hands = {name: [] for name in self.players}
        if not isinstance(hands, dict) or set(hands) != set(self.players):
            self.problem(line, "hands must name the three players")
        else:
            everything: list[str] = []
            for name in self.players:
                cards = hands[name]
                if not isinstance(cards, list) or len(cards) != 12:
                    self.problem(line, f"{name} is dealt {cards!r}, not 12 cards")
                    continue
                self.hands[name] = [str(card) for card in cards]
                everything.extend(self.hands[name])
            bad = sorted(set(everything) - DECK)
            if bad:
                self.problem(line, f"not cards of the 36-card deck: {' '.join(bad)}")
            if len(everything) == 36 and set(everything) != DECK:
                self.problem(line, "the hands do not hold each of the 36 cards once")
            if self.deal == 1 and self.stacked:
                order = [(self.dealer + 1 + i) % 3 for i in range(3)]
                for i, card in enumerate(self.stacked[:36]):
                    name = self.players[order[i % 3]]
                    if i // 3 >= len(self.hands[name]) or self.hands[name][i // 3] != card:
                        self.problem(line, f"the stacked {card} is not {name}'s card {i // 3 + 1}")
                        break
        self.bids = {}
        self.bid_order = [self.players[(self.dealer + 1 + i) % 3] for i in range(3)]
        self.declared = None
        self.intents = {}
        self.trick = 1
        self.leader = (self.dealer + 1) % 3
        self.cards = []
        self.won = dict.fromkeys(self.players, 0)
        self.expect = "bid_made"

    def on_bid_made(self, line: int, record: dict[str, Any]) -> None:
        due = self.bid_order[len(self.bids)]
        name = self.player_at(line, record)
        if name is None:
            return
        if name != due:
            self.problem(line, f"{name} bids where {due}'s bid was due (from the dealer's left)")
            return
        cards = record.get("cards")
        hand = self.hands[name]
        if (
            not isinstance(cards, list)
            or len(cards) != 3
            or len(set(map(str, cards))) != 3
            or not all(card in hand for card in cards)
        ):
            self.problem(line, f"{name}'s bid {cards!r} is not three cards of the hand")
            cards = [card for card in (cards or []) if card in hand][:3]
        value = sum(SUIT_VALUE[suit_of(card)] for card in cards)
        if record.get("bid") != value:
            self.problem(line, f"{name}'s bid cards make {value}, not {record.get('bid')!r}")
        announced = record.get("declaration")
        if announced is not None:
            if not self.declarations:
                self.problem(line, f"{name} declares with the bid in a game without declarations")
            elif announced not in ("declare", "reveal"):
                self.problem(line, f"declaration {announced!r} is neither declare nor reveal")
            else:
                self.intents[name] = announced == "reveal"
        self.bids[name] = list(cards)
        for card in cards:
            hand.remove(card)
        if len(self.bids) == 3:
            self.expect = "card_played"

    def on_bid_declared(self, line: int, record: dict[str, Any]) -> None:
        if not self.declarations:
            self.problem(line, "a declaration in a game without declarations")
            return
        if self.expect != "card_played" or self.trick != 1 or self.cards:
            self.problem(line, "a declaration must come after the three bids, before any card")
            return
        if self.declared is not None:
            self.problem(line, "a second declaration in one deal")
            return
        name = self.player_at(line, record)
        if name is None:
            return
        reveal = record.get("reveal")
        if not isinstance(reveal, bool):
            self.problem(line, f"reveal must be true or false, not {reveal!r}")
            return
        self.declared = (name, reveal)
        if self.intents:
            # a reveal beats a declaration; between equals, the one nearest the dealer's left
            winner = next(
                (who, kind)
                for kind in (True, False)
                for who in self.bid_order
                if self.intents.get(who) is kind
            )
            if (name, reveal) != winner:
                kind = "reveal" if winner[1] else "declaration"
                self.problem(line, f"the {kind} of {winner[0]} stands, not this one")

    def on_card_played(self, line: int, record: dict[str, Any]) -> None:
        name = self.player_at(line, record)
        if name is None:
            return
        if self.trick == 1 and not self.cards and self.intents and self.declared is None:
            self.problem(line, "a declaration was made with a bid, but none is written to stand")
        due = self.players[(self.leader + len(self.cards)) % 3]
        if name != due:
            self.problem(line, f"{name} plays where {due} was to play")
        if record.get("trick") != self.trick:
            self.problem(line, f"trick {record.get('trick')!r}, expected {self.trick}")
        card = record.get("card")
        hand = self.hands[name]
        if card not in hand:
            where = "a bid card" if card in self.bids.get(name, []) else "not in the hand"
            self.problem(line, f"{name} plays {card!r}: {where}")
        else:
            if self.cards:
                led = suit_of(self.cards[0])
                if suit_of(str(card)) != led and any(suit_of(c) == led for c in hand):
                    held = " ".join(c for c in hand if suit_of(c) == led)
                    self.problem(line, f"{name} does not follow {led} with {held} in the hand")
            hand.remove(card)
        self.cards.append(str(card))
        if len(self.cards) == 3:
            self.expect = "trick_won"

    def on_trick_won(self, line: int, record: dict[str, Any]) -> None:
        if record.get("trick") != self.trick:
            self.problem(line, f"trick {record.get('trick')!r}, expected {self.trick}")
        if record.get("cards") != self.cards:
            self.problem(line, f"trick cards {record.get('cards')!r}, played {self.cards}")
        winner = (self.leader + trick_winner(self.cards, self.trumps)) % 3
        if record.get("winner") != self.players[winner]:
            self.problem(
                line, f"{record.get('winner')!r} wins the trick; {self.players[winner]} took it"
            )
        self.won[self.players[winner]] += 1
        self.leader = winner
        self.cards = []
        self.trick += 1
        self.expect = "card_played" if self.trick <= 9 else "deal_scored"

    def on_deal_scored(self, line: int, record: dict[str, Any]) -> None:
        if record.get("deal") != self.deal:
            self.problem(line, f"deal {record.get('deal')!r}, expected {self.deal}")
        bids = {
            name: sum(SUIT_VALUE[suit_of(c)] for c in cards) for name, cards in self.bids.items()
        }
        if record.get("bids") != bids:
            self.problem(line, f"bids {record.get('bids')!r}, expected {bids}")
        if record.get("tricks") != self.won:
            self.problem(line, f"tricks {record.get('tricks')!r}, expected {self.won}")
        made = [name for name in self.players if self.won[name] == bids.get(name)]
        logged_made = record.get("made")
        if not isinstance(logged_made, list) or sorted(map(str, logged_made)) != sorted(made):
            self.problem(line, f"made {logged_made!r}, expected {made}")
        bonus = BONUS_FOR_MADE[len(made)]
        points = {name: self.won[name] + (bonus if name in made else 0) for name in self.players}
        if self.declared is not None:
            declarer, reveal = self.declared
            premium = REVEAL_PREMIUM if reveal else DECLARE_PREMIUM
            for name in self.players:
                if (name == declarer) == (declarer in made):
                    points[name] += premium
        if record.get("points") != points:
            self.problem(line, f"points {record.get('points')!r}, expected {points}")
        for name in self.players:
            self.scores[name] += points[name]
        if record.get("scores") != self.scores:
            self.problem(line, f"scores {record.get('scores')!r}, expected {self.scores}")
        self.last_made = len(made)
        top = max(self.scores.values())
        leaders = [name for name in self.players if self.scores[name] == top]
        if top >= self.target and len(leaders) == 1:
            self.winner = leaders[0]
            self.expect = "game_ended"
        else:
            self.expect = "deal_started"

    def on_game_ended(self, line: int, record: dict[str, Any]) -> None:
        if record.get("winner") != self.winner:
            self.problem(line, f"winner {record.get('winner')!r}, expected {self.winner}")
        if record.get("scores") != self.scores:
            self.problem(line, f"scores {record.get('scores')!r}, expected {self.scores}")

    def close(self, line: int) -> None:
        """The lines stopped before the game's end: say what was due."""
        self.problem(line, f"the log stops where {self.expect} was due")

    handlers: ClassVar[Mapping[str, Handler]] = {
        "deal_started": in_order,
        "bid_made": in_order,
        "bid_declared": on_bid_declared,
        "card_played": in_order,
        "trick_won": in_order,
        "deal_scored": in_order,
        "game_ended": in_order,
        "game_started": on_game_started,
    }
