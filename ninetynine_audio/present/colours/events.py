"""The colour game's events as speech.

A person's own moves are said one by one as they happen. A computer player's turn is said
once, when it is over, in a few words ("Lily: row of 5, three cards on the piles, drew 3"),
so a fast game never piles up speech; what changes a score (a row scored, an emptied draw
pile), an extra turn and the end of the game are always said. The full account of the last
computer turn is kept for the player who asks for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.games.colours import (
    CardsDealt,
    CardsDrawn,
    DrawPileRenewed,
    Event,
    GameEnded,
    GameStarted,
    PileCardPlayed,
    ReserveRebuilt,
    RowCardPlaced,
    RowScored,
    TurnStarted,
)
from ninetynine_audio.present.colours.words import (
    card_name,
    cards_text,
    number_word,
    pile_name,
    placed_text,
    ways_text,
)
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.words import (
    BRIEF,
    FULL,
    NORMAL,
    count_noun,
    is_you,
    join_and,
    ordinal,
    subject_verb,
)

CUE_ROW_SCORED = "row_scored"
CUE_PILE_RENEWED = "pile_renewed"
CUE_EXTRA_TURN = "extra_turn"
CUE_CARD = "card_played"


def scored_text(event: RowScored, verbosity: str) -> str:
    """``"Lily scores a row of 4: 16 points, 52 in all"``."""
    count = len(event.cards)
    if verbosity == BRIEF:
        return f"{event.player}: row of {count}, {event.points}, now {event.score}"
    why = ""
    if event.forced:
        why = "no card fits, so " if is_you(event.player) else "no card fits: "
    who = subject_verb(event.player, "score", "scores")
    if event.forced and is_you(event.player):
        who = "you score"
    points = count_noun(event.points, "point", "points")
    text = f"{why}{who} a row of {count}: {points}, {event.score} in all"
    return text[0].upper() + text[1:]


def renewed_text(event: DrawPileRenewed, verbosity: str) -> str:
    """``"Lily's draw pile is empty: 15 points, 64 in all"``."""
    whose = "Your" if is_you(event.player) else f"{event.player}'s"
    if verbosity == BRIEF:
        return f"{event.player}: pile empty, 15, now {event.score}"
    points = count_noun(event.points, "point", "points")
    text = f"{whose} draw pile is empty: {points}, {event.score} in all"
    if len(event.cards) < 15:
        text += f". Only {len(event.cards)} new cards"
    elif verbosity == FULL:
        text += ", and 15 new cards"
    return text


def ended_text(event: GameEnded) -> str:
    """``"Lily wins with 104. You 71, Max 40"``."""
    scores = dict(zip(event.players, event.scores, strict=True))
    rest = [f"{name} {score}" for name, score in scores.items() if name != event.winner]
    head = (
        f"You win with {scores[event.winner]}"
        if is_you(event.winner)
        else f"{event.winner} wins with {scores[event.winner]}"
    )
    return f"{head}. {join_and(rest)}"


@dataclass
class TurnNotes:
    """What one computer turn did, gathered until the turn is over."""

    player: str
    seat: int
    extra: bool = False
    row_card: RowCardPlaced | None = None
    plays: list[PileCardPlayed] = field(default_factory=list)
    drawn: int = 0
    scored_after_card: bool = False
    """The row was scored after this turn's row card: it is empty now."""

    def summary(self, verbosity: str) -> str:
        """``"Lily: row of 5, three cards on the piles, drew 3"``; after a row scored
        ``"Lily: row now empty, …"``."""
        parts: list[str] = []
        if self.row_card is None or self.scored_after_card:
            parts.append("row 0" if verbosity == BRIEF else "row now empty")
        else:
            length = len(self.row_card.row)
            if verbosity == FULL:
                parts.append(f"{card_name(self.row_card.card)} in the row, now {length}")
            elif verbosity == BRIEF:
                parts.append(f"row {length}")
            elif length == 1:
                parts.append("new row")
            else:
                parts.append(f"row of {length}")
        count = len(self.plays)
        if verbosity == FULL and self.plays:
            plays = [f"{card_name(p.card)} {pile_name(p.pile)}" for p in self.plays]
            parts.append("on the piles " + ", ".join(plays))
        elif verbosity == BRIEF:
            parts.append(f"{count} on piles")
        elif count == 1:
            parts.append("one card on the piles")
        else:
            parts.append(f"{number_word(count)} cards on the piles")
        # Drawing back up after the row card and each pile play is the usual: only a
        # different count is news (a short draw pile, or a turn with a short hand).
        if verbosity != NORMAL or self.drawn != count + 1:
            parts.append(f"drew {self.drawn}")
        return f"{self.player}: " + ", ".join(parts)


def account_text(event: RowCardPlaced | PileCardPlayed | CardsDrawn, verbosity: str) -> str:
    """One step of a computer turn told alone: ``"Lily: purple 9 on grey 3, left, same
    colour"``."""
    if isinstance(event, RowCardPlaced):
        if verbosity == BRIEF:
            return f"{event.player}: row {len(event.row)}"
        return f"{event.player}: {card_name(event.card)} in the row, now {len(event.row)}"
    if isinstance(event, PileCardPlayed):
        if verbosity == BRIEF:
            return f"{event.player}: {card_name(event.card)} {pile_name(event.pile)}"
        return (
            f"{event.player}: {card_name(event.card)} on {card_name(event.onto)},"
            f" {pile_name(event.pile)}, {ways_text(event.ways)}"
        )
    return f"{event.player} drew {len(event.cards)}"


def narrate(events: Sequence[Event], perspective: Perspective) -> list[Utterance]:
    """Every event told as it happens, a computer's steps one by one (the table itself says a
    computer turn as one summary: see :class:`Narrator`)."""
    narrator = Narrator(summarise=False)
    return narrator.narrate(events, perspective)


class Narrator:
    """Turns batches of events into utterances, gathering computer turns into one summary
    (unless ``summarise`` is false: then each step is told alone)."""

    def __init__(self, summarise: bool = True) -> None:
        self.summarise = summarise
        self.notes: TurnNotes | None = None
        self.last_account: list[str] = []
        self._account: list[str] = []
        self._turns: dict[int, int] = {}  # each seat's turns so far (the events count all)

    def narrate(self, events: Sequence[Event], perspective: Perspective) -> list[Utterance]:
        """The utterances for one batch of events."""
        out: list[Utterance] = []
        v = perspective.verbosity
        for event in events:
            out.extend(self._one(event, perspective, v))
        return out

    def _say(
        self,
        text: str,
        perspective: Perspective,
        seat: int | None = None,
        cue: str | None = None,
        mergeable: bool = False,
    ) -> Utterance:
        pan = perspective.pan(seat) if seat is not None else 0.0
        return Utterance(text, cue=cue, pan=pan, mergeable=mergeable)

    def _flush(self, perspective: Perspective) -> list[Utterance]:
        notes = self.notes
        self.notes = None
        if notes is None:
            return []
        self.last_account = self._account
        self._account = []
        text = notes.summary(perspective.verbosity)
        return [self._say(text, perspective, notes.seat, mergeable=True)]

    def _one(self, event: Event, p: Perspective, v: str) -> list[Utterance]:
        if isinstance(event, GameStarted):
            names = join_and(list(event.players))
            text = f"Colours: {names}. First to 99 points wins"
            if event.pro_variant:
                text += ", with extra turns"
            return [self._say(text, p)]
        if isinstance(event, CardsDealt):
            return [] if v == BRIEF else [self._say(f"{event.dealer} deals", p)]
        if isinstance(event, TurnStarted):
            out = self._flush(p)
            if not self.summarise:
                if p.is_bot(event.seat) or p.listener != event.seat:
                    text = (
                        f"{event.player}'s extra turn" if event.extra else f"{event.player}'s turn"
                    )
                    return [self._say(text, p, event.seat, CUE_EXTRA_TURN if event.extra else None)]
                return [self._say("Your extra turn" if event.extra else "Your turn", p, event.seat)]
            own_turn = self._turns.get(event.seat, 0) + 1
            self._turns[event.seat] = own_turn
            if p.is_bot(event.seat):
                self.notes = TurnNotes(event.player, event.seat, event.extra)
                self._account = [f"{event.player}'s {ordinal(own_turn)} turn"]
                if event.extra:
                    out.append(
                        self._say(f"{event.player}: extra turn", p, event.seat, CUE_EXTRA_TURN)
                    )
            elif event.extra:
                out.append(self._say("Extra turn!", p, event.seat, CUE_EXTRA_TURN))
            return out
        if isinstance(event, GameEnded):
            out = self._flush(p)
            out.append(self._say(ended_text(event), p, event.winner_seat))
            return out
        if isinstance(event, RowScored):
            text = scored_text(event, v)
            self._account.append(text)
            if self.notes is not None and self.notes.seat == event.seat:
                self.notes.scored_after_card = self.notes.row_card is not None
            return [self._say(text, p, event.seat, CUE_ROW_SCORED)]
        if isinstance(event, DrawPileRenewed):
            text = renewed_text(event, v)
            self._account.append(text)
            return [self._say(text, p, event.seat, CUE_PILE_RENEWED)]
        if isinstance(event, ReserveRebuilt):
            return [] if v != FULL else [self._say("The reserve is made up again", p)]
        steps = RowCardPlaced | PileCardPlayed | CardsDrawn
        notes = self.notes
        if notes is not None and isinstance(event, steps):
            self._note(notes, event)
            return []
        if not self.summarise and isinstance(event, steps) and p.is_bot(event.seat):
            return [self._say(account_text(event, v), p, event.seat, mergeable=True)]
        return self._own(event, p, v)

    def _note(self, notes: TurnNotes, event: RowCardPlaced | PileCardPlayed | CardsDrawn) -> None:
        if isinstance(event, RowCardPlaced):
            notes.row_card = event
        elif isinstance(event, PileCardPlayed):
            notes.plays.append(event)
        else:
            notes.drawn += len(event.cards)
        self._account.append(account_text(event, FULL))

    def _own(self, event: Event, p: Perspective, v: str) -> list[Utterance]:
        """A person's move, said as it happens (their own cards only to themselves)."""
        if isinstance(event, RowCardPlaced):
            length = len(event.row)
            if v == BRIEF:
                text = f"{card_name(event.card)}, row {length}"
            else:
                text = placed_text(subject_verb(event.player, "put", "puts"), event.card, length)
            if p.listener == event.seat and v != FULL:
                # The player hears the card's sound; the table says the card with what fits
                # the piles now in one line (``queries.fits_text``), which the next key cuts.
                return [self._say("", p, event.seat, CUE_CARD)]
            return [self._say(text, p, event.seat, CUE_CARD)]
        if isinstance(event, PileCardPlayed):
            # A short confirmation that the next key may cut off: what fits now follows.
            where = pile_name(event.pile)
            if v == BRIEF:
                text = f"{card_name(event.card)} {where}"
            elif v == FULL:
                text = f"{card_name(event.card)} on the {where}, {ways_text(event.ways)}"
            else:
                text = f"{card_name(event.card)} on the {where}"
            if p.listener == event.seat and v != FULL:
                # The player hears the card's sound; the table then says the new top and
                # what fits now in one line (``queries.fits_text``).
                return [self._say("", p, event.seat, CUE_CARD)]
            if p.listener == event.seat:
                text = text[0].upper() + text[1:]
            else:
                text = f"{event.player}: {text}"
            return [self._say(text, p, event.seat, CUE_CARD, mergeable=True)]
        if isinstance(event, CardsDrawn):
            mine = p.listener == event.seat
            if mine and v != FULL:
                # Drawing back up to six is the usual end of a turn, as for the computers:
                # nothing can be done with the new cards until the next turn, when H reads
                # them; a short new draw pile is said with the 15 points.
                return []
            if mine:
                text = f"You draw {cards_text(event.cards)}"
            else:
                text = f"{event.player} draws {len(event.cards)}"
            return [self._say(text, p, event.seat)]
        return []
