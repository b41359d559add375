"""The speech front end of one listener: what is said to the person at one set of keys.

It speaks through one ``Speaker``, keeps the lines the window shows and the message buffers
(``ui/buffers.py``: what was heard, by kind), and answers the keys that work on what was said:
repeat, a buffer browsed line by line, switched and muted, stop. The app has one; a
server that seats several people gives each of them their own, so that what one person is
told never reaches another's history. It also measures how long a key took to be answered.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence

from ninetynine_audio.audio import Speaker
from ninetynine_audio.audio.speaker import join_phrases
from ninetynine_audio.audio.utterance import CHAT, TABLE, Priority, Utterance
from ninetynine_audio.present import buffers as buffer_words
from ninetynine_audio.present import screens as words
from ninetynine_audio.ui.buffers import OFFLINE_BUFFERS, MessageBuffers

MESSAGES_KEPT = 12
"""How many of the last lines said are kept for the window."""
LATENCIES_KEPT = 100
"""How many of the last keys' times to speech are kept (a seat on a server that runs for
weeks answers millions of keys)."""


def opening_line(title: str, notice: str | None, menu: str) -> str:
    """The game's first line: its name, what speaks when not the speech asked for
    (``notice``), and the main menu's opening. The early window (``ui.start``) and the app's
    own start (``App.start``) both say it, so the app knows when it was said already."""
    return join_phrases([title, *([notice] if notice else []), menu])


class SpeechFront:
    """Speech, the window's last lines, repeat and history for one listener."""

    def __init__(self, speaker: Speaker, buffers: Sequence[str] = OFFLINE_BUFFERS) -> None:
        self.speaker = speaker
        self.messages: deque[str] = deque(maxlen=MESSAGES_KEPT)
        self.buffers = MessageBuffers(buffers)
        self.latencies: deque[float] = deque(maxlen=LATENCIES_KEPT)
        self.first_speech_at: float | None = None
        self._gesture_started: float | None = None
        self.changed = True  # something new to show

    # -- saying ----------------------------------------------------------------------------------

    def say(
        self,
        text: str,
        *,
        cue: str | None = None,
        queue: bool = False,
        pan: float = 0.0,
        kind: str | None = None,
    ) -> None:
        """Speak ``text``: at once (interrupting) unless ``queue``; ``kind`` files it in that
        kind's buffer too (``Utterance.kind``)."""
        priority = Priority.QUEUE if queue else Priority.NOW
        self.say_utterance(Utterance(text, priority, cue=cue, pan=pan, kind=kind))

    def say_utterance(self, utterance: Utterance) -> None:
        """Keep one utterance in its buffers and, unless its kind is muted, hand it to the
        speaker and keep it for the window."""
        if utterance.in_history and utterance.text.strip():
            self.buffers.file(utterance.text, utterance.kind)
        if self.buffers.is_muted(utterance.kind):
            return
        if utterance.text:
            self.messages.append(utterance.text)
        self.speaker.say(utterance)
        now = time.perf_counter()
        if self.first_speech_at is None and utterance.text:
            self.first_speech_at = now
        if self._gesture_started is not None:
            self.latencies.append(now - self._gesture_started)
            self._gesture_started = None
        self.changed = True

    def mark_action(self) -> None:
        """A human acted: what is being said gives way, so the action is heard at once
        (results are kept and said again)."""
        self.speaker.interrupt()

    def stop(self) -> None:
        """Cut off what is being said."""
        self.speaker.stop()

    def skip_narration(self) -> None:
        """Drop the computer players' waiting moves; results are still said."""
        self.speaker.skip_narration()

    def idle(self) -> bool:
        """The game's narration has likely been heard (answers to keys do not count)."""
        return self.speaker.narration_heard()

    # -- timing a key ------------------------------------------------------------------------------

    def key_pressed(self) -> None:
        """A key was pressed: the next words said answer it."""
        self._gesture_started = time.perf_counter()
        self.changed = True

    def key_done(self) -> None:
        """The key has been handled."""
        self._gesture_started = None

    # -- what was said -----------------------------------------------------------------------------

    def repeat_last(self) -> None:
        """Say the last thing said again."""
        self.speaker.repeat_last()

    @property
    def history_index(self) -> int | None:
        """Where reading the current buffer stands, if it has begun."""
        return self.buffers.position

    @history_index.setter
    def history_index(self, index: int | None) -> None:
        if index is None:
            self.buffers.reset_position()
        else:
            self.buffers.position = index

    def clear_history(self) -> None:
        """Start the spoken history afresh (a new match): the buffer of all messages and the
        table's; chat and the server's notices stay."""
        self.speaker.clear_history()
        self.buffers.clear([buffer_words.ALL, TABLE])

    def reset_history_position(self) -> None:
        """Forget where history browsing stood (the history itself was started afresh)."""
        self.buffers.reset_position()

    def forget(self) -> None:
        """Another person comes to the keys: nothing said so far may be repeated, browsed or
        shown to them (the buffers, the last line and the window's lines all go)."""
        self.speaker.clear_history()
        self.speaker.forget_last()
        self.buffers.clear()
        self.messages.clear()
        self.changed = True

    def _answer(self, text: str, cue: str | None = None) -> None:
        """An answer to a buffer key: said at once, kept out of the buffers."""
        self.speaker.say(Utterance(text, Priority.NOW, cue=cue, in_history=False))

    def history_step(self, step: int) -> None:
        """Read the message before (``-1``) or after (``1``) the one last read in the current
        buffer; a larger step goes to the first or the last."""
        found = self.buffers.step(step)
        if found is None:
            self._answer(words.history_edge_text(), cue="menu_edge")
            return
        text, is_first, is_last = found
        self._answer(words.history_item_text(text, is_first, is_last))

    def switch_buffer(self, step: int) -> None:
        """The next (``1``) or previous (``-1``) buffer: its name and how many it holds."""
        kind = self.buffers.switch(step)
        count = self.buffers.count(kind)
        self._answer(buffer_words.buffer_switched_text(kind, count, kind in self.buffers.muted))

    def toggle_mute(self, kind: str | None = None) -> None:
        """Mute, or hear again, ``kind`` (the current buffer's by default)."""
        kind = kind or self.buffers.current
        if kind == buffer_words.ALL:
            self._answer(buffer_words.all_not_muted_text(), cue="refused")
        elif kind not in self.buffers.kinds:
            self._answer(buffer_words.no_chat_here_text(), cue="refused")
        else:
            muted = self.buffers.toggle_mute(kind)
            self._answer(buffer_words.buffer_muted_text(kind, muted))

    def toggle_chat(self) -> None:
        """Mute the table's chat, or hear it again."""
        self.toggle_mute(CHAT)
