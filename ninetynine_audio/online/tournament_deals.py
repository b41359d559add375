"""A tournament of arcade, whose entrants never share a table (one person against its own
three, Lily, Max and Zoe): each round's groups compare deals instead. Every entrant of a
group plays the same deal against the same three computer players of the tournament's level,
a person at a private table of their own, a computer entrant at once in memory; the results
(``play.daily.deal_result``) are placed as the daily deal ranks everyone who played one deal
(``online.daily.server_rank``: place, then margin), and those places are the group's, as a
table's would be."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.online.daily import server_rank
from ninetynine_audio.online.opening import open_table
from ninetynine_audio.online.table import SeatInfo
from ninetynine_audio.online.tournament_record import OnlineTournament, seat_of
from ninetynine_audio.online.tournament_speech import Phrase, Relay, not_relayed, tell
from ninetynine_audio.play.daily import DailyResult, deal_result
from ninetynine_audio.play.tournament import Entrant
from ninetynine_audio.present import tournaments as words

if TYPE_CHECKING:
    from ninetynine_audio.online.parts import Parts

Counted = Callable[[OnlineTournament], None]


class DealRounds:
    """The rounds of the tournaments that compare deals, for the server's ``TournamentDesk``:
    ``counted`` stores a tournament after a result and ends its round with the last."""

    def __init__(self, parts: Parts, counted: Counted, relay: Relay = not_relayed) -> None:
        self.parts = parts
        self.counted = counted
        self.relay = relay

    def _setup(self, tournament: OnlineTournament, number: int, index: int) -> GameSetup:
        """The deal group ``index`` of round ``number`` plays: a person (or a computer
        entrant) in the first seat, the game's own computer players of the tournament's
        level in the others."""
        spec = find_game(tournament.game)
        kinds = (HUMAN, *(tournament.level for _ in spec.default_kinds[1:]))
        seed = hash((tournament.seed, number, index)) & (2**63 - 1)
        return GameSetup(spec.id, spec.default_names(kinds), kinds, {}, seed)

    def deal_group(self, tournament: OnlineTournament, number: int, index: int) -> None:
        """Every entrant of group ``index`` plays the same deal: a computer entrant at once, in
        memory, a person at a private table of their own."""
        plan = tournament.plan
        assert plan is not None
        setup = self._setup(tournament, number, index)
        seats = plan.rounds[-1].tables[index].seats
        for seed in seats:
            entrant = plan.field[seed]
            if entrant.who is None:
                kinds = (entrant.kind, *setup.kinds[1:])
                played = play_bot_game(setup.game, kinds, setup.seed, keep_events=False)
                place = played.places.index(0) + 1
                result = deal_result(tournament.id, setup, place, played.scores, played.rounds)
                tournament.results[seed] = result.to_record()
                continue
            code = self._seat(tournament, setup, index, seed, entrant, seats)
            if code is None:  # the engine refused the deal: last, with nothing kept
                scores = [0, *[1] * (len(setup.kinds) - 1)]
                result = deal_result(tournament.id, setup, len(setup.kinds), scores, 0)
                tournament.results[seed] = result.to_record()
            else:
                tournament.deals[seed] = code
        self._compare(tournament, index)

    def _seat(
        self,
        tournament: OnlineTournament,
        setup: GameSetup,
        index: int,
        seed: int,
        entrant: Entrant,
        group: tuple[int, ...],
    ) -> str | None:
        """Open ``entrant``'s private table of ``setup`` and seat them; its code."""
        plan = tournament.plan
        assert plan is not None
        seats = [seat_of(tournament, entrant)]
        seats += [
            SeatInfo(kind, None, name)
            for kind, name in zip(setup.kinds[1:], setup.names[1:], strict=True)
        ]
        settings = {
            "stand_in": tournament.level,
            "tournament": tournament.id,
            "tournament_table": index,
            "tournament_seed": seed,
        }
        others = [plan.field[s].name for s in group if s != seed]
        opponents = setup.names[1:]

        def told(seat: int) -> str:
            return words.your_deal_text(others, opponents)

        table = open_table(
            self.parts,
            setup,
            seats,
            settings,
            f"tournament:{tournament.id}",
            told,
            listed=False,
        )
        return None if table is None else table.code

    def count(
        self,
        tournament: OnlineTournament,
        index: int,
        seed: int,
        code: str,
        place: int,
        scores: Sequence[int],
        rounds: int,
    ) -> None:
        """``seed``'s deal at table ``code`` ended (or was left) at ``place`` with the seats'
        ``scores``: the result counted once, the group compared once every result of it is
        in."""
        plan = tournament.plan
        if plan is None or tournament.deals.get(seed) != code or seed in tournament.results:
            return
        current = plan.current
        if current is None or index >= len(current.tables):
            return
        setup = self._setup(tournament, current.number, index)
        result = deal_result(tournament.id, setup, place, scores, rounds)
        tournament.results[seed] = result.to_record()
        who = plan.field[seed].who
        if who is not None:
            counted = ["deal_counted", result.place, result.players, result.score, result.margin]
            tell(self.parts.rooms.sessions, self.relay, who, [counted])
        self._compare(tournament, index)
        self.counted(tournament)

    def _compare(self, tournament: OnlineTournament, index: int) -> None:
        """Once every entrant of group ``index`` has a result, their places: ranked as the
        daily deal ranks everyone who played the same deal (place, then margin)."""
        plan = tournament.plan
        assert plan is not None
        current = plan.current
        assert current is not None
        table = current.tables[index]
        if table.over:
            return
        found = [DailyResult.from_record(tournament.results.get(s)) for s in table.seats]
        results = [r for r in found if r is not None]
        if len(results) < len(table.seats):
            return
        places = [server_rank(mine, results)[0] for mine in results]
        tournament.plan = plan.with_result(index, places)
        names = [plan.field[s].name for s in table.seats]
        for seed in table.seats:
            who = plan.field[seed].who
            if who is not None:
                said: list[Phrase] = [["group_result", index + 1, names, places]]
                tell(self.parts.rooms.sessions, self.relay, who, said)
