#!/usr/bin/env python3
"""Referee event logs of the trick-taking game (``tricks``) without the engine.

A second, independent reading of the trick-taking rules (``rules-decisions.md`` and the log
in ``docs/event-log.md``), using nothing but the standard library. It follows each game line
by line and checks:

- the deal: deal numbers, the dealer (the last seat first, then passing left), 12 cards each
  of the 36-card deck, every card once, and a stacked first deal dealt as stacked;
- the trumps: none on deal 1, then clubs, hearts, spades or diamonds as three, two, one or
  none made their bid in the deal before;
- the bids: one per player, from the dealer's left, three cards of the hand, the coded value;
- a declaration: only with the option, at most one a deal, after the bids, before any card;
- the play: the lead (left of the dealer, then each trick's winner), turns clockwise, every
  card out of the player's nine (never a bid card), following suit when able;
- each trick's winner and cards, and the trick numbers 1 to 9;
- the score: tricks, bids made, the 30/20/10 bonus, declaration premiums, the totals;
- the end: after a deal in which someone reached the target, the highest total wins and equal
  highest totals play another deal; no events other than the game's own.

Usage: ``python tools/referee_tricks.py LOG [LOG ...]`` (``-`` reads standard input); each game
is reported as ``game N: ok`` or with its problems and line numbers; ``--quiet`` prints only the
summary. The exit code is 0 when every game is consistent, 1 otherwise, 2 when a file cannot
be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

GAME = "tricks"
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")  # high to low
SUITS = ("S", "H", "D", "C")
DECK = frozenset(rank + suit for suit in SUITS for rank in RANKS)
SUIT_VALUE = {"C": 3, "H": 2, "S": 1, "D": 0}
TRUMPS_FOR_MADE = {3: "C", 2: "H", 1: "S", 0: "D"}
BONUS_FOR_MADE = {0: 0, 1: 30, 2: 20, 3: 10}
DECLARE_PREMIUM = 30
REVEAL_PREMIUM = 60
EVENTS = frozenset(
    {
        "game_started",
        "deal_started",
        "bid_made",
        "bid_declared",
        "card_played",
        "trick_won",
        "deal_scored",
        "game_ended",
    }
)


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


@dataclass(frozen=True)
class Problem:
    """One inconsistency, at a 1-based line of the log."""

    line: int
    text: str


@dataclass
class GameReport:
    """The verdict on one game of the log."""

    index: int
    first_line: int
    game: str
    problems: list[Problem] = field(default_factory=list)

    @property
    def is_consistent(self) -> bool:
        """True when no problem was found."""
        return not self.problems


class TricksReferee:
    """Follows one trick-taking game from ``game_started`` to ``game_ended``."""

    def __init__(self, index: int, line: int, record: dict[str, Any]) -> None:
        self.report = GameReport(index, line, GAME)
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
        self.trick = 1
        self.leader = 0
        self.cards: list[str] = []
        self.won: dict[str, int] = {}
        self.winner: str | None = None
        self.ended = False
        self.start(line, record)

    # ------------------------------------------------------------------------ helpers

    def problem(self, line: int, text: str) -> None:
        """Note a problem at ``line``."""
        self.report.problems.append(Problem(line, text))

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

    def feed(self, line: int, record: dict[str, Any]) -> None:
        """Check one line after ``game_started``."""
        kind = record.get("event")
        if kind not in EVENTS:
            self.problem(line, f"{kind!r} is not an event of the trick-taking game")
            return
        if self.ended:
            self.problem(line, f"{kind} after game_ended")
            return
        if kind == "game_started":
            self.problem(line, "a second game_started inside a game")
            return
        if kind == "bid_declared":
            self.on_bid_declared(line, record)
            return
        if kind != self.expect:
            self.problem(line, f"{kind} where {self.expect} was due")
            return
        getattr(self, f"on_{kind}")(line, record)

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

    def on_card_played(self, line: int, record: dict[str, Any]) -> None:
        name = self.player_at(line, record)
        if name is None:
            return
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
        self.ended = True

    def finish(self, line: int) -> GameReport:
        """The report, once the game's lines are all fed."""
        if not self.ended:
            self.problem(line, f"the log ends before the game does ({self.expect} was due)")
        return self.report


# ---------------------------------------------------------------------------- whole logs


def referee_records(records: Iterable[dict[str, Any]]) -> list[GameReport]:
    """Referee log records already read (one game or several)."""
    return list(referee_lines(json.dumps(record) for record in records))


def referee_lines(lines: Iterable[str]) -> Iterator[GameReport]:
    """Referee a log given as lines of text; yields one report per game, in log order."""
    current: TricksReferee | None = None
    stray = GameReport(0, 1, "none")
    index = 0
    number = 0
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            record = f"not JSON: {error}"
        if not isinstance(record, dict):
            message = record if isinstance(record, str) else "not a JSON object"
            if current is None:
                stray.problems.append(Problem(number, message))
            else:
                current.problem(number, message)
            continue
        if record.get("event") == "game_started":
            if current is not None:
                yield current.finish(number)
            index += 1
            current = TricksReferee(index, number, record)
        elif current is None:
            stray.problems.append(Problem(number, f"{record.get('event')} before any game_started"))
        else:
            current.feed(number, record)
    if current is not None:
        yield current.finish(number + 1)
    if stray.problems:
        yield stray


def referee_file(path: str) -> list[GameReport]:
    """Referee the log at ``path`` (``-`` for standard input)."""
    if path == "-":
        return list(referee_lines(sys.stdin))
    with open(path, encoding="utf-8") as stream:
        return list(referee_lines(stream))


def print_reports(reports: Sequence[GameReport], quiet: bool, out: TextIO) -> None:
    """Write each game's verdict (unless ``quiet``) and a closing summary."""
    bad = [r for r in reports if not r.is_consistent]
    if not quiet:
        for report in reports:
            name = f"game {report.index}" if report.index else "outside any game"
            if report.is_consistent:
                out.write(f"{name}: ok\n")
                continue
            out.write(f"{name} ({report.game}, line {report.first_line}):\n")
            for item in report.problems:
                out.write(f"  line {item.line}: {item.text}\n")
    games = sum(1 for r in reports if r.index)
    problems = sum(len(r.problems) for r in reports)
    out.write(
        f"{games} games refereed, {games - sum(1 for r in bad if r.index)} consistent, "
        f"{len(bad)} with problems ({problems} problems)\n"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: referee the logs named and exit 1 if any game is inconsistent."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("logs", nargs="+", help="JSON Lines event logs (- for standard input)")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    args = parser.parse_args(argv)
    reports: list[GameReport] = []
    for path in args.logs:
        try:
            reports.extend(referee_file(path))
        except OSError as error:
            print(f"referee: cannot read {path}: {error}", file=sys.stderr)
            return 2
    print_reports(reports, args.quiet, sys.stdout)
    return 0 if all(r.is_consistent for r in reports) else 1


if __name__ == "__main__":
    raise SystemExit(main())
