"""What a card would do if played now: "Queen, to 97", "7, too high: 103".

The engine's ``card_outcomes`` says where each way of playing a card leads; this module only
words it, and in tactical says what the play would cost or win.
"""

from __future__ import annotations

from dataclasses import dataclass

from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import AddingRules, Choice, Outcome, Scoring, card_outcomes
from ninetynine_audio.games.adding.engine import LIMIT, TACTICAL_MARKS, limit_score
from ninetynine_audio.present.words import BRIEF, NORMAL, card_name, join_and

CHOICE_WORDS: dict[Choice, str] = {
    Choice.PLUS_TEN: "plus 10",
    Choice.MINUS_TEN: "minus 10",
    Choice.PLUS_ONE: "plus 1",
    Choice.PLUS_ELEVEN: "plus 11",
}

UP_CHOICES = frozenset({Choice.PLUS_TEN, Choice.PLUS_ELEVEN})
"""The ways chosen with the "up" key; the others are chosen with "down"."""


def choice_words(choice: Choice) -> str:
    """``"plus 10"``, ``"minus 10"``, ``"plus 1"``, ``"plus 11"``."""
    return CHOICE_WORDS[choice]


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


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


def effect_words(rules: AddingRules, total: int, effect: PlayEffect, verbosity: str) -> str:
    """One way of playing, without the card: ``"to 97"``, ``"too high: 103"``,
    ``"to 35, costs you 1 for passing 33"``."""
    outcome = effect.outcome
    after = outcome.total
    if not effect.is_allowed:
        return f"too high: {after}"
    if after == total and not outcome.reverses and outcome.choice is None:
        words = f"stays {after}"
    else:
        words = f"to {after}"
    extras: list[str] = []
    if outcome.reverses and verbosity != BRIEF:
        extras.append("reverses")
    if outcome.skips and verbosity != BRIEF:
        extras.append("skips the next player")
    if rules.scoring is Scoring.LIMITS:
        if after > LIMIT:
            extras.append(f"over 99, costs you {effect.cost}")
        elif effect.cost:
            passed = [str(m) for m in TACTICAL_MARKS if total < m < after]
            extras.append(f"costs you {effect.cost} for passing {join_and(passed)}")
        if effect.wins_round:
            extras.append("wins the round, others lose 2")
        elif effect.others_lose:
            extras.append(f"others lose {effect.others_lose}")
    if outcome.reverses and verbosity == BRIEF:
        extras.append("reverses")
    return ", ".join([words, *extras])


def card_effect(rules: AddingRules, card: Card, total: int, verbosity: str = NORMAL) -> str:
    """The card and what it does now: ``"Queen, to 97"``, ``"King, to 99"``,
    ``"10, plus 10 to 95 or minus 10 to 75"``, ``"7, too high: 103"``."""
    name = card_name(card, verbosity)
    effects = play_effects(rules, card, total)
    if len(effects) == 1:
        return f"{name}, {effect_words(rules, total, effects[0], verbosity)}"
    parts = []
    for effect in effects:
        choice = effect.outcome.choice
        label = choice_words(choice) if choice is not None else ""
        parts.append(f"{label} {effect_words(rules, total, effect, verbosity)}".strip())
    return f"{name}, " + " or ".join(parts)


def choice_effect(
    rules: AddingRules, card: Card, total: int, choice: Choice, verbosity: str
) -> str:
    """One chosen way of playing a two-way card: ``"plus 10, to 95"``."""
    for effect in play_effects(rules, card, total):
        if effect.outcome.choice is choice:
            return f"{choice_words(choice)}, {effect_words(rules, total, effect, verbosity)}"
    return f"{choice_words(choice)} is not possible here"


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
