"""Wording of the coach's review of a game and of the daily deal, for every family.

A move is named by the family's own narrator: the move is applied to the table as it stood and
the first thing the narrator says of it is its name ("You play the 4, total 87"), so no family
is named here. Nothing here says "re-deal" or "sample": the deals the coach weighed a move on
are "ways the cards you could not see might have lain".
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.families import family
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.i18n import N_, _, ngettext
from ninetynine_audio.present.screens import DAILY_DEAL, game_title, level_name
from ninetynine_audio.present.seats import Perspective, heard_by, listener_names, seat_pans
from ninetynine_audio.present.words import FULL, ordinal

REVIEW_GAME = N_("Review this game")
REVIEW_TITLE = N_("Review of the game")

Narrate = Callable[[Sequence[Any], Perspective], list[Utterance]]


@dataclass(frozen=True)
class Moment:
    """What the wording needs of one weighed candidate: its move and how it fared."""

    action: Any
    through: int
    deals: int
    worst: tuple[int, ...]


def review_title() -> str:
    """The review screen's title."""
    return _(REVIEW_TITLE)


def _narrator(game: str) -> Narrate:
    module = importlib.import_module(family(find_game(game).family).narrator)
    narrate: Narrate = module.narrate
    return narrate


def move_text(game: str, names: Sequence[str], state: Any, action: Any) -> str:
    """The move as the family's narrator tells it when it is made, told in full, to the
    player whose move it is: "You play", whatever name their seat had at the table (a game
    played online keeps each player's own name)."""
    spec = find_game(game)
    _after, events = spec.apply(state, action)
    seat = action.seat
    renames = listener_names(tuple(names), seat)
    players = tuple(renames.get(name, name) for name in names)
    perspective = Perspective(
        game, players, seat_pans(len(names), seat), frozenset({seat}), seat, FULL
    )
    heard = [heard_by(event, renames) for event in events]
    for utterance in _narrator(game)(heard, perspective):
        if utterance.text:
            return utterance.text
    return " ".join(str(part) for part in spec.codec.encode(action))


def summary_text(game: str, decisions: int, costly: int, brilliant: int) -> str:
    """The review's first line: ``"Classic: 42 moves weighed. 3 costly moves, 1 brilliant."``"""
    weighed = ngettext("{count} move weighed", "{count} moves weighed", decisions).format(
        count=decisions
    )
    # Translators: the review's count of the moves that cost the player most.
    costs = ngettext("{count} costly move", "{count} costly moves", costly).format(count=costly)
    # Translators: the review's count of the moves that were the one good move.
    fine = ngettext("{count} brilliant", "{count} brilliant", brilliant).format(count=brilliant)
    # Translators: the review's summary: the game, the moves weighed, "3 costly moves, 1
    # brilliant".
    return _("{game}: {weighed}. {costly}, {brilliant}.").format(
        game=game_title(game), weighed=weighed, costly=costs, brilliant=fine
    )


def no_decisions_text() -> str:
    """A game in which the player never had a choice."""
    return _("You never had a choice to make in this game: there is nothing to review.")


def review_keys_text(step: str, mistake: str, table: str) -> str:
    """How to move through the review, after its summary."""
    # Translators: the keys of the review: step through the moves, jump to the next costly
    # one, hear the table at that moment.
    return _(
        "{step} steps through your moves, {mistake} jumps to the next costly one, {table} "
        "tells the table at that moment."
    ).format(step=step, mistake=mistake, table=table)


def position_text(index: int, count: int, progress: int) -> str:
    """Where a decision stands: ``"Move 3 of 42, action 57, round 4"``."""
    # Translators: where the review stands: the player's move {index} of {count}, in round
    # (deal, turn) {progress} of the game.
    return _("Move {index} of {count}, round {progress}").format(
        index=index, count=count, progress=progress
    )


def _ways(count: int, deals: int) -> str:
    # Translators: how often a move came through, "20 of 24 ways the cards you could not see
    # might have lain".
    return ngettext(
        "{count} of {deals} way the cards you could not see might have lain",
        "{count} of {deals} ways the cards you could not see might have lain",
        deals,
    ).format(count=count, deals=deals)


def _worst_words(names: Sequence[str], seat: int, moment: Moment) -> str:
    """Who came off worst most often with a move, if not the player: ``"; Lily came off
    worst in 14"``."""
    others = [s for s in range(len(moment.worst)) if s != seat and moment.worst[s]]
    if not others:
        return ""
    top = max(others, key=lambda s: moment.worst[s])
    # Translators: added to how often a move came through: the player it left worst off most
    # often (in the adding games: the one who lost the life).
    return _(", and {name} came off worst in {count}").format(
        name=names[top], count=moment.worst[top]
    )


def sentence(text: str) -> str:
    """``text`` ended as a sentence (a narrator's line has no full stop)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?;:" else f"{text}."


def verdict_text(
    names: Sequence[str],
    seat: int,
    chosen: tuple[str, Moment],
    best: tuple[str, Moment],
    expert: str | None,
    *,
    costly: bool,
    brilliant: bool,
    runner_up: int | None = None,
) -> str:
    """What the coach says of one decision: the move played, the verdict and why.

    ``chosen`` and ``best`` are each a move's words and how it fared; ``expert`` the words of
    the strongest level's move when it is not the move played; ``runner_up`` how often the best
    other move came through (for a brilliant move)."""
    played, mine = chosen
    best_words, top = best
    parts = [sentence(played)]
    if brilliant:
        parts.append(
            # Translators: the verdict on the one good move among several: how often it came
            # through, and the best of the other moves.
            _("Brilliant: you came through in {ways}; no other move in more than {other}.").format(
                ways=_ways(mine.through, mine.deals), other=runner_up or 0
            )
        )
    elif costly:
        parts.append(_("Costly. Better: {better}").format(better=sentence(best_words)))
        parts.append(
            # Translators: why a move was costly: how often the better move came through, who
            # came off worst with it, and how often the player's move came through.
            _("With it you came through in {ways}{worst}; with your move in {count}.").format(
                ways=_ways(top.through, top.deals),
                worst=_worst_words(names, seat, top),
                count=mine.through,
            )
        )
    else:
        parts.append(
            # Translators: the verdict on a move about as good as the best found.
            _("Good: you came through in {ways}.").format(ways=_ways(mine.through, mine.deals))
        )
    if expert is not None and (not costly or expert != best_words):
        # Translators: the strongest computer level would have chosen another move.
        parts.append(_("The Expert would have chosen: {move}").format(move=sentence(expert)))
    return " ".join(parts)


def edge_text(at_end: bool) -> str:
    """Stepping past the first or the last move."""
    return _("Last move") if at_end else _("First move")


def no_more_mistakes_text(forward: bool) -> str:
    """No costly move further on (or back)."""
    if forward:
        return _("No costly move after this one")
    return _("No costly move before this one")


def reviewing_text() -> str:
    """Said while the moves are weighed."""
    return _("Weighing your moves, one moment.")


def review_failed_text(problem: str) -> str:
    """The kept game could not be read back."""
    return _("This game cannot be reviewed: {problem}").format(problem=problem)


def past_game_item(game: str, level: str, when: str, place: int | None, players: int) -> str:
    """One kept game in the list of past games: ``"Classic, Hard, 2026-12-06 11:40, 2nd of
    4"``."""
    if place is None:
        # Translators: a kept game, its game, level and when it ended.
        return _("{game}, {level}, {when}").format(
            game=game_title(game), level=level_name(level), when=when
        )
    # Translators: a kept game, its game, level, when it ended and the player's place.
    return _("{game}, {level}, {when}, {place} of {players}").format(
        game=game_title(game), level=level_name(level), when=when, place=place, players=players
    )


def no_past_games_text() -> str:
    """No finished game is kept yet."""
    return _("No finished game to review yet.")


def table_line(name: str, cards: str) -> str:
    """One seat's hand when the table is told at a moment of the review."""
    return _("{name}: {cards}").format(name=name, cards=cards)


# -- the daily deal ------------------------------------------------------------------------------


def daily_title() -> str:
    """The daily deal menu's title."""
    return _(DAILY_DEAL)


def daily_new_item(game: str, level: str) -> str:
    """A game whose deal of today is still to play."""
    # Translators: an item of the daily deal menu: the game, and the computer players' level.
    return _("{game}: today's deal, against {level}").format(
        game=game_title(game), level=level_name(level)
    )


def daily_started_item(game: str) -> str:
    """A game whose deal of today was begun and not finished."""
    return _("{game}: today's deal begun, not finished").format(game=game_title(game))


def margin_words(score: int, margin: int) -> str:
    if margin > 0:
        # Translators: a daily deal's end: the player's final score and how far ahead of the
        # best of the others it is (lives or points).
        return _("you ended on {score}, {margin} more than the best of the others").format(
            score=score, margin=margin
        )
    if margin < 0:
        return _("you ended on {score}, {margin} less than the best of the others").format(
            score=score, margin=-margin
        )
    return _("you ended on {score}, as the best of the others").format(score=score)


def standing_words(rank: int, days: int) -> str:
    """Where a day stands among the player's own days of that game."""
    if days == 1:
        return _("your first daily deal of this game")
    if rank == 1:
        # Translators: the player's best daily deal of this game, among {days} days.
        return _("your best of {days} days").format(days=days)
    # Translators: "your 3rd best of 7 days"; {rank} is an ordinal.
    return _("your {rank} best of {days} days").format(rank=ordinal(rank), days=days)


def daily_result_text(
    game: str, place: int, players: int, score: int, margin: int, rank: int, days: int
) -> str:
    """A finished daily deal: ``"Classic, today's deal: 1st of 4, you ended on 2, 2 more than
    the best of the others; your best of 3 days."``"""
    # Translators: a finished daily deal: the game, the place among the players, the score
    # and where the day stands among the player's own.
    return _("{game}, today's deal: {place} of {players}, {margin}; {standing}.").format(
        game=game_title(game),
        place=ordinal(place),
        players=players,
        margin=margin_words(score, margin),
        standing=standing_words(rank, days),
    )


def daily_once_text(game: str) -> str:
    """A daily deal already begun today: it is played once a day."""
    return _(
        "Today's deal of {game} has been begun already: each daily deal is played once a day."
    ).format(game=game_title(game))
