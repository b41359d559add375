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
from ninetynine_audio.i18n import _, format_number, ngettext, pgettext
from ninetynine_audio.present.adding.effects import (
    card_and_effect,
    card_with_way,
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
    how_often,
    is_you,
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


def _with_article(rank: Rank) -> str:
    """``"a 4"``, ``"an Ace"``: a rank with the indefinite article, first in a list of ranks."""
    messages = {
        Rank.ACE: pgettext("rank with indefinite article", "an Ace"),
        Rank.TWO: pgettext("rank with indefinite article", "a 2"),
        Rank.THREE: pgettext("rank with indefinite article", "a 3"),
        Rank.FOUR: pgettext("rank with indefinite article", "a 4"),
        Rank.FIVE: pgettext("rank with indefinite article", "a 5"),
        Rank.SIX: pgettext("rank with indefinite article", "a 6"),
        Rank.SEVEN: pgettext("rank with indefinite article", "a 7"),
        Rank.EIGHT: pgettext("rank with indefinite article", "an 8"),
        Rank.NINE: pgettext("rank with indefinite article", "a 9"),
        Rank.TEN: pgettext("rank with indefinite article", "a 10"),
        Rank.JACK: pgettext("rank with indefinite article", "a Jack"),
        Rank.QUEEN: pgettext("rank with indefinite article", "a Queen"),
        Rank.KING: pgettext("rank with indefinite article", "a King"),
    }
    return messages[rank]


def ranks_words(ranks: Sequence[Rank]) -> str:
    """``"a 4, 9, 10 or King"``: any one of these ranks."""
    if not ranks:
        return ""
    words = _with_article(ranks[0])
    middle = ranks[1:-1] if len(ranks) > 1 else []
    for rank in middle:
        # Translators: a list of ranks, any one of which will do, and one more ("a 4, 9").
        words = pgettext("list of ranks", "{ranks}, {rank}").format(
            ranks=words, rank=RANK_NAMES[rank]
        )
    if len(ranks) > 1:
        # Translators: a list of ranks, any one of which will do, and the last ("a 4, 9 or
        # King").
        words = pgettext("list of ranks", "{ranks} or {rank}").format(
            ranks=words, rank=RANK_NAMES[ranks[-1]]
        )
    return words


def play_words(
    rules: AddingRules, card: Card, total: int, choice: Choice | None, verbosity: str
) -> str:
    """``"King, to 99"``; a two-way card with its way: ``"10 minus 10, to 80"``."""
    effect = effect_of(rules, card, total, choice)
    name = card_with_way(card_name(card, verbosity), effect.outcome.choice)
    return card_and_effect(name, effect_words(rules, total, effect, verbosity))


def _next_alone(you: bool, brief: bool) -> str:
    if you:
        return _("You again") if brief else _("You play again")
    return _("Then {player}") if brief else _("{player} is next")


def next_player_words(rules: AddingRules, after: AddingView, verbosity: str = NORMAL) -> str:
    """Who plays next on the total after a play, and what they need: ``"Lily is next and must
    hold a 9, 10 or King"``."""
    nxt = after.players[after.to_act]
    total = after.total
    you = is_you(nxt)
    brief = verbosity == BRIEF
    message = _next_alone(you, brief)
    ranks = ""
    mark = 0
    # Translators: {ranks} is a list of ranks, any one of which will do ("a 9, 10 or King").
    if rules.scoring is Scoring.LIMITS:
        landings = landing_ranks(rules, total)
        if landings:
            mark = landings[0][1]
            ranks = ranks_words([r for r, m in landings if m == mark])
            if brief:
                message = (
                    _("You again, {ranks} lands on {mark}")
                    if you
                    else _("Then {player}, {ranks} lands on {mark}")
                )
            elif you:
                message = _("You play again; {ranks} would land you on {mark}")
            else:
                message = _("{player} is next; {ranks} would land {player} on {mark}")
    else:
        safe = safe_ranks(rules, total)
        ranks = ranks_words(safe)
        if len(safe) == len(Rank):
            if verbosity == FULL:
                message = (
                    _("You play again; any card is safe")
                    if you
                    else _("{player} is next; any card is safe")
                )
        elif not safe:
            if brief:
                message = (
                    _("You again and no card is safe")
                    if you
                    else _("Then {player} and no card is safe")
                )
            else:
                message = (
                    _("You play again and no card is safe")
                    if you
                    else _("{player} is next and no card is safe")
                )
        elif brief:
            message = _("You again, needs {ranks}") if you else _("Then {player}, needs {ranks}")
        else:
            message = (
                _("You play again and must hold {ranks}")
                if you
                else _("{player} is next and must hold {ranks}")
            )
    return message.format(player=nxt, ranks=ranks, mark=mark)


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


def _points_words(points: float) -> str:
    """``"2.5"``: points to one decimal place, as the language writes them (``"2,5"``)."""
    return format_number(round(points, 1))


def search_reason(before: AddingView, deals: int, losers: Sequence[int], margin: float) -> str:
    """What the search over the ways the unseen cards may lie found for a play, in words a
    newcomer follows (how often, never a count of re-deals): ``"it leaves Lily stuck about
    half the time; you rarely"``; in tactical the points it gains on the others (empty when
    nothing was found)."""
    if deals <= 0:
        return ""
    if before.rules.scoring is Scoring.LIMITS:
        points = abs(margin)
        one = round(points, 1) == 1
        # Translators: said as a reason for a play: what it is likely to win or cost over the
        # ways the cards the player cannot see may lie.
        if margin >= 0.05:
            if one:
                return _("likely to gain you 1 point a round on the others")
            return _("likely to gain you {points} points a round on the others").format(
                points=_points_words(points)
            )
        if margin <= -0.05:
            if one:
                return _("it loses least: likely 1 point a round behind the others")
            return _("it loses least: likely {points} points a round behind the others").format(
                points=_points_words(points)
            )
        return _("likely to keep you level with the others")
    others = [seat for seat in range(len(losers)) if seat != before.seat and losers[seat]]
    own = losers[before.seat]
    if not others:
        if own:
            # Translators: {often} is how often ("rarely", "sometimes").
            return _("you are left stuck only {often}").format(often=how_often(own, deals))
        return _("nobody is left stuck")
    victim = max(others, key=lambda seat: losers[seat])
    name = before.players[victim]
    often = how_often(losers[victim], deals)
    # Translators: {often} and {own} say how often ("about half the time", "rarely"): the
    # play leaves a player unable to play, and the player themselves.
    if is_you(name):
        message = _("it leaves you stuck {often}")
    elif own:
        message = _("it leaves {player} stuck {often}; you {own}")
    else:
        message = _("it leaves {player} stuck {often}")
    return message.format(often=often, player=name, own=how_often(own, deals))


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
    # Translators: the reasons below are said after a hint's play ("Try 5, to 35: ...").
    if rules.scoring is Scoring.LIMITS:
        # The play's own words already say where it lands and who loses: give the why.
        if effect.wins_round:
            reasons.append(_("winning the round beats every other play"))
        elif effect.others_lose:
            reasons.append(_("a landing is the best play you have"))
        elif effect.cost:
            reasons.append(_("the cheapest play you have"))
    else:
        allowed = [c for c in before.hand if is_safe(rules, c, total)]
        if len({c.rank for c in allowed}) == 1:
            reasons.append(_("your only safe card"))
    if not after.is_over and after.to_act != before.seat:
        nxt = after.players[after.to_act]
        needs = safe_ranks(rules, after_total)
        if rules.scoring is not Scoring.LIMITS and len(needs) < len(Rank) // 2:
            count = after.hand_sizes[after.to_act]
            if is_you(nxt):
                message = ngettext(
                    "leaves you at {total} with {count} card",
                    "leaves you at {total} with {count} cards",
                    count,
                )
            else:
                message = ngettext(
                    "leaves {player} at {total} with {count} card",
                    "leaves {player} at {total} with {count} cards",
                    count,
                )
            reasons.append(message.format(player=nxt, total=after_total, count=count))
    if not is_safe(rules, card, LIMIT):
        keep = [c for c in before.hand if c != card and is_safe(rules, c, LIMIT)]
        if keep:
            reasons.append(
                _("keeps your {card} for later").format(card=card_name(keep[0], verbosity))
            )
    if search:
        # What the re-deals found is the strongest reason; the position gives the other.
        if not reasons:
            return search
        # Translators: a reason from the position and what the search of re-deals found.
        return pgettext("reasons for a play", "{reason}; {search}").format(
            reason=reasons[0], search=search
        )
    if not reasons:
        reasons.append(_pace_reason(rules, before.hand, card, total, after_total))
    if len(reasons) == 1:
        return reasons[0]
    # Translators: two reasons for a play, said after the hint's play.
    return pgettext("reasons for a play", "{first} and {second}").format(
        first=reasons[0], second=reasons[1]
    )


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
        return _("uses a high card while the total is still low")
    if others and after_total <= min(others):
        return _("keeps the total as low as you can")
    return _("keeps your other cards for harder moments")


def hint_text(
    before: AddingView,
    card: Card,
    choice: Choice | None,
    after: AddingView,
    verbosity: str,
    search: str = "",
) -> str:
    """``"Try 5, to 35: keeps your King for later"``; with what a search found: ``"Try King, to
    99: keeps your 9 for later; it leaves Lily stuck usually"``."""
    what = play_words(before.rules, card, before.total, choice, verbosity)
    why = hint_reason(before, card, choice, after, verbosity, search)
    # Translators: a hint: {play} is the card and what it does ("5, to 35"), {reasons} why.
    return _("Try {play}: {reasons}").format(play=what, reasons=why)
