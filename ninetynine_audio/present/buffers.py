"""The words of the message buffers (what was heard, kept by kind) and of the ping key."""

from __future__ import annotations

from ninetynine_audio.audio.utterance import CHAT, PRIVATE, SYSTEM, TABLE
from ninetynine_audio.i18n import N_, _, ngettext

ALL = "all"
"""The buffer that keeps everything heard, whatever its kind."""

_NAMES = {
    ALL: N_("All messages"),
    TABLE: N_("Table"),
    CHAT: N_("Chat"),
    PRIVATE: N_("Private messages"),
    SYSTEM: N_("System messages"),
}


def buffer_name(kind: str) -> str:
    """A buffer's name as said when switching to it."""
    return _(_NAMES[kind])


def buffer_switched_text(kind: str, count: int, muted: bool) -> str:
    """Switched to a buffer: its name, how many messages it holds, and whether it is muted."""
    counted = ngettext("{count} message", "{count} messages", count).format(count=count)
    text = _("{buffer}, {count}").format(buffer=buffer_name(kind), count=counted)
    if muted:
        return _("{text}, muted").format(text=text)
    return text


def buffer_muted_text(kind: str, muted: bool) -> str:
    """A kind of message muted or heard again (it is kept in its buffer either way)."""
    if muted:
        return _("{buffer} muted: kept in its buffer, not spoken").format(buffer=buffer_name(kind))
    return _("{buffer} spoken again").format(buffer=buffer_name(kind))


def all_not_muted_text() -> str:
    """The mute key in the buffer of all messages, which is no kind of its own."""
    return _("All messages cannot be muted: switch to a buffer of one kind to mute it")


def no_chat_here_text() -> str:
    """The key that mutes chat, playing on this computer where there is no chat."""
    return _("There is no chat when playing on this computer")


def ping_text(milliseconds: int) -> str:
    """The round trip to the server and back."""
    return ngettext("Ping: {count} millisecond", "Ping: {count} milliseconds", milliseconds).format(
        count=milliseconds
    )


def ping_offline_text() -> str:
    """The ping key with no server to measure."""
    return _("No server to measure: you are playing on this computer")


def ping_waiting_text() -> str:
    """The ping key while the connection is not open."""
    return _("Not connected: no ping to measure")


def ping_unmeasured_text() -> str:
    """The ping key from a client that does not time the way to the server itself."""
    return _("This client does not measure the time to the server")
