"""What a seat can know, in the compact form the stronger levels reason with.

In the adding games only a card's rank matters, never its suit, so the stronger levels count
ranks: rank codes 0 (ace) to 12 (king) in the order of :class:`Rank`. The unseen cards are the
full deck(s) less the seat's own hand, the pile and the discard; they lie in the other hands and
in the stock, and nothing a seat sees says which is where.
"""

from __future__ import annotations

import functools
from math import comb

from ninetynine_audio.cards import Card, Rank, Suit
from ninetynine_audio.games.adding import (
    AddingRules,
    AddingView,
    Choice,
    PlayCard,
    Scoring,
    card_outcomes,
)

RANKS: tuple[Rank, ...] = tuple(Rank)
RANK_CODE: dict[Rank, int] = {rank: code for code, rank in enumerate(RANKS)}
ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(13)
LIMIT = 99

# One way of playing a rank: (choice, total after, reverses, skips, doubled).
Move = tuple[Choice | None, int, bool, bool, bool]
# For each total 0..99, for each rank code, the legal ways of playing it.
MoveTable = tuple[tuple[tuple[Move, ...], ...], ...]


def rules_key(rules: AddingRules) -> tuple[bool, bool, bool]:
    """The fields of ``rules`` that decide what a card does."""
    return (rules.scoring is Scoring.LIMITS, rules.ten_always_minus, rules.swap_nine_king)


def move_table(rules: AddingRules) -> MoveTable:
    """The legal ways of playing each rank on each total from 0 to 99, for ``rules``."""
    return _move_table(rules)


@functools.cache
def _move_table(rules: AddingRules) -> MoveTable:
    # Built once per rules from the engine's own card_outcomes, so the two never disagree.
    limits = rules.scoring is Scoring.LIMITS
    rows: list[tuple[tuple[Move, ...], ...]] = []
    for total in range(LIMIT + 1):
        row: list[tuple[Move, ...]] = []
        for rank in RANKS:
            outcomes = card_outcomes(rules, Card(rank, Suit.SPADES), total)
            row.append(
                tuple(
                    (o.choice, o.total, o.reverses, o.skips, o.doubled)
                    for o in outcomes
                    if limits or o.total <= LIMIT
                )
            )
        rows.append(tuple(row))
    return tuple(rows)


def unseen_counts(view: AddingView) -> list[int]:
    """How many cards of each rank the seat of ``view`` has not seen."""
    counts = [4 * view.rules.decks] * 13
    for group in (view.hand, view.pile, view.discard):
        for card in group:
            counts[RANK_CODE[card.rank]] -= 1
    return [max(0, count) for count in counts]


def hand_codes(cards: tuple[Card, ...]) -> list[int]:
    """The rank codes of ``cards``, in hand order."""
    return [RANK_CODE[card.rank] for card in cards]


def all_unsafe(counts: list[int], total: int, table: MoveTable) -> int:
    """How many of the counted cards have no legal play on ``total`` (classic and arcade)."""
    if total > LIMIT:
        return sum(counts)
    return sum([counts[code] for code in _unsafe_codes(table)[total]])


_UNSAFE: dict[int, tuple[MoveTable, tuple[tuple[int, ...], ...]]] = {}
"""For each move table (by its identity; the table is kept, so the identity stays its own):
the ranks with no legal play on each total."""


def _unsafe_codes(table: MoveTable) -> tuple[tuple[int, ...], ...]:
    """The ranks with no legal play on each total of ``table``."""
    known = _UNSAFE.get(id(table))
    if known is None or known[0] is not table:
        codes = tuple(tuple(code for code, moves in enumerate(row) if not moves) for row in table)
        known = _UNSAFE[id(table)] = (table, codes)
    return known[1]


def none_of(good: int, pool: int, size: int) -> float:
    """The chance that ``size`` cards dealt from ``pool`` hold none of ``good`` marked ones."""
    if size <= 0:
        return 1.0
    if size > pool:
        return 0.0
    return comb(pool - good, size) / comb(pool, size)


def play_move(rules: AddingRules, total: int, play: PlayCard) -> Move:
    """The move of ``play`` on ``total``."""
    for move in move_table(rules)[total][RANK_CODE[play.card.rank]]:
        if move[0] is play.choice:
            return move
    raise ValueError(f"{play} is not legal on {total}")


def distinct_plays(plays: tuple[PlayCard, ...]) -> list[PlayCard]:
    """One play per (rank, choice): two cards of a rank do the same, whatever their suits."""
    seen: set[tuple[int, Choice | None]] = set()
    kept: list[PlayCard] = []
    for play in plays:
        key = (RANK_CODE[play.card.rank], play.choice)
        if key not in seen:
            seen.add(key)
            kept.append(play)
    return kept
