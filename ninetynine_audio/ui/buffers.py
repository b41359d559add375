"""Message buffers: everything one listener heard, kept by kind, each reviewable and mutable.

Every phrase kept for the history goes into the buffer of all messages and, when it has a
kind (``Utterance.kind``: the table's events, chat, private messages, the system's), into
that kind's own. A muted kind is still kept, but not spoken. The speech front end
(``ui/speech.py``) owns one, so the window, text mode, the page and a seat on the server all
step, switch and mute the same way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import replace

from ninetynine_audio.audio.utterance import CHAT, PRIVATE, SYSTEM, TABLE, Utterance
from ninetynine_audio.present.buffers import ALL

BUFFER_LIMIT = 500
"""How many messages each buffer keeps (the newest)."""

OFFLINE_BUFFERS = (ALL, TABLE, SYSTEM)
"""The buffers of play on this computer, where nobody chats."""

ONLINE_BUFFERS = (ALL, TABLE, CHAT, PRIVATE, SYSTEM)
"""The buffers of a player on a server."""


def as_table(utterance: Utterance) -> Utterance:
    """``utterance`` filed as the table's (what the game tells), unless it has a kind."""
    return utterance if utterance.kind is not None else replace(utterance, kind=TABLE)


class MessageBuffers:
    """The buffers of one listener: their messages, the one being read, the muted kinds."""

    def __init__(self, kinds: Sequence[str] = OFFLINE_BUFFERS, limit: int = BUFFER_LIMIT) -> None:
        self.kinds = tuple(kinds)
        self.lines: dict[str, deque[str]] = {kind: deque(maxlen=limit) for kind in self.kinds}
        self.current = ALL
        self.muted: set[str] = set()
        self.position: int | None = None
        self._snapshot: tuple[str, ...] = ()

    def file(self, text: str, kind: str | None) -> None:
        """Keep ``text`` in the buffer of all messages and in its kind's."""
        self.lines[ALL].append(text)
        if kind is not None and kind != ALL and kind in self.lines:
            self.lines[kind].append(text)

    def is_muted(self, kind: str | None) -> bool:
        """Whether phrases of ``kind`` are kept without being spoken."""
        return kind is not None and kind in self.muted

    def toggle_mute(self, kind: str) -> bool:
        """Mute ``kind``, or hear it again; whether it is muted now."""
        if kind in self.muted:
            self.muted.discard(kind)
            return False
        self.muted.add(kind)
        return True

    def switch(self, step: int) -> str:
        """The next (``1``) or previous (``-1``) buffer, round the ends; its kind."""
        index = (self.kinds.index(self.current) + step) % len(self.kinds)
        self.current = self.kinds[index]
        # Reading a buffer just chosen starts from its newest message, not from the one
        # before it (the newest of another buffer was not necessarily heard last).
        self._snapshot = tuple(self.lines[self.current])
        self.position = len(self._snapshot)
        return self.current

    def count(self, kind: str | None = None) -> int:
        """How many messages a buffer (the current one by default) holds."""
        return len(self.lines[kind or self.current])

    def reset_position(self) -> None:
        """Reading starts again from the newest message."""
        self.position = None
        self._snapshot = ()

    def clear(self, kinds: Sequence[str] | None = None) -> None:
        """Forget the messages of ``kinds`` (every buffer by default)."""
        for kind in self.kinds if kinds is None else kinds:
            if kind in self.lines:
                self.lines[kind].clear()
        self.reset_position()

    def step(self, step: int) -> tuple[str, bool, bool] | None:
        """Read the message before (``-1``) or after (``1``) the one last read, or, with a
        larger step, as far as it goes toward the first or the last: the text and whether it
        is the first and the last; None past either end.

        Reading goes through the buffer as it was when reading began: a phrase said
        meanwhile does not move the position."""
        if self.position is None:
            self._snapshot = tuple(self.lines[self.current])
            start = len(self._snapshot) - 1  # the newest, which was just heard
        else:
            start = self.position
        last = len(self._snapshot) - 1
        index = max(0, min(last, start + step)) if abs(step) > 1 else start + step
        if not 0 <= index <= last:
            return None
        self.position = index
        return self._snapshot[index], index == 0, index == last
