"""The table server without sockets: a real :class:`Server` on a folder of the test's own,
with stand-in connections that keep every frame the server sends, and a clock the test moves.

For what happens inside the server (sign-in, names, storage, faults, results), where a real
socket would only add waiting; the whole way over sockets is in ``helpers.online``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ninetynine_audio.bots import make_bot
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.server import Connection, Server, Session


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Link(Connection):
    """A connection whose frames are kept, never sent."""

    def __init__(self, clock: Clock, address: str = "192.0.2.1") -> None:
        super().__init__(None, address, clock)  # type: ignore[arg-type]
        self.frames: list[str] = []

    def send(self, message: p.ServerMessage) -> None:
        """Keep the frame."""
        if not self.closing:
            self.frames.append(p.encode(message))

    def messages(self) -> list[Any]:
        """The messages sent so far, decoded."""
        return [p.decode_server(frame) for frame in self.frames]

    def spoken(self) -> list[str]:
        """The phrases sent so far."""
        return [m.text for m in self.messages() if isinstance(m, p.Phrase)]

    def errors(self) -> list[str]:
        """The codes of the refusals sent so far."""
        return [m.code for m in self.messages() if isinstance(m, p.Error)]


def inside_server(data: Path, **options: Any) -> tuple[Server, Clock]:
    """A server on ``data`` with a clock of the test's own and no pauses."""
    clock = Clock()
    return Server(data, clock=clock, pause_scale=0.0, **options), clock


def hello(
    server: Server,
    clock: Clock,
    name: str,
    password: str | None = None,
    token: str | None = None,
    address: str = "192.0.2.1",
) -> tuple[Link, Session | None]:
    """A new connection saying hello as ``name``; the session it opened (None: refused)."""
    link = Link(clock, address)
    server.connections.add(link)
    message = p.Hello(protocol=p.PROTOCOL_VERSION, name=name, password=password, guest_token=token)
    server.handle(link, p.encode(message))
    return link, link.session


def welcome_of(link: Link) -> p.Welcome:
    """The welcome the connection was given."""
    return next(m for m in link.messages() if isinstance(m, p.Welcome))


def start_match(
    server: Server, host: Session, kinds: list[str], others: list[Session], game: str = "classic"
) -> str:
    """``host`` creates a table of ``game`` with these seats, ``others`` join, it starts;
    its code."""
    options = {"lives": 2} if game == "classic" else {}
    assert server.create_table(host, game, kinds, options, False, {"pause_ms": 0}) is None
    assert host.table is not None
    code = host.table.code
    for other in others:
        assert server.join(other, code) is None
    assert server.start_table(host) is None
    return code


def play_moves(server: Server, clock: Clock, code: str, moves: int) -> None:
    """Let ``moves`` actions be taken at the table: people's seats by a computer player's
    choice proposed through the seat, computer seats by the table's own steps."""
    table = server.tables[code]
    host = table.host
    assert host is not None
    target = len(host.core.saved.actions) + moves
    for _ in range(moves * 20):
        if len(host.core.saved.actions) >= target or host.is_over:
            return
        clock.now += 10.0
        if host.tick() is not None and host.bot_due is not None:
            continue
        for seat in host.core.seats_to_act():
            if seat in host.humans and seat not in host.replaced:
                bot = make_bot(host.core.spec.family, "normal")
                action = bot.choose(host.core.view(seat), host.core.bot_rng(seat))
                assert host.propose(seat, action)
                break
    assert len(host.core.saved.actions) >= target or host.is_over


def accounts_at_a_match(server: Server, clock: Clock) -> tuple[list[Link], list[Session], str]:
    """Ann and Ben, both accounts, at a started classic match with one computer player:
    their connections, their sessions and the table's code."""
    links, sessions = [], []
    for name in ("Ann", "Ben"):
        link, session = hello(server, clock, name, password=f"{name.lower()}'s")
        assert session is not None
        links.append(link)
        sessions.append(session)
    code = start_match(server, sessions[0], ["human", "human", "normal"], sessions[1:])
    return links, sessions, code
