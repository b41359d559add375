"""How fast the engines play whole games, beside a bare playout of the same rules.

The engines are frozen: every action returns a new state and its events, which is what the
table, the saves and the network need, and costs time. The bare playout here keeps one game on
plain mutable lists of numbers and plays the same rules with nothing else: no events, no
checks, no views. Both play the same games: every seat picks one of its legal actions at
random (the same generator, the legal actions in the engine's order), and the benchmark checks,
game by game, that both made the same plays and ended with the same places, before it trusts a
time. The games are timed in pairs (engine, then bare, then the next seed with the order
turned), in CPU time, so load on the machine falls on both alike; it prints the engine's speed
as a share of the bare playout's (bare time / engine time) with a 95% bootstrap interval over
the pairs.

    python tools/benchmark_playout.py                 # 40 games of each game
    python tools/benchmark_playout.py --games 10 --only classic

The bare playout covers the adding games as the engine plays them with their default options
(classic with one deck, arcade, tactical, four players).
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from ninetynine_audio.bots.colours.playout import CARD as COLOUR_CARD
from ninetynine_audio.bots.colours.playout import ColoursPlayout
from ninetynine_audio.bots.tricks.fast import to_card
from ninetynine_audio.bots.tricks.playout import BIDDING, TricksPlayout
from ninetynine_audio.cards import Card, colour_deck, seeded_shuffle, short_deck, standard_deck
from ninetynine_audio.games.adding.engine import card_outcomes
from ninetynine_audio.games.adding.rules import AddingRules, NextStarter, Scoring, make_rules
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import EndPiles, PlaceRowCard, PlayToPile, ScoreRow, ways_onto
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.games.tricks import BidCards as TricksBid
from ninetynine_audio.games.tricks import PlayCard as TricksPlay
from ninetynine_audio.games.tricks.model import BID_VALUES, BONUS_BY_MADE, TRUMPS_BY_MADE, Phase

PLAYERS = {"classic": 4, "arcade": 4, "tactical": 4, "colours": 2, "tricks": 3}
"""Players at the table of each game."""
ADDING_PLAYERS = 4
Play = tuple[int, object, object]
"""One play as both sides record it: the seat, the card and how it was played."""
Game = tuple[list[Play], tuple[int, ...]]
"""A whole game: its plays in order and its places (seats, first place first)."""


LIST_BIDS = False
"""Whether a bid of the trick-taking game is drawn from the engine's list of every bid
(``--list-bids``): no player asks for that list of 220 actions (the table checks the one bid
made), so by default the bid is drawn among the three-card choices of the hand, on both sides."""


def first_state(game: str, seed: int) -> Any:
    """The engine's first state of ``game`` for ``seed``, every seat a computer player."""
    spec = find_game(game)
    kinds = ("easy",) * PLAYERS.get(game, spec.min_players)
    state, _ = spec.new_game(GameSetup(game, spec.default_names(kinds), kinds, {}, seed))
    return state


def engine_game(game: str, seed: int) -> Game:
    """A game played by the engine through the game contract, random legal actions."""
    spec = find_game(game)
    state = first_state(game, seed)
    rng = random.Random(f"playout:{seed}")
    plays: list[Play] = []
    # Read once, as the bare playouts hold their rules in locals: the phase the trick-taking
    # bids are drawn in, and how an action is recorded (a trick-taking game's by its own types).
    bidding = Phase.BIDDING if game == "tricks" and not LIST_BIDS else None
    recorded = _recorded_tricks if game == "tricks" else _recorded
    while True:
        found = spec.outcome(state)
        if found is not None:
            return plays, found.places
        seat = spec.seats_to_act(state)[0]
        if bidding is not None and state.phase is bidding:
            bids = list(combinations(state.hands[seat], 3))
            action = TricksBid(seat, bids[rng.randrange(len(bids))])
        else:
            legal = spec.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        plays.append(recorded(action))
        state, _ = spec.apply(state, action)


def _recorded_tricks(action: Any) -> Play:
    """A trick-taking game's action as the bare playout records it: a bid's cards or a card
    played, with no way of playing it."""
    if action.__class__ is TricksPlay:
        return (action.seat, action.card, None)
    return (action.seat, action.cards, None)


def _recorded(action: Any) -> Play:
    """An engine's action as the bare playouts record theirs."""
    if isinstance(action, TricksBid):
        return (action.seat, action.cards, None)
    if isinstance(action, COLOUR_ACTIONS):
        return (action.seat, getattr(action, "card", None), COLOUR_ACTIONS.index(type(action)))
    if isinstance(action, TricksPlay):
        # Looked for by type as the bare playout writes its None: a getattr that misses
        # raises and catches an AttributeError, work the engine's side alone would pay.
        return (action.seat, action.card, None)
    return (action.seat, action.card, action.choice)


Way = tuple[object, int, bool, bool, bool]
"""One way to play a card: how (the engine's choice), the total after, whether it reverses the
direction, skips a player, doubles."""


@functools.cache
def ways_table(rules: AddingRules) -> list[list[list[Way]]]:
    """For each card number and total, each way it may be played (made once for the rules)."""
    limits = rules.scoring is Scoring.LIMITS
    return [
        [
            [
                (o.choice, o.total, o.reverses, o.skips, o.doubled)
                for o in card_outcomes(rules, card, total)
                if limits or o.total <= 99
            ]
            for total in range(100)
        ]
        for card in standard_deck(rules.decks)
    ]


@functools.cache
def game_rules(game: str) -> AddingRules:
    """The rules of ``game`` with its default options for four players."""
    return make_rules(game, ADDING_PLAYERS)


class BareAdding:
    """One game of an adding game on plain lists: cards are numbers into the deck."""

    def __init__(self, rules: AddingRules, seed: int) -> None:
        assert not (rules.keep_going or rules.manual_draw or rules.two_player_four)
        self.rules = rules
        self.deck = standard_deck(rules.decks)
        self.limits = rules.scoring is Scoring.LIMITS
        self.ways = ways_table(rules)
        self.seed = seed
        self.shuffles = 0
        self.lives = [rules.lives] * ADDING_PLAYERS
        self.hands: list[list[int]] = [[] for _ in range(ADDING_PLAYERS)]
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.discard: list[int] = []
        self.total = 0
        self.step = 1
        self.to_act = 0
        self.dealer = ADDING_PLAYERS - 1
        self.out: list[list[int]] = []  # the players out, by the play that put them out
        self.places: tuple[int, ...] = ()
        self.over = False

    def shuffled(self, cards: Sequence[int]) -> list[int]:
        """``cards`` in the order of the game's next shuffle."""
        rng = random.Random(f"ninety-nine:{self.seed}:{self.shuffles}")
        self.shuffles += 1
        return list(seeded_shuffle(cards, rng))

    def next_seat(self, seat: int, step: int) -> int:
        """The next seat still in after ``seat`` going ``step``."""
        lives = self.lives
        candidate = (seat + step) % ADDING_PLAYERS
        for _ in range(ADDING_PLAYERS):
            if lives[candidate] > 0:
                return candidate
            candidate = (candidate + step) % ADDING_PLAYERS
        return seat

    def active(self) -> int:
        """How many players are still in."""
        return sum(1 for lives in self.lives if lives > 0)

    def deal(self, starter: int, dealer: int) -> None:
        """A new round: hands dealt from a fresh shuffle, one card at a time from ``starter``."""
        order = self.shuffled(range(len(self.deck)))
        self.hands = [[] for _ in range(ADDING_PLAYERS)]
        seats = [starter]
        while len(seats) < self.active():
            seats.append(self.next_seat(seats[-1], 1))
        taken = 0
        for _ in range(self.rules.hand_size):
            for seat in seats:
                self.hands[seat].append(order[taken])
                taken += 1
        self.stock = order[taken:]
        self.stock.reverse()  # drawn from the end
        self.pile, self.discard = [], []
        self.total, self.step = 0, 1
        self.to_act, self.dealer = starter, dealer

    def draw(self, seat: int) -> None:
        """``seat`` draws, the stock rebuilt from the pile when it is empty."""
        if not self.stock:
            under = self.discard + self.pile[:-1]
            if not under:
                return
            self.pile = self.pile[-1:]
            self.discard = []
            self.stock = self.shuffled(under)
            self.stock.reverse()
        self.hands[seat].append(self.stock.pop())

    def legal(self) -> list[tuple[int, Way]]:
        """The plays of the player to act, in the engine's order."""
        found = []
        seen: set[Card] = set()
        deck, total = self.deck, self.total
        for card in self.hands[self.to_act]:
            face = deck[card]
            if face not in seen:
                seen.add(face)
                found.extend((card, way) for way in self.ways[card][total])
        return found

    def lose(self, changes: list[tuple[int, int]], actor: int) -> None:
        """Take lives as ``changes`` say; players out are placed and their cards put away."""
        was_in = [seat for seat in range(ADDING_PLAYERS) if self.lives[seat] > 0]
        for seat, change in changes:
            self.lives[seat] += change
        gone = [seat for seat in was_in if self.lives[seat] <= 0]
        if not gone:
            return
        gone.sort(key=lambda s: (s != actor, -self.lives[s], (s - actor) % ADDING_PLAYERS))
        self.out.append(gone)
        for seat in gone:
            if self.limits:
                self.pile = self.hands[seat] + self.pile
            else:
                self.discard.extend(self.hands[seat])
            self.hands[seat] = []

    def play(self, card: int, way: Way) -> None:
        """The player to act plays ``card`` the ``way`` given, and the game goes on."""
        seat = self.to_act
        _, after, reverses, skips, doubled = way
        self.hands[seat].remove(card)
        self.pile.append(card)
        before, self.total = self.total, after
        players_in = self.active()
        if reverses and players_in >= 3:
            self.step = -self.step
        if self.limits and after > before and self.score(seat, before, after, doubled):
            self.settle()
            return
        if self.lives[seat] > 0:
            self.draw(seat)
        if skips:
            self.to_act = self.next_seat(self.next_seat(seat, self.step), self.step)
        else:
            self.to_act = self.next_seat(seat, self.step)
        self.settle()

    def score(self, seat: int, before: int, after: int, doubled: bool) -> bool:
        """Tactical points of a rise; whether the play ended the round."""
        own = others = 0
        for mark in (33, 66):
            if after == mark:
                others += 1
            elif before < mark < after:
                own += 1
        if after == 99:
            others += 2
        elif after > 99:
            own += 3 if doubled else 2
        if not own and not others:
            return False
        changes = [(seat, -own)] if own else []
        if others:
            changes.extend(
                (other, -others)
                for other in range(ADDING_PLAYERS)
                if other != seat and self.lives[other] > 0
            )
        self.lose(changes, seat)
        if after >= 99 or self.active() <= 1:
            self.end_round(seat)
            return True
        return False

    def settle(self) -> None:
        """A player to act who cannot play is stuck: a life lost and the round over."""
        while not self.over:
            seat = self.to_act
            hand = self.hands[seat]
            if self.limits and hand:
                return
            if any(self.ways[card][self.total] for card in hand):
                return
            self.lose([(seat, -1)], seat)
            self.end_round(seat)

    def end_round(self, ender: int) -> None:
        """The next round, dealt as the game's rules say; or the end of the game."""
        if self.active() <= 1:
            remaining = sorted(
                (s for s in range(ADDING_PLAYERS) if self.lives[s] > 0),
                key=lambda s: -self.lives[s],
            )
            self.places = tuple(remaining + [seat for gone in self.out[::-1] for seat in gone])
            self.over = True
            return
        rules = self.rules
        if rules.next_starter is NextStarter.DEALER_LEFT:
            dealer = self.next_seat(self.dealer, 1)
            starter = self.next_seat(dealer, 1)
        else:
            step = self.step if rules.next_starter is NextStarter.AFTER_LOSER else 1
            starter = self.next_seat(ender, step)
            dealer = self.next_seat(starter, -1)
        self.deal(starter, dealer)


def bare_game(game: str, seed: int) -> Game:
    """The same game as :func:`engine_game`, played by the bare playout of its family."""
    if game == "tricks":
        return bare_tricks(game, seed)
    if game == "colours":
        return bare_colours(seed)
    bare = BareAdding(game_rules(game), seed)
    rng = random.Random(f"playout:{seed}")
    plays: list[Play] = []
    bare.deal(0, ADDING_PLAYERS - 1)
    bare.settle()
    while not bare.over:
        legal = bare.legal()
        card, way = legal[rng.randrange(len(legal))]
        plays.append((bare.to_act, bare.deck[card], way[0]))
        bare.play(card, way)
    return plays, bare.places


DECK36 = short_deck()
SUITS = tuple(dict.fromkeys(card.suit for card in DECK36))
BID_POINTS = tuple(BID_VALUES[DECK36[number].suit] for number in range(36))
"""What each card counts for as a bid card."""
TRUMPS_AFTER = {made: SUITS.index(suit) for made, suit in TRUMPS_BY_MADE.items()}
"""The trump suit's number after a deal in which so many players made their bids."""


def bare_tricks(game: str, seed: int, target: int = 100) -> Game:
    """The same game as :func:`engine_game` of the trick-taking game, on plain lists: a card is
    its number in the 36-card deck (``suit * 9 + place``, the ace of each suit first)."""
    rng = random.Random(f"playout:{seed}")
    plays: list[Play] = []
    scores = [0, 0, 0]
    dealer, deal, trumps = 2, 1, -1
    while True:
        order = list(seeded_shuffle(range(36), random.Random(f"tricks:{seed}:{deal}")))
        seats = ((dealer + 1) % 3, (dealer + 2) % 3, dealer)
        hands: list[list[int]] = [[], [], []]
        for index, card in enumerate(order):
            hands[seats[index % 3]].append(card)
        bids = [0, 0, 0]
        for seat in seats:
            choices = list(combinations(hands[seat], 3))
            bid = choices[rng.randrange(len(choices))]
            plays.append((seat, tuple(DECK36[card] for card in bid), None))
            hands[seat] = [card for card in hands[seat] if card not in bid]
            bids[seat] = sum(BID_POINTS[card] for card in bid)
        won = [0, 0, 0]
        leader = (dealer + 1) % 3
        for _ in range(9):
            trick: list[int] = []
            seat = leader
            for _ in range(3):
                hand = hands[seat]
                if trick:
                    led = trick[0] // 9
                    options = [card for card in hand if card // 9 == led] or hand
                else:
                    options = hand
                card = options[rng.randrange(len(options))]
                plays.append((seat, DECK36[card], None))
                hand.remove(card)
                trick.append(card)
                seat = (seat + 1) % 3
            best = 0
            for index in (1, 2):
                card, top = trick[index], trick[best]
                if (card < top) if card // 9 == top // 9 else (card // 9 == trumps):
                    best = index
            leader = (leader + best) % 3
            won[leader] += 1
        made = sum(1 for s in range(3) if won[s] == bids[s])
        for s in range(3):
            scores[s] += won[s] + (BONUS_BY_MADE[made] if won[s] == bids[s] else 0)
        top = max(scores)
        if top >= target and scores.count(top) == 1:
            return plays, tuple(sorted(range(3), key=lambda s: (-scores[s], s)))
        dealer, deal, trumps = (dealer + 1) % 3, deal + 1, TRUMPS_AFTER[made]


COLOUR_ACTIONS = (ScoreRow, PlaceRowCard, PlayToPile, EndPiles)
"""The colour game's actions, recorded by their place here."""
DECK110 = colour_deck()
COLOUR_OF = tuple(DECK110.index(card) // 11 for card in DECK110)
VALUE_OF = tuple(card.value for card in DECK110)
ONTO = tuple(tuple(bool(ways_onto(card, top)) for top in DECK110) for card in DECK110)
"""Whether a card (its number in the deck) may go onto a top."""


def bare_colours(seed: int, players: int = 2, target: int = 99) -> Game:
    """The same game as :func:`engine_game` of the colour game, on plain lists: a card is its
    number in the deck; discard piles top first; no Pro Variant."""
    rng = random.Random(f"playout:{seed}")
    plays: list[Play] = []
    shuffles = 0
    order = list(seeded_shuffle(range(110), random.Random(f"colours:{seed}:{shuffles}")))
    shuffles += 1
    hands = [order[6 * s : 6 * s + 6] for s in range(players)]
    start = 6 * players
    piles = [order[start + 15 * s : start + 15 * s + 15] for s in range(players)]
    start += 15 * players
    discards = [[order[start]], [order[start + 1]]]
    reserve = order[start + 2 :]
    aside: list[int] = []
    rows: list[list[int]] = [[] for _ in range(players)]
    scores = [0] * players
    winner = -1

    def fits(card: int, row: list[int]) -> bool:
        if not row:
            return True
        colour = COLOUR_OF[card]
        return VALUE_OF[card] > VALUE_OF[row[-1]] and all(COLOUR_OF[c] != colour for c in row)

    def score_row(seat: int) -> None:
        nonlocal winner
        row = rows[seat]
        scores[seat] += len(row) * len(row)
        aside.extend(row)
        rows[seat] = []
        if scores[seat] >= target:
            winner = seat

    seat = 0
    while True:
        # A turn begins.
        if not any(hands) and not any(piles):
            winner = max(
                [(seat + step) % players for step in range(players)], key=scores.__getitem__
            )
            break
        if rows[seat] and not any(fits(card, rows[seat]) for card in hands[seat]):
            score_row(seat)
            if winner >= 0:
                break
        hand = hands[seat]
        placed = scored = False
        pile_plays = 0
        while True:
            row = rows[seat]
            legal: list[tuple[int, int, int]] = []  # (kind, card, pile)
            if row and not scored and pile_plays == 0:
                legal.append((0, -1, 0))
            if not placed:
                legal.extend((1, card, 0) for card in hand if fits(card, row))
                if not hand:
                    legal.append((3, -1, 0))
            else:
                if pile_plays < 5:
                    for card in hand:
                        for pile in (1, 2):
                            if ONTO[card][discards[pile - 1][0]]:
                                legal.append((2, card, pile))
                legal.append((3, -1, 0))
            kind, card, pile = legal[rng.randrange(len(legal))]
            plays.append((seat, None if card < 0 else DECK110[card], kind))
            if kind == 0:
                scored = True
                score_row(seat)
                if winner >= 0:
                    break
            elif kind == 1:
                hand.remove(card)
                row.append(card)
                placed = True
            elif kind == 2:
                hand.remove(card)
                discards[pile - 1].insert(0, card)
                pile_plays += 1
            else:
                break
        if winner >= 0:
            break
        # Drawing up to six; an emptied draw pile scores and is renewed.
        pile_of = piles[seat]
        while len(hand) < 6 and pile_of:
            taken = pile_of[: 6 - len(hand)]
            del pile_of[: len(taken)]
            hand.extend(taken)
            if not pile_of:
                if len(reserve) < 15:
                    gathered = discards[0][1:] + discards[1][1:] + aside
                    discards = [discards[0][:1], discards[1][:1]]
                    aside = []
                    rng_shuffle = random.Random(f"colours:{seed}:{shuffles}")
                    shuffles += 1
                    reserve = reserve + list(seeded_shuffle(gathered, rng_shuffle))
                piles[seat] = pile_of = reserve[:15]
                del reserve[: len(pile_of)]
                scores[seat] += 15
                if scores[seat] >= target:
                    winner = seat
                    break
        if winner >= 0:
            break
        seat = (seat + 1) % players
    rest = sorted((s for s in range(players) if s != winner), key=lambda s: (-scores[s], s))
    return plays, (winner, *rest)


def paired_times(
    game: str, games: int, seed: int, clock: Callable[[], float] = time.process_time
) -> tuple[list[float], list[float], int]:
    """CPU seconds of each game by the engine and by the bare playout, and the plays made.

    Raises:
        AssertionError: a game the two did not play alike.
    """
    (engine, bare), plays = timed_games(game, games, seed, (engine_game, bare_game), clock)
    return engine, bare, plays


def timed_games(
    game: str,
    games: int,
    seed: int,
    players: Sequence[Callable[[str, int], Game]],
    clock: Callable[[], float] = time.process_time,
) -> tuple[list[list[float]], int]:
    """CPU seconds of each game by each of ``players`` (the first is the engine), game by game
    in turn, the order turned every game, and the plays a game made.

    Raises:
        AssertionError: a game one of them did not play as the engine did.
    """
    times: list[list[float]] = [[] for _ in players]
    plays = 0
    for game_play in players:
        game_play(game, seed)  # tables and caches made before the clock runs
    for index in range(games):
        game_seed = seed + index
        runs = list(zip(players, times, strict=True))
        results = {}
        for play, into in runs if index % 2 == 0 else reversed(runs):
            started = clock()
            results[play] = play(game, game_seed)
            into.append(clock() - started)
        for play in players[1:]:
            if results[play] != results[players[0]]:
                raise AssertionError(f"{game}, seed {game_seed}: {play.__name__} played otherwise")
        plays += len(results[players[0]][0])
    return times, plays


def copy_game(game: str, seed: int) -> Game:
    """The same game as :func:`engine_game`, played on the computer players' mutable copy of
    the rules (``bots/tricks/playout.py``), one action at a time from the engine's first
    state."""
    rng = random.Random(f"playout:{seed}")
    sim = TricksPlayout(first_state(game, seed))
    plays: list[Play] = []
    while True:
        seat = sim.seat_to_act()
        if seat < 0:
            places = tuple(sorted(range(3), key=lambda s: (-sim.scores[s], s)))
            return plays, places
        if sim.phase == BIDDING:
            if LIST_BIDS:
                cards, declaration = (bids := sim.bids_of(seat))[rng.randrange(len(bids))]
            else:
                choices = list(combinations(sim.hands[seat], 3))
                cards, declaration = choices[rng.randrange(len(choices))], None
            plays.append((seat, tuple(to_card(card) for card in cards), None))
            sim.bid(seat, cards, declaration)
        else:
            options = sim.plays_of(seat)
            card = options[rng.randrange(len(options))]
            plays.append((seat, to_card(card), None))
            sim.play(seat, card)


def colours_copy_game(game: str, seed: int) -> Game:
    """The same game as :func:`engine_game` of the colour game, played on the computer
    players' mutable copy of the rules (``bots/colours/playout.py``), one action at a time."""
    rng = random.Random(f"playout:{seed}")
    sim = ColoursPlayout(first_state(game, seed))
    plays: list[Play] = []
    while True:
        legal = sim.legal()
        if not legal:
            rest = sorted(
                (s for s in range(PLAYERS[game]) if s != sim.winner),
                key=lambda s: (-sim.scores[s], s),
            )
            return plays, (sim.winner, *rest)
        kind, card, pile = legal[rng.randrange(len(legal))]
        plays.append((sim.to_act, None if card < 0 else COLOUR_CARD[card], kind))
        sim.act(kind, card, pile)


COPIES: dict[str, Callable[[str, int], Game]] = {"tricks": copy_game, "colours": colours_copy_game}
"""The games whose computer players have a mutable copy of the rules, and how it plays."""


def share_interval(
    engine: list[float], bare: list[float], rng: random.Random
) -> tuple[float, float, float]:
    """sum(bare) / sum(engine), with a 95% bootstrap interval resampling the pairs."""
    pairs = range(len(engine))
    shares = []
    for _ in range(2000):
        picked = [rng.choice(pairs) for _ in pairs]
        shares.append(sum(bare[i] for i in picked) / sum(engine[i] for i in picked))
    shares.sort()
    return sum(bare) / sum(engine), shares[49], shares[1949]


GAMES = ("classic", "arcade", "tactical", "colours", "tricks")


def main(argv: Sequence[str] | None = None) -> int:
    """Play, check and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="games of each (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="only these games, comma-separated")
    parser.add_argument(
        "--list-bids", action="store_true", help="draw each bid from the engine's list of all"
    )
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    global LIST_BIDS
    LIST_BIDS = args.list_bids
    only = set(args.only.split(",")) if args.only else set(GAMES)
    rng = random.Random(1)
    print(
        "| game | games | plays a game | engine a game | bare a game | engine / bare speed"
        " | copy a game | copy / bare speed |"
    )
    print("| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |")
    for game in GAMES:
        if game not in only:
            continue
        players = [engine_game, bare_game] + ([COPIES[game]] if game in COPIES else [])
        times, plays = timed_games(game, args.games, args.seed, players)
        engine, bare = times[0], times[1]
        share, low, high = share_interval(engine, bare, rng)
        copy_cells = "| - | - |"
        if len(times) > 2:
            copied, copy_low, copy_high = share_interval(times[2], bare, rng)
            copy_cells = (
                f"| {statistics.mean(times[2]) * 1000:.1f} ms"
                f" | {copied:.2f}x ({copy_low:.2f}x-{copy_high:.2f}x) |"
            )
        print(
            f"| {game} | {args.games} | {plays / args.games:.0f}"
            f" | {statistics.mean(engine) * 1000:.1f} ms | {statistics.mean(bare) * 1000:.1f} ms"
            f" | {share:.2f}x ({low:.2f}x-{high:.2f}x) {copy_cells}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
