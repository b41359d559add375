"""The last finished games, kept as their event logs so that the coach can review them later.

``kept_games.json`` in the data folder holds the last :data:`KEEP` games played at this
computer with one person at the keys, newest first: for each, when it ended, the game, level,
the player's place among how many, and the game's log lines (``docs/event-log.md``), exactly as
``--log-events`` writes them. The review reads only those lines. A damaged file is set aside
(``jsonfile``) and keeping starts again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ninetynine_audio.i18n import _
from ninetynine_audio.store import paths
from ninetynine_audio.store.jsonfile import read_json, write_json_atomic
from ninetynine_audio.store.locks import held

KEPT_FILE_NAME = "kept_games.json"
KEPT_SCHEMA = 1
KEEP = 10
"""How many finished games are kept."""


@dataclass(frozen=True)
class KeptGame:
    """One finished game: when it ended (ISO 8601, UTC), what it was, and its log lines."""

    ended: str
    game: str
    level: str
    place: int | None
    players: int
    records: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        """The game as plain JSON values."""
        return {
            "ended": self.ended,
            "game": self.game,
            "level": self.level,
            "place": self.place,
            "players": self.players,
            "records": list(self.records),
        }

    @classmethod
    def from_dict(cls, data: object) -> KeptGame | None:
        """A kept game from loaded JSON; ``None`` for anything not of its form."""
        if not isinstance(data, Mapping):
            return None
        records = data.get("records")
        place = data.get("place")
        players = data.get("players")
        texts = [data.get(k) for k in ("ended", "game", "level")]
        if (
            not all(isinstance(t, str) for t in texts)
            or not isinstance(records, list)
            or not records
            or not all(isinstance(r, dict) for r in records)
            or not (place is None or (isinstance(place, int) and not isinstance(place, bool)))
            or not isinstance(players, int)
            or isinstance(players, bool)
        ):
            return None
        ended, game, level = (str(t) for t in texts)
        return cls(ended, game, level, place, players, tuple(records))


def kept_file() -> Path:
    """``kept_games.json`` in the data folder."""
    return paths.data_dir() / KEPT_FILE_NAME


def _lock_path(target: Path) -> Path:
    return target.with_name(target.name + ".lock")


def load_kept(path: Path | None = None) -> tuple[list[KeptGame], str | None]:
    """The kept games, newest first, and the sentence for a damaged file (set aside)."""
    games, problem = read_listed(kept_file() if path is None else path, KEPT_SCHEMA, "games")
    kept = [KeptGame.from_dict(g) for g in games]
    return [g for g in kept if g is not None], problem


def keep_game(
    game: str,
    level: str,
    place: int | None,
    players: int,
    records: Sequence[Mapping[str, Any]],
    path: Path | None = None,
    *,
    now: datetime | None = None,
) -> tuple[KeptGame, list[str]]:
    """Keep one finished game's log lines, dropping the oldest beyond :data:`KEEP`.

    Returns the kept game and the problems as sentences (a damaged file set aside, a file that
    could not be written); the game is returned even when it could not be written."""
    target = kept_file() if path is None else path
    stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    kept = KeptGame(stamp, game, level, place, players, tuple(dict(r) for r in records))
    problems: list[str] = []
    with held(_lock_path(target)):
        games, problem = load_kept(target)
        if problem:
            problems.append(problem)
        games = [kept, *games][:KEEP]
        failed = write_listed(target, KEPT_SCHEMA, "games", [g.to_dict() for g in games])
        if failed is not None:
            # Translators: a finished game could not be kept for the coach's review.
            problems.append(
                _("The game could not be kept for review ({reason}).").format(reason=failed)
            )
    return kept, problems


def write_listed(target: Path, schema: int, key: str, items: list[Any]) -> str | None:
    """Write ``{"schema": schema, key: items}`` atomically; ``None``, or the operating
    system's words for why it could not be written."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(target, {"schema": schema, key: items})
    except OSError as error:
        return error.strerror or str(error)
    return None


def read_listed(target: Path, schema: int, key: str) -> tuple[list[Any], str | None]:
    """The list ``key`` of a file written by :func:`write_listed` (empty when missing, of
    another schema or damaged), and the sentence for a damaged file (set aside)."""
    data, problem = read_json(target)
    if not isinstance(data, dict) or data.get("schema") != schema:
        return [], problem
    items = data.get(key)
    return (items if isinstance(items, list) else []), problem
