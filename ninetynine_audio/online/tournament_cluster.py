"""Tournaments across the processes of a cluster (``serve --cluster``): each tournament is run
by one process, which holds its lease as it holds its tables' (the key ``tournament:<id>`` in
``leases``, renewed with the others in the same statement, its writes fenced by it).

Every :data:`~ninetynine_audio.online.cluster.RENEW_S`, a round (on a thread, acted on back on
the event loop):

- lets go of the tournaments over here; gives up those whose lease it does not know held (the
  process that takes it over carries it on);
- takes the tournaments nobody holds (their process stopped or was killed) and carries each on
  from its stored state, as a restart does;
- reads the tournaments the other processes run, for the lobby's list, and the entries stored
  by players of other processes into those it runs;
- reads, for each table of its current rounds, the result its table's process recorded: a
  table may be played by another process than the tournament's (taken over, or a killed
  process's), and its places reach the tournament through the store.

A person who entered from another process is seated by the tournament's process as anyone not
connected there (the seat kept for them); their own process finds them seated at a table of
another process and sends them there (``moved``), as for any table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ninetynine_audio.games.base import HUMAN
from ninetynine_audio.online.cluster import MARGIN_S, TAKE_PER_ROUND
from ninetynine_audio.online.storage import StoredTournament
from ninetynine_audio.online.storage.competitions import (
    TOURNAMENT_LEASE,
    UNANSWERED,
    Entry,
    tournament_lease,
)
from ninetynine_audio.online.tournament_bus import TournamentBus
from ninetynine_audio.online.tournament_record import OnlineTournament, stored_tournament
from ninetynine_audio.online.tournament_speech import say_to_entrants
from ninetynine_audio.online.tournaments import TournamentDesk
from ninetynine_audio.play.tournament import Entrant

if TYPE_CHECKING:
    from ninetynine_audio.online.cluster import Cluster

log = logging.getLogger(__name__)


@dataclass
class Found:
    """What one round read, to act on back on the event loop."""

    taken: list[tuple[StoredTournament, float]] = field(default_factory=list)
    others: list[StoredTournament] = field(default_factory=list)
    entries: dict[str, list[Entry]] = field(default_factory=dict)
    results: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


class TournamentLeases:
    """This process's part in the tournaments of a cluster."""

    def __init__(self, cluster: Cluster, desk: TournamentDesk) -> None:
        self.cluster = cluster
        self.desk = desk
        self.store = cluster.store
        self.valid: dict[str, float] = {}
        """Until when (this process's clock) it may run each tournament it holds."""
        self.remote: dict[str, set[str]] = {}
        """Each tournament's entrants who entered from another process, as last read."""
        self.task: asyncio.Task[None] | None = None
        self._lock = threading.Lock()  # over ``valid``, shared with the renewing thread
        cluster.renewed.append(self._renewed)
        desk.claim = self.claim
        desk.holds = self.holds
        desk.entry.ledger = self
        self.bus = TournamentBus(cluster, desk)

    def start(self) -> None:
        """Begin the rounds on the running event loop."""
        self.task = asyncio.get_running_loop().create_task(self._run())
        self.desk.parts.accounts.background.add(self.task)
        self.bus.listen()

    def stop(self) -> None:
        """Stop the rounds (the cluster lets go of every lease as it stops)."""
        if self.task is not None:
            self.task.cancel()

    # -- the desk's hooks -----------------------------------------------------------------------

    def claim(self, tid: str) -> bool:
        """Hold the lease of a new tournament ``tid``; False when another process has it."""
        start = self.cluster.clock()
        if self.store.hold_table(tournament_lease(tid), self.cluster.holder, self.cluster.lease_s):
            with self._lock:
                self.valid[tid] = start + self.cluster.lease_s - MARGIN_S
            return True
        return False

    def holds(self, tid: str) -> bool:
        """Whether this process still holds tournament ``tid``'s lease by its own clock."""
        with self._lock:
            return self.cluster.clock() < self.valid.get(tid, -1.0)

    # -- the places, in the store (``tournament_entry.Ledger``) -------------------------------

    def open(self, tournament: OnlineTournament, name: str) -> bool | None:
        """Store the new ``tournament`` with its host in its first place, unless its host
        hosts another not over on any process (False) or the database could not be asked
        (None); its lease is let go when it is not stored."""
        opened: bool | None = False
        try:
            language = tournament.languages.get(tournament.host_id)
            if self.store.open_tournament(stored_tournament(tournament), name, language):
                return True
        except Exception as error:
            log.error("tournament %s could not be opened: %s", tournament.id, error)
            opened = None
        with self._lock:
            self.valid.pop(tournament.id, None)
        with contextlib.suppress(Exception):
            self.store.let_go(tournament_lease(tournament.id), self.cluster.holder)
        return opened

    def take(self, tournament: OnlineTournament, who: str, name: str) -> str:
        """``who`` takes a place in ``tournament``, here or another process's."""
        try:
            language = tournament.languages.get(who)
            return self.store.take_place(tournament.id, who, name, tournament.size, language)
        except Exception as error:  # the database away: no place is taken, none refused
            log.error("tournament %s: a place could not be taken: %s", tournament.id, error)
            return UNANSWERED

    def leave(self, tournament: OnlineTournament, who: str) -> None:
        """``who`` gives up their place."""
        try:
            self.store.leave_tournament(tournament.id, who)
        except Exception as error:
            log.error("tournament %s: a place could not be given up: %s", tournament.id, error)

    def close(self, tournament: OnlineTournament) -> list[Entry] | None:
        """Close the places as ``tournament`` starts: who took them."""
        try:
            return self.store.close_entries(tournament.id)
        except Exception as error:  # it starts with those it knows of
            log.error("tournament %s: its places could not be closed: %s", tournament.id, error)
            return None

    def _renewed(self, codes: set[str], until: float) -> None:
        """The cluster's renewal (on its thread): the tournaments' leases among ``codes``."""
        with self._lock:
            for code in codes:
                tid = code.removeprefix(TOURNAMENT_LEASE)
                if code.startswith(TOURNAMENT_LEASE) and tid in self.valid:
                    self.valid[tid] = max(self.valid[tid], until)

    # -- the rounds -----------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            desk = self.desk
            with self._lock:
                gone = [
                    tid
                    for tid in self.valid
                    if tid not in desk.all or desk.all[tid].state == "over"
                ]
            waiting = [t.id for t in desk.all.values() if t.state == "waiting"]
            pending = self._pending()
            try:
                found = await asyncio.to_thread(self._round, gone, waiting, list(pending))
            except Exception as error:
                log.error("a round of the tournaments failed: %s", error)
            else:
                self._apply(found, gone)
            await asyncio.sleep(self.cluster.renew_s)

    def _pending(self) -> dict[str, tuple[OnlineTournament, int, int | None]]:
        """The tables of the current rounds whose result is not in yet: code → (tournament,
        table index, and for a deal its entrant's seed)."""
        found: dict[str, tuple[OnlineTournament, int, int | None]] = {}
        for tournament in self.desk.all.values():
            current = tournament.plan.current if tournament.plan is not None else None
            if current is None or current.over:
                continue
            for index, code in tournament.codes.items():
                if index < len(current.tables) and not current.tables[index].over:
                    found[code] = (tournament, index, None)
            for seed, code in tournament.deals.items():
                group = next((n for n, t in enumerate(current.tables) if seed in t.seats), None)
                if group is not None and seed not in tournament.results:
                    found[code] = (tournament, group, seed)
        return found

    def _round(self, gone: list[str], waiting: list[str], pending: list[str]) -> Found:
        """One round on the database (on a thread)."""
        store, holder, found = self.store, self.cluster.holder, Found()
        if gone:
            store.flush()  # an ended tournament's last writes first, while its lease is held
            for tid in gone:
                store.let_go(tournament_lease(tid), holder)
        for tid in store.unheld_tournaments()[:TAKE_PER_ROUND]:
            start = self.cluster.clock()
            if store.hold_table(tournament_lease(tid), holder, self.cluster.lease_s) is None:
                continue  # another process took it first
            stored = store.stored_tournament(tid)
            if stored is None or stored.state == "over":
                store.let_go(tournament_lease(tid), holder)
                continue
            found.taken.append((stored, start + self.cluster.lease_s - MARGIN_S))
        for tid, _url in store.others_tournaments(holder):
            stored = store.stored_tournament(tid)
            if stored is not None:
                found.others.append(stored)
        for tid in waiting:
            found.entries[tid] = store.tournament_entries(tid)
        for code in pending:
            players = store.table_places(code)
            if players is not None:
                found.results[code] = players
        return found

    def _apply(self, found: Found, gone: list[str]) -> None:
        """Act on a round, on the loop."""
        desk = self.desk
        with self._lock:
            for tid in gone:
                self.valid.pop(tid, None)
        for tid, tournament in list(desk.all.items()):
            if tournament.state != "over" and not self.holds(tid):
                log.warning("tournament %s: its lease is not held, it is run here no more", tid)
                desk.all.pop(tid, None)
        for stored, valid in found.taken:
            with self._lock:
                self.valid[stored.id] = valid
            desk.adopt(stored)
            log.info("tournament %s taken over: its lease had run out", stored.id)
        others = {}
        for stored in found.others:
            if stored.id not in desk.all:
                with contextlib.suppress(KeyError, TypeError, ValueError):
                    others[stored.id] = OnlineTournament.from_stored(stored)
        changed = {t.id: t.to_record() for t in desk.others.values()} != {
            t.id: t.to_record() for t in others.values()
        }
        desk.others = others
        for tid, entries in found.entries.items():
            changed = self._merge(tid, entries) or changed
        pending = self._pending()
        for code, players in found.results.items():
            if code in pending:
                self._result(pending[code], code, players)
        if changed or found.taken:
            desk.parts.rooms.refresh_lobbies()

    def _merge(self, tid: str, entries: list[Entry]) -> bool:
        """The entries stored from other processes into waiting tournament ``tid``; whether
        its people changed."""
        tournament = self.desk.all.get(tid)
        if tournament is None or tournament.state != "waiting":
            return False
        known = self.remote.setdefault(tid, set())
        stored = {who for who, _name, _language in entries}
        changed = False
        for who, name, language in entries:
            known.add(who)
            if language is not None and tournament.languages.get(who) != language:
                tournament.languages[who] = language
                changed = True
            if tournament.seed_of(who) is not None or len(tournament.people) >= tournament.size:
                continue
            tournament.people.append(Entrant(name, HUMAN, who))
            say_to_entrants(
                self.desk.parts.rooms.sessions,
                self.desk.relay,
                tournament,
                ["joined", name],
                except_id=who,
            )
            changed = True
        for who in known - stored:  # withdrew from another process
            known.discard(who)
            self.desk.entry.without(tournament, who)
            changed = True
        if changed:
            self.desk.store(tournament)
        return changed

    def _result(
        self,
        where: tuple[OnlineTournament, int, int | None],
        code: str,
        players: list[dict[str, Any]],
    ) -> None:
        """A result another process recorded at one of the current round's tables."""
        tournament, index, seed = where
        places = [int(player["place"]) for player in players]
        if seed is None:
            self.desk.placed(tournament, index, code, places)
            return
        scores = [int(player.get("score") or 0) for player in players]
        self.desk.deals.count(tournament, index, seed, code, places[0], scores, 0)
