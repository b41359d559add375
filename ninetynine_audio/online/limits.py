"""What one client may cost the table server: the limits, each a setting, and the counters
that hold them.

A server open to the internet must stay available to honest players while someone else sends
it connections, sign-ins, tables and join codes as fast as they can. :class:`Limits` is every
such limit with its default (``serve --limit NAME=VALUE`` changes one; ``docs/security.md``
lists them); the small counters here (:class:`Window`, :class:`Bucket`, :class:`Backoff`)
count what a key (an address, an account, everyone) did lately; :class:`Refusals` writes what
was refused to the log as one counted line per kind a minute, so that an attack cannot fill
the disk through the log; :func:`client_address` is the address a limit counts, which a
reverse proxy may name only when it is one the owner trusts; :class:`ThinkingGate` lets one
table's computer player think at a time, so that many tables of computers cannot starve the
players' own keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import logging.handlers
import time
from collections import Counter, OrderedDict, deque
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from ninetynine_audio.online.identity import name_key

log = logging.getLogger(__name__)

MAX_KEYS = 100_000
"""Keys (addresses, accounts) a counter remembers at most; the oldest go first."""


@dataclass(frozen=True)
class Limits:
    """Every limit of the server, with its default. The names are the settings' names."""

    connections: int = 4000
    """Open sockets in all (kept below the process's descriptor limit)."""
    connections_per_address: int = 32
    """Open sockets from one client address."""
    handshake_s: float = 10.0
    """Time for a connection to send a whole HTTP request (also between two requests)."""
    hello_s: float = 10.0
    """Time for a websocket to say hello once it is open."""
    idle_s: float = 1800.0
    """Time a signed-in websocket may send nothing before it is closed."""
    sign_in_free_failures: int = 3
    """Failed sign-ins of one account (or address) before each next try must wait."""
    sign_in_delay_s: float = 2.0
    """The first wait after those failures; it doubles with every further failure."""
    account_delay_max_s: float = 60.0
    """The longest wait one account's failures impose (its owner waits this at worst)."""
    address_delay_max_s: float = 900.0
    """The longest wait one address's failures impose."""
    accounts_per_hour: int = 5
    """New accounts from one address in an hour."""
    tables_per_hour: int = 30
    """New tables from one address in an hour."""
    tables_per_player: int = 3
    """Tables one player (guest or account) hosts at once."""
    password_workers: int = 2
    """Password checks (Argon2) running at once, on threads beside the event loop."""
    password_queue: int = 32
    """Password checks waiting for a worker; past it a sign-in hears the server is busy."""
    password_per_address: int = 2
    """Password checks of one address waiting or running at once."""
    join_failures_per_address: int = 20
    """Codes opening no table that one address may try in a minute."""
    join_failures_per_minute: int = 60
    """Codes opening no table that everyone together may try in a minute (the code space)."""
    thinking_share: float = 0.5
    """The share of the event loop's time computer players may think, over all tables."""
    dropped_guests_per_address: int = 20
    """Guests of one address whose connection dropped that the server remembers (their
    seats, for their return); past it the one dropped longest ago is forgotten."""
    abandoned_s: float = 1800.0
    """A table no person has listened to for this long is closed."""
    log_bytes: int = 5_000_000
    """The size at which the server's log starts a new file."""
    log_files: int = 3
    """Old log files kept beside the current one."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses (or networks) of reverse proxies whose forwarded client address is believed."""

    @classmethod
    def names(cls) -> list[str]:
        """Every setting's name, in order."""
        return [f.name for f in fields(cls)]

    def changed(self, pairs: Iterable[str]) -> Limits:
        """These limits with ``NAME=VALUE`` pairs applied; ValueError names a wrong one."""
        changes: dict[str, object] = {}
        kinds = {f.name: type(getattr(self, f.name)) for f in fields(self)}
        for pair in pairs:
            name, equals, value = pair.partition("=")
            name = name.strip().replace("-", "_")
            if not equals or name not in kinds:
                raise ValueError(f"unknown limit {pair!r}; known: {', '.join(self.names())}")
            kind = kinds[name]
            if kind is tuple:
                changes[name] = tuple(v.strip() for v in value.split(",") if v.strip())
                continue
            try:
                number = kind(value.strip())
            except ValueError:
                raise ValueError(f"{name} must be a number, not {value!r}") from None
            if number < 0:
                raise ValueError(f"{name} must not be negative")
            changes[name] = number
        limits = replace(self, **changes)  # type: ignore[arg-type]
        limits.proxies()  # a wrong proxy address is refused here, not at the first request
        return limits

    def proxies(self) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
        """The trusted proxies as networks; ValueError for one that is not an address."""
        try:
            return [ipaddress.ip_network(p, strict=False) for p in self.trusted_proxies]
        except ValueError as error:
            raise ValueError(f"trusted_proxies: {error}") from None


def descriptor_room(wanted: int, reserve: int = 64) -> int:
    """How many sockets may be open at once: ``wanted``, at most the process's descriptor limit
    less ``reserve`` (for the database, the log and the threads), after raising the soft
    limit as far as the hard one allows."""
    try:
        import resource
    except ImportError:  # not on this system: the wanted number, unchecked
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    goal = wanted + reserve
    if soft != resource.RLIM_INFINITY and soft < goal:
        new = goal if hard == resource.RLIM_INFINITY else min(goal, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - reserve))


def _forget_oldest(table: OrderedDict[str, object]) -> None:
    while len(table) > MAX_KEYS:
        table.popitem(last=False)


class Window:
    """Events per key in a sliding window (of an hour, a minute …)."""

    def __init__(self, seconds: float, clock: Callable[[], float]) -> None:
        self.seconds = seconds
        self.clock = clock
        self.events: OrderedDict[str, deque[float]] = OrderedDict()

    def count(self, key: str) -> int:
        """Events of ``key`` within the window now."""
        times = self.events.get(key)
        if times is None:
            return 0
        start = self.clock() - self.seconds
        while times and times[0] <= start:
            times.popleft()
        if not times:
            del self.events[key]
        return len(times)

    def add(self, key: str) -> None:
        """One event of ``key`` now."""
        times = self.events.pop(key, None) or deque()
        times.append(self.clock())
        self.events[key] = times
        _forget_oldest(self.events)  # type: ignore[arg-type]


class Bucket:
    """A token bucket: ``per_minute`` tokens a minute, at most that many saved."""

    def __init__(self, per_minute: int, clock: Callable[[], float]) -> None:
        self.size = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        self.tokens = self.size
        self.at = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.size, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def empty(self) -> bool:
        """Whether no token is left now."""
        self._refill()
        return self.tokens < 1.0

    def take(self) -> None:
        """Spend one token (the bucket may go below empty: a debt paid back by waiting)."""
        self._refill()
        self.tokens -= 1.0


@dataclass
class _Failures:
    count: int = 0
    until: float = 0.0
    last: float = 0.0


@dataclass
class Backoff:
    """Failures per key with a growing wait: after ``free`` failures each next try waits
    ``first_s``, doubling per failure up to ``most_s``; a key quiet for a day starts over."""

    free: int
    first_s: float
    most_s: float
    clock: Callable[[], float]
    keys: OrderedDict[str, _Failures] = field(default_factory=OrderedDict)

    def wait_s(self, key: str) -> float:
        """Seconds before ``key`` may try again (0: now)."""
        entry = self.keys.get(key)
        if entry is None:
            return 0.0
        now = self.clock()
        if now - entry.last > 86_400.0:
            del self.keys[key]
            return 0.0
        return max(0.0, entry.until - now)

    def failed(self, key: str) -> None:
        """One more failure of ``key``."""
        entry = self.keys.pop(key, None) or _Failures()
        now = self.clock()
        entry.count += 1
        entry.last = now
        over = entry.count - self.free
        if over >= 0:
            entry.until = now + min(self.most_s, self.first_s * 2.0 ** min(over, 40))
        self.keys[key] = entry
        _forget_oldest(self.keys)  # type: ignore[arg-type]

    def succeeded(self, key: str) -> None:
        """``key`` got it right: its failures are forgotten."""
        self.keys.pop(key, None)


class Refusals:
    """What the server refused, counted per kind and written to the log at most once a minute
    per kind, with how many and from how many addresses."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, every_s: float = 60.0):
        self.clock = clock
        self.every_s = every_s
        self.counts: dict[str, Counter[str]] = {}
        self.logged_at: dict[str, float] = {}
        self.total: Counter[str] = Counter()

    def count(self, kind: str, address: str) -> None:
        """One refusal of ``kind`` for ``address``."""
        self.counts.setdefault(kind, Counter())[address] += 1
        self.total[kind] += 1
        if kind not in self.logged_at:  # the first of its kind is told at once
            self.flush()

    def flush(self) -> None:
        """Write one line for each kind counted since its last line, a minute after it."""
        now = self.clock()
        for kind, addresses in list(self.counts.items()):
            if not addresses or now - self.logged_at.get(kind, -1e18) < self.every_s:
                continue
            most, times = addresses.most_common(1)[0]
            log.warning(
                "refused %d %s (from %d address%s, most from %s: %d)",
                sum(addresses.values()),
                kind,
                len(addresses),
                "" if len(addresses) == 1 else "es",
                most,
                times,
            )
            self.logged_at[kind] = now
            addresses.clear()


def address_in(address: str, networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    """Whether ``address`` is in one of ``networks``."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def _forwarded_chain(headers: Mapping[str, str]) -> list[str]:
    """The client addresses a proxy chain names, first hop first: ``Forwarded``'s ``for=``
    (RFC 7239), else ``X-Forwarded-For``."""
    chain: list[str] = []
    forwarded = headers.get("Forwarded")
    if forwarded:
        for element in forwarded.split(","):
            for pair in element.split(";"):
                name, _equals, value = pair.strip().partition("=")
                if name.strip().lower() == "for":
                    chain.append(_bare_address(value.strip().strip('"')))
        return chain
    for value in headers.get("X-Forwarded-For", "").split(","):
        if value.strip():
            chain.append(_bare_address(value.strip()))
    return chain


def _bare_address(value: str) -> str:
    """``[2001:db8::1]:4711`` or ``192.0.2.1:4711`` without the port."""
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    if value.count(":") == 1:
        return value.split(":", 1)[0]
    return value


def client_address(
    peer: str | None,
    headers: Mapping[str, str],
    proxies: list[ipaddress.IPv4Network | ipaddress.IPv6Network],
) -> str:
    """The address the limits count for a request from ``peer``: the peer itself, unless it is
    a trusted proxy; then the last address its forwarding headers name that is not another
    trusted proxy (the one the outermost trusted proxy saw), when it is a valid address."""
    address = peer or "unknown"
    if not proxies or not address_in(address, proxies):
        return address
    for hop in reversed(_forwarded_chain(headers)):
        try:
            hop = str(ipaddress.ip_address(hop))
        except ValueError:
            return address  # an unknown or hidden hop: counted as the proxy itself
        if not address_in(hop, proxies):
            return hop
        address = hop
    return address


class ThinkingGate:
    """One table's computer player thinks at a time, and all of them together at most
    ``share`` of the time: after a think of ``d`` seconds the next waits ``d (1 - share) /
    share``. Between two thinks the event loop reads every socket, so a player's key is
    answered within one think however many tables are thinking."""

    def __init__(self, share: float) -> None:
        self.share = min(1.0, max(0.05, share))
        self.lock = asyncio.Lock()
        self.thought_s = 0.0
        self.thinks = 0

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Hold the turn to think."""
        async with self.lock:
            start = time.perf_counter()
            try:
                yield
            finally:
                took = time.perf_counter() - start
                self.thought_s += took
                self.thinks += 1
                # The rest that keeps thinking to its share; at least one turn of the loop.
                await asyncio.sleep(took * (1.0 - self.share) / self.share)


SIGN_IN_WAIT = "sign-ins during the wait after failed ones"
FAILED_SIGN_IN = "failed sign-ins"
NEW_ACCOUNTS = "new accounts over the hourly limit of an address"
NEW_TABLES = "new tables over the hourly limit of an address"
OWNED_TABLES = "new tables over the limit of one player"
JOIN_CODES = "join codes over the limit"
PASSWORDS_BUSY = "sign-ins while the password checks were full"
"""The kinds of refused requests of signed-in (or signing-in) players, as the log names them."""


class Guard:
    """The limits of one server on what its players do: sign-ins and their failures, new
    accounts and tables, join codes, computer players' thinking, and the log of refusals."""

    def __init__(self, limits: Limits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self.refusals = Refusals(clock)
        self.account_failures = Backoff(
            limits.sign_in_free_failures, limits.sign_in_delay_s, limits.account_delay_max_s, clock
        )
        self.address_failures = Backoff(
            limits.sign_in_free_failures, limits.sign_in_delay_s, limits.address_delay_max_s, clock
        )
        self.new_accounts = Window(3600.0, clock)
        self.new_tables = Window(3600.0, clock)
        self.join_codes = Bucket(limits.join_failures_per_minute, clock)
        self.thinking = ThinkingGate(limits.thinking_share)

    @staticmethod
    def account_key(name: str) -> str:
        """One account's key however its name is written (the database's own key)."""
        return name_key(name)

    def sign_in_wait_s(self, name: str, address: str) -> float:
        """Seconds before ``name`` may try a password from ``address`` again (0: now)."""
        return max(
            self.account_failures.wait_s(self.account_key(name)),
            self.address_failures.wait_s(address),
        )

    def sign_in_failed(self, name: str, address: str) -> None:
        """A wrong password for ``name`` from ``address``."""
        self.account_failures.failed(self.account_key(name))
        self.address_failures.failed(address)
        self.refusals.count(FAILED_SIGN_IN, address)

    def signed_in(self, name: str) -> None:
        """The right password: the account's failures are forgotten (the address's stay)."""
        self.account_failures.succeeded(self.account_key(name))


def rotating_log(path: Path | None, limits: Limits) -> None:
    """Send the server's log to ``path``, starting a new file at ``limits.log_bytes`` and
    keeping ``limits.log_files`` old ones (standard error when ``path`` is None)."""
    handler: logging.Handler
    if path is None:
        handler = logging.StreamHandler()
    else:
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=max(1, limits.log_bytes), backupCount=limits.log_files, encoding="utf-8"
        )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    quiet_network_logs()


class _NoNetworkNoise(logging.Filter):
    """A client that goes away in the middle of a request is no fault of the server: its
    traceback is left out (the refusals log counts such connections)."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, (ConnectionError, asyncio.CancelledError, TimeoutError)):
            return False
        return not (error is None and record.levelno < logging.WARNING)


def quiet_network_logs() -> None:
    """aiohttp's and asyncio's loggers write no traceback for a connection a client broke."""
    noise = _NoNetworkNoise()
    for name in ("aiohttp.server", "aiohttp.web", "aiohttp.access", "asyncio"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, _NoNetworkNoise) for f in logger.filters):
            logger.addFilter(noise)
