"""The command registry: declared commands, contexts and registration rules."""

from __future__ import annotations

import dataclasses

import pytest

from ninetynine_audio.families import family, registered_families
from ninetynine_audio.games.registry import all_games
from ninetynine_audio.input import commands
from ninetynine_audio.input.commands import (
    COMMANDS,
    CONTEXTS,
    Command,
    CommandRegistryError,
    commands_for,
    register,
    register_family_commands,
)
from ninetynine_audio.present.screens import context_title, family_words

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
        "who_online",
        "friends_list",
    },
    "table": {
        "announce_turn", "previous_card", "next_card", "play_card", "first_card", "last_card",
        *(f"play_card_{n}" for n in range(1, 10)),
        "speak_hand", "skip_wait", "pause_menu", "hint", "read_rules", "table_chat",
        "who_online",
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
    "review": {
        "review_next_move", "review_previous_move", "review_next_costly",
        "review_previous_costly", "review_first_move", "review_last_move", "review_table",
        "review_summary", "back",
    },
    "global": {
        "repeat_last", "key_help_list", "key_help_mode", "history_previous", "history_next",
        "stop_speech", "answer_message", "accept_offer", "decline_offer",
        "history_first", "history_last", "buffer_previous", "buffer_next",
        "buffer_mute", "chat_mute", "ping",
    },
}  # fmt: skip


def expected_commands(context: str) -> set[str]:
    """The commands above, or for a family's table not listed above, its manifest's."""
    if context in EXPECTED:
        return EXPECTED[context]
    entry = next(e for e in registered_families() if e.context == context)
    return {command for command, _ in entry.commands}


@pytest.mark.parametrize("context", CONTEXTS)
def test_each_context_declares_the_commands_its_screen_needs(context: str) -> None:
    assert {c.id for c in commands_for(context)} == expected_commands(context)


def test_the_contexts_are_the_shared_screens_and_one_table_per_family() -> None:
    families = [entry.context for entry in registered_families()]
    assert ("menu", "table", *families, "help", "review", "global") == CONTEXTS
    assert len(families) == len({spec.family for spec in all_games()})


@pytest.mark.parametrize("context", CONTEXTS)
def test_every_context_has_a_spoken_title(context: str) -> None:
    title = family_words().context_titles.get(context, "")
    assert title and title != context and title[0].isupper(), context
    assert context_title(context) == title


def test_a_family_may_not_redeclare_a_shared_command_nor_reword_anothers() -> None:
    assert COMMANDS["announce_scores"].contexts == {"table.colours", "table.tricks"}
    adding = family("adding")
    for clash in [("announce_turn", "Say whose turn it is"), ("announce_scores", "Other words")]:
        wrong = dataclasses.replace(adding, commands=(clash,))
        with pytest.raises(CommandRegistryError, match=r"family\.toml: command .* already"):
            register_family_commands([wrong])
    assert COMMANDS["announce_turn"].contexts == {"table"}


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
