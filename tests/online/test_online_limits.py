"""What one client may cost the table server, tried as an attacker would on loopback: too many
sockets, sockets that never finish a request or say hello, floods of failed sign-ins, new
accounts and tables, guessed join codes, a forwarded address that is not a trusted proxy's,
tables of computers playing for nobody, and the page's headers.

Every test runs the real server on a free 127.0.0.1 port (on a thread of the test), reaches it
with real sockets, from other loopback addresses (127.0.0.2 …) where an attacker needs an
address of its own, and stops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from helpers.online import WAIT_S, ServerThread

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.db import Database
from ninetynine_audio.online.hosting import TableHost
from ninetynine_audio.online.limits import Limits, rotating_log
from ninetynine_audio.online.server import Server

ATTACKER = "127.0.0.2"


def raw_socket(port: int, source: str = ATTACKER) -> socket.socket:
    """A TCP connection to the server from ``source``."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(WAIT_S)
    sock.connect(("127.0.0.1", port))
    return sock


def closed_now(socks: list[socket.socket]) -> list[socket.socket]:
    """The sockets the server has closed, after a moment to do it."""
    time.sleep(1.0)
    return [sock for sock in socks if closed_by_server(sock, 0.05)]


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closed ``sock`` within ``within`` seconds."""
    sock.settimeout(within)
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def get_page(port: int, source: str = "127.0.0.1", path: str = "/") -> tuple[int, dict[str, str]]:
    """GET ``path``: the status and the headers."""
    with raw_socket(port, source) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()
        )
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _colon, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(head[0].split()[1]), headers


class Client:
    """A websocket client of the protocol, from one loopback address."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.http = http
        self.ws = ws
        self.received: list[Any] = []

    @classmethod
    async def open(
        cls, port: int, source: str = "127.0.0.1", headers: dict[str, str] | None = None
    ) -> Client:
        http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)))
        try:
            ws = await http.ws_connect(f"ws://127.0.0.1:{port}/ws", headers=headers)
        except BaseException:
            await http.close()
            raise
        return cls(http, ws)

    async def send(self, message: p.ClientMessage) -> None:
        await self.ws.send_str(p.encode(message))

    async def hello(self, name: str, password: str | None = None) -> None:
        await self.send(p.Hello(protocol=p.PROTOCOL_VERSION, name=name, password=password))

    async def wait(self, wanted: Callable[[Any], bool], timeout: float = WAIT_S) -> Any:
        """The first message ``wanted`` accepts (read on from the last one)."""
        end = time.monotonic() + timeout
        while True:
            for message in self.received:
                if wanted(message):
                    self.received.remove(message)
                    return message
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"nothing wanted came; last {self.received[-3:]}")
            frame = await self.ws.receive(timeout=left)
            if frame.type != aiohttp.WSMsgType.TEXT:
                return frame  # closed
            self.received.append(p.decode_server(frame.data))

    async def answer(self, timeout: float = WAIT_S) -> str:
        """The code of the next error, or ``welcome``, or ``table``."""
        message = await self.wait(
            lambda m: isinstance(m, (p.Error, p.Welcome, p.TableInfo)), timeout
        )
        if isinstance(message, p.Error):
            return message.code
        if isinstance(message, p.Welcome):
            return "welcome"
        if isinstance(message, p.TableInfo):
            return "table"
        return "closed"

    async def close(self) -> None:
        await self.ws.close()
        await self.http.close()


def limits(**changes: Any) -> Limits:
    return Limits(**changes)


# -- sockets ------------------------------------------------------------------------------


def test_one_address_cannot_hold_more_sockets_than_its_limit(tmp_path: Path) -> None:
    with ServerThread(tmp_path, limits=limits(connections_per_address=5, handshake_s=60)) as srv:
        socks = [raw_socket(srv.port) for _ in range(12)]
        try:
            refused = closed_now(socks)
            # The first five stay; each one over the limit is closed at once.
            assert len(refused) == 7
            assert not closed_now(socks[:5])
            # Another address is still served.
            status, _headers = get_page(srv.port, "127.0.0.1")
            assert status == 200
        finally:
            for sock in socks:
                sock.close()


def test_the_server_holds_no_more_sockets_than_its_limit_in_all(tmp_path: Path) -> None:
    wide = limits(connections=6, connections_per_address=100, handshake_s=60)
    with ServerThread(tmp_path, limits=wide) as srv:
        socks = [raw_socket(srv.port, f"127.0.0.{n}") for n in range(2, 12)]
        try:
            refused = closed_now(socks)
            assert len(refused) == 4
            assert (
                srv.call(lambda s: s.guard.refusals.total)[
                    "connections over the limit of the server"
                ]
                == 4
            )
        finally:
            for sock in socks:
                sock.close()


def test_unfinished_requests_and_silent_sockets_are_closed(tmp_path: Path) -> None:
    with ServerThread(tmp_path, limits=limits(handshake_s=0.5)) as srv:
        silent = raw_socket(srv.port)
        half = raw_socket(srv.port)
        half.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        trickle = raw_socket(srv.port)
        try:
            # A request trickled a byte at a time is no more finished than one that stopped.
            with contextlib.suppress(ConnectionError):  # closed while it trickled: as it should
                for byte in b"GET / HTTP/1.1\r\nHost":
                    trickle.sendall(bytes([byte]))
                    time.sleep(0.05)
            assert closed_by_server(silent, 15.0)
            assert closed_by_server(half, 15.0)
            assert closed_by_server(trickle, 15.0)
            # A whole request is answered, and its page is whole.
            status, _headers = get_page(srv.port)
            assert status == 200
        finally:
            for sock in (silent, half, trickle):
                sock.close()


def test_a_websocket_must_say_hello_in_time_and_then_not_go_silent(tmp_path: Path) -> None:
    async def run(port: int) -> None:
        mute = await Client.open(port, ATTACKER)
        talker = await Client.open(port, ATTACKER)
        try:
            await talker.hello("Ann")
            assert await talker.answer() == "welcome"
            # No hello: closed after hello_s; the signed-in one after idle_s of silence.
            frame = await mute.ws.receive(timeout=15.0)
            assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert not talker.ws.closed
            frame = await talker.wait(lambda m: False, timeout=15.0)
            assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        finally:
            await mute.close()
            await talker.close()

    with ServerThread(tmp_path, limits=limits(hello_s=0.5, idle_s=2.0)) as srv:
        asyncio.run(run(srv.port))
        total = srv.call(lambda s: s.guard.refusals.total)
        assert total["websockets without a hello in time"] == 1
        assert total["websockets idle too long"] == 1


def test_refusals_are_counted_lines_not_tracebacks(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with ServerThread(tmp_path, limits=limits(connections_per_address=3, handshake_s=0.3)) as srv:
        # Websocket handshakes broken off, requests never finished, sockets over the limit.
        for _ in range(30):
            with raw_socket(srv.port) as sock:
                sock.sendall(
                    b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    b"Sec-WebSocket-Version: 13\r\n\r\n"
                )
                sock.setsockopt(
                    socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
                )
        socks = [raw_socket(srv.port) for _ in range(20)]
        for sock in socks:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        try:
            for sock in socks:
                assert closed_by_server(sock, 15.0)
        finally:
            for sock in socks:
                sock.close()
        srv.call(lambda s: s.guard.refusals.flush())
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
    refused = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused")]
    over = [line for line in refused if "over the limit of one address" in line]
    # Seventeen sockets over the limit, told in one line (the first of its kind, counted).
    assert len(over) == 1, refused
    assert len(caplog.records) < 20, [r.getMessage() for r in caplog.records]


def test_the_log_starts_a_new_file_at_its_size_limit(tmp_path: Path) -> None:
    root = logging.getLogger()
    before = list(root.handlers), root.level
    try:
        rotating_log(tmp_path / "server.log", limits(log_bytes=2000, log_files=2))
        for number in range(500):
            logging.getLogger("ninetynine_audio.online.server").warning("line %d of many", number)
    finally:
        for handler in list(root.handlers):
            handler.close()
            root.removeHandler(handler)
        for handler in before[0]:
            root.addHandler(handler)
        root.setLevel(before[1])
    files = sorted(path.name for path in tmp_path.iterdir())
    assert files == ["server.log", "server.log.1", "server.log.2"]
    assert all((tmp_path / name).stat().st_size <= 2000 for name in files)
    assert "line 499 of many" in (tmp_path / "server.log").read_text()


# -- the page -----------------------------------------------------------------------------


def test_every_answer_carries_the_security_headers_and_no_version(tmp_path: Path) -> None:
    with ServerThread(tmp_path) as srv:
        for path in ("/", "/app.js", "/keys.json", "/no-such-file"):
            _status, headers = get_page(srv.port, path=path)
            policy = headers["content-security-policy"]
            assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
            assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"
            assert headers["x-frame-options"] == "DENY"
            assert headers["server"] == "ninetynine-audio"


# -- sign-ins -----------------------------------------------------------------------------


def test_failed_sign_ins_make_the_next_try_wait_even_with_the_right_password(
    tmp_path: Path,
) -> None:
    async def run(port: int) -> None:
        owner = await Client.open(port)
        await owner.hello("Ann", "ann-secret")  # the account is made
        assert await owner.answer() == "welcome"
        await owner.close()
        answers = []
        for guess in ["a1", "a2", "a3", "a4", "ann-secret"]:
            thief = await Client.open(port, ATTACKER)
            await thief.hello("Ann", guess)
            answers.append(await thief.answer())
            await thief.close()
        assert answers == ["bad_password"] * 3 + ["sign_in_wait"] * 2
        # Wrong passwords for other names from the same address wait too.
        other = await Client.open(port, ATTACKER)
        await other.hello("Ben", "whatever")
        assert await other.answer() == "sign_in_wait"
        await other.close()

    with ServerThread(tmp_path, limits=limits(sign_in_delay_s=30.0)) as srv:
        asyncio.run(run(srv.port))


def test_passwords_are_checked_beside_the_loop_a_few_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []
    real = Database.sign_in

    def slow(self: Database, name: str, password: str) -> tuple[bool, str]:
        threads.append(threading.current_thread().name)
        time.sleep(0.5)
        return real(self, name, password)

    monkeypatch.setattr(Database, "sign_in", slow)

    async def run(port: int) -> None:
        clients = [await Client.open(port, ATTACKER) for _ in range(5)]
        for number, client in enumerate(clients):
            await client.hello(f"Player{number}", "secret")
        answers = sorted([await client.answer() for client in clients])
        for client in clients:
            await client.close()
        # One address has two checks at once; the others hear the server is busy.
        assert answers == ["busy"] * 3 + ["welcome"] * 2

    with ServerThread(tmp_path, limits=limits(password_per_address=2)) as srv:
        asyncio.run(run(srv.port))
    assert threads and all(name.startswith("password-") for name in threads), threads


def test_new_accounts_from_one_address_are_limited_per_hour(tmp_path: Path) -> None:
    async def run(port: int) -> None:
        answers = []
        for number in range(4):
            client = await Client.open(port, ATTACKER)
            await client.hello(f"Made{number}", "secret")
            answers.append(await client.answer())
            await client.close()
        assert answers == ["welcome", "welcome", "account_limit", "account_limit"]
        honest = await Client.open(port, "127.0.0.1")
        await honest.hello("Honest", "secret")
        assert await honest.answer() == "welcome"
        # An account already made still signs in from the limited address.
        again = await Client.open(port, ATTACKER)
        await again.hello("Made0", "secret")
        assert await again.answer() == "welcome"
        await honest.close()
        await again.close()

    with ServerThread(tmp_path, limits=limits(accounts_per_hour=2)) as srv:
        asyncio.run(run(srv.port))


def test_dropped_guests_of_one_address_are_kept_up_to_a_limit_oldest_forgotten_first(
    tmp_path: Path,
) -> None:
    def dropped(srv: ServerThread, address: str) -> list[str] | None:
        """The names of the dropped guests of ``address``; None while one is connected."""

        def look(server: Server) -> list[str] | None:
            mine = [s for s in server.sessions.values() if s.address == address]
            if any(s.conn is not None for s in mine):
                return None
            return [s.name for s in sorted(mine, key=lambda s: s.dropped_at)]

        deadline = time.monotonic() + WAIT_S
        while (names := srv.call(look)) is None:
            assert time.monotonic() < deadline, "a closed connection was never dropped"
            time.sleep(0.05)
        return names

    async def guest(port: int, source: str, name: str, token: str | None = None) -> str:
        """A guest says hello (with ``token``, to come back), leaves: the token it got."""
        client = await Client.open(port, source)
        await client.send(p.Hello(protocol=p.PROTOCOL_VERSION, name=name, guest_token=token))
        welcome = await client.wait(lambda m: isinstance(m, p.Welcome))
        await client.close()
        return welcome.guest_token

    async def run(srv: ServerThread) -> None:
        honest = await guest(srv.port, "127.0.0.1", "Honest")
        tokens = []
        for number in range(6):
            tokens.append(await guest(srv.port, ATTACKER, f"Flood{number}"))
            dropped(srv, ATTACKER)  # in the order they left
        # Three are kept, those that left last; another address's guest is not touched.
        assert dropped(srv, ATTACKER) == ["Flood3", "Flood4", "Flood5"]
        assert dropped(srv, "127.0.0.1") == ["Honest"]
        # A forgotten guest comes back as a new one; a kept one (and the other address's)
        # as itself.
        assert await guest(srv.port, ATTACKER, "Flood0", tokens[0]) != tokens[0]
        assert await guest(srv.port, ATTACKER, "Flood5", tokens[5]) == tokens[5]
        assert await guest(srv.port, "127.0.0.1", "Honest", honest) == honest

    with ServerThread(tmp_path, limits=limits(dropped_guests_per_address=3)) as srv:
        asyncio.run(run(srv))


# -- tables -------------------------------------------------------------------------------

EXPERTS = p.Create(game="classic", seats=["human", "expert", "expert", "expert"], pause_ms=0)


def test_new_tables_from_one_address_are_limited_per_hour(tmp_path: Path) -> None:
    async def run(port: int) -> None:
        guest = await Client.open(port, ATTACKER)
        await guest.hello("Maker")
        assert await guest.answer() == "welcome"
        answers = []
        seen: set[str] = set()
        for _ in range(4):
            await guest.send(EXPERTS)
            answer = await guest.wait(
                lambda m: (
                    isinstance(m, p.Error)
                    or (isinstance(m, p.TableInfo) and m.code and m.code not in seen)
                )
            )
            if isinstance(answer, p.TableInfo):
                seen.add(answer.code)
            answers.append(answer.code)
        assert len(seen) == 3 and answers[3] == "bad_table"
        honest = await Client.open(port)
        await honest.hello("Honest")
        assert await honest.answer() == "welcome"
        await honest.send(EXPERTS)
        assert await honest.answer() == "table"
        await guest.close()
        await honest.close()

    with ServerThread(tmp_path, limits=limits(tables_per_hour=3)) as srv:
        asyncio.run(run(srv.port))


def test_a_table_left_by_its_last_person_is_closed_not_played_for_nobody(tmp_path: Path) -> None:
    async def run(srv: ServerThread) -> None:
        guest = await Client.open(srv.port, ATTACKER)
        await guest.hello("Maker")
        assert await guest.answer() == "welcome"
        codes = []
        for _ in range(3):
            await guest.send(EXPERTS)
            table = await guest.wait(lambda m: isinstance(m, p.TableInfo) and m.code)
            codes.append(table.code)
            await guest.send(p.Start())
            await guest.wait(lambda m: isinstance(m, p.TableInfo) and m.state == "playing")
        # Only the table the guest sits at is left; the others' computers do not play on.
        assert srv.call(lambda s: sorted(s.tables)) == [codes[-1]]
        await guest.close()

    with ServerThread(tmp_path) as srv:
        asyncio.run(run(srv))


def test_a_table_nobody_hears_waits_and_is_closed_after_a_while(tmp_path: Path) -> None:
    async def run(srv: ServerThread) -> None:
        ann = await Client.open(srv.port)
        await ann.hello("Ann")
        await ann.send(p.Create(game="classic", seats=["human", "human", "normal"], pause_ms=0))
        table = await ann.wait(lambda m: isinstance(m, p.TableInfo) and m.code)
        ben = await Client.open(srv.port)
        await ben.hello("Ben")
        await ben.send(p.Join(code=table.code))
        await ben.wait(lambda m: isinstance(m, p.TableInfo) and m.code)
        await ann.send(p.Start())
        await ann.wait(lambda m: isinstance(m, p.TableInfo) and m.state == "playing")
        await ann.close()
        await ben.close()
        # Both gone: their seats go to computers (keep_seat_s), who do not play on for nobody.
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            seen = srv.call(lambda s: s.tables.get(table.code))
            if seen is None or len(seen.host.replaced) == 2:
                break
            await asyncio.sleep(0.05)
        made = srv.call(lambda s: len(s.tables[table.code].host.core.saved.actions))
        await asyncio.sleep(1.0)
        after = srv.call(lambda s: len(s.tables[table.code].host.core.saved.actions))
        assert after == made
        # And after abandoned_s with nobody there, it is gone.
        deadline = time.monotonic() + WAIT_S
        while srv.call(lambda s: table.code in s.tables):
            assert time.monotonic() < deadline, "the table was never closed"
            await asyncio.sleep(0.1)

    with ServerThread(tmp_path, keep_seat_s=0.2, limits=limits(abandoned_s=5.0)) as srv:
        asyncio.run(run(srv))


@pytest.mark.slow
def test_thinking_tables_let_every_socket_be_read_between_two_thinks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinks: list[float] = []
    real = TableHost.tick

    def heavy(self: TableHost) -> float | None:
        if self.bot_due is not None and self.bot_due <= self.clock():
            time.sleep(0.05)  # a long search of a strong computer player
            thinks.append(time.monotonic())
        return real(self)

    monkeypatch.setattr(TableHost, "tick", heavy)
    # How many thinks had ended when the server read each ping (counted on the server, so a
    # client slow to read the pong on a busy machine counts nothing more).
    read_at: dict[int, int] = {}
    real_handle = Server.handle

    def handle(self: Server, conn: Any, frame: str | bytes) -> None:
        message = p.decode_client(frame)
        if isinstance(message, p.Ping):
            read_at[message.seq] = len(thinks)
        real_handle(self, conn, frame)

    monkeypatch.setattr(Server, "handle", handle)

    async def run(port: int) -> list[int]:
        # Five tables of computers thinking at once, each watched by a person (its maker went:
        # a computer plays for them); a bystander pings.
        players = []
        for number in range(5):
            maker = await Client.open(port, f"127.0.1.{number + 1}")
            await maker.hello(f"Maker{number}")
            await maker.send(
                p.Create(game="classic", seats=["human", "expert", "expert", "expert"], pause_ms=0)
            )
            table = await maker.wait(lambda m: isinstance(m, p.TableInfo) and m.code)
            await maker.send(p.Start())
            await maker.wait(lambda m: isinstance(m, p.TableInfo) and m.state == "playing")
            watcher = await Client.open(port, f"127.0.1.{number + 101}")
            await watcher.hello(f"Watcher{number}")
            await watcher.send(p.Join(code=table.code))
            await watcher.wait(lambda m: isinstance(m, p.TableInfo) and m.code)
            await maker.close()
            players.append(watcher)
        bystander = await Client.open(port, "127.0.2.1")
        await bystander.hello("Bystander")
        await bystander.answer()
        between = []
        while len(thinks) < 60:
            await asyncio.sleep(0.01)
        for seq in range(1, 40):
            before = len(thinks)
            await bystander.send(p.Ping(seq=seq))
            await bystander.wait(lambda m, s=seq: isinstance(m, p.Pong) and m.seq == s)
            between.append(read_at[seq] - before)
        for client in [*players, bystander]:
            await client.close()
        return between

    with ServerThread(tmp_path, keep_seat_s=0.1, limits=limits(thinking_share=1.0)) as srv:
        between = asyncio.run(run(srv.port))
    # A ping waits at most for the think under way and the one its arrival met.
    assert max(between) <= 2, between


# -- join codes and the forwarded address -------------------------------------------------


def test_join_codes_are_limited_for_everyone_together(tmp_path: Path) -> None:
    async def run(port: int) -> None:
        answers = []
        for number in range(6):
            client = await Client.open(port, f"127.0.3.{number + 1}")
            await client.hello(f"Guesser{number}")
            await client.answer()
            for guess in range(3):
                await client.send(p.Join(code=f"{100000 + number * 10 + guess}"))
                answers.append(await client.answer())
            await client.close()
        # Ten codes a minute for everyone: an eleventh from yet another address waits.
        assert answers[:10] == ["no_table"] * 10
        assert set(answers[10:]) == {"join_limit"}

    with ServerThread(
        tmp_path, limits=limits(join_failures_per_minute=10, join_failures_per_address=100)
    ) as srv:
        asyncio.run(run(srv.port))


def test_a_forwarded_address_is_believed_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    async def run(port: int) -> None:
        # Two players behind the trusted proxy (127.0.0.1): one guesses codes until refused,
        # the other, at another address, still joins.
        guesser = await Client.open(port, headers={"X-Forwarded-For": "203.0.113.5"})
        await guesser.hello("Guesser")
        await guesser.answer()
        answers = []
        for guess in range(5):
            await guesser.send(p.Join(code=f"{200000 + guess}"))
            answers.append(await guesser.answer())
        assert answers == ["no_table"] * 3 + ["join_limit"] * 2
        friend = await Client.open(port, headers={"Forwarded": 'for="198.51.100.7:4711"'})
        await friend.hello("Friend")
        await friend.answer()
        await friend.send(p.Join(code="300000"))
        assert await friend.answer() == "no_table"
        # Anyone else naming an address is counted as themselves.
        liar = await Client.open(port, ATTACKER, headers={"X-Forwarded-For": "192.0.2.9"})
        await liar.hello("Liar")
        await liar.answer()
        for client in (guesser, friend, liar):
            await client.close()

    with ServerThread(
        tmp_path,
        limits=limits(trusted_proxies=("127.0.0.1",), join_failures_per_address=3),
    ) as srv:
        asyncio.run(run(srv.port))
        seen = srv.call(lambda s: s.guard.refusals.total)
        assert seen["join codes over the limit"] == 2
        addresses = srv.call(lambda s: s.join_addresses.events.keys())
        assert set(addresses) == {"203.0.113.5", "198.51.100.7"}


def test_a_limit_is_a_setting_and_a_wrong_one_is_refused() -> None:
    changed = Limits().changed(["connections_per_address=7", "trusted-proxies=10.0.0.0/8, ::1"])
    assert changed.connections_per_address == 7
    assert changed.trusted_proxies == ("10.0.0.0/8", "::1")
    for wrong in ("no_such=1", "hello_s=soon", "idle_s=-1", "trusted_proxies=proxy.example"):
        with pytest.raises(ValueError):
            Limits().changed([wrong])
