"""The hidden-information proof: a seat is sent nothing that depends on what it cannot see.

Whole online games of all five games are played over real sockets, every frame each seat
receives being recorded. Then, for every human seat and every step of each game, the table is
dealt again with the game's own ``resample`` (every card the seat cannot see: the others'
hands, the cards set aside for a bid, the draw pile and the order of the stock), and the very
screen the server gives that seat (``online.hosting.SeatScreen`` on a ``SeatApp``, encoding
with the protocol) is asked everything it says without a move: what the window shows, whose
turn it is, the turn prompt, and the answer to every key of the table, hints included. The
same step's action is replayed on the re-dealt table wherever the rules allow it there and
the seat's view after it is the same on both tables (so the rules showed it nothing new),
and the narration the seat gets of it is compared too. Every message must be the same, byte
for byte.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from helpers.online import ServerThread
from helpers.online_games import TABLES, play_out, sit_down

from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.games.saved import from_record
from ninetynine_audio.input.commands import commands_for, table_context
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.front import SeatApp
from ninetynine_audio.online.hosting import Listener, SeatScreen, TableHost
from ninetynine_audio.play.table import TableCore

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]

# Keys that open another screen or ask for a line: they say the same whatever the cards.
NOT_ASKED = {"pause_menu", "read_rules", "table_chat"}
STEP_EVERY = 2
"""Every other step of each game is re-dealt for every human seat."""


class Frozen(TableHost):
    """A host that takes no proposals: asking a seat's keys must change nothing."""

    def propose(self, seat: int, action: Any, after_play: str = "") -> bool:
        """Refuse every proposal (the refusal is the same on both tables)."""
        return False


def screen_on(core: TableCore, seat: int) -> tuple[SeatScreen, SeatApp, list[str]]:
    """The seat's own screen on ``core``, with every message it sends recorded."""
    frames: list[str] = []
    app = SeatApp(lambda message: frames.append(p.encode(message)), clock=lambda: 0.0)
    host = Frozen(core, lambda: 0.0)
    screen = SeatScreen(host, seat)
    app.stack = [screen]
    screen._host = app
    return screen, app, frames


def asked(core: TableCore, seat: int) -> list[str]:
    """Everything the seat's screen sends without a move: the window, the turn, and the
    answer to every table key."""
    screen, app, frames = screen_on(core, seat)
    app.send_display()
    app.say(screen.table.turn_text(app))
    if screen.turn_seat() == seat:
        app.say(screen.table.your_turn_text(app, seat))
    prompt = screen.table.owed_action_prompt(app)
    if prompt:
        app.say(prompt)
    for command in commands_for(table_context(core.spec.family)):
        if command.id in NOT_ASKED:
            continue
        screen.handle(app, command.id)
        app.send_display()
    return frames


def narrated(core: TableCore, seat: int, events: tuple[Any, ...]) -> list[str]:
    """What the seat is told of ``events``."""
    screen, app, frames = screen_on(core, seat)
    Listener(app, screen).receive([events], "", None)
    return frames


def with_state(core: TableCore, state: Any) -> TableCore:
    """The same table with another true state (a re-dealt one)."""
    other = copy.copy(core)
    other.state = state
    return other


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_seat_is_told_the_same_whatever_the_cards_it_cannot_see(
    game: str, tmp_path: Path
) -> None:
    with ServerThread(tmp_path / "data") as srv:
        players, code = sit_down(srv, game, record=True)
        try:
            play_out(srv, players, code)
            record = srv.call(lambda s: s.tables[code].host.core.record())
        finally:
            for player in players:
                player.close()
    frames = [len(player.frames) for player in players]
    assert all(count > 50 for count in frames)
    # Nothing a seat received names another seat's cards field by field: the messages
    # carry words only, never a hand or a deck.
    for player in players:
        for frame in player.frames:
            message = p.decode_server(frame)
            assert not hasattr(message, "hand") and not hasattr(message, "deck")

    saved = from_record(record)
    spec = saved.spec
    rng = random.Random(game)
    actions = list(saved.actions)
    core = TableCore(saved.setup)
    compared = narrations = 0
    humans = sorted(core.humans)
    for step, action in enumerate(actions):
        if step % STEP_EVERY == 0:
            for seat in humans:
                imagined = spec.resample(core.state, seat, rng)
                real = asked(core, seat)
                other = asked(with_state(core, imagined), seat)
                assert other == real, f"{game} step {step}: seat {seat} was told something else"
                compared += len(real)
                if getattr(action, "seat", None) != seat:
                    try:
                        after, events = spec.apply(imagined, action)
                    except IllegalAction:
                        continue
                    real_after, real_events = spec.apply(core.state, action)
                    if spec.view(after, seat) != spec.view(real_after, seat):
                        continue  # the rules showed the seat something new: a public fact
                    ended = spec.outcome(real_after) is not None
                    if ended or spec.progress(real_after) != spec.progress(core.state):
                        # The end of a round or of the game may lay cards open by the rules
                        # (a stuck player's hand), as the offline check allows; within a
                        # round nothing of another seat's is told.
                        continue
                    told = narrated(core, seat, real_events)
                    assert narrated(core, seat, events) == told, (
                        f"{game} step {step}: seat {seat} heard another seat's hidden cards"
                    )
                    narrations += 1
                    compared += len(told)
        core.apply(action)
    print(f"{game}: frames {frames}, compared {compared} messages, narrations {narrations}")
    assert compared > 100
