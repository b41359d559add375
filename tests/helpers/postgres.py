"""A real PostgreSQL for the tests: a cluster of its own in a temporary folder, listening on
a free port of 127.0.0.1 (and a socket in that folder), stopped when the tests end. Debian's
``postgresql`` package provides it (``.ci/run`` installs it). ``initdb`` refuses to run as
root: as root, the cluster is made and run by the ``postgres`` user, in a folder it owns.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from helpers.online import free_port

START_S = 120


def _binaries() -> Path:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest installed version)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: p.parts[-3])
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    return Path(initdb).parent


class Postgres:
    """One running cluster; :meth:`new_database` makes an empty database for one test."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="ninetynine-postgres-"))
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.port = free_port()
        self.pg_ctl = str(_binaries() / "pg_ctl")
        self.data = self.folder / "cluster"
        self._run(
            str(_binaries() / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "ninetynine",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        self.start()
        self.url = f"postgresql://ninetynine@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        """Start the cluster (again), and wait until it takes connections."""
        options = (
            # Small, as one runs beside each test worker. Nothing waits for the disk, yet a
            # commit is in the system's hands when it returns, so a stopped cluster keeps it
            # (the machine itself never stops under the tests).
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
            " -c full_page_writes=off -c shared_buffers=16MB -c max_connections=40"
        )
        log = str(self.folder / "log")
        timeout = str(START_S)
        self._run(
            self.pg_ctl,
            "-D",
            str(self.data),
            "-l",
            log,
            "-w",
            "-t",
            timeout,
            "-o",
            options,
            "start",
        )

    def halt(self) -> None:
        """Stop the cluster at once, as a crash would (its folder is kept)."""
        self._run(self.pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def _run(self, *command: str) -> None:
        subprocess.run([*self.as_user, *command], check=True, capture_output=True, timeout=START_S)

    def new_database(self) -> str:
        """The address of a new, empty database."""
        name = f"t_{uuid.uuid4().hex}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://ninetynine@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        """Stop the cluster at once and remove its folder."""
        try:
            with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
                self.halt()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL cluster for the session (one per test worker)."""
    cluster = Postgres()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_place(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, str | None]:
    """A data folder, and the PostgreSQL database to keep the data in (None: SQLite): a
    store test taking it runs on both engines."""
    if request.param == "postgresql":
        cluster: Postgres = request.getfixturevalue("postgres")
        return tmp_path / "data", cluster.new_database()
    return tmp_path / "data", None
