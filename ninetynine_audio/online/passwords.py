"""Password checks beside the event loop.

Argon2 is slow on purpose (tens of milliseconds and 19 MiB a check): run on the event loop,
a stream of sign-ins would hold up every table. :class:`PasswordDesk` runs
``Store.sign_in`` on a few threads of its own, each with the store's connection for that
thread (``Store.for_thread``: its own connection to an SQLite file, which belongs to the
thread that made it; PostgreSQL's shared pool), and hands the answer back to the loop. At
most ``workers`` checks run at once, at most ``queue`` wait, and one address has at most
``per_address`` waiting or running: past those a sign-in is told the server is busy, and
nothing else waits.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections import Counter
from concurrent.futures import Future
from dataclasses import dataclass

from ninetynine_audio.online.native_memory import return_large_blocks
from ninetynine_audio.online.storage import Store

log = logging.getLogger(__name__)


class Busy(Exception):
    """Too many checks are waiting (everyone's, or this address's)."""


@dataclass(frozen=True)
class _Job:
    name: str
    password: str
    answer: Future[tuple[bool, str]]


class PasswordDesk:
    """Threads that check passwords (and create the accounts of new names)."""

    def __init__(self, database: Store, workers: int, queue_size: int, per_address: int) -> None:
        # Each check's 19 MiB goes back to the system when done, not to a thread's arena.
        return_large_blocks()
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
        """``Store.sign_in(name, password)`` on a worker; :class:`Busy` when full."""
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
        with self.database.for_thread() as database:
            while True:
                job = self.jobs.get()
                if job is None:
                    return
                if not job.answer.set_running_or_notify_cancel():
                    continue
                try:
                    job.answer.set_result(database.sign_in(job.name, job.password))
                except Exception as error:  # a fault of the store: the sign-in hears it
                    job.answer.set_exception(error)

    def close(self) -> None:
        """Stop the threads after the checks already asked for."""
        for _thread in self.threads:
            self.jobs.put(None)
        for thread in self.threads:
            thread.join(timeout=10.0)
