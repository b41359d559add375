"""Practice and hints: what a play will do, who comes next and what that risks, and why.

Everything is worked out from the position the player can see (the totals each rank would
reach, the hand sizes, the marks of tactical), never from how the computer players think.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ninetynine_audio.cards import Card, Rank, Suit
from ninetynine_audio.games.adding import AddingRules, AddingView, Choice, Scoring, next_seat
from ninetynine_audio.games.adding.engine import LIMIT, TACTICAL_MARKS
from ninetynine_audio.present.adding.effects import (
    choice_words,
    effect_of,
    effect_words,
    is_safe,
    play_effects,
)
from ninetynine_audio.present.words import (
    BRIEF,
    FULL,
    NORMAL,
    RANK_NAMES,
    card_name,
    count_noun,
    is_you,
    object_name,
)


def _sample(rank: Rank) -> Card:
    # Only the rank matters to what a card does in the adding games.
    return Card(rank, Suit.SPADES)


def safe_ranks(rules: AddingRules, total: int) -> list[Rank]:
    """The ranks that can be played on ``total`` without going over (or paying, in tactical)."""
    return [rank for rank in Rank if is_safe(rules, _sample(rank), total)]


def landing_ranks(rules: AddingRules, total: int) -> list[tuple[Rank, int]]:
    """Tactical: the ranks that would land on a mark from ``total``, with the mark."""
    found: list[tuple[Rank, int]] = []
    for rank in Rank:
        for effect in play_effects(rules, _sample(rank), total):
            after = effect.outcome.total
            if after in TACTICAL_MARKS and after != total:
                found.append((rank, after))
                break
    return found


def _with_article(name: str) -> str:
    return f"an {name}" if name in ("Ace", "8") else f"a {name}"


def ranks_words(ranks: Sequence[Rank]) -> str:
    """``"a 4, 9, 10 or King"``."""
    names = [RANK_NAMES[rank] for rank in ranks]
    if not names:
        return ""
    first = _with_article(names[0])
    if len(names) == 1:
        return first
    return ", ".join([first, *names[1:-1]]) + " or " + names[-1]


def play_words(
    rules: AddingRules, card: Card, total: int, choice: Choice | None, verbosity: str
) -> str:
    """``"King, to 99"``; a two-way card with its way: ``"10 minus 10, to 80"``."""
    effect = effect_of(rules, card, total, choice)
    name = card_name(card, verbosity)
    chosen = effect.outcome.choice
    if chosen is not None:
        name = f"{name} {choice_words(chosen)}"
    return f"{name}, {effect_words(rules, total, effect, verbosity)}"


def next_player_words(rules: AddingRules, after: AddingView, verbosity: str = NORMAL) -> str:
    """Who plays next on the total after a play, and what they need: ``"Lily is next and must
    hold a 9, 10 or King"``."""
    nxt = after.players[after.to_act]
    total = after.total
    if is_you(nxt):
        head = "You play again" if verbosity != BRIEF else "You again"
    else:
        head = f"{nxt} is next" if verbosity != BRIEF else f"Then {nxt}"
    if rules.scoring is Scoring.LIMITS:
        landings = landing_ranks(rules, total)
        if not landings:
            return head
        mark = landings[0][1]
        others = [r for r, m in landings if m == mark]
        if verbosity == BRIEF:
            return f"{head}, {ranks_words(others)} lands on {mark}"
        return f"{head}; {ranks_words(others)} would land {object_name(nxt)} on {mark}"
    safe = safe_ranks(rules, total)
    if len(safe) == len(Rank):
        return f"{head}; any card is safe" if verbosity == FULL else head
    if not safe:
        return f"{head} and no card is safe"
    if verbosity == BRIEF:
        return f"{head}, needs {ranks_words(safe)}"
    return f"{head} and must hold {ranks_words(safe)}"


def practice_text(
    rules: AddingRules,
    card: Card,
    total: int,
    choice: Choice | None,
    after: AddingView,
    round_over: bool,
    verbosity: str = NORMAL,
) -> str:
    """After a practice play: who is next and what that risks.

    The play itself ("You play King, total 99") and the end of a round or game are told by
    the narration of the play, so this adds only what it leaves the next player (empty when
    the play ends the round or the game).
    """
    if after.is_over or round_over:
        return ""
    return next_player_words(rules, after, verbosity)


def search_reason(before: AddingView, deals: int, losers: Sequence[int], margin: float) -> str:
    """What the search over re-deals of the unseen cards found for a play: ``"3 of 4 re-deals
    leave Lily stuck"``; in tactical the points it gains on the others (empty when nothing
    was found)."""
    if deals <= 0:
        return ""
    if before.rules.scoring is Scoring.LIMITS:
        points = abs(margin)
        amount = f"{points:.1f} points" if round(points, 1) != 1 else "1 point"
        if margin >= 0.05:
            return f"over {deals} re-deals it gains you {amount} a round on the others"
        if margin <= -0.05:
            return f"over {deals} re-deals it loses least, {amount} a round behind the others"
        return f"over {deals} re-deals it keeps you level with the others"
    others = [seat for seat in range(len(losers)) if seat != before.seat and losers[seat]]
    if not others:
        if losers[before.seat]:
            return f"you are stuck in only {losers[before.seat]} of {deals} re-deals"
        return f"nobody is stuck in {deals} re-deals"
    victim = max(others, key=lambda seat: losers[seat])
    words = (
        f"{losers[victim]} of {deals} re-deals leave {object_name(before.players[victim])} stuck"
    )
    if losers[before.seat]:
        words += f", you in {losers[before.seat]}"
    return words


def seen_after(before: AddingView, card: Card, choice: Choice | None) -> AddingView:
    """The table just after ``before.seat`` plays ``card``, as every seat can work it out: the
    new total, direction and turn. Whether the next player can play on it is theirs to know, so
    a hint never tells it (the engine would already have found them stuck)."""
    outcome = effect_of(before.rules, card, before.total, choice).outcome
    players_in = sum(1 for lives in before.lives if lives > 0)
    direction = before.direction
    if outcome.reverses and players_in >= 3:
        direction = direction.reversed()
    if outcome.reverses and players_in == 2 and before.rules.two_player_four:
        to_act = before.seat
    elif outcome.skips:
        to_act = next_seat(before, next_seat(before, before.seat, direction), direction)
    else:
        to_act = next_seat(before, before.seat, direction)
    return dataclasses.replace(before, total=outcome.total, direction=direction, to_act=to_act)


def hint_reason(
    before: AddingView,
    card: Card,
    choice: Choice | None,
    after: AddingView,
    verbosity: str = NORMAL,
    search: str = "",
) -> str:
    """Why a play is a good one, in plain words: from the position, and ``search``, what the
    search found (see :func:`search_reason`), when it searched."""
    rules = before.rules
    total = before.total
    effect = effect_of(rules, card, total, choice)
    after_total = effect.outcome.total
    reasons: list[str] = []
    if rules.scoring is Scoring.LIMITS:
        # The play's own words already say where it lands and who loses: give the why.
        if effect.wins_round:
            reasons.append("winning the round beats every other play")
        elif effect.others_lose:
            reasons.append("a landing is the best play you have")
        elif effect.cost:
            reasons.append("the cheapest play you have")
    else:
        allowed = [c for c in before.hand if is_safe(rules, c, total)]
        if len({c.rank for c in allowed}) == 1:
            reasons.append("your only safe card")
    if not after.is_over and after.to_act != before.seat:
        nxt = after.players[after.to_act]
        needs = safe_ranks(rules, after_total)
        if rules.scoring is not Scoring.LIMITS and len(needs) < len(Rank) // 2:
            cards = count_noun(after.hand_sizes[after.to_act], "card", "cards")
            reasons.append(f"leaves {object_name(nxt)} at {after_total} with {cards}")
    if not is_safe(rules, card, LIMIT):
        keep = [c for c in before.hand if c != card and is_safe(rules, c, LIMIT)]
        if keep:
            reasons.append(f"keeps your {card_name(keep[0], verbosity)} for later")
    if search:
        # What the re-deals found is the strongest reason; the position gives the other.
        return "; ".join([*reasons[:1], search])
    if not reasons:
        reasons.append(_pace_reason(rules, before.hand, card, total, after_total))
    return " and ".join(reasons[:2])


def _pace_reason(
    rules: AddingRules, hand: Sequence[Card], card: Card, total: int, after_total: int
) -> str:
    """How the play sets the pace compared with the other free plays in the hand."""
    others = [
        e.outcome.total
        for c in hand
        if c != card
        for e in play_effects(rules, c, total)
        if e.is_allowed and e.cost == 0
    ]
    if others and after_total >= max(others) and after_total < 60:
        return "uses a high card while the total is still low"
    if others and after_total <= min(others):
        return "keeps the total as low as you can"
    return "keeps your other cards for harder moments"


def hint_text(
    before: AddingView,
    card: Card,
    choice: Choice | None,
    after: AddingView,
    verbosity: str,
    search: str = "",
) -> str:
    """``"Try 5, to 35: keeps your King for later"``; with what a search found: ``"Try King, to
    99: keeps your 9 for later; 3 of 4 re-deals leave Lily stuck"``."""
    what = play_words(before.rules, card, before.total, choice, verbosity)
    return f"Try {what}: {hint_reason(before, card, choice, after, verbosity, search)}"
