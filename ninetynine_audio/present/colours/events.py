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
from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    DRAW_PILE_SIZE,
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
from ninetynine_audio.i18n import _, ngettext, pgettext
from ninetynine_audio.present.colours.words import (
    LEFT,
    capitalised,
    card_name,
    cards_on_piles_text,
    cards_text,
    joined_sentences,
    placed_text,
    ways_text,
)
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.words import (
    BRIEF,
    FULL,
    NORMAL,
    is_you,
    join_and,
    seat_name,
)
from ninetynine_audio.present.words import separated as comma_list

CUE_ROW_SCORED = "row_scored"
CUE_PILE_RENEWED = "pile_renewed"
CUE_EXTRA_TURN = "extra_turn"
CUE_CARD = "card_played"


def scored_text(event: RowScored, verbosity: str) -> str:
    """``"Lily scores 16, now 52"``; in full ``"Lily scores a row of 4: 16 points, 52 in
    all"``.

    Below full a score says the points and the new score: the row's length is in the points
    (a row of 4 is worth 16) and in the turn's words before; only the player's own row scored
    because no card fitted it says why.
    """
    values = {
        "player": seat_name(event.player),
        "count": len(event.cards),
        "points": event.points,
        "score": event.score,
    }
    you = is_you(event.player)
    if verbosity == BRIEF:
        # Translators: brief: a row of {count} cards scored {points}, the score is now {score}.
        return _("{player}: row of {count}, {points}, now {score}").format(**values)
    if verbosity == NORMAL:
        if event.forced and you:
            # Translators: no hand card fits the player's row, so it is scored: {points}
            # points for it, {score} the player's score now.
            return _("Nothing fits your row: you score {points}, now {score}").format(**values)
        if you:
            # Translators: the player scored their row: {points} points for it, {score} their
            # score now ("You score 16, now 52").
            return _("You score {points}, now {score}").format(**values)
        # Translators: another player's row scored: {points} points for it, {score} their
        # score now ("Lily scores 16, now 52").
        return _("{player} scores {points}, now {score}").format(**values)
    n = event.points
    if event.forced and you:
        # Translators: a row of {count} cards scored for {points} points (count × count);
        # {score} is the player's score now.
        text = ngettext(
            "No card fits, so you score a row of {count}: {points} point, {score} in all",
            "No card fits, so you score a row of {count}: {points} points, {score} in all",
            n,
        )
    elif event.forced:
        text = ngettext(
            "No card fits: {player} scores a row of {count}: {points} point, {score} in all",
            "No card fits: {player} scores a row of {count}: {points} points, {score} in all",
            n,
        )
    elif you:
        text = ngettext(
            "You score a row of {count}: {points} point, {score} in all",
            "You score a row of {count}: {points} points, {score} in all",
            n,
        )
    else:
        text = ngettext(
            "{player} scores a row of {count}: {points} point, {score} in all",
            "{player} scores a row of {count}: {points} points, {score} in all",
            n,
        )
    return text.format(**values)


def renewed_text(event: DrawPileRenewed, verbosity: str) -> str:
    """``"Draw pile empty: Lily scores 15, now 64"``; in full ``"Lily's draw pile is empty:
    15 points, 64 in all, and 15 new cards"``."""
    values = {"player": seat_name(event.player), "points": event.points, "score": event.score}
    if verbosity == BRIEF:
        # Translators: brief: the draw pile is empty, 15 points for it, the score is now {score}.
        return _("{player}: pile empty, 15, now {score}").format(**values)
    you = is_you(event.player)
    short = len(event.cards) < 15
    n = event.points
    if verbosity == NORMAL and you:
        # Translators: the player's draw pile is empty: {points} points for it, {score} their
        # score now; it is made up again from the reserve.
        text = _("Draw pile empty: you score {points}, now {score}")
    elif verbosity == NORMAL:
        # Translators: another player's draw pile is empty: {points} points for it, {score}
        # their score now ("Draw pile empty: Lily scores 15, now 64").
        text = _("Draw pile empty: {player} scores {points}, now {score}")
    elif not short:
        if you:
            text = ngettext(
                "Your draw pile is empty: {points} point, {score} in all, and 15 new cards",
                "Your draw pile is empty: {points} points, {score} in all, and 15 new cards",
                n,
            )
        else:
            text = ngettext(
                "{player}'s draw pile is empty: {points} point, {score} in all, and 15 new cards",
                "{player}'s draw pile is empty: {points} points, {score} in all, and 15 new cards",
                n,
            )
    elif you:
        text = ngettext(
            "Your draw pile is empty: {points} point, {score} in all",
            "Your draw pile is empty: {points} points, {score} in all",
            n,
        )
    else:
        text = ngettext(
            "{player}'s draw pile is empty: {points} point, {score} in all",
            "{player}'s draw pile is empty: {points} points, {score} in all",
            n,
        )
    text = text.format(**values)
    if short:
        count = len(event.cards)
        # Translators: said after "Your draw pile is empty: …" when fewer than 15 cards
        # were left in the reserve to make the new draw pile.
        more = ngettext("Only {count} new card", "Only {count} new cards", count)
        text = joined_sentences([text, more.format(count=count)])
    return text


def ended_text(event: GameEnded) -> str:
    """``"Lily wins with 104. You 71, Max 40"``."""
    scores = dict(zip(event.players, event.scores, strict=True))
    # Translators: a player's name and final score, in the list after the winner.
    rest = [
        pgettext("player and score", "{player} {score}").format(player=seat_name(name), score=score)
        for name, score in scores.items()
        if name != event.winner
    ]
    if is_you(event.winner):
        # Translators: {others} is the list of the other players with their scores.
        text = _("You win with {score}. {others}")
    else:
        # Translators: {others} is the list of the other players with their scores.
        text = _("{player} wins with {score}. {others}")
    return text.format(player=event.winner, score=scores[event.winner], others=join_and(rest))


def pile_play_text(card: ColourCard, pile: int) -> str:
    """``"purple 9 left"``: a pile play in a computer turn's full summary."""
    if pile == LEFT:
        # Translators: a card played onto the left pile, in a list of plays.
        return _("{card} left").format(card=card_name(card))
    # Translators: a card played onto the right pile, in a list of plays.
    return _("{card} right").format(card=card_name(card))


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
    renewed: DrawPileRenewed | None = None
    """The draw pile emptied in this turn and was made up again (told in the summary)."""

    def summary(self, verbosity: str) -> str:
        """``"Lily: row 5, 3 on piles"`` (``"Lily: new row, …"``; ``"Lily: 3 on piles"`` after
        the row was scored, which was said just before); in full
        ``"Lily: purple 9 in the row, now 5, on the piles red 8 left, …, drew 3"``.

        The summary is a list of short parts, each one message: the row, the piles, the draw.
        Below full it says what a player needs of another's turn in as few words as brief
        does (three of them come between two of the player's turns): the row's length, how
        many cards went on the piles (the new tops open the player's turn), the draw when it
        is not the usual one back up to six, and a draw pile that emptied with its points and
        the new score (said with the pile's sound); L tells the whole turn.
        """
        parts: list[str] = []
        if self.scored_after_card and verbosity != FULL:
            pass  # the row's score was said just before: it is empty
        elif self.row_card is None or self.scored_after_card:
            # Translators: the parts of a computer turn's summary ("Lily: row 5, 3 on
            # piles"), each said alone and separated by commas.
            parts.append(_("row 0") if verbosity != FULL else _("row now empty"))
        elif verbosity == FULL:
            parts.append(
                _("{card} in the row, now {length}").format(
                    card=card_name(self.row_card.card), length=len(self.row_card.row)
                )
            )
        elif verbosity == NORMAL and len(self.row_card.row) == 1:
            parts.append(_("new row"))
        else:
            parts.append(_("row {length}").format(length=len(self.row_card.row)))
        count = len(self.plays)
        if verbosity == FULL and self.plays:
            plays = comma_list([pile_play_text(p.card, p.pile) for p in self.plays])
            # Translators: a part of a computer turn's summary: {plays} is a list of cards
            # with their piles ("purple 9 left, red 2 right").
            parts.append(_("on the piles {plays}").format(plays=plays))
        elif verbosity == FULL:
            parts.append(cards_on_piles_text(count))
        else:
            # Translators: a part of a computer turn's summary, its pile plays ("Lily: row
            # 5, 3 on piles").
            plays = ngettext("{count} on piles", "{count} on piles", count)
            parts.append(plays.format(count=count))
        # Drawing back up after the row card and each pile play is the usual: only a
        # different count is news (a short draw pile, or a turn with a short hand).
        if verbosity == FULL or self.drawn != count + 1:
            # Translators: the last part of a computer turn's summary: it drew {count} cards.
            drew = ngettext("drew {count}", "drew {count}", self.drawn)
            parts.append(drew.format(count=self.drawn))
        if self.renewed is not None:
            # Translators: the last part of a computer turn's summary ("Lily: row 5, 3 on
            # piles, draw pile empty: 15, now 64"): its draw pile emptied, {points} points
            # for it, {score} its score now.
            empty = _("draw pile empty: {points}, now {score}")
            parts.append(empty.format(points=self.renewed.points, score=self.renewed.score))
        # Translators: a computer turn's summary: the player, then its parts ("row 5, 3 on
        # piles").
        return _("{player}: {summary}").format(player=self.player, summary=comma_list(parts))


def account_text(event: RowCardPlaced | PileCardPlayed | CardsDrawn, verbosity: str) -> str:
    """One step of a computer turn told alone: ``"Lily: purple 9 on grey 3, left, same
    colour"``."""
    player = seat_name(event.player)
    if isinstance(event, RowCardPlaced):
        if verbosity == BRIEF:
            # Translators: one step of a computer turn told alone: its row card, the row
            # now {length} cards long.
            return _("{player}: row {length}").format(player=player, length=len(event.row))
        return _("{player}: {card} in the row, now {length}").format(
            player=player, card=card_name(event.card), length=len(event.row)
        )
    if isinstance(event, PileCardPlayed):
        left = event.pile == LEFT
        card = card_name(event.card)
        if verbosity == BRIEF:
            if left:
                # Translators: brief: a card played onto the left pile.
                return _("{player}: {card} left").format(player=player, card=card)
            return _("{player}: {card} right").format(player=player, card=card)
        if left:
            # Translators: {onto} is the card that was on top of the pile, {ways} how the card
            # fits it ("same colour and sum ten").
            text = _("{player}: {card} on {onto}, left, {ways}")
        else:
            text = _("{player}: {card} on {onto}, right, {ways}")
        return text.format(
            player=player, card=card, onto=card_name(event.onto), ways=ways_text(event.ways)
        )
    count = len(event.cards)
    return ngettext("{player} drew {count}", "{player} drew {count}", count).format(
        player=player, count=count
    )


def narrate(events: Sequence[Event], perspective: Perspective) -> list[Utterance]:
    """Every event told as it happens, a computer's steps one by one (the table itself says a
    computer turn as one summary: see :class:`Narrator`)."""
    narrator = Narrator(summarise=False)
    return narrator.narrate(events, perspective)


class Narrator:
    """Turns batches of events into utterances, gathering computer turns into one summary
    (unless ``summarise`` is false: then each step is told alone). With ``recap`` every turn
    but the listener's is summarised, a person's as a computer's: turns told after they are
    over, to a player back at the keys of a hot seat."""

    def __init__(self, summarise: bool = True, *, recap: bool = False) -> None:
        self.summarise = summarise
        self.recap = recap
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
        until_action: bool = False,
    ) -> Utterance:
        pan = perspective.pan(seat) if seat is not None else 0.0
        return Utterance(text, cue=cue, pan=pan, mergeable=mergeable, until_action=until_action)

    def _flush(self, perspective: Perspective) -> list[Utterance]:
        notes = self.notes
        self.notes = None
        if notes is None:
            return []
        self.last_account = self._account
        self._account = []
        text = notes.summary(perspective.verbosity)
        cue = CUE_PILE_RENEWED if notes.renewed is not None else None
        return [self._say(text, perspective, notes.seat, cue, mergeable=True)]

    def _their_turn(self, event: TurnStarted, p: Perspective) -> Utterance:
        """Another player's turn named as it starts ("Ben's turn", "Ben's extra turn")."""
        text = _("{player}'s extra turn") if event.extra else _("{player}'s turn")
        cue = CUE_EXTRA_TURN if event.extra else None
        return self._say(text.format(player=seat_name(event.player)), p, event.seat, cue)

    def _one(self, event: Event, p: Perspective, v: str) -> list[Utterance]:
        if isinstance(event, GameStarted):
            names = join_and([seat_name(name) for name in event.players])
            if event.pro_variant:
                # Translators: a game of Colours begins; {players} is the list of players.
                text = _("Colours: {players}. First to 99 points wins, with extra turns")
            else:
                text = _("Colours: {players}. First to 99 points wins")
            return [self._say(text.format(players=names), p, until_action=True)]
        if isinstance(event, CardsDealt):
            if v == BRIEF:
                return []
            dealer = _("You deal") if is_you(event.dealer) else _("{player} deals")
            return [self._say(dealer.format(player=event.dealer), p, until_action=True)]
        if isinstance(event, TurnStarted):
            out = self._flush(p)
            if not self.summarise:
                if p.is_bot(event.seat) or p.listener != event.seat:
                    return [self._their_turn(event, p)]
                text = _("Your extra turn") if event.extra else _("Your turn")
                return [self._say(text, p, event.seat)]
            own_turn = self._turns.get(event.seat, 0) + 1
            self._turns[event.seat] = own_turn
            if p.is_bot(event.seat) or (self.recap and event.seat != p.listener):
                self.notes = TurnNotes(event.player, event.seat, event.extra)
                self._account = [
                    # Translators: the heading of a computer turn's full account: Lily's
                    # third turn of the game ("Lily's turn 3"), a number, not an ordinal.
                    _("{player}'s turn {number}").format(player=event.player, number=own_turn)
                ]
                if event.extra:
                    out.append(
                        self._say(
                            _("{player}: extra turn").format(player=event.player),
                            p,
                            event.seat,
                            CUE_EXTRA_TURN,
                        )
                    )
            elif p.listener is not None and p.listener != event.seat:
                # Another person's turn (at an online table): a computer's turn is told
                # when it ends, but a person's is named now, or whoever just ended their
                # turn would hear nothing of where it went.
                out.append(self._their_turn(event, p))
            elif event.extra:
                out.append(self._say(_("Extra turn!"), p, event.seat, CUE_EXTRA_TURN))
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
            notes = self.notes
            whole = len(event.cards) == DRAW_PILE_SIZE
            if notes is not None and notes.seat == event.seat and v != FULL and whole:
                # Told as the last part of the turn's summary, with the pile's sound.
                notes.renewed = event
                return []
            return [self._say(text, p, event.seat, CUE_PILE_RENEWED)]
        if isinstance(event, ReserveRebuilt):
            return [] if v != FULL else [self._say(_("The reserve is made up again"), p)]
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
            if p.listener == event.seat and v != FULL:
                # The player hears the card's sound; the table says the card with what fits
                # the piles now in one line (``queries.fits_text``), which the next key cuts.
                return [self._say("", p, event.seat, CUE_CARD)]
            length = len(event.row)
            if v == BRIEF:
                text = _("{card}, row {length}").format(card=card_name(event.card), length=length)
            else:
                text = placed_text(event.player, event.card, length)
            return [self._say(text, p, event.seat, CUE_CARD)]
        if isinstance(event, PileCardPlayed):
            # A short confirmation that the next key may cut off: what fits now follows.
            mine = p.listener == event.seat
            if mine and v != FULL:
                # The player hears the card's sound; the table then says the new top and
                # what fits now in one line (``queries.fits_text``).
                return [self._say("", p, event.seat, CUE_CARD)]
            text = pile_card_text(event, v, None if mine else seat_name(event.player))
            return [self._say(text, p, event.seat, CUE_CARD, mergeable=True)]
        if isinstance(event, CardsDrawn):
            mine = p.listener == event.seat
            if mine and v != FULL:
                # Drawing back up to six is the usual end of a turn, as for the computers:
                # nothing can be done with the new cards until the next turn, when H reads
                # them; a short new draw pile is said with the 15 points.
                return []
            if mine:
                text = _("You draw {cards}").format(cards=cards_text(event.cards))
            else:
                count = len(event.cards)
                text = ngettext("{player} draws {count}", "{player} draws {count}", count).format(
                    player=seat_name(event.player), count=count
                )
            return [self._say(text, p, event.seat)]
        return []


def pile_card_text(event: PileCardPlayed, verbosity: str, player: str | None) -> str:
    """A person's card onto a pile: to themselves (``player`` None) ``"Purple 9 on the left,
    same colour"`` in full; to the others ``"Lily: purple 9 on the left"``."""
    left = event.pile == LEFT
    card = card_name(event.card)
    ways = ways_text(event.ways)
    if player is None:
        # Translators: the player's own card onto a pile; {ways} is how it fits the top
        # ("same colour and sum ten").
        text = _("{card} on the left, {ways}") if left else _("{card} on the right, {ways}")
        return capitalised(text.format(card=card, ways=ways))
    if verbosity == BRIEF:
        text = _("{player}: {card} left") if left else _("{player}: {card} right")
    elif verbosity == FULL:
        if left:
            text = _("{player}: {card} on the left, {ways}")
        else:
            text = _("{player}: {card} on the right, {ways}")
    elif left:
        text = _("{player}: {card} on the left")
    else:
        text = _("{player}: {card} on the right")
    return text.format(player=player, card=card, ways=ways)
