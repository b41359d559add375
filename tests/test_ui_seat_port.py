"""The seat's port: what a table controller gets, and that it is all it gets."""

from __future__ import annotations

import pytest

from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import all_games
from ninetynine_audio.input.commands import TABLE, commands_for, table_context
from ninetynine_audio.play.seat import NotYourSeat
from ninetynine_audio.play.table import TableCore
from ninetynine_audio.ui.match import SHARED_COMMANDS
from ninetynine_audio.ui.tables.base import controller_class


def family_commands(family: str) -> list[str]:
    """Every command a family's table must answer: its own section's and the shared table
    keys the match screen leaves to it (the card-number keys go to ``number_key``)."""
    own = [c.id for c in commands_for(table_context(family))]
    shared = [c.id for c in commands_for(TABLE) if c.id not in SHARED_COMMANDS]
    return [c for c in own + shared if not c.startswith("play_card_")]


FAMILIES = sorted({spec.family for spec in all_games()})


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_command_has_a_handler(family: str) -> None:
    table = controller_class(family)
    commands = family_commands(family)
    assert "play_card" in commands and "speak_hand" in commands
    missing = [c for c in commands if c not in table.handlers]
    assert missing == []
    # The number keys are the base class's, which the family must give a meaning.
    assert "number_key" in vars(table)


@pytest.mark.parametrize("family", FAMILIES)
def test_a_handler_names_a_declared_command(family: str) -> None:
    """A handler for a command nobody can press is a misspelt one."""
    table = controller_class(family)
    declared = set(family_commands(family))
    assert sorted(set(table.handlers) - declared) == []


def _core(game: str) -> TableCore:
    spec = next(s for s in all_games() if s.id == game)
    names = tuple(f"P{i}" for i in range(spec.min_players))
    kinds = ("human",) + ("easy",) * (spec.min_players - 1)
    return TableCore(GameSetup(game, names, kinds, seed=5))


@pytest.mark.parametrize("game", [spec.id for spec in all_games()])
def test_a_port_acts_for_its_own_seat_only(game: str) -> None:
    """Asking the rules about another seat's action would tell whether that seat holds a card:
    the port refuses it, for check, imagine and propose alike."""
    core = _core(game)
    proposed: list[object] = []
    port = core.port(1, lambda action, after="": proposed.append(action) or True)
    while 0 not in core.seats_to_act() and not core.is_over:
        core.immediate_moves() or core.computer_move() or core.apply(
            core.spec.legal_actions(core.state, core.seats_to_act()[-1])[0]
        )
    others = core.spec.legal_actions(core.state, 0)
    assert others
    for ask in (port.check, port.imagine, port.propose):
        with pytest.raises(NotYourSeat):
            ask(others[0])
    assert proposed == []
    mine = core.port(0, lambda action, after="": proposed.append(action) or True)
    assert mine.propose(others[0]) is True
    assert proposed == [others[0]]


def test_the_port_holds_no_state() -> None:
    """Nothing public on a port is the true state or the core."""
    port = _core("classic").port(0)
    public = [name for name in dir(port) if not name.startswith("_")]
    assert "state" not in public and "core" not in public and "apply" not in public
    assert port.view is not None and port.view.seat == 0
    assert _core("classic").port(None).view is None
