"""Every message between the table server and a client, defined once.

The client is thin: it sends keys (or command ids) and what its own speech has got through,
and receives phrases to speak (text, priority, cue, pan), sounds and the lines a window shows.
Every screen — the lobby, the table, the results — runs on the server, so the narrator is
written once, in Python. ``docs/protocol.md`` describes each message for people.

A message is one JSON object in one websocket text frame; its ``type`` field names its kind.
:func:`decode_client` and :func:`decode_server` validate a frame against these definitions
(unknown kinds, missing fields, wrong types and values out of range are refused with a
:class:`ProtocolError` that says which), and :func:`encode` writes one.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

import msgspec

PROTOCOL_VERSION = 1
"""Raised whenever a message changes incompatibly; ``hello`` carries it."""

MAX_FRAME_BYTES = 16 * 1024
"""The largest frame either side accepts; the server closes a connection that sends more."""

Short = Annotated[str, msgspec.Meta(max_length=64)]
Line = Annotated[str, msgspec.Meta(max_length=200)]
Long = Annotated[str, msgspec.Meta(max_length=4000)]
Seq = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Pan = Annotated[float, msgspec.Meta(ge=-1.0, le=1.0)]
Seconds = Annotated[float, msgspec.Meta(ge=0.0, le=3600.0)]
Priority = Literal["now", "next", "queue"]


class _Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, omit_defaults=True):
    """What every message shares: the ``type`` tag."""


# -- client to server ----------------------------------------------------------------------


class Hello(_Message, tag="hello"):
    """The first message of a connection: who is there and what the client can do.

    A ``password`` makes ``name`` an account (created on first use); without one the player is
    a guest, and ``guest_token`` (from an earlier ``welcome``) takes a guest's seat back.
    ``language`` is the code of the language the player hears the table in (one of
    ``ninetynine_audio.i18n.LANGUAGES``, or a pseudo-language); an unknown code, or none (an
    older client), means English.
    """

    protocol: int
    name: Short
    password: Annotated[str, msgspec.Meta(max_length=200)] | None = None
    guest_token: Short | None = None
    client: Short = "game"
    verbosity: Literal["brief", "normal", "full"] = "normal"
    hears_cues: bool = True
    words_per_minute: Annotated[int, msgspec.Meta(ge=80, le=900)] = 200
    language: Short = "en"
    again: bool = False
    """The client was welcomed before and connects again (after a drop, a server restart or
    a move to another process): the player is not told to friends as coming online."""


class Key(_Message, tag="key"):
    """One key press, as the keymap names it (``"return"``, ``"ctrl+h"``, ``"f1"``).

    ``seq`` is the client's own counter; the first phrase said in answer carries it back in
    ``answer_to``, so a client can measure key-to-speech time."""

    key: Short
    seq: Seq = 0


class Command(_Message, tag="command"):
    """A command id instead of a key (``"speak_hand"``), for a client with buttons."""

    command: Short
    seq: Seq = 0


class Answer(_Message, tag="answer"):
    """The line a player typed when the server asked for one (``ask``); ``None`` cancels."""

    text: Line | None


class Heard(_Message, tag="heard"):
    """How far the client's speech has got: the last phrase received (``seq``) and the
    seconds until the narration it has been given is likely heard (0: all heard).

    The table paces computer moves on this; the server caps how long it waits for anyone."""

    seq: Seq
    remaining: Seconds = 0.0


class Settings(_Message, tag="settings"):
    """The player changed how much is said or how fast their screen reader speaks, while
    connected: the session uses it at once and says the new value. A field left out keeps
    its value."""

    verbosity: Literal["brief", "normal", "full"] | None = None
    words_per_minute: Annotated[int, msgspec.Meta(ge=80, le=900)] | None = None


class Create(_Message, tag="create"):
    """Create a table without the menus (scripts and tests): the game, each seat
    (``"human"`` for a person, or a computer level), the options, and whether it is private.
    The server answers with ``table`` and seats the creator at the first human seat.
    ``stand_in`` is the level of the computer player who takes a leaver's seat, ``timer_s``
    the turn timer (none by default), ``pause_ms`` the pause before a computer move."""

    game: Short
    seats: Annotated[list[Short], msgspec.Meta(min_length=1, max_length=8)]
    options: Annotated[dict[Short, int | bool | str], msgspec.Meta(max_length=32)] = {}
    private: bool = False
    stand_in: Short = "normal"
    timer_s: Annotated[int, msgspec.Meta(ge=5, le=600)] | None = None
    pause_ms: Annotated[int, msgspec.Meta(ge=0, le=3000)] = 1000


class Join(_Message, tag="join"):
    """Join a table by its code (the digits only)."""

    code: Annotated[str, msgspec.Meta(pattern=r"^[0-9]{6,8}$")]


class Start(_Message, tag="start"):
    """The host starts the table once its seats are filled."""


class Ping(_Message, tag="ping"):
    """Keeps a quiet connection open; answered with ``pong``."""

    seq: Seq = 0


class Admin(_Message, tag="admin"):
    """A server owner's command, as typed (``"ban Sam 60"``, ``"announce …"``; see
    ``docs/online.md``). Refused with the code ``not_admin`` from anyone but an account the
    server names as an owner (``serve --admin``)."""

    command: Line


class Note(_Message, tag="note"):
    """A line the client said itself rather than the server (its ping's answer, the
    connection lost and found again): kept in the player's buffer of the system's messages
    on the server, where the buffer keys read it with the rest; not said again."""

    text: Long


ClientMessage = (
    Hello | Key | Command | Answer | Heard | Settings | Create | Join | Start | Ping | Admin | Note
)


# -- server to client ----------------------------------------------------------------------


class Welcome(_Message, tag="welcome"):
    """The answer to ``hello``: the protocol and the name the player has here.

    ``guest_token`` is to be kept by a guest's client and sent again on reconnecting."""

    protocol: int
    name: Short
    account: bool
    guest_token: Short | None = None
    server: Short = "ninetynine-audio"


class Phrase(_Message, tag="phrase"):
    """One phrase to speak. ``priority``: ``now`` interrupts and goes first (an answer to a
    key); ``next`` goes ahead of what waits; ``queue`` waits its turn. ``cue`` names sound
    cues to play as it starts (several joined with ``+``); ``pan`` places voice and cue from
    -1 (left) to 1 (right). ``mergeable`` narration may be dropped when a backlog builds;
    a newer phrase with the same ``key`` replaces one still waiting; ``until_action``
    narration (a turn prompt, a round's opening lines) is dropped when the player acts
    (``speech`` ``interrupt``). An empty text plays
    only the cue. ``seq`` counts the phrases of the connection; ``answer_to`` is the ``seq``
    of the key this answers, if any."""

    text: Long
    priority: Priority = "queue"
    cue: Short | None = None
    pan: Pan = 0.0
    mergeable: bool = False
    until_action: bool = False
    key: Short | None = None
    seq: Seq = 0
    answer_to: Seq | None = None


class Speech(_Message, tag="speech"):
    """Speech control: ``stop`` silences and drops what waits; ``interrupt`` cuts off what is
    said for the player's own action (results are kept); ``skip`` drops waiting mergeable
    narration."""

    action: Literal["stop", "interrupt", "skip"]


class Cue(_Message, tag="cue"):
    """A sound cue on its own, without speech."""

    name: Short
    pan: Pan = 0.0


class Group(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A line of the window that lists things (cards, piles): the line's index, its label
    (``"Hand"``, in the player's language) and each item, so a client shows them as a list
    without reading the words."""

    line: Annotated[int, msgspec.Meta(ge=0, le=63)]
    label: Line
    items: Annotated[list[Line], msgspec.Meta(max_length=64)]


class Display(_Message, tag="display"):
    """What a window shows now: the screen's title, its lines, the highlighted line (or
    ``None``), whether the server is busy (a computer player is about to act), and the
    keymap context of the screen (``menu``, ``table.adding``, ``help``), so a client with
    buttons shows a menu's lines as items to choose and a table's as lines to read.
    ``groups`` are the lines that list cards or piles, taken apart."""

    title: Line
    lines: Annotated[list[Line], msgspec.Meta(max_length=64)]
    highlight: int | None = None
    busy: bool = False
    context: Short | None = None
    groups: Annotated[list[Group], msgspec.Meta(max_length=64)] = []


class Ask(_Message, tag="ask"):
    """Asks for a line of text (a chat line, a table code); the client answers ``answer``.
    The prompt has already been spoken as a phrase."""

    prompt: Line
    secret: bool = False
    max_length: Annotated[int, msgspec.Meta(ge=1, le=200)] = 120


class TableInfo(_Message, tag="table"):
    """The table this connection sits at changed: its code (spoken too, in groups), game,
    seat, and state (``waiting``, ``playing``, ``over``); ``None`` code when it left."""

    code: str | None
    game: Short | None = None
    seat: int | None = None
    state: Literal["waiting", "playing", "over", "none"] = "none"


class Error(_Message, tag="error"):
    """A message was refused: a stable ``code`` and one sentence for the player (already
    spoken as a phrase where it concerns the player)."""

    code: Short
    text: Line


class Bye(_Message, tag="bye"):
    """The server is closing this connection, and why (one sentence). ``retry`` says whether
    reconnecting may help (a server stopping for a restart) or not (a wrong password)."""

    text: Line
    retry: bool = False


class Pong(_Message, tag="pong"):
    """The answer to ``ping``."""

    seq: Seq = 0


class Moved(_Message, tag="moved"):
    """This player's table is played by another process of the same server (several
    processes share one community): connect to ``url`` at once, saying hello again, and, when
    ``code`` is given, join that table there. An empty ``url`` is the address the player first
    connected to (the server's front door, which reaches a process that runs)."""

    url: Line = ""
    code: Annotated[str, msgspec.Meta(pattern=r"^[0-9]{6,8}$")] | None = None


ServerMessage = (
    Welcome | Phrase | Speech | Cue | Display | Ask | TableInfo | Error | Bye | Pong | Moved
)


class ProtocolError(Exception):
    """A frame that is not a valid message: ``code`` is ``bad_json``, ``bad_message`` or
    ``too_big``, and the text says what was wrong."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


_T = TypeVar("_T")

_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_encoder = msgspec.json.Encoder()


def _decode(decoder: msgspec.json.Decoder[_T], frame: str | bytes) -> _T:
    if len(frame) > MAX_FRAME_BYTES:
        raise ProtocolError("too_big", f"A message may hold at most {MAX_FRAME_BYTES} bytes.")
    try:
        return decoder.decode(frame)
    except msgspec.ValidationError as error:
        raise ProtocolError("bad_message", f"The message is not valid: {error}.") from None
    except msgspec.DecodeError as error:
        raise ProtocolError("bad_json", f"The message is not JSON: {error}.") from None
    except RecursionError:
        raise ProtocolError("bad_message", "The message is nested too deeply.") from None


def decode_client(frame: str | bytes) -> ClientMessage:
    """A client's frame as a message, validated; raises :class:`ProtocolError`."""
    return _decode(_client_decoder, frame)


def decode_server(frame: str | bytes) -> ServerMessage:
    """A server's frame as a message, validated; raises :class:`ProtocolError`."""
    return _decode(_server_decoder, frame)


def encode(message: ClientMessage | ServerMessage) -> str:
    """One message as the text of a frame."""
    return _encoder.encode(message).decode("utf-8")
