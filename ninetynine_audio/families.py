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

Beside them a family may keep its rules help (``rules/<game>.md``, ``rules/<language>/``) and
its own catalogues (``locale/<language>/LC_MESSAGES/*.mo``). The families are the folders of
``ninetynine_audio/games/`` that hold a manifest, then the packages named in the environment
variable ``NINETYNINE_AUDIO_FAMILIES`` (separated by the path separator), each a folder with
the same files outside this package.

Nothing here imports a family: the files are read as data, once, so that a plain start (the
main menu, the keymap) knows every family without loading any engine. This module uses only the
standard library, so every layer may ask it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from importlib import util
from pathlib import Path
from typing import Any

__all__ = [
    "ADDED_FAMILIES",
    "MANIFEST",
    "FamilyEntry",
    "FamilyError",
    "GameEntry",
    "Progress",
    "default_game",
    "family",
    "family_of_game",
    "game_entry",
    "registered_families",
]

MANIFEST = "family.toml"
"""The file that registers a family, in its folder under ``games/``."""

KEYMAP = "keys.toml"
"""The family's default keys, beside its manifest."""

ADDED_FAMILIES = "NINETYNINE_AUDIO_FAMILIES"
"""The environment variable naming family packages outside ``games/`` (``high_card``), each
an importable package whose folder holds a manifest; separated by ``os.pathsep``."""

SHARED = "shared"
"""``catalogue = "shared"``: the family's messages are in the program's own catalogue."""

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
        default: whether it is the game played when none is named (``default = true``).
    """

    id: str
    title: str
    summary: str
    rules: str
    default: bool = False


@dataclass(frozen=True)
class Progress:
    """What a family's games count their progress in (``GameSpec.progress``), as messages of
    its manifest's ``[progress]`` section; a family without one counts rounds.

    Attributes:
        count: the singular and plural of ``"{count} turn"``, ``"{count} turns"``.
        label: ``"turn {number}"``, where a match was left.
        average: ``"{average} turns a match"``, how long a match lasts on average.
    """

    count: tuple[str, str]
    label: str
    average: str


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
        package: the package whose import registers its games.
        bots: the module whose import registers its computer levels (``bots``, by default
            ``ninetynine_audio.bots.<family>``).
        progress: what its games count progress in, or ``None`` for rounds.
        shared_catalogue: its messages are in the program's catalogue (``catalogue =
            "shared"``), not in catalogues of its own under ``locale/``.
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
    package: str = ""
    bots: str = ""
    progress: Progress | None = None
    shared_catalogue: bool = False

    @property
    def folder(self) -> Path:
        """The family's folder."""
        return self.manifest.parent

    @property
    def rules_dir(self) -> Path:
        """Its own rules help, ``rules/<game>.md`` and ``rules/<language>/`` (may be missing:
        then its rules are in the shared ``docs/rules/``)."""
        return self.folder / "rules"

    @property
    def locale_dir(self) -> Path:
        """Its own catalogues, ``locale/<language>/LC_MESSAGES/*.mo`` (may be missing)."""
        return self.folder / "locale"

    @property
    def context(self) -> str:
        """The keymap context of its table (``"table.adding"``)."""
        return f"table.{self.name}"

    @property
    def level_ids(self) -> tuple[str, ...]:
        """Its computer levels, weakest first."""
        return tuple(level for level, _ in self.levels)


def _games_folder() -> Path:
    # The package ``ninetynine_audio.games`` beside this module, read from this module's own
    # path: importlib.resources would load zipfile, tempfile and shutil before the first word.
    return Path(__file__).parent / _GAMES_PACKAGE.rpartition(".")[2]


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


def _progress(path: Path, data: dict[str, Any]) -> Progress | None:
    table = data.get("progress")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise FamilyError(f"{path}: [progress] must be a section")
    count = table.get("count")
    if not (isinstance(count, list) and len(count) == 2 and all(isinstance(c, str) for c in count)):
        raise FamilyError(f"{path}: [progress] count must be a singular and a plural")
    where = "[progress] "
    return Progress(
        (count[0], count[1]),
        _text(path, table, "label", where),
        _text(path, table, "average", where),
    )


def _read_family(folder: Path, package: str = "") -> FamilyEntry:
    import tomllib  # only when a manifest is read: the window's first line reads none

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
        default = game.get("default", False)
        if not isinstance(default, bool):
            raise FamilyError(f"{path}: {where}default must be true or false")
        games.append(
            GameEntry(
                game_id,
                _text(path, game, "title", where),
                _text(path, game, "summary", where),
                rules,
                default,
            )
        )
    levels = _table_of_strings(path, data, "levels")
    if not levels:
        raise FamilyError(f"{path}: [levels] must name at least one computer level")
    catalogue = data.get("catalogue", "")
    if catalogue not in ("", SHARED):
        raise FamilyError(f"{path}: catalogue may only be {SHARED!r}")
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
        package=package or f"{_GAMES_PACKAGE}.{folder.name}",
        bots=_text(path, data, "bots")
        if "bots" in data
        else f"ninetynine_audio.bots.{folder.name}",
        progress=_progress(path, data),
        shared_catalogue=catalogue == SHARED,
    )


def _added_folders() -> list[tuple[Path, str]]:
    # The packages the environment names, each found without importing it.
    found = []
    for package in os.environ.get(ADDED_FAMILIES, "").split(os.pathsep):
        package = package.strip()
        if not package:
            continue
        spec = util.find_spec(package)
        places = list(spec.submodule_search_locations or ()) if spec else []
        if not places:
            raise FamilyError(f"{ADDED_FAMILIES}: {package!r} is not a package that can be found")
        found.append((Path(places[0]), package))
    return found


@cache
def registered_families() -> tuple[FamilyEntry, ...]:
    """Every family: those of ``games/`` in the order of their folders' names, then those of
    ``NINETYNINE_AUDIO_FAMILIES`` in its order.

    Raises:
        FamilyError: a manifest is broken, two families have one name or name the same game,
            or more than one game says it is the default.
    """
    folder = _games_folder()
    found = tuple(
        _read_family(child)
        for child in sorted(folder.iterdir(), key=lambda p: p.name)
        if child.is_dir() and (child / MANIFEST).is_file()
    ) + tuple(_read_family(place, package) for place, package in _added_folders())
    seen: dict[str, str] = {}
    names: set[str] = set()
    defaults: list[str] = []
    for entry in found:
        for game in entry.games:
            if game.id in seen:
                raise FamilyError(
                    f"{entry.manifest}: the game {game.id} is also in the family {seen[game.id]}"
                )
            seen[game.id] = entry.name
            if game.default:
                defaults.append(game.id)
        if entry.name in names:
            raise FamilyError(f"{entry.manifest}: there is already a family {entry.name}")
        names.add(entry.name)
    if len(defaults) > 1:
        raise FamilyError(f"more than one game says it is the default: {', '.join(defaults)}")
    return found


def default_game() -> str:
    """The game played when none is named: the one whose manifest says ``default = true``,
    else the first game of the first family."""
    entries = registered_families()
    for entry in entries:
        for game in entry.games:
            if game.default:
                return game.id
    return entries[0].games[0].id


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
