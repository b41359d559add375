"""The seat's port: what a table controller gets, and that it is all it gets."""

from __future__ import annotations

import dataclasses

import pytest
from helpers.table import family_commands

from ninetynine_audio.families import registered_families
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import all_games
from ninetynine_audio.play.seat import NotYourSeat
from ninetynine_audio.play.table import TableCore
from ninetynine_audio.ui.tables.base import controller_class

FAMILIES = [entry.name for entry in registered_families()]


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
    the port refuses it, for check and propose alike."""
    core = _core(game)
    proposed: list[object] = []
    port = core.port(1, lambda action, after="": proposed.append(action) or True)
    while 0 not in core.seats_to_act() and not core.is_over:
        core.immediate_moves() or core.computer_move() or core.apply(
            core.spec.legal_actions(core.state, core.seats_to_act()[-1])[0]
        )
    others = core.spec.legal_actions(core.state, 0)
    assert others
    for ask in (port.check, port.propose):
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


@pytest.mark.usefixtures("private_home")
def test_practice_words_follow_the_play_and_are_made_from_the_play_itself() -> None:
    """The adding table's practice words are made once the play is made (from the seat's view
    afterwards), and said right after the play's own words, before the next player's."""
    from ninetynine_audio.games.adding import AddingOptions
    from ninetynine_audio.present.adding import advice
    from ninetynine_audio.ui.harness import make_app

    setup = GameSetup(
        "classic", ("You", "Lily", "Max"), ("human", "normal", "normal"), AddingOptions(), 3
    )
    h = make_app(setup)
    h.frames(2)
    h.app.update_settings(practice=True)
    h.new_speech()
    h.press("1", frames=2)
    said = h.new_speech()
    played = next(i for i, line in enumerate(said) if line.startswith("You play "))
    assert said[played + 1].startswith("Lily is next"), said
    table = h.table
    assert table is not None
    # The words are those of the total the play really left, for the player after.
    total = int(said[played].rsplit(" ", 1)[1])
    seen = dataclasses.replace(table.core.view(0), total=total, to_act=1)
    assert said[played + 1] == advice.next_player_words(seen.rules, seen, "normal")


@pytest.mark.parametrize("game", [spec.id for spec in all_games()])
def test_a_ports_view_follows_every_action_and_its_naming(game: str) -> None:
    """The port makes a seat's view once per state; after each action, and when the naming
    changes, it is the view made afresh from the state of now."""
    core = _core(game)
    port = core.port(0)
    port.says_you = True
    for _ in range(12):
        if core.is_over:
            break
        fresh = port._heard(core.view(0))
        assert port.view == fresh
        assert port.table_view() == fresh
        assert port.view is port.table_view()  # made once for this state
        port.keeps_own_name = True
        assert port.view == core.view(0)  # the own name kept: nothing renamed
        assert port.view != fresh
        port.keeps_own_name = False
        assert port.view == fresh
        seat = core.seats_to_act()[-1]
        core.apply(core.spec.legal_actions(core.state, seat)[0])
