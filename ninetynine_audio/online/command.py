"""The ``serve`` command: its options checked (a certificate, an address beyond this machine,
the limits), the data folder opened, and the server run until it is stopped."""

from __future__ import annotations

import asyncio
import ipaddress
import sqlite3
import ssl
from pathlib import Path
from typing import Any

from ninetynine_audio.online.limits import Limits, rotating_log
from ninetynine_audio.online.server import Server, run_server
from ninetynine_audio.online.storage import DataProblem
from ninetynine_audio.present import online as words


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve_main(args: Any) -> int:
    """The ``serve`` command."""
    import sys

    host: str = args.host
    context: ssl.SSLContext | None = None
    if args.cert or args.key:
        if not (args.cert and args.key):
            print(words.cert_pair_text(), file=sys.stderr)
            return 2
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            context.load_cert_chain(args.cert, args.key)
        except (OSError, ssl.SSLError) as error:
            print(words.cert_failed_text(str(error)), file=sys.stderr)
            return 2
    elif not is_loopback(host) and not args.insecure:
        print(words.insecure_refused_text(host), file=sys.stderr)
        return 2
    try:
        limits = Limits().changed(
            [*(getattr(args, "limit", None) or ()), *_proxies(getattr(args, "trusted_proxy", None))]
        )
    except ValueError as error:
        print(words.bad_limit_text(str(error)), file=sys.stderr)
        return 2
    data = Path(args.data) if args.data else _default_data()
    try:
        rotating_log(data / "server.log" if data.is_dir() or _mkdir(data) else None, limits)
    except OSError:  # a folder that cannot be written: said below, in one line
        rotating_log(None, limits)
    try:
        event_log = getattr(args, "event_log", None)
        database = getattr(args, "database", None)
        server = Server(
            data,
            guests=not args.no_guests,
            event_log=event_log,
            limits=limits,
            database=database,
            admins=getattr(args, "admin", None) or (),
            cluster=getattr(args, "cluster", None),
        )
    except DataProblem as problem:
        print(data_problem_text(problem), file=sys.stderr)
        return 1

    def ready(port: int) -> None:
        shown = f"[{host}]" if ":" in host else host
        print(words.listening_text(f"{shown}:{port}", context is not None), flush=True)

    try:
        offline = getattr(args, "offline_page", None)
        asyncio.run(run_server(server, host, args.port, context, ready=ready, offline_page=offline))
    except OSError as error:
        print(words.start_failed_text(str(error.strerror or error)), file=sys.stderr)
        return 1
    except DataProblem as problem:
        print(data_problem_text(problem), file=sys.stderr)
        return 1
    except sqlite3.DatabaseError as error:  # found damaged while the tables load
        print(words.data_damaged_text(str(server.db.path), str(error)), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    print(words.server_stopped_text(), flush=True)
    return 0


def data_problem_text(problem: DataProblem) -> str:
    """The one line that says why the data folder cannot be used."""
    where = str(problem.where)
    if problem.kind == "locked":
        return words.data_locked_text(where)
    if problem.kind == "newer":
        return words.data_newer_text(where)
    if problem.kind == "damaged":
        return words.data_damaged_text(where, problem.detail)
    return words.data_unwritable_text(where, problem.detail)


def _proxies(addresses: list[str] | None) -> list[str]:
    """``--trusted-proxy`` options as one ``trusted_proxies`` limit."""
    return [f"trusted_proxies={','.join(addresses)}"] if addresses else []


def _mkdir(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return True


def _default_data() -> Path:
    from ninetynine_audio.store import paths

    return paths.data_dir() / "server"
