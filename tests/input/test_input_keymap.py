"""Keymap loading: the default keymap, user overrides, and every kind of error."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from ninetynine_audio.families import family, registered_families
from ninetynine_audio.input.commands import COMMANDS, CONTEXTS, GLOBAL, commands_for
from ninetynine_audio.input.keymap import (
    DEFAULT_KEYMAP_PATH,
    Keymap,
    KeymapError,
    document_sections,
    family_keymap_paths,
    load_default_keymap,
    load_keymap,
    read_keymap_file,
)
from ninetynine_audio.input.keynames import FORBIDDEN_KEYS, gesture_from_name, split_gesture
from ninetynine_audio.ui.reader import rules_files


@pytest.fixture(scope="module")
def default() -> Keymap:
    return load_default_keymap()


def write(tmp_path: Path, text: str, name: str = "keymap.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# The default keymap.


def shipped_sections() -> dict[str, object]:
    """Every section of the shipped keymaps: the shared file and each family's keys."""
    sections: dict[str, object] = {}
    for path in (DEFAULT_KEYMAP_PATH, *family_keymap_paths()):
        document = tomllib.loads(path.read_text(encoding="utf-8"))
        assert document["schema"] == 1, path
        sections.update(document_sections(document))
    return sections


def test_default_keymap_files_have_schema_1_and_every_context() -> None:
    assert set(shipped_sections()) == {"schema", *CONTEXTS}
    # Each family's own file holds its table's section and nothing else.
    for entry in registered_families():
        document = tomllib.loads(entry.keymap.read_text(encoding="utf-8"))
        sections = {name for name, value in document_sections(document) if value}
        assert sections == {"schema", entry.context}


def test_default_keymap_is_clean() -> None:
    for path in (DEFAULT_KEYMAP_PATH, *family_keymap_paths()):
        _, errors = read_keymap_file(path)
        assert errors == [], path
    keymap, problems = load_keymap(None)
    assert problems == []
    assert keymap.bindings == load_default_keymap().bindings


def test_every_declared_command_has_a_default_key_in_each_of_its_contexts(default: Keymap) -> None:
    for command in COMMANDS.values():
        for context in command.contexts:
            assert default.gestures_for(context, command.id), (context, command.id)


def test_default_keys_are_written_canonically_and_never_forbidden() -> None:
    sections = shipped_sections()
    for context in CONTEXTS:
        for gestures in sections[context].values():  # type: ignore[attr-defined]
            for gesture in gestures:
                assert gesture_from_name(gesture) == gesture
                assert split_gesture(gesture)[1] not in FORBIDDEN_KEYS


def test_no_key_is_bound_twice_in_a_context_or_against_global(default: Keymap) -> None:
    global_keys = [g for _, gs in default.bindings_for(GLOBAL) for g in gs]
    assert len(global_keys) == len(set(global_keys))
    for context in CONTEXTS:
        if context == GLOBAL:
            continue
        keys = [g for _, gs in default.bindings_for(context) for g in gs]
        assert len(keys) == len(set(keys)), context


@pytest.mark.parametrize(
    ("context", "gesture", "command"),
    [
        ("table", "t", "announce_turn"),
        ("table.adding", "c", "announce_total"),
        ("table.adding", "t", "announce_turn"),  # a family table has the shared keys too
        ("table", "c", None),  # and its own keys stay at its table
        ("table", "return", "play_card"),
        ("table", "3", "play_card_3"),
        ("table", "shift+slash", "hint"),
        ("table", "escape", "pause_menu"),
        ("table", "r", "repeat_last"),  # global commands reach every context
        ("menu", "ctrl", "stop_speech"),
        ("menu", "escape", "back"),
        ("help", "pagedown", "next_heading"),
        ("global", "f1", "key_help_list"),
        ("global", "t", None),  # a context command does not leak into global
        ("menu", "t", None),
    ],
)
def test_command_for(default: Keymap, context: str, gesture: str, command: str | None) -> None:
    assert default.command_for(context, gesture) == command


def test_gestures_for_finds_global_commands_from_any_context(default: Keymap) -> None:
    assert default.gestures_for("table", "repeat_last") == ("r",)
    assert default.gestures_for("table", "previous_heading") == ()
    assert default.gestures_for("help", "previous_heading") == ("left", "pageup")


def test_bindings_for_lists_context_commands_then_global(default: Keymap) -> None:
    listed = [command.id for command, _ in default.bindings_for("menu")]
    expected = [c.id for c in commands_for("menu")] + [c.id for c in commands_for(GLOBAL)]
    assert listed == expected
    only = [command.id for command, _ in default.bindings_for("menu", include_global=False)]
    assert only == [c.id for c in commands_for("menu")]


def test_lone_modifiers(default: Keymap) -> None:
    assert default.lone_modifiers() == frozenset({"ctrl"})


def test_unknown_context_is_a_programming_error(default: Keymap) -> None:
    with pytest.raises(ValueError):
        default.command_for("kitchen", "t")


# User keymaps.


def test_user_keymap_overrides_per_command(tmp_path: Path, default: Keymap) -> None:
    text = (
        'schema = 1\n[table.adding]\nannounce_total = ["Enter", "k"]\n[table]\nplay_card = ["p"]\n'
    )
    path = write(tmp_path, text)
    keymap, problems = load_keymap(path)
    assert problems == []
    assert keymap.gestures_for("table.adding", "announce_total") == ("return", "k")
    assert keymap.command_for("table.adding", "return") == "announce_total"
    assert keymap.command_for("table.adding", "c") is None  # the old key went with the override
    assert keymap.command_for("table.adding", "p") == "play_card"
    # Commands not named keep their default keys.
    assert keymap.gestures_for("table", "announce_turn") == default.gestures_for(
        "table", "announce_turn"
    )
    assert keymap.gestures_for("menu", "select") == default.gestures_for("menu", "select")


def test_a_family_command_written_in_the_shared_table_section_still_binds(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, '[table]\nannounce_total = ["k"]\n')
    keymap, problems = load_keymap(path)
    assert problems == []
    assert keymap.command_for("table.adding", "k") == "announce_total"
    assert keymap.command_for("table.adding", "c") is None


def test_user_keymap_may_move_a_key_between_commands(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[table]\ndraw_card = ["x"]\nplay_card = ["space"]\n[table.tricks]\nmark_card = ["m"]\n',
    )
    keymap, problems = load_keymap(path)
    assert problems == []
    assert keymap.command_for("table", "space") == "play_card"


def test_missing_user_file_is_reported_unless_optional(tmp_path: Path, default: Keymap) -> None:
    missing = tmp_path / "keymap.toml"
    keymap, problems = load_keymap(missing)
    assert keymap.bindings == default.bindings
    assert len(problems) == 1 and "keymap.toml" in problems[0] and "not found" in problems[0]
    keymap, problems = load_keymap(missing, missing_ok=True)
    assert problems == []


ERROR_CASES = {
    "unknown section": ('[tabel]\nannounce_total = ["k"]\n', "[tabel]", None, "no such section"),
    "unknown command": ('[table]\nannounce_totl = ["k"]\n', "[table]", "announce_totl",
                        "no command"),
    "wrong context": ('[menu]\nannounce_total = ["k"]\n', "[menu]", "announce_total",
                      "[table.adding]"),
    "global command in a context": ('[table]\nrepeat_last = ["k"]\n', "[table]", "repeat_last",
                                    "[global]"),
    "unknown key": ('[table.adding]\nannounce_total = ["enterr"]\n',
                    "[table.adding]", "announce_total",
                    '"enterr"'),
    "bad modifier": ('[table.adding]\nannounce_total = ["hyper+k"]\n',
                     "[table.adding]", "announce_total",
                     "modifier"),
    "not a list": ('[table.adding]\nannounce_total = "k"\n',
                   "[table.adding]", "announce_total", "list"),
    "empty list": ("[table.adding]\nannounce_total = []\n",
                   "[table.adding]", "announce_total", "at least one"),
    "bound twice in a context": ('[table.adding]\nannounce_total = ["t"]\n', "[table.adding]",
                                 "announce_total", "announce_turn"),
    "bound twice in the user file": ('[help]\nfirst_paragraph = ["q"]\nlast_paragraph = ["q"]\n',
                                     "[help]", "last_paragraph", "first_paragraph"),
    "clash with global": ('[table.adding]\nannounce_total = ["r"]\n',
                          "[table.adding]", "announce_total",
                          "repeat_last in [global]"),
    "global clashes with a context": ('[global]\nrepeat_last = ["t"]\n', "[global]", "repeat_last",
                                      "announce_turn in [table]"),
    "insert refused": ('[table.adding]\nannounce_total = ["insert"]\n',
                       "[table.adding]", "announce_total",
                       "screen reader"),
    "caps lock refused": ('[global]\nstop_speech = ["capslock"]\n', "[global]", "stop_speech",
                          "screen reader"),
    "insert with a modifier refused": ('[menu]\nselect = ["ctrl+Insert"]\n', "[menu]", "select",
                                       "screen reader"),
    "section that is not a table": ('table = 3\n', "[table]", None, "section"),
    "wrong schema": ('schema = 2\n[table]\nannounce_total = ["k"]\n', None, "schema", "schema"),
}  # fmt: skip


@pytest.mark.parametrize(
    ("text", "section", "key", "detail"), ERROR_CASES.values(), ids=ERROR_CASES.keys()
)
def test_each_error_names_file_section_and_key_and_keeps_defaults(
    tmp_path: Path, default: Keymap, text: str, section: str | None, key: str | None, detail: str
) -> None:
    # A valid override in the same file must not survive: the file is refused as a whole.
    if "[menu]" not in text:
        text += '\n[menu]\nfirst_item = ["f"]\n'
    path = write(tmp_path, text)
    keymap, problems = load_keymap(path)
    assert keymap.bindings == default.bindings
    assert len(problems) >= 1
    message = problems[0]
    assert message.startswith("keymap.toml")
    if section is not None:
        assert f"section {section}" in message
    if key is not None:
        assert key in message
    assert detail in message


def test_all_problems_of_a_file_are_reported(tmp_path: Path) -> None:
    path = write(tmp_path, '[table]\nannounce_total = ["enterr"]\nspeak_hand = ["insert"]\n')
    _, problems = load_keymap(path)
    assert len(problems) == 2
    assert "announce_total" in problems[0] and "speak_hand" in problems[1]


def test_invalid_toml_names_the_file(tmp_path: Path, default: Keymap) -> None:
    path = write(tmp_path, "[table\nannounce_total = k\n")
    keymap, problems = load_keymap(path)
    assert keymap.bindings == default.bindings
    assert problems and problems[0].startswith("keymap.toml: this is not valid TOML")
    assert "line 1" in problems[0]


def test_non_utf8_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "keymap.toml"
    path.write_bytes(b'[table]\nannounce_total = ["\xff"]\n')
    _, problems = load_keymap(path)
    assert problems == ["keymap.toml: the file is not UTF-8 text."]


def test_keymap_error_fields_and_message() -> None:
    error = KeymapError(Path("/x/keymap.toml"), "it is wrong.", "table", "announce_total")
    assert (error.path, error.section, error.key) == (
        Path("/x/keymap.toml"),
        "table",
        "announce_total",
    )
    assert str(error) == "keymap.toml, section [table], announce_total: it is wrong."


def test_broken_default_keymap_raises(tmp_path: Path) -> None:
    broken = write(tmp_path, '[table]\nannounce_total = ["enterr"]\n', name="default.toml")
    with pytest.raises(KeymapError, match=r"default\.toml, section \[table\]"):
        load_default_keymap(broken)
    with pytest.raises(KeymapError):
        load_keymap(None, default_path=broken)


def test_clash_between_two_default_bindings_names_the_default_file(tmp_path: Path) -> None:
    adding = family("adding").keymap
    text = adding.read_text(encoding="utf-8").replace(
        'announce_lives = ["l"]', 'announce_lives = ["h"]'
    )
    broken = write(tmp_path, text, name="keys.toml")
    others = [path for path in family_keymap_paths() if path != adding]
    with pytest.raises(KeymapError, match=r"keys\.toml, section \[table\.adding\], announce_lives"):
        load_default_keymap(DEFAULT_KEYMAP_PATH, [broken, *others])


def test_a_family_keymap_holds_only_its_own_section(tmp_path: Path) -> None:
    stray = write(tmp_path, 'schema = 1\n[table]\nannounce_turn = ["y"]\n', name="keys.toml")
    with pytest.raises(KeymapError, match=r"keys\.toml, section \[table\]: a family's keys"):
        load_default_keymap(DEFAULT_KEYMAP_PATH, [stray])


def family_rules_text(context: str) -> str:
    """The rules help of the games of the family whose table is ``context`` (empty for a
    shared context), in ``docs/rules/`` or the family's own folder: a family may list its
    table's keys there instead of in the keys guide."""
    return "".join(
        rules_files(game.id, "en")[1].read_text(encoding="utf-8")
        for entry in registered_families()
        if entry.context == context
        for game in entry.games
    )


def test_keymap_documentation_lists_every_command_under_its_section() -> None:
    docs = (DEFAULT_KEYMAP_PATH.parents[1] / "docs" / "keymaps.md").read_text(encoding="utf-8")
    for command in COMMANDS.values():
        listed = f"| `{command.id}` |"
        assert listed in docs or all(
            listed in family_rules_text(context) for context in command.contexts
        ), command.id
    # Each "### … (`[section]`)" heading is followed by the table of that section's commands.
    tables: dict[str, str] = {}
    for part in docs.split("\n### ")[1:]:
        heading, _, body = part.partition("\n")
        if "(`[" in heading:
            tables[heading.split("(`[")[1].split("]")[0]] = body.split("\n### ")[0]
    for command in COMMANDS.values():
        for context in command.contexts:
            if context in tables:
                assert f"| `{command.id}` |" in tables[context], (context, command.id)
    # The families the guide has no section for list their keys in their own rules.
    for entry in registered_families():
        if entry.context not in tables:
            for command, _ in entry.commands:
                assert f"| `{command}` |" in family_rules_text(entry.context), command
