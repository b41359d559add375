"""The trick-taking game's events as utterances, each with its cue and the seat's position.

Another player's bid is only ever said to be made, never what it is, unless it is declared.
A computer player's card is ``mergeable`` (it may be dropped when play runs ahead of speech);
trick winners, bids made or broken and scores never are.
"""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.games.tricks import (
    BidDeclared,
    BidMade,
    CardPlayed,
    DealScored,
    DealStarted,
    Event,
    GameEnded,
    GameStarted,
    TrickWon,
)
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.tricks.phrases import (
    bid_text,
    suit_name,
    the_card,
    tricks_noun,
)
from ninetynine_audio.present.words import BRIEF, FULL, is_you, join_and, subject_verb

TRICKS_PER_DEAL = 9
CUE_CARD = "card_played"
CUE_TRICK_WON = "trick_won"
CUE_TRICK_LOST = "trick_lost"
CUE_BID_MADE = "bid_made"
CUE_BID_BROKEN = "bid_broken"
CUE_DEAL = "round_start"
CUE_WIN = "win"
CUE_LOSS = "loss"


def names_and(names: Sequence[str]) -> str:
    """``"You, Lily and Max"``."""
    return join_and(list(names))


def scores_text(players: Sequence[str], scores: Sequence[int]) -> str:
    """``"You 33, Lily 1, Max 5"``."""
    return ", ".join(f"{name} {score}" for name, score in zip(players, scores, strict=True))


def game_started_text(event: GameStarted, verbosity: str) -> str:
    """``"Trick-taking Ninety-Nine. You, Lily and Max, game to 100."``"""
    target = event.options.target
    if verbosity == BRIEF:
        return f"Tricks, to {target}"
    text = f"Trick-taking Ninety-Nine. {names_and(event.players)}, game to {target}"
    if event.options.declarations:
        text += ", with declarations"
    return text + "."


def deal_started_text(event: DealStarted, verbosity: str) -> str:
    """``"Deal 2, Lily deals, trumps hearts"``."""
    trumps = f"trumps {suit_name(event.trumps)}" if event.trumps else "no trumps"
    if verbosity == BRIEF:
        return f"Deal {event.deal}, {trumps}"
    dealer = "you deal" if is_you(event.dealer) else f"{event.dealer} deals"
    text = f"Deal {event.deal}, {dealer}, {trumps}"
    if verbosity == FULL:
        text += ". Choose three cards for your bid"
    return text


def bid_made_text(event: BidMade, listener: int | None, verbosity: str) -> str:
    """Your own bid in full; another player's only as made."""
    if event.seat == listener:
        return f"You {bid_text(event.cards)}" if verbosity != BRIEF else f"Bid {event.bid}"
    if verbosity == BRIEF:
        return f"{event.player} bid"
    return f"{event.player} has bid"


def bid_declared_text(event: BidDeclared, verbosity: str) -> str:
    """``"Lily declares: bid 5, two hearts and a spade"``."""
    verb = "reveal" if event.reveal else "declare"
    subject = subject_verb(event.player, verb, verb + "s")
    text = f"{subject}: {bid_text(event.cards)}"
    if event.reveal and verbosity != BRIEF:
        whose = "your" if is_you(event.player) else "the"
        text += f", and {'play' if is_you(event.player) else 'plays'} with {whose} hand open"
    return text


def card_played_text(event: CardPlayed, verbosity: str) -> str:
    """``"Lily plays the 9 of hearts"``; brief ``"Lily, 9 of hearts"``."""
    card = the_card(event.card)
    if verbosity == BRIEF:
        return f"{event.player}, {card[4:]}"
    verb = ("lead", "leads") if event.is_lead else ("play", "plays")
    text = f"{subject_verb(event.player, *verb)} {card}"
    if verbosity == FULL and event.is_lead:
        text += f" to trick {event.trick}"
    return text


def trick_won_text(event: TrickWon, verbosity: str) -> str:
    """``"Max wins trick 3 with the Ace of spades"``."""
    if verbosity == BRIEF:
        return (
            f"{subject_verb(event.winner, 'take', 'takes')} it, {the_card(event.winning_card)[4:]}"
        )
    text = (
        f"{subject_verb(event.winner, 'win', 'wins')} trick {event.trick}"
        f" with {the_card(event.winning_card)}"
    )
    if verbosity == FULL and event.tricks_won:
        has = "have" if is_you(event.winner) else "has"
        count = event.tricks_won[event.seat]
        text += f"; {'you' if is_you(event.winner) else event.winner} {has} {tricks_noun(count)}"
    return text


def bid_status(event: TrickWon, listener: int | None, bid: int | None) -> tuple[str, str] | None:
    """The cue and words when this trick made the listener's bid or put it out of reach."""
    if listener is None or bid is None or not event.tricks_won:
        return None
    taken = event.tricks_won[listener]
    left = TRICKS_PER_DEAL - event.trick
    before = taken - (1 if event.seat == listener else 0)
    if event.seat == listener and taken == bid:
        return CUE_BID_MADE, f"You have your {tricks_noun(bid)}: take no more"
    if event.seat == listener and taken == bid + 1:
        return CUE_BID_BROKEN, f"One trick too many: your bid of {bid} is broken"
    if event.seat != listener and before + left + 1 >= bid > taken + left:
        return CUE_BID_BROKEN, f"Your bid of {bid} is out of reach now"
    return None


def deal_scored_text(event: DealScored, listener: int | None, verbosity: str) -> str:
    """Brief by design: who made the bid, the deal's points, the totals."""
    made = [event.players[seat] for seat in event.made]
    if not made:
        made_words = "Nobody made the bid"
    elif listener is not None and listener in event.made:
        others = [name for name in made if name != event.players[listener]]
        made_words = "You made your bid" + (f", and so did {join_and(others)}" if others else "")
    else:
        made_words = f"{join_and(made)} made the bid"
    points = scores_text(event.players, event.points)
    totals = scores_text(event.players, event.scores)
    if verbosity == BRIEF:
        return f"{made_words}. Totals {totals}"
    text = f"Deal {event.deal} scored. {made_words}. Points: {points}. Totals: {totals}"
    if verbosity == FULL:
        text += ". The deal's details are on the details key"
    return text


def game_ended_text(event: GameEnded, verbosity: str) -> str:
    """``"You win with 103 points. Final totals: …"``."""
    top = event.scores[event.seat]
    text = f"{subject_verb(event.winner, 'win', 'wins')} with {top} points"
    if verbosity == BRIEF:
        return text
    return f"{text}. Final totals: {scores_text(event.players, event.scores)}"


def narrate(events: Sequence[Event], view: Perspective, bid: int | None = None) -> list[Utterance]:
    """The utterances for ``events``, oldest first.

    ``bid`` is the listener's bid in the deal being played, if made; it is read from the
    events instead when they make it or score the deal.
    """
    spoken: list[Utterance] = []
    v = view.verbosity
    scored = next((event for event in events if isinstance(event, DealScored)), None)
    if scored is not None and view.listener is not None:
        # the deal's last trick: its bid, not the next deal's (not made yet)
        bid = scored.bids[view.listener]
    for event in events:
        if isinstance(event, GameStarted):
            spoken.append(Utterance(game_started_text(event, v)))
        elif isinstance(event, DealStarted):
            spoken.append(Utterance(deal_started_text(event, v), cue=CUE_DEAL))
        elif isinstance(event, BidMade):
            if event.seat == view.listener:
                bid = event.bid
            spoken.append(
                Utterance(
                    bid_made_text(event, view.listener, v),
                    pan=view.pan(event.seat),
                    mergeable=event.seat != view.listener,
                )
            )
        elif isinstance(event, BidDeclared):
            spoken.append(Utterance(bid_declared_text(event, v), pan=view.pan(event.seat)))
        elif isinstance(event, CardPlayed):
            spoken.append(
                Utterance(
                    card_played_text(event, v),
                    cue=CUE_CARD,
                    pan=view.pan(event.seat),
                    mergeable=event.seat not in view.humans,
                )
            )
        elif isinstance(event, TrickWon):
            # Another player's trick has a sound of its own, placed at their seat.
            cue = CUE_TRICK_WON if event.seat == view.listener else CUE_TRICK_LOST
            spoken.append(Utterance(trick_won_text(event, v), cue=cue, pan=view.pan(event.seat)))
            status = bid_status(event, view.listener, bid)
            if status is not None:
                spoken.append(Utterance(status[1], cue=status[0]))
        elif isinstance(event, DealScored):
            spoken.append(Utterance(deal_scored_text(event, view.listener, v)))
            bid = None
        elif isinstance(event, GameEnded):
            cue = CUE_WIN if event.seat == view.listener else CUE_LOSS
            spoken.append(Utterance(game_ended_text(event, v), cue=cue))
    return spoken
