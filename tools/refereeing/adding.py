"""The referee of the adding games (classic, arcade, tactical).

The event log (``docs/event-log.md``) promises to name every card and every change of lives,
so that the rules can be checked from the log alone. This module keeps that promise honest: it
is a second, independent reading of the rules in ``rules-decisions.md``, and it follows each
game line by line:

- the deal: hand sizes, cards of the game's deck(s) only, no card in more places than there
  are decks, the stock count;
- conservation: every card drawn comes out of what must still be in the stock, every card
  played comes out of its player's hand, and every stock rebuild has the right size;
- turns: direction, 4s, tactical Jacks, the two-player 4, players out, manual draws;
- totals from the card, the choice and the options; classic and arcade plays stay at 99 or
  below, and a player is declared stuck exactly when no card in the hand is safe;
- lives: tactical landings and passes, stuck players, arithmetic, players out and places;
- rounds: who starts the next one, kept hands in the keep-going variant, the game's end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .core import FieldError, GameReferee, Handler, is_whole, texts, whole_numbers
from .decks import Deck, suited, take

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
FULL_DECK = suited(RANKS, SUITS)

PLAYERS = {"classic": (2, 8), "arcade": (4, 4), "tactical": (2, 6)}
"""How many seats each adding game takes."""
CLASSIC_ONLY_OPTIONS = (
    "ten_always_minus",
    "swap_nine_king",
    "keep_going",
    "two_player_four",
    "straight_out",
    "manual_draw",
)
ARCADE_SEATS = ("You", "Lily", "Max", "Zoe")
CLOCKWISE = 1
ANTICLOCKWISE = -1
DIRECTION_NAMES = {"clockwise": CLOCKWISE, "anticlockwise": ANTICLOCKWISE}

# Where each line may stand within one play (docs/event-log.md, "Order within a play").
# Lives lines belong to the tactical play (3) before a player is stuck, to the stuck player
# (7) after.
PHASE = {
    "draw_missed": 0,
    "card_played": 1,
    "direction_changed": 2,
    "stock_rebuilt": 4,
    "card_drawn": 4,
    "player_skipped": 5,
    "player_stuck": 6,
    "round_ended": 8,
}


def rank_of(card: str) -> str:
    """The rank part of a card written in the log's notation (``"10H"`` → ``"10"``)."""
    return card[:-1]


def plain_value(rank: str) -> int:
    """What a card without a special effect adds in classic and arcade."""
    if rank == "A":
        return 1
    if rank in ("J", "Q"):
        return 10
    return int(rank)


def is_safe_classic(hand: Iterable[str], total: int) -> bool:
    """True when some card keeps a classic or arcade total at 99 or below.

    4, 9, 10 (as minus 10) and K are always safe, whichever of 9 and K makes 99; the others
    add a fixed amount.
    """
    for card in hand:
        rank = rank_of(card)
        if rank in ("4", "9", "10", "K"):
            return True
        if total + plain_value(rank) <= 99:
            return True
    return False


@dataclass
class Expectation:
    """What must still follow a play (or a stuck player) before the next turn."""

    line: int
    player: str
    direction: int | None = None
    lives: list[tuple[str, int, str]] = field(default_factory=list)
    outs: dict[str, int] = field(default_factory=dict)
    draw: str | None = None
    skip: str | None = None
    next_player: str | None = None
    round_ends: bool = False
    loser: str | None = None
    winner: str | None = None


class Referee(GameReferee):
    """Follows one adding game, from its ``game_started`` line to its ``game_ended`` line."""

    def __init__(self, index: int, line: int, record: dict[str, Any]) -> None:
        super().__init__(index, line, record)
        self.game = str(record.get("game"))
        if not is_whole(record.get("seed")):
            # The engine sets a game up from its seed; 1e400 (infinity) sets up nothing.
            self.problem(line, "seed is not a whole number")
        self.players = texts(record, "players")
        self.seat = {name: i for i, name in enumerate(self.players)}
        self.n = len(self.players)
        options = record.get("options", {})
        if not isinstance(options, dict):
            raise FieldError("options is not an object")
        self.options: dict[str, Any] = options
        self.is_tactical = self.game == "tactical"
        kinds = texts(record, "kinds", required=False)
        # The arcade match ends with You only when a person plays You; a computer player in
        # that seat (bot tournaments) plays on until one player is left.
        self.you_end = self.game == "arcade" and bool(kinds) and kinds[0] == "human"
        self.swap = bool(self.options.get("swap_nine_king"))
        self.ten_minus = bool(self.options.get("ten_always_minus"))
        self.keep_going = bool(self.options.get("keep_going"))
        self.two_player_four = bool(self.options.get("two_player_four"))
        self.manual = bool(self.options.get("manual_draw"))
        self.hand_size = self.options.get("hand_size") or 3
        if not is_whole(self.hand_size):
            raise FieldError("options: hand_size is not a whole number")
        self.decks = 2 if self.game == "classic" and self.n >= 5 else 1
        self.deck = Deck.of(FULL_DECK, self.decks)
        self.deck_size = self.deck.size
        start_lives = whole_numbers(record, "lives")
        self.lives = dict(zip(self.players, start_lives, strict=False))
        self.active = [True] * self.n
        self.places: dict[str, int] = {}
        self.rounds = 0
        self.in_round = False
        self.round_must_end = False
        self.last_end: tuple[str | None, int, str | None] | None = None  # loser, direction, ender
        self.dealer: str | None = None
        self.hands: dict[str, list[str]] = {}
        self.stock: Counter[str] = Counter()
        self.stock_count = 0
        self.pile: Counter[str] = Counter()
        self.top: str | None = None
        self.aside: Counter[str] = Counter()
        self.total = 0
        self.direction = CLOCKWISE
        self.to_act: str | None = None
        self.expect: Expectation | None = None
        self.stuck_seen = False
        # How the current round would end: loser, winner, and the player whose play ended it.
        self._round_end: tuple[str | None, str | None, str | None] | None = None
        self.phase = 0
        self.owes: dict[str, int] = {}  # manual draw: player -> line of the play that owes it
        self.stacked = texts(record, "deck", required=False)
        self._check_start(line, record)

    # ------------------------------------------------------------------ helpers

    def players_in(self) -> list[str]:
        """Players still in, in seat order."""
        return [p for i, p in enumerate(self.players) if self.active[i]]

    def next_in(self, player: str, direction: int, active: Sequence[bool]) -> str | None:
        """The next seat still in after ``player`` going ``direction`` (itself if alone)."""
        start = self.seat[player]
        for step in range(1, self.n + 1):
            seat = (start + step * direction) % self.n
            if active[seat]:
                return self.players[seat]
        return None

    def game_is_over(self) -> bool:
        """One player left, or (arcade) You are out."""
        if sum(self.active) <= 1:
            return True
        return self.you_end and not self.active[0]

    def known_player(self, line: int, name: Any, what: str) -> str | None:
        """``name`` if it is a player still in; otherwise note a problem."""
        if not isinstance(name, str) or name not in self.seat:
            self.problem(line, f"{what}: {name!r} is not a player of this game")
            return None
        if not self.active[self.seat[name]]:
            self.problem(line, f"{what}: {name} is already out")
        return name

    def order(self, line: int, event: str, phase: int) -> None:
        """Lines of one play come in the documented order."""
        if phase < self.phase:
            self.problem(line, f"{event} is out of the documented order within the play")
        self.overdue(line, phase)
        self.phase = phase

    # ------------------------------------------------------------------ game_started

    def _check_start(self, line: int, record: dict[str, Any]) -> None:
        if self.game not in PLAYERS:
            self.problem(line, f"game {self.game!r} is not an adding game this referee knows")
            return
        if len(set(self.players)) != self.n:
            self.problem(line, "two seats have the same name")
        low, high = PLAYERS[self.game]
        if not low <= self.n <= high:
            self.problem(line, f"{self.game} is for {low} to {high} players, not {self.n}")
        if self.game == "arcade" and tuple(self.players) != ARCADE_SEATS:
            self.problem(line, f"arcade seats are {', '.join(ARCADE_SEATS)} in that order")
        if self.game != "classic":
            for name in CLASSIC_ONLY_OPTIONS:
                if self.options.get(name):
                    self.problem(line, f"option {name} is only for classic")
            if self.hand_size != 3:
                self.problem(line, f"{self.game} deals 3 cards, not {self.hand_size}")
        elif self.hand_size not in (3, 4, 5, 7):
            self.problem(line, f"hand size {self.hand_size} is not 3, 4, 5 or 7")
        lives = self.options.get("lives")
        if self.options.get("straight_out") and lives != 1:
            self.problem(line, f"straight out plays with 1 life, not {lives}")
        if self.game == "arcade" and lives != 3:
            self.problem(line, f"arcade starts with 3 lives, not {lives}")
        if self.game == "tactical" and not (isinstance(lives, int) and 1 <= lives <= 50):
            self.problem(line, f"tactical lives are 1 to 50, not {lives}")
        start = record.get("lives")
        if not isinstance(start, list) or start != [lives] * self.n:
            self.problem(line, f"starting lives {start} are not {lives} for every seat")
        if self.n * self.hand_size > self.deck_size:
            self.problem(line, "the deck is too small for this deal")

    def close(self, line: int) -> None:
        """The game's lines stop: what the last play owed is missing."""
        self.settle(line)

    # ------------------------------------------------------------------ turn boundaries

    def settle(self, line: int) -> None:
        """A new turn begins: everything owed by the last play must have been logged."""
        expect = self.expect
        if expect is None:
            return
        self.overdue(line, PHASE["round_ended"], everything=True)
        self.expect = None
        self.to_act = expect.next_player
        self.round_must_end = expect.round_ends

    def overdue(self, line: int, phase: int, everything: bool = False) -> None:
        """Report what the last play still owes from phases before ``phase``, at ``line``:
        the first line that came where the missing one should have been."""
        expect = self.expect
        if expect is None:
            return
        where = f"after line {expect.line}"
        if phase > PHASE["direction_changed"] and expect.direction is not None:
            self.problem(line, f"missing direction_changed {where}")
            expect.direction = None
        if phase > 3 and (everything or not self.stuck_seen):
            for player, change, reason in expect.lives:
                self.problem(line, f"missing lives_changed {player} {change:+d} {reason} {where}")
            for player, place in expect.outs.items():
                self.problem(line, f"missing player_out {player} (place {place}) {where}")
            expect.lives = []
            expect.outs = {}
        if phase > PHASE["card_drawn"] and expect.draw is not None:
            self.problem(line, f"{expect.draw} did not draw {where}")
            expect.draw = None
        if phase > PHASE["player_skipped"] and expect.skip is not None:
            self.problem(line, f"missing player_skipped {expect.skip} {where}")
            expect.skip = None

    def begin_turn(self, line: int, event: str) -> None:
        """Checks shared by every line that starts a turn inside a round."""
        self.settle(line)
        if not self.in_round:
            self.problem(line, f"{event} outside a round")
        elif self.round_must_end:
            self.problem(line, f"{event}: the round should have ended here")
        self.phase = 0
        self.stuck_seen = False

    # ------------------------------------------------------------------ rounds

    def on_round_started(self, line: int, r: dict[str, Any]) -> None:
        self.settle(line)
        if self.in_round:
            self.problem(line, "round_started before the last round ended")
        if self.game_is_over():
            self.problem(line, "round_started although the game is over")
        self.rounds += 1
        if r["round"] != self.rounds:
            self.problem(line, f"round {r['round']} should be round {self.rounds}")
        self.in_round = True
        self.round_must_end = False
        self.phase = 0
        self.stuck_seen = False
        self.total = 0
        if r["total"] != 0:
            self.problem(line, f"a round starts at 0, not {r['total']}")
        logged_direction = DIRECTION_NAMES.get(r["direction"])
        if logged_direction is None:
            self.problem(line, f"unknown direction {r['direction']!r}")
            logged_direction = CLOCKWISE
        keep = self.keep_going and self.rounds > 1
        want_direction = self.last_end[1] if keep and self.last_end else CLOCKWISE
        if logged_direction != want_direction:
            self.problem(line, f"the round should start {_direction_name(want_direction)}")
        self.direction = logged_direction
        self._check_starter(line, r)
        hands = r["hands"]
        if list(hands) != self.players_in():
            self.problem(line, f"hands are for {list(hands)}, players in are {self.players_in()}")
        if keep:
            self._keep_hands(line, r, hands)
        else:
            self._deal(line, r, hands)

    def _check_starter(self, line: int, r: dict[str, Any]) -> None:
        starter = r["starter"]
        dealer = r.get("dealer")
        want: str | None
        if self.rounds == 1:
            want = self.players[0]
            if self.game == "classic" and dealer != self.players[-1]:
                self.problem(line, f"the first dealer is the last seat, {self.players[-1]}")
        elif self.last_end is None:
            want = None
        else:
            loser, direction, ender = self.last_end
            if self.game == "tactical":
                want = self.next_in(ender, CLOCKWISE, self.active) if ender else None
            elif self.game == "arcade" or self.keep_going:
                want = self.next_in(loser, direction, self.active) if loser else None
            else:
                want = None
                if self.dealer is not None:
                    new_dealer = self.next_in(self.dealer, CLOCKWISE, self.active)
                    if dealer != new_dealer:
                        self.problem(line, f"the deal passes left to {new_dealer}, not {dealer}")
                    want = self.next_in(new_dealer, CLOCKWISE, self.active) if new_dealer else None
        if self.game == "classic" and not self.keep_going and isinstance(dealer, str):
            self.dealer = dealer
        if want is not None and starter != want:
            self.problem(line, f"{want} should start round {self.rounds}, not {starter}")
        self.to_act = self.known_player(line, starter, "starter")

    def _deal(self, line: int, r: dict[str, Any], hands: dict[str, list[str]]) -> None:
        if r.get("dealt") is not True:
            self.problem(line, "a new round deals new hands: dealt should be true")
        self.hands = {}
        dealt: Counter[str] = Counter()
        for player, hand in hands.items():
            cards = [str(c) for c in hand]
            if len(cards) != self.hand_size:
                self.problem(line, f"{player} was dealt {len(cards)} cards, not {self.hand_size}")
            for card in self.deck.unknown(cards):
                self.problem(line, f"{card!r} is not a card of the deck")
            dealt.update(cards)
            self.hands[player] = cards
        for card, count in self.deck.overused(dealt):
            self.problem(line, f"{card} was dealt {count} times with {self.decks} deck(s)")
        self.stock = self.deck.rest(dealt)
        self.stock_count = self.deck_size - dealt.total()
        if r["stock"] != self.stock_count:
            self.problem(
                line, f"stock should be {self.stock_count} after the deal, not {r['stock']}"
            )
        self.pile = Counter()
        self.top = None
        self.aside = Counter()
        self.owes = {}
        if self.rounds == 1 and self.stacked:
            self._check_stacked_deal(line, r)

    def _check_stacked_deal(self, line: int, r: dict[str, Any]) -> None:
        """With a stacked deck the cards go round one at a time from the starter."""
        order = [p for p in self.players_in()]
        if r["starter"] in order:
            cut = order.index(r["starter"])
            order = order[cut:] + order[:cut]
        want: dict[str, list[str]] = {p: [] for p in order}
        cards = iter(self.stacked)
        for _ in range(self.hand_size):
            for player in order:
                card = next(cards, None)
                if card is not None:
                    want[player].append(card)
        for player in order:
            got = self.hands.get(player, [])
            if got[: len(want[player])] != want[player]:
                self.problem(line, f"{player} should have been dealt {want[player]} from --deck")
        self.stacked = self.stacked[self.hand_size * len(order) :]

    def _keep_hands(self, line: int, r: dict[str, Any], hands: dict[str, list[str]]) -> None:
        if r.get("dealt") is not False:
            self.problem(line, "keep going: hands are kept, dealt should be false")
        for player, hand in hands.items():
            if Counter(hand) != Counter(self.hands.get(player, [])):
                self.problem(line, f"{player} should keep {self.hands.get(player)}, not {hand}")
            self.hands[player] = [str(c) for c in hand]
        if r["stock"] != self.stock_count:
            self.problem(line, f"the stock is kept: {self.stock_count} cards, not {r['stock']}")
        # The old pile is set aside for the next rebuild; the new one starts empty.
        self.aside += self.pile
        self.pile = Counter()
        self.top = None

    def on_round_ended(self, line: int, r: dict[str, Any]) -> None:
        self.settle(line)
        if not self.in_round:
            self.problem(line, "round_ended outside a round")
        if r["round"] != self.rounds:
            self.problem(line, f"round_ended names round {r['round']}, this is {self.rounds}")
        end = self._round_end
        if not self.round_must_end or end is None:
            self.problem(line, "the round ends although nobody is stuck and nothing ended it")
            loser, winner = r.get("loser"), r.get("winner")
            ender = None
        else:
            loser, winner, ender = end
            if r.get("loser") != loser:
                self.problem(line, f"the round's loser is {loser}, not {r.get('loser')}")
            if r.get("winner") != winner:
                self.problem(line, f"the round's winner is {winner}, not {r.get('winner')}")
        self.last_end = (loser if isinstance(loser, str) else None, self.direction, ender)
        self.in_round = False
        self.round_must_end = False
        self.to_act = None
        self._round_end = None
        self.phase = 0

    def on_game_ended(self, line: int, r: dict[str, Any]) -> None:
        self.settle(line)
        if self.in_round:
            self.problem(line, "game_ended before round_ended")
        if not self.game_is_over():
            self.problem(line, f"game_ended with {', '.join(self.players_in())} still in")
        remaining = sorted(self.players_in(), key=lambda p: (-self.lives[p], self.seat[p]))
        outs = sorted(self.places, key=lambda p: self.places[p])
        places = remaining + outs
        if r["places"] != places:
            self.problem(line, f"places should be {places}, not {r['places']}")
        if len(remaining) == 1:
            winner: str | None = remaining[0]
        elif self.you_end and not self.active[0]:
            winner = None
        else:
            winner = remaining[0] if remaining else None
        if r.get("winner") != winner:
            self.problem(line, f"the winner is {winner}, not {r.get('winner')}")
        if r["rounds"] != self.rounds:
            self.problem(line, f"{self.rounds} rounds were played, not {r['rounds']}")
        self.ended = True

    # ------------------------------------------------------------------ plays

    def card_effect(self, line: int, card: str, choice: Any, total: int) -> int:
        """The new total after ``card`` with ``choice``; notes a choice the rules refuse."""
        rank = rank_of(card)
        choices: tuple[str | None, ...] = (None,)
        if rank == "10":
            choices = ("-10",) if self.ten_minus else ("+10", "-10")
        elif rank == "A" and self.is_tactical:
            choices = ("+1", "+11")
        if choice not in choices:
            self.problem(line, f"choice {choice!r} for {card}: allowed {list(choices)}")
        if rank == "10":
            return max(0, total - 10) if choice == "-10" else total + 10
        if self.is_tactical:
            if rank == "A":
                return total + (11 if choice == "+11" else 1)
            if rank == "2":
                return total // 2 if total % 2 == 0 and total > 49 else total * 2
            if rank == "9":
                return total
            if rank in ("J", "Q", "K"):
                return total + 10
            return total + int(rank)
        if rank == "4":
            return total
        if rank == "9":
            return 99 if self.swap else total
        if rank == "K":
            return total if self.swap else 99
        return total + plain_value(rank)

    def on_card_played(self, line: int, r: dict[str, Any]) -> None:
        self.begin_turn(line, "card_played")
        self.order(line, "card_played", PHASE["card_played"])
        player = self.known_player(line, r["player"], "card_played")
        if player is None:
            return
        card = str(r["card"])
        for owner, owed_line in list(self.owes.items()):
            if owner != player:
                self.problem(
                    line, f"{owner} neither drew nor missed the draw owed since line {owed_line}"
                )
                del self.owes[owner]
        if self.to_act is not None and player != self.to_act:
            self.problem(line, f"{player} played but it is {self.to_act}'s turn")
        hand = self.hands.setdefault(player, [])
        if not take(hand, card):
            self.problem(line, f"{player} played {card}, which is not in the hand {hand}")
        if card not in self.deck:
            self.problem(line, f"{card!r} is not a card")
            return
        if r["total_before"] != self.total:
            self.problem(line, f"total_before is {r['total_before']}, the total is {self.total}")
        before = self.total
        after = self.card_effect(line, card, r.get("choice"), before)
        if r["total"] != after:
            self.problem(
                line, f"{card} {r.get('choice') or ''} on {before} makes {after}, not {r['total']}"
            )
        if not self.is_tactical and after > 99:
            self.problem(line, f"{card} takes the total to {after}, over 99")
        self.pile[card] += 1
        self.top = card
        self.total = after
        self.expect = self._after_play(line, player, card, before, after)
        self._round_end = (self.expect.loser, self.expect.winner, player)

    def _after_play(
        self, line: int, player: str, card: str, before: int, after: int
    ) -> Expectation:
        """Everything a play causes, worked out from the rules alone."""
        rank = rank_of(card)
        expect = Expectation(line, player)
        in_now = self.players_in()
        direction = self.direction
        if rank == "4" and len(in_now) >= 3:
            direction = -direction
            expect.direction = direction
        lives = dict(self.lives)
        if self.is_tactical and after > before:
            others = [p for p in in_now if p != player]
            for mark in (33, 66):
                if after == mark:
                    expect.lives += [(p, -1, f"landed_{mark}") for p in others]
                elif before < mark < after:
                    expect.lives.append((player, -1, f"passed_{mark}"))
            if after == 99:
                expect.lives += [(p, -2, "landed_99") for p in others]
            elif after > 99:
                doubled = rank == "2"
                expect.lives.append(
                    (player, -3 if doubled else -2, "doubled_over_99" if doubled else "bust")
                )
            for p, change, _ in expect.lives:
                lives[p] += change
            gone = [p for p in in_now if lives[p] <= 0]
            expect.outs = self._places_for(gone, player, lives, len(in_now))
        active = list(self.active)
        for p in expect.outs:
            active[self.seat[p]] = False
        game_over = sum(active) <= 1
        if self.is_tactical:
            expect.round_ends = after >= 99 or game_over
            if expect.round_ends:
                expect.winner = player if after == 99 else None
                expect.loser = player if after > 99 else None
        if not expect.round_ends and player not in expect.outs:
            if self.manual:
                self.owes[player] = line
            else:
                expect.draw = player
        if expect.round_ends:
            return expect
        if rank == "4" and len(in_now) == 2 and self.two_player_four and not self.is_tactical:
            expect.next_player = player
            return expect
        following = self.next_in(player, direction, active)
        if rank == "J" and self.is_tactical and following is not None:
            expect.skip = following
            following = self.next_in(following, direction, active)
        expect.next_player = following
        return expect

    def _places_for(
        self, gone: list[str], player: str, lives: dict[str, int], in_count: int
    ) -> dict[str, int]:
        """Places of players going out on one play: the player who made it, then more lives
        left, then clockwise from that player, get the better places."""

        def key(p: str) -> tuple[int, int, int]:
            distance = (self.seat[p] - self.seat[player]) % self.n
            return (0 if p == player else 1, -lives[p], distance)

        best = in_count - len(gone) + 1
        return {p: best + i for i, p in enumerate(sorted(gone, key=key))}

    # ------------------------------------------------------------------ lines inside a play

    def on_direction_changed(self, line: int, r: dict[str, Any]) -> None:
        self.order(line, "direction_changed", PHASE["direction_changed"])
        logged = DIRECTION_NAMES.get(r["direction"])
        expect = self.expect
        if expect is None or expect.direction is None:
            self.problem(line, "direction_changed without a 4 that reverses play")
        elif logged != expect.direction:
            self.problem(line, f"direction should become {_direction_name(expect.direction)}")
        if expect is not None:
            expect.direction = None
        if logged is not None:
            self.direction = logged

    def on_lives_changed(self, line: int, r: dict[str, Any]) -> None:
        self.order(line, "lives_changed", 7 if self.stuck_seen else 3)
        player = r["player"]
        change, lives, reason = r["change"], r["lives"], r["reason"]
        if player not in self.lives:
            self.problem(line, f"lives_changed for unknown player {player!r}")
            return
        item = (player, change, reason)
        expect = self.expect
        if expect is not None and item in expect.lives:
            expect.lives.remove(item)
        else:
            wanted = [w for w in expect.lives if w[0] == player] if expect else []
            hint = f"; expected {wanted}" if wanted else ""
            self.problem(line, f"lives_changed {player} {change:+d} {reason} is not owed{hint}")
        if self.lives[player] + change != lives:
            self.problem(
                line,
                f"{player} had {self.lives[player]} lives: {change:+d} makes "
                f"{self.lives[player] + change}, not {lives}",
            )
        self.lives[player] = lives

    def on_player_out(self, line: int, r: dict[str, Any]) -> None:
        self.order(line, "player_out", 7 if self.stuck_seen else 3)
        player = self.known_player(line, r["player"], "player_out")
        if player is None:
            return
        if self.lives[player] > 0:
            self.problem(line, f"{player} is out with {self.lives[player]} lives left")
        expect = self.expect
        want = expect.outs.pop(player, None) if expect else None
        if want is None:
            self.problem(line, f"player_out {player} was not expected")
        elif r["place"] != want:
            self.problem(line, f"{player} should be placed {want}, not {r['place']}")
        self.active[self.seat[player]] = False
        self.places[player] = r["place"]
        self.owes.pop(player, None)
        # An out player's cards leave play: under the pile (tactical) or set aside.
        hand = self.hands.pop(player, [])
        self.aside.update(hand)

    def on_stock_rebuilt(self, line: int, r: dict[str, Any]) -> None:
        if not self.manual:
            self.order(line, "stock_rebuilt", PHASE["stock_rebuilt"])
        if self.stock_count != 0:
            self.problem(line, f"stock rebuilt with {self.stock_count} cards still in it")
        under = self.pile.copy()
        if self.top is not None:
            under[self.top] -= 1
        under += self.aside
        want = under.total()
        if r["cards"] != want:
            self.problem(line, f"the rebuilt stock should hold {want} cards, not {r['cards']}")
        self.stock = under + self.stock
        self.stock_count += want
        self.pile = Counter({self.top: 1}) if self.top is not None else Counter()
        self.aside = Counter()

    def on_card_drawn(self, line: int, r: dict[str, Any]) -> None:
        if not self.manual:
            self.order(line, "card_drawn", PHASE["card_drawn"])
        player = self.known_player(line, r["player"], "card_drawn")
        if player is None:
            return
        card = str(r["card"])
        if self.manual:
            if player in self.owes:
                del self.owes[player]
            else:
                self.problem(line, f"{player} draws without having played since the last draw")
        else:
            expect = self.expect
            if expect is not None and expect.draw == player:
                expect.draw = None
            else:
                self.problem(line, f"{player} draws but no draw is owed")
        if self.stock_count <= 0:
            self.problem(line, "a card is drawn from an empty stock (no stock_rebuilt)")
        if not take(self.stock, card):
            self.problem(line, f"{card} cannot be in the stock: every copy is elsewhere")
        self.stock_count -= 1
        self.hands.setdefault(player, []).append(card)
        if self.stacked and self.rounds == 1:
            want = self.stacked.pop(0)
            if card != want:
                self.problem(line, f"the stacked stock gives {want} next, not {card}")

    def on_player_skipped(self, line: int, r: dict[str, Any]) -> None:
        self.order(line, "player_skipped", PHASE["player_skipped"])
        expect = self.expect
        if expect is None or expect.skip is None:
            self.problem(line, "player_skipped without a tactical Jack")
        elif r["player"] != expect.skip:
            self.problem(line, f"the Jack skips {expect.skip}, not {r['player']}")
        if expect is not None:
            expect.skip = None

    def on_player_stuck(self, line: int, r: dict[str, Any]) -> None:
        self.settle(line)
        self.order(line, "player_stuck", PHASE["player_stuck"])
        if self.is_tactical:
            self.problem(line, "tactical has no stuck players: any card may be played")
        if not self.in_round or self.round_must_end:
            self.problem(line, "player_stuck when no turn is due")
        player = self.known_player(line, r["player"], "player_stuck")
        if player is None:
            return
        if self.to_act is not None and player != self.to_act:
            self.problem(line, f"{player} is declared stuck but it is {self.to_act}'s turn")
        hand = self.hands.get(player, [])
        if Counter(r["hand"]) != Counter(hand):
            self.problem(line, f"{player}'s hand is {hand}, not {r['hand']}")
        if r["total"] != self.total:
            self.problem(line, f"the total is {self.total}, not {r['total']}")
        if is_safe_classic(hand, self.total):
            self.problem(line, f"{player} is not stuck: {hand} has a safe card at {self.total}")
        self.stuck_seen = True
        expect = Expectation(line, player, round_ends=True, loser=player)
        expect.lives.append((player, -1, "stuck"))
        if self.lives[player] - 1 <= 0:
            expect.outs = {player: len(self.players_in())}
        self.expect = expect
        self._round_end = (player, None, None)

    def on_draw_missed(self, line: int, r: dict[str, Any]) -> None:
        self.begin_turn(line, "draw_missed")
        self.order(line, "draw_missed", PHASE["draw_missed"])
        player = r["player"]
        if not self.manual:
            self.problem(line, "draw_missed without the manual draw option")
        if player in self.owes:
            del self.owes[player]
        else:
            self.problem(line, f"{player} did not owe a draw")

    handlers: ClassVar[Mapping[str, Handler]] = {
        "round_started": on_round_started,
        "card_played": on_card_played,
        "direction_changed": on_direction_changed,
        "lives_changed": on_lives_changed,
        "player_out": on_player_out,
        "stock_rebuilt": on_stock_rebuilt,
        "card_drawn": on_card_drawn,
        "player_skipped": on_player_skipped,
        "player_stuck": on_player_stuck,
        "draw_missed": on_draw_missed,
        "round_ended": on_round_ended,
        "game_ended": on_game_ended,
    }


def _direction_name(direction: int) -> str:
    return "clockwise" if direction == CLOCKWISE else "anticlockwise"
