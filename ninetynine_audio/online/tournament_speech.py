"""What a tournament says to its field, as phrases: each a key and the plain values it is
made of (``["standings", …]``), made into words in each listener's own language only when
said. So the same phrase is said to a person connected to the tournament's process and,
carried over the community's bus (``online.community``), to one connected to another process:
the same words, in their language, when they are said.

:func:`tell` says phrases to one person: here when they are connected here, else relayed to
the process they are connected to (the relay says whether it was), else kept for them here
(a dropped player hears them among what they missed).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ninetynine_audio.online.tournament_record import OnlineTournament, plays_deals
from ninetynine_audio.play.tournament import SWISS, Round
from ninetynine_audio.present import tournaments as words

if TYPE_CHECKING:
    from ninetynine_audio.online.session import Session

log = logging.getLogger(__name__)

Phrase = list[Any]
"""A key of :data:`PHRASES` and the values its words are made of (JSON's plain data)."""
Relay = Callable[[str, list[Phrase]], bool]
"""Send phrases to the person ``who`` connected to another process; whether it was."""


def not_relayed(who: str, said: list[Phrase]) -> bool:
    return False


def _pairings(
    number: int, rounds: int, deals: bool, tables: Sequence[Sequence[str]], byes: Sequence[str]
) -> str:
    lines = [words.round_text(number, rounds)]
    for index, names in enumerate(tables, start=1):
        lines.append(words.group_text(index, names) if deals else words.pairing_text(index, names))
    if byes:
        lines.append(words.byes_text(byes))
    return " ".join(lines)


def _standings(
    final: bool, number: int, swiss: bool, lines: Sequence[Sequence[Any]], winner: str | None
) -> str:
    if not lines:
        return words.no_standings_text()
    said = [
        words.standing_line(int(place), str(name), swiss, int(points), bool(still))
        for place, name, points, still in lines
    ]
    # One sentence a line: a line's own commas keep apart its place, name and points.
    text = words.standings_title(final, number) + " " + ". ".join(said) + "."
    if winner is not None:
        text += " " + words.winner_text(winner)
    return text


PHRASES: dict[str, Callable[..., str]] = {
    "pairings": _pairings,
    "standings": _standings,
    "bye": words.your_bye_text,
    "finished": words.you_finished_text,
    "knocked_out": words.knocked_out_text,
    "next_round": words.next_round_text,
    "joined": words.joined_text,
    "starting": words.starting_text,
    "deal_counted": words.deal_counted_text,
    "group_result": words.group_result_text,
    "host_only": words.host_only_text,
    "already_started": words.already_started_text,
    "full": words.full_text,
}


def text_of(phrase: Phrase) -> str:
    """``phrase`` in words, in the language in use."""
    return PHRASES[str(phrase[0])](*phrase[1:])


def say_phrases(session: Session, said: list[Phrase], cue: str | None = None) -> None:
    """Say ``said`` to ``session`` in its language, each after the last; a phrase that is
    not one (from a process of another version) is passed over."""
    with session.app.speaking():
        for phrase in said:
            try:
                text = text_of(phrase)
            except (KeyError, TypeError, ValueError, IndexError) as error:
                log.warning("a tournament's phrase that is not one was passed over: %s", error)
                continue
            if cue is None:
                session.app.say(text, queue=True)
            else:
                session.app.say(text, cue=cue)


def tell(sessions: dict[str, Session], relay: Relay, who: str, said: list[Phrase]) -> None:
    """Say ``said`` to the person ``who``: here, or on the process they are connected to."""
    session = sessions.get(who)
    here = session is not None and session.conn is not None
    relayed = not here and relay(who, said)
    if session is not None and not relayed:
        say_phrases(session, said)


def standings_phrase(tournament: OnlineTournament) -> Phrase:
    """The standings as they are now."""
    plan = tournament.plan
    if plan is None or not plan.rounds:
        return ["standings", False, 0, False, [], None]
    current = plan.current
    assert current is not None
    number = current.number if current.over else current.number - 1
    standings = plan.standings()
    lines = [
        [line.place, plan.field[line.seed].name, line.points, line.still_in and not plan.is_over]
        for line in standings
    ]
    winner = plan.field[standings[0].seed].name if plan.is_over else None
    return ["standings", plan.is_over, number, plan.format == SWISS, lines, winner]


def standings_text(tournament: OnlineTournament) -> str:
    """The standings as they are now, in the language in use."""
    return text_of(standings_phrase(tournament))


def say_pairings(
    sessions: dict[str, Session], relay: Relay, tournament: OnlineTournament, current: Round
) -> None:
    """Round ``current``'s tables (or groups), said to every person of the field."""
    plan = tournament.plan
    assert plan is not None
    field_ = plan.field
    pairings: Phrase = [
        "pairings",
        current.number,
        plan.rounds_planned,
        plays_deals(tournament.game),
        [[field_[s].name for s in table.seats] for table in current.tables],
        [field_[s].name for s in current.byes],
    ]
    for seed, entrant in enumerate(field_):
        if entrant.who is not None:
            bye: list[Phrase] = [["bye"]] if seed in current.byes else []
            tell(sessions, relay, entrant.who, [pairings, *bye])


def say_standings(
    sessions: dict[str, Session], relay: Relay, tournament: OnlineTournament, gap_s: int
) -> None:
    """A round is over: the standings, and to each person their place, that they are out,
    or when the next round starts."""
    plan = tournament.plan
    assert plan is not None
    standings = standings_phrase(tournament)
    places = {line.seed: line.place for line in plan.standings()}
    still_in = plan.still_in()
    for seed, entrant in enumerate(plan.field):
        if entrant.who is None:
            continue
        if plan.is_over:
            own: Phrase = ["finished", places[seed]]
        elif seed not in still_in:
            own = ["knocked_out"]
        else:
            own = ["next_round", gap_s]
        tell(sessions, relay, entrant.who, [standings, own])


def say_to_entrants(
    sessions: dict[str, Session],
    relay: Relay,
    tournament: OnlineTournament,
    phrase: Phrase,
    *,
    except_id: str | None = None,
) -> None:
    """Say ``phrase`` to every person who entered, but one."""
    for entrant in tournament.entrants():
        if entrant.who is not None and entrant.who != except_id:
            tell(sessions, relay, entrant.who, [phrase])
