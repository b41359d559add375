"""A tournament's words and its host's "start now" across the processes of a cluster, over the
community's bus (``online.community``).

- What the tournament's process says to its field (who entered, the start, each round's
  pairings, the standings, a deal's result) goes to a person connected to another process as
  its phrases (``online.tournament_speech``), addressed to them: their process says them in
  their own language, as they are said here.
- A host connected to another process than their tournament's who starts it now asks every
  process; the one that holds the tournament starts it as if asked there, and a refusal
  (only the host may, it has started already) goes back to the host as its phrase. Started,
  the host hears the start and the pairings as everyone of the field does. A host who hears
  neither within :data:`ANSWER_S` (the tournament's process stopped, and not yet taken over)
  is told that nobody answered.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ninetynine_audio.online.bus import in_parts
from ninetynine_audio.online.tournament_speech import Phrase, say_phrases
from ninetynine_audio.present import tournaments as words

if TYPE_CHECKING:
    from ninetynine_audio.online.cluster import Cluster
    from ninetynine_audio.online.session import Session
    from ninetynine_audio.online.tournament_record import OnlineTournament
    from ninetynine_audio.online.tournaments import TournamentDesk

ANSWER_S = 4.0
"""How long a host who asked another process to start their tournament waits for a word of
it (the start, or why not) before hearing that nobody answered."""
SAID_BYTES = 6000
"""The most phrases one event carries, in bytes: the rest of an event within its limit."""
SAID = "tournament_said"
"""Phrases to one person (``said``, and the ``cue`` they come with)."""
START = "tournament_start"
"""To every process: the person ``who`` asks to start tournament ``tid`` now."""


class TournamentBus:
    """This process's tournaments' words to, and requests from, the others."""

    def __init__(self, cluster: Cluster, desk: TournamentDesk) -> None:
        self.cluster = cluster
        self.desk = desk
        desk.relay = self.relay
        desk.start_elsewhere = self.ask_start
        self.asked: dict[str, asyncio.TimerHandle] = {}
        """The hosts waiting for an answer to their "start now", by identity."""

    def listen(self) -> None:
        """Hear the others' tournament events (once the community is made)."""
        community = self.cluster.community
        if community is not None:
            community.handlers[SAID] = self._said
            community.handlers[START] = self._asked

    def relay(self, who: str, said: list[Phrase], cue: str | None = None) -> bool:
        """Send ``said`` to the person ``who`` if connected to another process; whether
        they are. Phrases that one event cannot carry (the standings and the next round's
        pairings of a large field with long names) go in as many as they need, in order."""
        community = self.cluster.community
        if community is None or community.online_elsewhere(who) is None:
            return False
        for part in in_parts(said, SAID_BYTES):
            community.to(who, SAID, said=part, cue=cue)
        return True

    def ask_start(self, session: Session, tournament: OnlineTournament) -> str | None:
        """The host ``session`` asks to start ``tournament``, run by another process."""
        community = self.cluster.community
        if community is None:
            return words.start_elsewhere_text()
        community.to_all(START, tid=tournament.id, who=session.identity)
        waiting = self.asked.pop(session.identity, None)
        if waiting is not None:
            waiting.cancel()
        self.asked[session.identity] = asyncio.get_running_loop().call_later(
            ANSWER_S, self._unanswered, session
        )
        return None

    def _unanswered(self, session: Session) -> None:
        self.asked.pop(session.identity, None)
        if session.conn is not None:
            with session.app.speaking():
                session.app.say(words.start_unanswered_text(), cue="refused")

    def _said(self, session: Session | None, data: dict[str, Any]) -> None:
        if session is not None:
            waiting = self.asked.pop(session.identity, None)
            if waiting is not None:  # the tournament's process answered, one way or the other
                waiting.cancel()
            cue = data.get("cue")
            say_phrases(session, list(data["said"]), None if cue is None else str(cue))

    def _asked(self, session: Session | None, data: dict[str, Any]) -> None:
        tid, who = str(data["tid"]), str(data["who"])
        tournament = self.desk.all.get(tid)
        if tournament is None or not self.desk.holds(tid):
            return  # another process's
        refused = self.desk.start_by(who, tournament)
        if refused is not None:
            self.relay(who, [refused], "refused")
