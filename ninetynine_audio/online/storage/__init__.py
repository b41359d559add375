"""Where the server keeps its data: one interface, two engines.

:class:`Store` is what the server asks of its data; :func:`open_store` opens the one a
setting names — the SQLite file in the data folder (``online.db``, the default, for a home
server) or a PostgreSQL database (``online.storage.postgres``, ``serve --database
postgresql://…``, for a community server). Both run the same queries
(``online.storage.common``) and the same numbered migrations (``online.storage.migrations``).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, Protocol

from ninetynine_audio.online.storage.common import DataProblem, Rating, StoredTable, StoreRefused

__all__ = ["DataProblem", "Rating", "Store", "StoreRefused", "StoredTable", "open_store"]


class Store(Protocol):
    """The server's data, on either engine. A write may be done when its call returns
    (SQLite) or queued behind it (PostgreSQL): :meth:`flush` waits for it."""

    @property
    def path(self) -> Path | str:
        """The file or the database (without its password), as the console names it."""

    def look_alike(self, name: str) -> str | None: ...
    def account_exists(self, name: str) -> bool: ...
    def sign_in(self, name: str, password: str) -> tuple[bool, str]: ...
    def save_table(self, table: StoredTable) -> None: ...
    def drop_table(self, code: str) -> None: ...
    def tables(self) -> list[StoredTable]: ...
    def set_aside(self, rowid_or_code: int | str, reason: str) -> None: ...
    def set_aside_count(self) -> int: ...
    def record_result(
        self, code: str, game: str, players: list[dict[str, Any]], accounts: list[list[str]]
    ) -> None: ...
    def results_count(self) -> int: ...
    def rating(self, name: str, game: str) -> Rating: ...
    def ratings_of(self, name: str) -> list[Rating]: ...
    def leaderboard(self, game: str, limit: int = 10) -> list[Rating]: ...
    def hold_table(self, code: str, holder: str, seconds: float) -> float | None: ...
    def let_go(self, code: str, holder: str) -> None: ...

    fenced_by: str | None

    def announce(self, holder: str, url: str, seconds: float) -> None: ...
    def withdraw(self, holder: str) -> None: ...
    def renew(self, holder: str, seconds: float) -> set[str]: ...
    def unheld_tables(self) -> list[str]: ...
    def stored_table(self, code: str) -> StoredTable | None: ...
    def holder_url(self, code: str, holder: str) -> str | None: ...
    def notify(self, channel: str, payload: str) -> None: ...
    def others_tables(self, holder: str) -> list[tuple[StoredTable, str]]: ...
    def for_thread(self) -> contextlib.AbstractContextManager[Store]:
        """The store for use on another thread, while the block runs."""

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every write asked for is done; whether it was, in ``timeout``."""

    def close(self) -> None:
        """Write what waits, and let go of the data."""


def open_store(folder: Path, database: str | None = None, *, shared: bool = False) -> Store:
    """The store ``database`` names (a ``postgresql://`` address), or by default the SQLite
    file in ``folder``; ``folder`` is held by this server either way (its log is there).

    Raises:
        DataProblem: the store cannot be used (said in one line by ``serve``).
    """
    if database:
        from ninetynine_audio.online.storage.postgres import PostgresStore

        return PostgresStore(folder, database, shared=shared)
    from ninetynine_audio.online.db import Database

    return Database(folder)
