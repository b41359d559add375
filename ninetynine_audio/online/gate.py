"""The server's door: which sockets it lets in, how long they may take, and the headers of
every answer.

:class:`Gate` stands between the listening socket and aiohttp. A new TCP connection over
the limit of its address or of the whole server is closed at once, before aiohttp sees it;
one that does not send a whole HTTP request within ``handshake_s`` (after it opened, or after
its last answer) is closed; every refusal is counted in :class:`~.limits.Refusals`. The same
gate counts the websockets of each client address (behind a trusted proxy, the address the
proxy names) and adds the page's security headers to every response.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from ninetynine_audio.online.limits import (
    Limits,
    Refusals,
    address_in,
    client_address,
    descriptor_room,
)

SERVER_NAME = "ninetynine-audio"
"""The ``Server:`` header: the program's name, no version."""

OVER_ADDRESS = "connections over the limit of one address"
OVER_SERVER = "connections over the limit of the server"
SLOW_REQUEST = "connections without a whole request in time"
ABORTED = "websocket handshakes the client broke off"
NO_HELLO = "websockets without a hello in time"
IDLE = "websockets idle too long"
BROKEN = "websockets the client broke"
"""The kinds of refused connections, as the log names them."""

_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")


def security_headers(request: web.BaseRequest, response: web.StreamResponse) -> None:
    """What every answer says of itself: only this server may give the page anything (script,
    style, sound, the websocket), nobody may frame it, its types are as sent, no address is
    passed on, and the server names no version."""
    host = request.headers.get("Host", "")
    sockets = f" ws://{host} wss://{host}" if _HOST.match(host) else ""
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        f" media-src 'self'; connect-src 'self'{sockets}; object-src 'none';"
        " base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Server"] = SERVER_NAME


class _Guarded(asyncio.Protocol):
    """aiohttp's protocol for one connection, behind the gate's checks."""

    def __init__(self, gate: Gate, inner: Any) -> None:
        self.gate = gate
        self.inner = inner
        self.transport: asyncio.Transport | None = None
        self.address = "unknown"
        self.admitted = False
        self.busy = 0
        self.quiet_since = time.monotonic()
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "unknown"
        refusal = self.gate.admit(self)
        if refusal is not None:
            self.gate.refusals.count(refusal, self.address)
            transport.abort()
            return
        self.admitted = True
        self._check_later(self.gate.limits.handshake_s)
        self.inner.connection_made(transport)

    def _check_later(self, seconds: float) -> None:
        self.timer = asyncio.get_running_loop().call_later(max(0.05, seconds), self._check)

    def _check(self) -> None:
        """Close the connection if it has sent no whole request for ``handshake_s``."""
        self.timer = None
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        limit = self.gate.limits.handshake_s
        if self.busy or transport.get_write_buffer_size():
            self._check_later(limit)
            return
        quiet = time.monotonic() - self.quiet_since
        if quiet < limit:
            self._check_later(limit - quiet)
            return
        self.gate.refusals.count(SLOW_REQUEST, self.address)
        transport.abort()

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()  # type: ignore[no-any-return]

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if not self.admitted:
            return
        self.admitted = False
        self.gate.closed(self)
        self.inner.connection_lost(exc)


class Gate:
    """The limits on sockets of one server, and the counts that hold them."""

    def __init__(self, limits: Limits, refusals: Refusals) -> None:
        self.limits = limits
        self.refusals = refusals
        self.proxies = limits.proxies()
        self.room = descriptor_room(limits.connections)
        self.open = 0
        self.by_address: Counter[str] = Counter()
        self.by_transport: dict[asyncio.BaseTransport, _Guarded] = {}
        self.websockets: Counter[str] = Counter()

    def protocol_factory(self, make: Callable[[], Any]) -> Callable[[], asyncio.Protocol]:
        """The listening socket's protocols: aiohttp's (``make``), behind the gate."""
        return lambda: _Guarded(self, make())

    def admit(self, guarded: _Guarded) -> str | None:
        """Count a new connection in; the kind of refusal when it is over a limit."""
        if self.open >= self.room:
            return OVER_SERVER
        address = guarded.address
        if self.by_address[address] >= self.limits.connections_per_address and not address_in(
            address, self.proxies
        ):
            return OVER_ADDRESS
        self.open += 1
        self.by_address[address] += 1
        assert guarded.transport is not None
        self.by_transport[guarded.transport] = guarded
        return None

    def closed(self, guarded: _Guarded) -> None:
        """A connection counted in closed."""
        self.open -= 1
        self.by_address[guarded.address] -= 1
        if self.by_address[guarded.address] <= 0:
            del self.by_address[guarded.address]
        if guarded.transport is not None:
            self.by_transport.pop(guarded.transport, None)

    def client(self, request: web.BaseRequest) -> str:
        """The address the limits count for ``request``."""
        return client_address(request.remote, request.headers, self.proxies)

    def websocket_opened(self, address: str) -> bool:
        """Count a websocket of ``address`` in; False (and counted as refused) when that
        address has as many as one address may (behind a proxy the sockets are the proxy's,
        so this is the limit that counts each player's address)."""
        if self.websockets[address] >= self.limits.connections_per_address:
            self.refusals.count(OVER_ADDRESS, address)
            return False
        self.websockets[address] += 1
        return True

    def websocket_closed(self, address: str) -> None:
        """A websocket counted in closed."""
        self.websockets[address] -= 1
        if self.websockets[address] <= 0:
            del self.websockets[address]

    @web.middleware
    async def middleware(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """Mark the connection busy while its request is answered."""
        guarded = self.by_transport.get(request.transport) if request.transport else None
        if guarded is not None:
            guarded.busy += 1
        try:
            return await handler(request)
        finally:
            if guarded is not None:
                guarded.busy -= 1
                guarded.quiet_since = time.monotonic()
