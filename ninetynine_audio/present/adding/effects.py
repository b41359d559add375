"""What a card would do if played now: "Queen, to 97", "7, too high: 103".

The engine's ``card_outcomes`` says where each way of playing a card leads; this module only
words it, and in tactical says what the play would cost or win.
"""

from __future__ import annotations

from dataclasses import dataclass

from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import AddingRules, Choice, Outcome, Scoring, card_outcomes
from ninetynine_audio.games.adding.engine import LIMIT, TACTICAL_MARKS, limit_score
from ninetynine_audio.i18n import _, pgettext
from ninetynine_audio.present.words import BRIEF, NORMAL, card_name, join_and

UP_CHOICES = frozenset({Choice.PLUS_TEN, Choice.PLUS_ELEVEN})
"""The ways chosen with the "up" key; the others are chosen with "down"."""


def choice_words(choice: Choice) -> str:
    """``"plus 10"``, ``"minus 10"``, ``"plus 1"``, ``"plus 11"``: a way of playing a 10 or
    an Ace, as a short phrase said after the card's name."""
    if choice is Choice.PLUS_TEN:
        return pgettext("way to play a card", "plus 10")
    if choice is Choice.MINUS_TEN:
        return pgettext("way to play a card", "minus 10")
    if choice is Choice.PLUS_ONE:
        return pgettext("way to play a card", "plus 1")
    return pgettext("way to play a card", "plus 11")


def played_way_words(choice: Choice) -> str:
    """``"going down"``, ``"going up"``, ``"as 1"``, ``"as 11"``: the way a 10 or an Ace was
    played, said after the card's name, so that "10 going down" is not heard as a sum."""
    # Translators: said after the card's name when a 10 or an Ace is played: "Zoe plays 10
    # going down, total 56"; "Lily plays Ace as 11, total 40". Not arithmetic ("10 minus 10").
    if choice is Choice.PLUS_TEN:
        return pgettext("way a card is played, after its name", "going up")
    if choice is Choice.MINUS_TEN:
        return pgettext("way a card is played, after its name", "going down")
    if choice is Choice.PLUS_ONE:
        return pgettext("way a card is played, after its name", "as 1")
    return pgettext("way a card is played, after its name", "as 11")


def card_with_way(card_words: str, choice: Choice | None) -> str:
    """``"10 going down"``: a card's name with the way it is played (the name alone when it
    has one way)."""
    if choice is None:
        return card_words
    # Translators: a card's name and the way it is played, e.g. "10 going down", "Ace as 11".
    return pgettext("card and its way", "{card} {way}").format(
        card=card_words, way=played_way_words(choice)
    )


@dataclass(frozen=True)
class PlayEffect:
    """One way of playing a card and what it means for the player."""

    outcome: Outcome
    is_allowed: bool
    cost: int = 0  # points the player loses (tactical)
    others_lose: int = 0  # points every other player loses (tactical landing)
    wins_round: bool = False


def play_effects(rules: AddingRules, card: Card, total: int) -> tuple[PlayEffect, ...]:
    """Every way of playing ``card`` on ``total``, with whether it is allowed and its price."""
    return tuple(_effect(rules, total, outcome) for outcome in card_outcomes(rules, card, total))


def _effect(rules: AddingRules, total: int, outcome: Outcome) -> PlayEffect:
    after = outcome.total
    if rules.scoring is not Scoring.LIMITS:
        return PlayEffect(outcome, after <= LIMIT)
    score = limit_score(total, outcome)
    return PlayEffect(outcome, True, score.own_loss, score.others_loss, after == LIMIT)


def is_safe(rules: AddingRules, card: Card, total: int) -> bool:
    """Whether at least one way of playing ``card`` is allowed and costs nothing."""
    return any(e.is_allowed and e.cost == 0 for e in play_effects(rules, card, total))


def _clauses(clauses: list[str]) -> str:
    # Translators: two of the short clauses that say what a play does, e.g. "to 35" and
    # "reverses", said one after the other.
    joined = clauses[0]
    for clause in clauses[1:]:
        joined = pgettext("clauses of a play", "{first}, {next}").format(first=joined, next=clause)
    return joined


def effect_words(rules: AddingRules, total: int, effect: PlayEffect, verbosity: str) -> str:
    """One way of playing, without the card: ``"to 97"``, ``"too high: 103"``,
    ``"to 35, costs you 1 for passing 33"``: short clauses, each its own message."""
    outcome = effect.outcome
    after = outcome.total
    if not effect.is_allowed:
        return _("too high: {total}").format(total=after)
    if after == total and not outcome.reverses and outcome.choice is None:
        # Translators: what a card does to the total: it stays where it is.
        words = _("stays {total}").format(total=after)
    else:
        # Translators: what a card does to the total: it takes it to this number.
        words = _("to {total}").format(total=after)
    extras: list[str] = []
    if outcome.reverses and verbosity != BRIEF:
        extras.append(_("reverses"))
    if outcome.skips and verbosity != BRIEF:
        extras.append(_("skips the next player"))
    if rules.scoring is Scoring.LIMITS:
        if after > LIMIT:
            extras.append(_("over 99, costs you {count}").format(count=effect.cost))
        elif effect.cost:
            passed = [str(m) for m in TACTICAL_MARKS if total < m < after]
            # Translators: {marks} is one or more of 33 and 66 ("33", "33 and 66").
            extras.append(
                _("costs you {count} for passing {marks}").format(
                    count=effect.cost, marks=join_and(passed)
                )
            )
        if effect.wins_round:
            extras.append(_("wins the round, others lose 2"))
        elif effect.others_lose:
            extras.append(_("others lose {count}").format(count=effect.others_lose))
    if outcome.reverses and verbosity == BRIEF:
        extras.append(_("reverses"))
    return _clauses([words, *extras])


def card_effect(rules: AddingRules, card: Card, total: int, verbosity: str = NORMAL) -> str:
    """The card and what it does now: ``"Queen, to 97"``, ``"King, to 99"``,
    ``"10, plus 10 to 95 or minus 10 to 75"``, ``"7, too high: 103"``."""
    name = card_name(card, verbosity)
    effects = play_effects(rules, card, total)
    if len(effects) == 1:
        return card_and_effect(name, effect_words(rules, total, effects[0], verbosity))
    parts = []
    for effect in effects:
        choice = effect.outcome.choice
        words = effect_words(rules, total, effect, verbosity)
        if choice is not None:
            # Translators: a way of playing a card and what it does, e.g. "plus 10 to 95".
            words = pgettext("way and its effect", "{way} {effect}").format(
                way=choice_words(choice), effect=words
            )
        parts.append(words)
    ways = parts[0]
    for part in parts[1:]:
        # Translators: the two ways a 10 or an Ace can be played, e.g. "plus 10 to 95" or
        # "minus 10 to 75".
        ways = pgettext("two ways to play", "{first} or {second}").format(first=ways, second=part)
    return card_and_effect(name, ways)


def card_and_effect(card_words: str, effect: str) -> str:
    """``"Queen, to 97"``: a card's name and what playing it does."""
    # Translators: a card's name and what playing it does now, e.g. "Queen, to 97".
    return pgettext("card and its effect", "{card}, {effect}").format(
        card=card_words, effect=effect
    )


def choice_effect(
    rules: AddingRules, card: Card, total: int, choice: Choice, verbosity: str
) -> str:
    """One chosen way of playing a two-way card: ``"plus 10, to 95"``."""
    for effect in play_effects(rules, card, total):
        if effect.outcome.choice is choice:
            # Translators: the way chosen for a 10 or an Ace and what it does, "plus 10, to 95".
            return pgettext("chosen way and its effect", "{way}, {effect}").format(
                way=choice_words(choice), effect=effect_words(rules, total, effect, verbosity)
            )
    return _("{way} is not possible here").format(way=choice_words(choice))


def effect_of(rules: AddingRules, card: Card, total: int, choice: Choice | None) -> PlayEffect:
    """The effect of playing ``card`` as ``choice`` (the only way when ``choice`` is None)."""
    effects = play_effects(rules, card, total)
    if choice is None:
        allowed = [e for e in effects if e.is_allowed]
        return allowed[0] if len(allowed) == 1 else effects[0]
    for effect in effects:
        if effect.outcome.choice is choice:
            return effect
    return effects[0]
