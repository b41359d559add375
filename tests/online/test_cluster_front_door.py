"""The front door of ``deploy/``: nginx, as ``deploy/nginx.conf`` configures it, terminating
TLS (a certificate made for the test) on a free port of 127.0.0.1 in front of two real server
processes sharing a real PostgreSQL. Players connect only to the front door; when the process
that plays their table is killed, they come back through it into the same position.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp.connector
import pytest
from helpers.cluster import drive, holder_of, rows, running, sit_down
from helpers.online import REPO, WAIT_S, ServerProcess, free_port
from helpers.postgres import Postgres, postgres

__all__ = ["postgres"]  # the session's cluster, a fixture

pytestmark = [pytest.mark.usefixtures("private_home"), pytest.mark.slow]


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, and its key."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"),
            *("-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
        timeout=WAIT_S,
    )
    return cert, key


def front_door_config(
    folder: Path, port: int, ports: tuple[int, int], cert: Path, key: Path
) -> Path:
    """``deploy/nginx.conf`` on loopback ports and the test's certificate, in an nginx
    configuration of its own (its pid, logs and temporary files in ``folder``)."""
    site = (REPO / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    replaced = {
        "127.0.0.1:9001": f"127.0.0.1:{ports[0]}",
        "127.0.0.1:9002": f"127.0.0.1:{ports[1]}",
        "listen 443 ssl;": f"listen 127.0.0.1:{port} ssl;",
        "listen [::]:443 ssl;": "",
        "listen 80;": f"listen 127.0.0.1:{free_port()};",
        "listen [::]:80;": "",
        "/etc/letsencrypt/live/cards.example.org/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/cards.example.org/privkey.pem": str(key),
    }
    for old, new in replaced.items():
        assert old in site, f"deploy/nginx.conf no longer has {old!r}"
        site = site.replace(old, new)
    (folder / "site.conf").write_text(site, encoding="utf-8")
    main = folder / "nginx.conf"
    main.write_text(
        f"daemon off;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        "events { worker_connections 256; }\n"
        "http {\n  access_log off;\n"
        + "".join(
            f"  {kind}_temp_path {folder}/{kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        + f"  include {folder}/site.conf;\n}}\n",
        encoding="utf-8",
    )
    return main


@contextlib.contextmanager
def nginx(config: Path, port: int) -> Iterator[None]:
    """nginx with ``config``, until the block ends."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    process = subprocess.Popen(
        [binary, "-c", str(config), "-p", str(config.parent)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            assert process.poll() is None, process.communicate()[1]
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=1.0).close()
                break
            time.sleep(0.05)
        yield
    finally:
        process.terminate()
        try:
            process.wait(WAIT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(WAIT_S)


def test_players_reach_two_processes_through_the_front_door_and_come_back_after_a_kill(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    cert, key = certificate(tmp_path)
    # The players' games trust it: aiohttp made its verifying context when it was imported,
    # before the certificate was; it is told of it too (SSL_CERT_FILE, to a game started now).
    verifying = getattr(aiohttp.connector, "_SSL_CONTEXT_VERIFIED", None)
    assert isinstance(verifying, ssl.SSLContext)
    verifying.load_verify_locations(cafile=str(cert))
    front = free_port()
    ports = (free_port(), free_port())
    processes = [
        ServerProcess(
            tmp_path / f"p{number}",
            port,
            *("--database", url, "--cluster", f"wss://127.0.0.1:{front}/p{number}/ws"),
            *("--trusted-proxy", "127.0.0.1"),
        )
        for number, port in enumerate(ports, start=1)
    ]
    door = f"wss://127.0.0.1:{front}/ws"
    players = []
    with running(*processes), nginx(front_door_config(tmp_path, front, ports, cert, key), front):
        ann, ben, code = sit_down(door, door)
        players = [ann, ben]
        try:
            # Each plays at the table's own process: reached by the front door's first choice,
            # or sent on to the process's own address behind it.
            held_by = holder_of(url, code)
            ((own,),) = rows(url, "SELECT url FROM processes WHERE holder = %s", (held_by,))
            assert own in {f"wss://127.0.0.1:{front}/p{n}/ws" for n in (1, 2)}
            assert {ann.screen.link.url, ben.screen.link.url} <= {own, door}
            drive(url, code, players, until=5)
            processes[0 if own.endswith("/p1/ws") else 1].kill()
            for player in players:
                player.heard("You are back at your seat.", timeout=WAIT_S * 2)
            assert holder_of(url, code) not in (None, held_by)
            drive(url, code, players, until=9)
        finally:
            for player in players:
                player.close()
