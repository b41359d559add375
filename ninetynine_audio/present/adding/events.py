"""Game events as short utterances, each with its sound cue and the seat's stereo position.

Game events wait their turn (``Priority.QUEUE``). A computer player's card and the other
narration of its move are ``mergeable``, so when a bot plays faster than speech the oldest of
them may be dropped; results (lives, players out, the end of a round or game) never are.
"""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.audio.utterance import Utterance, danger_cue_name
from ninetynine_audio.games.adding import (
    CardDrawn,
    CardPlayed,
    Direction,
    DirectionChanged,
    DrawMissed,
    Event,
    GameEnded,
    GameStarted,
    LivesChanged,
    PlayerOut,
    PlayerSkipped,
    PlayerStuck,
    RoundEnded,
    RoundStarted,
    StockRebuilt,
)
from ninetynine_audio.present.adding.effects import choice_words
from ninetynine_audio.present.adding.nouns import lives_noun
from ninetynine_audio.present.screens import game_title
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.words import (
    BRIEF,
    CUE_SEPARATOR,
    FULL,
    card_name,
    count_noun,
    is_you,
    join_and,
    object_name,
    ordinal,
    subject_verb,
)

CUE_CARD = "card_played"


def danger_cue(total: int) -> str | None:
    """The danger cue for a total of 90 to 99, else None."""
    return danger_cue_name(total)


def join_cues(*names: str | None) -> str | None:
    """Several cue names as one ``Utterance.cue`` (None when there are none)."""
    present = [name for name in names if name]
    return CUE_SEPARATOR.join(present) if present else None


def direction_words(direction: Direction) -> str:
    """``"clockwise"`` or ``"anticlockwise"``."""
    return "clockwise" if direction is Direction.CLOCKWISE else "anticlockwise"


def card_played_text(event: CardPlayed, verbosity: str) -> str:
    """``"Lily plays Queen, total 97"``; brief ``"Lily: Queen, 97"``."""
    card = card_name(event.card, verbosity)
    if event.choice is not None:
        card = f"{card} {choice_words(event.choice)}"
    if verbosity == BRIEF:
        return f"{event.player}: {card}, {event.total}"
    if verbosity == FULL:
        return f"{subject_verb(event.player, 'play', 'plays')} the {card}, total {event.total}"
    return f"{subject_verb(event.player, 'play', 'plays')} {card}, total {event.total}"


_REASONS = {
    "stuck": "stuck",
    "landed_33": "the landing on 33",
    "landed_66": "the landing on 66",
    "landed_99": "the landing on 99",
    "passed_33": "passing 33",
    "passed_66": "passing 66",
    "bust": "going over 99",
    "doubled_over_99": "doubling over 99",
}


def reason_words(reason: str) -> str:
    """Why lives changed, as words after "for": ``"passing 33"``."""
    return _REASONS.get(reason, reason.replace("_", " "))


def lives_changed_text(group: Sequence[LivesChanged], game: str, verbosity: str) -> str:
    """One sentence for lives that changed together for the same reason by the same amount."""
    first = group[0]
    loss = -first.change
    names = [e.player for e in group]
    left = ", ".join(f"{e.player} {e.lives if e.lives > 0 else 'out'}" for e in group)
    if len(group) == 1:
        subject = subject_verb(first.player, "lose", "loses")
        noun = lives_noun(game, loss)
        amount = f"a {noun}" if loss == 1 and game != "tactical" else f"{loss} {noun}"
        if first.lives <= 0:
            remaining = "none left" if verbosity == BRIEF else f"no {lives_noun(game, 2)} left"
        else:
            remaining = f"{first.lives} left"
        why = "" if first.reason == "stuck" else f" for {reason_words(first.reason)}"
        if verbosity == BRIEF:
            # Brief drops words, never facts: the reason stays.
            return f"{subject} {loss}{why}, {remaining}"
        return f"{subject} {amount}{why}, {remaining}"
    who = join_and([object_name(n) if i else n for i, n in enumerate(names)])
    why = reason_words(first.reason)
    if verbosity == BRIEF:
        return f"{who} lose {loss} for {why}: {left}"
    return f"{who} lose {loss} {lives_noun(game, loss)} each for {why}. Left: {left}"


def _group_lives(events: Sequence[Event]) -> list[Event | tuple[LivesChanged, ...]]:
    grouped: list[Event | tuple[LivesChanged, ...]] = []
    for event in events:
        last = grouped[-1] if grouped else None
        if (
            isinstance(event, LivesChanged)
            and isinstance(last, tuple)
            and last[0].reason == event.reason
            and last[0].change == event.change
        ):
            grouped[-1] = (*last, event)
        elif isinstance(event, LivesChanged):
            grouped.append((event,))
        else:
            grouped.append(event)
    return grouped


def players_out_text(outs: Sequence[PlayerOut], verbosity: str) -> str:
    """``"You are out, 3rd place"``; several at once ``"Lily and Max are out together: Lily
    3rd, Max 4th"``."""
    if len(outs) == 1:
        out = outs[0]
        verb = subject_verb(out.player, "are", "is")
        if verbosity == BRIEF:
            return f"{verb} out, {ordinal(out.place)}"
        return f"{verb} out, {ordinal(out.place)} place"
    names = join_and([o.player for o in outs])
    places = ", ".join(f"{o.player} {ordinal(o.place)}" for o in outs)
    if verbosity == BRIEF:
        return f"{names} out: {places}"
    return f"{names} are out together: {places}"


def narrate(events: Sequence[Event], view: Perspective) -> list[Utterance]:
    """The utterances for ``events``, oldest first (an event may say nothing).

    A player going out is told with their place, even when the game ends in the same play;
    players put out by one play are told together, in the order of their places.
    """
    spoken: list[Utterance] = []
    for item in _group_lives(events):
        if isinstance(item, tuple):
            text = lives_changed_text(item, view.game, view.verbosity)
            spoken.append(Utterance(text, cue="life_lost", pan=view.pan(item[0].seat)))
            continue
        spoken.extend(event_utterances(item, view))
    return _join_outs(spoken, events, view)


def _join_outs(
    spoken: list[Utterance], events: Sequence[Event], view: Perspective
) -> list[Utterance]:
    """Several players put out by one play are said in one sentence."""
    outs = [e for e in events if isinstance(e, PlayerOut)]
    if len(outs) < 2:
        return spoken
    alone = {players_out_text((o,), view.verbosity) for o in outs}
    together = players_out_text(sorted(outs, key=lambda o: o.place), view.verbosity)
    joined: list[Utterance] = []
    placed = False
    for utterance in spoken:
        if utterance.text in alone:
            if not placed:
                joined.append(Utterance(together, cue="player_out", pan=0.0))
                placed = True
            continue
        joined.append(utterance)
    return joined


def event_utterances(event: Event, view: Perspective) -> list[Utterance]:
    """The utterances for one event."""
    v = view.verbosity
    if isinstance(event, GameStarted):
        return [Utterance(game_started_text(event, v))]
    if isinstance(event, RoundStarted):
        return [Utterance(round_started_text(event, view), cue="round_start")]
    if isinstance(event, CardPlayed):
        cue = join_cues(CUE_CARD, danger_cue(event.total))
        return [
            Utterance(
                card_played_text(event, v),
                cue=cue,
                pan=view.pan(event.seat),
                mergeable=view.is_bot(event.seat),
            )
        ]
    if isinstance(event, DirectionChanged):
        text = (
            "Reversed"
            if v == BRIEF
            else f"Direction reversed, now {direction_words(event.direction)}"
        )
        return [Utterance(text, cue="direction_reversed")]
    if isinstance(event, PlayerSkipped):
        text = f"{event.player} skipped" if v == BRIEF else f"{_skip_text(event.player)}"
        return [Utterance(text, cue="player_skipped", pan=view.pan(event.seat))]
    if isinstance(event, CardDrawn):
        if event.seat != view.listener:
            return []
        card = card_name(event.card, v)
        text = (
            f"Drew {card}"
            if v == BRIEF
            else f"{subject_verb(event.player, 'draw', 'draws')} {card}"
        )
        return [Utterance(text, pan=view.pan(event.seat))]
    if isinstance(event, DrawMissed):
        verb = subject_verb(event.player, "miss", "misses")
        text = f"{verb} the draw and {'stay' if is_you(event.player) else 'stays'} a card short"
        return [Utterance(text, pan=view.pan(event.seat))]
    if isinstance(event, StockRebuilt):
        text = (
            f"Stock reshuffled, {event.cards}"
            if v == BRIEF
            else f"The stock is rebuilt from the pile: {count_noun(event.cards, 'card', 'cards')}"
        )
        # The pile becoming the stock changes what can still come: never dropped.
        return [Utterance(text)]
    if isinstance(event, PlayerStuck):
        cards = join_and([card_name(c, v) for c in event.hand])
        verb = subject_verb(event.player, "are", "is")
        text = f"{verb} stuck at {event.total}" + (f" with {cards}" if cards else "")
        return [Utterance(text, pan=view.pan(event.seat))]
    if isinstance(event, LivesChanged):
        text = lives_changed_text((event,), view.game, v)
        return [Utterance(text, cue="life_lost", pan=view.pan(event.seat))]
    if isinstance(event, PlayerOut):
        text = players_out_text((event,), v)
        return [Utterance(text, cue="player_out", pan=view.pan(event.seat))]
    if isinstance(event, RoundEnded):
        if event.winner is not None:
            verb = subject_verb(event.winner, "win", "wins")
            return [Utterance(f"{verb} round {event.round} on 99")]
        if v == FULL:
            return [Utterance(f"Round {event.round} is over")]
        return []
    if isinstance(event, GameEnded):
        return [game_ended_utterance(event, view)]
    return []  # pragma: no cover - every event kind is handled above


def _skip_text(name: str) -> str:
    return "You are skipped" if is_you(name) else f"{name} is skipped"


def game_started_text(event: GameStarted, verbosity: str) -> str:
    """``"Classic. You, Lily, Max and Zoe, 5 lives each."``"""
    title = game_title(event.game)
    lives = event.lives[0] if event.lives else 0
    each = f"{lives} {lives_noun(event.game, lives)} each"
    if verbosity == BRIEF:
        return f"{title}, {each}"
    return f"{title}. {join_and(list(event.players))}. {each}"


def round_started_text(event: RoundStarted, view: Perspective) -> str:
    """``"Round 2. Lily starts. Your cards: Queen, 5 and 9."``"""
    v = view.verbosity
    starts = subject_verb(event.starter, "start", "starts")
    parts = [f"Round {event.round}", starts]
    if v != BRIEF and event.direction is not Direction.CLOCKWISE:
        parts.append(direction_words(event.direction))
    if view.listener is not None:
        own = view.players[view.listener]
        for name, hand in event.hands:
            if name == own:
                cards = join_and([card_name(c, v) for c in hand])
                parts.append(cards if v == BRIEF else f"Your cards: {cards}")
    return ". ".join(parts)


def game_ended_utterance(event: GameEnded, view: Perspective) -> Utterance:
    """The result, with the win or loss cue from the humans' point of view."""
    v = view.verbosity
    human_names = {view.players[s] for s in view.humans}
    place_of = {name: index + 1 for index, name in enumerate(event.places)}
    if event.winner is None:
        head = "Game over"
    else:
        head = f"{subject_verb(event.winner, 'win', 'wins')} the game"
    parts = [head]
    # With one player at the keyboard the results that follow give the place; with several,
    # each human's place is said here.
    humans_placed = [n for n in event.places if n in human_names and n != event.winner]
    if len(human_names) == 1:
        humans_placed = []
    for name in humans_placed:
        verb = subject_verb(name, "finish", "finishes")
        parts.append(f"{verb} {ordinal(place_of[name])}")
    if v != BRIEF:
        listing = ", ".join(f"{ordinal(i + 1)} {n}" for i, n in enumerate(event.places))
        parts.append(f"Places: {listing}")
        if v == FULL:
            parts.append(f"{count_noun(event.rounds, 'round', 'rounds')} played")
    won = event.winner is not None and (event.winner in human_names or not human_names)
    return Utterance(". ".join(parts), cue="win" if won else "loss")
