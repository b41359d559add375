"""The player's daily deals: which were started on which day, and every finished result.

``daily.json`` in the data folder: ``started``, a list of ``{"date", "game"}`` (a daily deal
may be started once a day; leaving it unfinished does not give it back), and ``results``, the
records of the finished ones (``play.daily.DailyResult.to_record``, described in
``docs/playing.md``), oldest first. A damaged file is set aside and counting starts again.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ninetynine_audio.i18n import _
from ninetynine_audio.store import paths
from ninetynine_audio.store.kept import read_listed, write_listed
from ninetynine_audio.store.locks import held

DAILY_FILE_NAME = "daily.json"
DAILY_SCHEMA = 1


def daily_file() -> Path:
    """``daily.json`` in the data folder."""
    return paths.data_dir() / DAILY_FILE_NAME


def _lock_path(target: Path) -> Path:
    return target.with_name(target.name + ".lock")


def _load(target: Path) -> tuple[list[dict[str, Any]], str | None]:
    days, problem = read_listed(target, DAILY_SCHEMA, "days")
    return [d for d in days if isinstance(d, dict) and isinstance(d.get("date"), str)], problem


def load_daily(path: Path | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """Every day's entry, oldest first: ``{"date", "game", "result"}`` (``result`` is
    ``None`` while the deal is unfinished), and the sentence for a damaged file."""
    return _load(daily_file() if path is None else path)


def _write(target: Path, days: list[dict[str, Any]]) -> list[str]:
    failed = write_listed(target, DAILY_SCHEMA, "days", days)
    if failed is None:
        return []
    # Translators: the daily deal's file could not be written.
    return [_("The daily deal could not be saved ({reason}).").format(reason=failed)]


def mark_started(date: str, game: str, path: Path | None = None) -> tuple[bool, list[str]]:
    """Note that ``game``'s daily deal of ``date`` has begun: ``False`` when it had begun
    already (it is played once a day), and the problems as sentences."""
    target = daily_file() if path is None else path
    with held(_lock_path(target)):
        days, problem = _load(target)
        problems = [problem] if problem else []
        if any(d.get("date") == date and d.get("game") == game for d in days):
            return False, problems
        days.append({"date": date, "game": game, "result": None})
        return True, problems + _write(target, days)


def record_daily(result: Mapping[str, Any], path: Path | None = None) -> list[str]:
    """Keep the record of a finished daily deal (its ``date`` and ``game`` name its day)."""
    target = daily_file() if path is None else path
    with held(_lock_path(target)):
        days, problem = _load(target)
        problems = [problem] if problem else []
        date, game = result.get("date"), result.get("game")
        for day in days:
            if day.get("date") == date and day.get("game") == game:
                day["result"] = dict(result)
                break
        else:
            days.append({"date": date, "game": game, "result": dict(result)})
        return problems + _write(target, days)
