"""The registry of game families (``ninetynine_audio/families.py``): what each family's
``family.toml`` and ``keys.toml`` give the shared menus, key help, keymap and command line,
and that knowing every family loads none of their engines."""

from __future__ import annotations

import dataclasses
import importlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ninetynine_audio import families
from ninetynine_audio.cli import build_parser
from ninetynine_audio.families import FamilyError, registered_families
from ninetynine_audio.games.registry import all_games
from ninetynine_audio.present import screens
from ninetynine_audio.ui.reader import rules_files

REPOSITORY = Path(__file__).resolve().parents[2]


def test_every_family_folder_with_games_has_a_manifest() -> None:
    folders = {spec.family for spec in all_games()}
    assert folders == {entry.name for entry in registered_families()}
    for entry in registered_families():
        assert entry.manifest.is_file() and entry.keymap.is_file(), entry.name


@pytest.mark.parametrize("game", [spec.id for spec in all_games()])
def test_the_menus_speak_every_game_from_its_family(game: str) -> None:
    entry = families.game_entry(game)
    assert entry is not None
    assert screens.game_title(game) == entry.title != game
    assert screens.family_words().game_summaries[game] == entry.summary
    assert entry.summary.startswith(entry.title)
    assert rules_files(game, "en")[1].is_file()  # in the family's folder or docs/rules/


def test_every_level_has_one_spoken_name() -> None:
    names: dict[str, str] = {}
    for entry in registered_families():
        for level, name in entry.levels:
            assert names.setdefault(level, name) == name, f"{entry.name} calls {level} {name}"
            assert screens.level_name(level) == name


def test_the_table_and_narrator_a_manifest_names_are_the_families_own() -> None:
    from ninetynine_audio.ui.tables.base import TableController, controller_class

    for entry in registered_families():
        assert issubclass(controller_class(entry.name), TableController)
        assert callable(importlib.import_module(entry.narrator).narrate)
        # Each module is the family's own: in its package, or named after it in a shared layer.
        for module in (entry.table, entry.narrator, entry.bots):
            assert module.startswith(f"{entry.package}.") or module.rsplit(".", 1)[-1] == (
                entry.name
            ), module


def manifest(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / families.MANIFEST).write_text(text, encoding="utf-8")
    return folder


GOOD = """title = "At the table of Toy"
table = "x.toy"
narrator = "y.toy"
[games.toy]
title = "Toy"
summary = "Toy: a test"
[levels]
easy = "Easy"
[commands]
say_toy = "Say the toy"
"""


def test_a_manifest_is_read_with_the_rules_file_named_after_the_game_by_default(
    tmp_path: Path,
) -> None:
    entry = families._read_family(manifest(tmp_path, GOOD))
    assert (entry.name, entry.context, entry.level_ids) == ("toy", "table.toy", ("easy",))
    assert entry.games == (families.GameEntry("toy", "Toy", "Toy: a test", "toy.md"),)
    assert entry.commands == (("say_toy", "Say the toy"),)
    assert entry.keymap == tmp_path / "toy" / "keys.toml"


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (('title = "At the table of Toy"\n', ""), "title must be a non-empty string"),
        (('[levels]\neasy = "Easy"\n', ""), r"\[levels\] must name at least one"),
        (('summary = "Toy: a test"\n', ""), r"\[games.toy\] summary must be"),
        (("[games.toy]", "[gamez.toy]"), r"\[games.<id>\] must name at least one game"),
        (('easy = "Easy"', "easy = 3"), r"\[levels\] easy must be a non-empty string"),
    ],
)
def test_a_broken_manifest_is_refused_naming_its_file_and_field(
    tmp_path: Path, change: tuple[str, str], complaint: str
) -> None:
    folder = manifest(tmp_path, GOOD.replace(*change))
    with pytest.raises(FamilyError, match=complaint) as caught:
        families._read_family(folder)
    assert "family.toml" in str(caught.value)


def refused_when_read_as(
    monkeypatch: pytest.MonkeyPatch,
    reader: Callable[[Path, str], families.FamilyEntry],
    complaint: str,
) -> None:
    """Every manifest read by ``reader`` instead, the families are refused with ``complaint``;
    then read as they are again."""
    entries = registered_families()
    families.registered_families.cache_clear()
    monkeypatch.setattr(families, "_read_family", reader)
    try:
        with pytest.raises(FamilyError, match=complaint):
            families.registered_families()
    finally:
        monkeypatch.undo()
        families.registered_families.cache_clear()
    assert registered_families() == entries


def test_two_families_may_not_name_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    twin = dataclasses.replace(registered_families()[0], name="twin")
    refused_when_read_as(monkeypatch, lambda folder, package="": twin, "is also in the family")


def test_a_plain_start_knows_every_family_without_loading_any_engine(tmp_path: Path) -> None:
    # The main menu, its key help and the keymap need the families; their engines wait for the
    # Play menu. Text mode with nothing typed opens the main menu and ends.
    probe = (
        "import sys\n"
        "from ninetynine_audio.cli import main\n"
        "main(['--text', '--speech', 'text'])\n"
        "from ninetynine_audio.families import registered_families\n"
        "packages = [e.package for e in registered_families()]\n"
        "loaded = sorted(m for m in sys.modules"
        " if any(m == p or m.startswith(p + '.') for p in packages))\n"
        "assert 'ninetynine_audio.input.commands' in sys.modules\n"
        "print('loaded:', loaded)\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPOSITORY), os.environ.get("PYTHONPATH", "")]),
        "NINETYNINE_AUDIO_HOME": str(tmp_path),
        "SDL_AUDIODRIVER": "dummy",
        "SDL_VIDEODRIVER": "dummy",
    }
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "Main menu" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "loaded: []"


def test_the_game_option_lists_every_registered_game_and_the_readme_no_fixed_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A new player learns the ids to type from ``play --help``, which the registry fills; the
    README sends them there instead of keeping a list that a new game would have to edit."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    offered = readme.split("`--game ", 1)[1].split("`", 1)[0]
    assert "|" not in offered, f"the README lists games by hand: {offered}"
    assert "play --help" in readme.split("`--game ", 1)[1].split("\n", 2)[0]
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for spec in all_games():
        assert spec.id in shown, spec.id


def test_the_default_game_is_the_one_a_manifest_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    assert families.default_game() == "classic"
    entries = registered_families()
    # Without the declaration the first game of the first family is played, whatever it is.
    undeclared = tuple(
        dataclasses.replace(
            entry, games=tuple(dataclasses.replace(game, default=False) for game in entry.games)
        )
        for entry in reversed(entries)
    )
    monkeypatch.setattr(families, "registered_families", lambda: undeclared)
    assert families.default_game() == undeclared[0].games[0].id != "classic"
    # Declared on a game of the last family, that game is the default.
    last = undeclared[-1]
    declared = (
        *undeclared[:-1],
        dataclasses.replace(
            last, games=(dataclasses.replace(last.games[0], default=True), *last.games[1:])
        ),
    )
    monkeypatch.setattr(families, "registered_families", lambda: declared)
    assert families.default_game() == last.games[0].id


def test_two_games_may_not_both_be_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    read = families._read_family

    def every_game_the_default(folder: Path, package: str = "") -> families.FamilyEntry:
        entry = read(folder, package)
        games = tuple(dataclasses.replace(game, default=True) for game in entry.games)
        return dataclasses.replace(entry, games=games)

    refused_when_read_as(
        monkeypatch, every_game_the_default, "more than one game says it is the default"
    )
