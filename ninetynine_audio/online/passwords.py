"""Password checks beside the event loop.

Argon2 is slow on purpose (tens of milliseconds and 19 MiB a check): run on the event loop,
a stream of sign-ins would hold up every table. :class:`PasswordDesk` runs
``Database.sign_in`` on a few threads of its own, each with its own connection to the
database file (an SQLite connection belongs to the thread that made it), and hands the answer
back to the loop. At most ``workers`` checks run at once, at most ``queue`` wait, and one
address has at most ``per_address`` waiting or running: past those a sign-in is told the
server is busy, and nothing else waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sqlite3
import threading
from collections import Counter
from concurrent.futures import Future
from dataclasses import dataclass

from ninetynine_audio.online.db import Database

log = logging.getLogger(__name__)


class Busy(Exception):
    """Too many checks are waiting (everyone's, or this address's)."""


@dataclass(frozen=True)
class _Job:
    name: str
    password: str
    answer: Future[tuple[bool, str]]


def thread_copy(database: Database) -> Database:
    """``database`` with a connection of the calling thread's own to the same file (its
    other parts, the hasher among them, shared)."""
    copy = object.__new__(type(database))
    copy.__dict__.update(database.__dict__)
    copy.db = sqlite3.connect(database.path, isolation_level=None, timeout=10.0)
    return copy


class PasswordDesk:
    """Threads that check passwords (and create the accounts of new names)."""

    def __init__(self, database: Database, workers: int, queue_size: int, per_address: int) -> None:
        self.database = database
        self.jobs: queue.Queue[_Job | None] = queue.Queue()
        self.queue_size = max(1, queue_size)
        self.per_address = max(1, per_address)
        self.pending: Counter[str] = Counter()
        self.threads = [
            threading.Thread(target=self._work, name=f"password-{n}", daemon=True)
            for n in range(max(1, workers))
        ]
        for thread in self.threads:
            thread.start()

    async def sign_in(self, address: str, name: str, password: str) -> tuple[bool, str]:
        """``Database.sign_in(name, password)`` on a worker; :class:`Busy` when full."""
        if sum(self.pending.values()) >= self.queue_size + len(self.threads):
            raise Busy
        if self.pending[address] >= self.per_address:
            raise Busy
        self.pending[address] += 1
        try:
            answer: Future[tuple[bool, str]] = Future()
            self.jobs.put(_Job(name, password, answer))
            return await asyncio.wrap_future(answer)
        finally:
            self.pending[address] -= 1
            if self.pending[address] <= 0:
                del self.pending[address]

    def _work(self) -> None:
        database = thread_copy(self.database)
        try:
            while True:
                job = self.jobs.get()
                if job is None:
                    return
                if not job.answer.set_running_or_notify_cancel():
                    continue
                try:
                    try:
                        answer = database.sign_in(job.name, job.password)
                    except sqlite3.IntegrityError:
                        # Another thread made the account of this new name meanwhile: the
                        # password is checked against that one.
                        answer = database.sign_in(job.name, job.password)
                    job.answer.set_result(answer)
                except Exception as error:  # a fault of the file: the sign-in hears it
                    job.answer.set_exception(error)
        finally:
            with contextlib.suppress(sqlite3.Error):
                database.db.close()  # only this thread's connection

    def close(self) -> None:
        """Stop the threads after the checks already asked for."""
        for _thread in self.threads:
            self.jobs.put(None)
        for thread in self.threads:
            thread.join(timeout=10.0)
