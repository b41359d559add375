"""The command registry: declared commands, contexts and registration rules."""

from __future__ import annotations

import pytest

from ninetynine_audio.input import commands
from ninetynine_audio.input.commands import (
    COMMANDS,
    CONTEXTS,
    Command,
    CommandRegistryError,
    commands_for,
    register,
)

EXPECTED = {
    "menu": {
        "move_up",
        "move_down",
        "first_item",
        "last_item",
        "select",
        "increase_value",
        "decrease_value",
        "back",
    },
    "table": {
        "announce_turn", "previous_card", "next_card", "play_card",
        *(f"play_card_{n}" for n in range(1, 8)),
        "speak_hand", "skip_wait", "pause_menu", "hint", "read_rules", "table_chat",
    },
    "table.adding": {
        "announce_total", "choose_up", "choose_down", "announce_lives", "announce_direction",
        "draw_card", "announce_danger",
    },
    "table.colours": {
        "announce_row", "announce_other_rows", "announce_piles", "announce_draw_pile",
        "announce_scores", "announce_last_turn", "toggle_hand_order", "choose_left_pile",
        "choose_right_pile", "score_row", "end_piles",
    },
    "table.tricks": {
        "mark_card", "previous_suit", "next_suit", "choose_declaration", "announce_trick",
        "announce_leader", "announce_trumps", "announce_bid", "announce_tricks",
        "announce_scores", "announce_deal_details", "announce_declaration",
    },
    "help": {
        "previous_paragraph", "next_paragraph", "previous_heading", "next_heading",
        "first_paragraph", "last_paragraph", "back",
    },
    "global": {
        "repeat_last", "key_help_list", "key_help_mode", "history_previous", "history_next",
        "stop_speech",
    },
}  # fmt: skip


@pytest.mark.parametrize("context", CONTEXTS)
def test_each_context_declares_the_commands_its_screen_needs(context: str) -> None:
    assert {c.id for c in commands_for(context)} == EXPECTED[context]


def test_every_command_has_a_short_description_and_a_known_context() -> None:
    for command in COMMANDS.values():
        assert isinstance(command, Command)
        assert command.description and len(command.description) < 80
        assert command.description[0].isupper() and not command.description.endswith(".")
        assert command.contexts <= set(CONTEXTS)


def test_command_is_frozen() -> None:
    command = COMMANDS["announce_total"]
    assert command.description == "Announce the total"
    with pytest.raises(AttributeError):
        command.id = "other"  # type: ignore[misc]


def test_registry_view_is_read_only() -> None:
    with pytest.raises(TypeError):
        COMMANDS["x"] = COMMANDS["back"]  # type: ignore[index]


def test_register_refuses_a_duplicate_id() -> None:
    with pytest.raises(CommandRegistryError, match="twice"):
        register("announce_total", "Again", ["table"])


@pytest.mark.parametrize(
    "contexts", [[], ["kitchen"], ["global", "table"]], ids=["none", "unknown", "global-mixed"]
)
def test_register_refuses_bad_contexts(contexts: list[str]) -> None:
    with pytest.raises(CommandRegistryError):
        register("test_only_command", "Test", contexts)
    assert "test_only_command" not in COMMANDS


def test_register_adds_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(commands, "_registry", dict(commands._registry))
    added = register("test_only_command", "Test", ["menu"])
    assert commands_for("menu")[-1] == added
    assert "test_only_command" not in COMMANDS  # the public view still shows the real registry


def test_commands_for_unknown_context() -> None:
    with pytest.raises(ValueError):
        commands_for("kitchen")
