"""Every game family, as the shared code knows it before any engine is loaded.

A family is a folder ``ninetynine_audio/games/<family>/`` holding, beside its engine, two data
files that register everything the shared menus, key help, keymap and command line need:

- ``family.toml``: the heading of its keys (``title``), the modules of its table controller
  (``table``) and of its wording (``narrator``), its computer levels with their spoken names
  (``[levels]``, weakest first), its commands with the sentence key help speaks for each
  (``[commands]``), and each of its games (``[games.<id>]``: ``title``, ``summary`` and
  ``rules``, the file of its rules help in ``docs/rules/``);
- ``keys.toml``: the default keys of its table, the section ``[table.<family>]`` in the form
  of ``keymaps/default.toml``.

Nothing here imports a family: the files are read as data, once, so that a plain start (the
main menu, the keymap) knows every family without loading any engine. This module uses only the
standard library, so every layer may ask it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = [
    "MANIFEST",
    "FamilyEntry",
    "FamilyError",
    "GameEntry",
    "family",
    "family_of_game",
    "game_entry",
    "registered_families",
]

MANIFEST = "family.toml"
"""The file that registers a family, in its folder under ``games/``."""

KEYMAP = "keys.toml"
"""The family's default keys, beside its manifest."""

_GAMES_PACKAGE = "ninetynine_audio.games"


class FamilyError(ValueError):
    """A family's manifest is missing a field or says something impossible; the message
    names the file and the field."""


@dataclass(frozen=True)
class GameEntry:
    """One game of a family as the menus speak of it.

    Attributes:
        id: the game id (``"classic"``), the same as its ``GameSpec.id``.
        title: its spoken name (``"Classic"``).
        summary: the line the game menu reads for it.
        rules: the file name of its rules help in the rules folder (``"classic.md"``).
    """

    id: str
    title: str
    summary: str
    rules: str


@dataclass(frozen=True)
class FamilyEntry:
    """One family: its games, levels, commands, keys and the modules that play it.

    Attributes:
        name: the folder's name (``"adding"``), the ``GameSpec.family`` of its games.
        title: the heading of its table's keys in key help and the Keys reader.
        table: the module whose ``Table`` is its table controller.
        narrator: the module whose ``narrate`` puts its events into words.
        games: its games, in the order its menus list them.
        levels: ``(level, spoken name)`` for each computer level, weakest first.
        commands: ``(command id, description)`` for each command of its table.
        keymap: the file of its default keys.
        manifest: the file all this was read from.
    """

    name: str
    title: str
    table: str
    narrator: str
    games: tuple[GameEntry, ...]
    levels: tuple[tuple[str, str], ...]
    commands: tuple[tuple[str, str], ...]
    keymap: Path
    manifest: Path

    @property
    def context(self) -> str:
        """The keymap context of its table (``"table.adding"``)."""
        return f"table.{self.name}"

    @property
    def level_ids(self) -> tuple[str, ...]:
        """Its computer levels, weakest first."""
        return tuple(level for level, _ in self.levels)


def _games_folder() -> Path:
    found = resources.files(_GAMES_PACKAGE)
    return Path(str(found))


def _text(path: Path, data: dict[str, Any], key: str, where: str = "") -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise FamilyError(f"{path}: {where}{key} must be a non-empty string")
    return value


def _table_of_strings(path: Path, data: dict[str, Any], key: str) -> tuple[tuple[str, str], ...]:
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise FamilyError(f"{path}: [{key}] must be a section")
    return tuple((name, _text(path, table, name, f"[{key}] ")) for name in table)


def _read_family(folder: Path) -> FamilyEntry:
    path = folder / MANIFEST
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise FamilyError(f"{path}: {error}") from None
    games_table = data.get("games")
    if not isinstance(games_table, dict) or not games_table:
        raise FamilyError(f"{path}: [games.<id>] must name at least one game")
    games = []
    for game_id, game in games_table.items():
        if not isinstance(game, dict):
            raise FamilyError(f"{path}: [games.{game_id}] must be a section")
        where = f"[games.{game_id}] "
        rules = game.get("rules", f"{game_id}.md")
        if not isinstance(rules, str):
            raise FamilyError(f"{path}: {where}rules must be a file name")
        games.append(
            GameEntry(
                game_id,
                _text(path, game, "title", where),
                _text(path, game, "summary", where),
                rules,
            )
        )
    levels = _table_of_strings(path, data, "levels")
    if not levels:
        raise FamilyError(f"{path}: [levels] must name at least one computer level")
    return FamilyEntry(
        name=folder.name,
        title=_text(path, data, "title"),
        table=_text(path, data, "table"),
        narrator=_text(path, data, "narrator"),
        games=tuple(games),
        levels=levels,
        commands=_table_of_strings(path, data, "commands"),
        keymap=folder / KEYMAP,
        manifest=path,
    )


@cache
def registered_families() -> tuple[FamilyEntry, ...]:
    """Every family, in the order of their folders' names.

    Raises:
        FamilyError: a manifest is broken, or two families name the same game.
    """
    folder = _games_folder()
    found = tuple(
        _read_family(child)
        for child in sorted(folder.iterdir(), key=lambda p: p.name)
        if child.is_dir() and (child / MANIFEST).is_file()
    )
    seen: dict[str, str] = {}
    for entry in found:
        for game in entry.games:
            if game.id in seen:
                raise FamilyError(
                    f"{entry.manifest}: the game {game.id} is also in the family {seen[game.id]}"
                )
            seen[game.id] = entry.name
    return found


def family(name: str) -> FamilyEntry:
    """The family called ``name``.

    Raises:
        KeyError: there is no such family.
    """
    for entry in registered_families():
        if entry.name == name:
            return entry
    raise KeyError(f"unknown game family {name!r}")


def game_entry(game: str) -> GameEntry | None:
    """The menu entry of the game ``game`` (an id), or ``None`` for a game no family names."""
    for entry in registered_families():
        for found in entry.games:
            if found.id == game:
                return found
    return None


def family_of_game(game: str) -> FamilyEntry | None:
    """The family whose manifest names the game ``game``, or ``None``."""
    for entry in registered_families():
        if any(found.id == game for found in entry.games):
            return entry
    return None
