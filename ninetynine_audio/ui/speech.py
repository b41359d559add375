"""The speech front end of one listener: what is said to the person at one set of keys.

It speaks through one ``Speaker``, keeps the lines the window shows, and answers the keys that
work on what was said: repeat, the history browsed line by line, stop. The app has one; a
server that seats several people gives each of them their own, so that what one person is
told never reaches another's history. It also measures how long a key took to be answered.
"""

from __future__ import annotations

import time
from collections import deque

from ninetynine_audio.audio import Speaker
from ninetynine_audio.audio.utterance import Priority, Utterance
from ninetynine_audio.present import screens as words

MESSAGES_KEPT = 12
"""How many of the last lines said are kept for the window."""


class SpeechFront:
    """Speech, the window's last lines, repeat and history for one listener."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self.messages: deque[str] = deque(maxlen=MESSAGES_KEPT)
        self.history_index: int | None = None
        self._history_snapshot: tuple[str, ...] = ()
        self.latencies: list[float] = []
        self.first_speech_at: float | None = None
        self._gesture_started: float | None = None
        self.changed = True  # something new to show

    # -- saying ----------------------------------------------------------------------------------

    def say(
        self, text: str, *, cue: str | None = None, queue: bool = False, pan: float = 0.0
    ) -> None:
        """Speak ``text``: at once (interrupting) unless ``queue``."""
        priority = Priority.QUEUE if queue else Priority.NOW
        self.say_utterance(Utterance(text, priority, cue=cue, pan=pan))

    def say_utterance(self, utterance: Utterance) -> None:
        """Hand one utterance to the speaker and keep it for the window."""
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

    def clear_history(self) -> None:
        """Start the spoken history afresh."""
        self.speaker.clear_history()

    def reset_history_position(self) -> None:
        """Forget where history browsing stood (the history itself was started afresh)."""
        self.history_index = None
        self._history_snapshot = ()

    def forget(self) -> None:
        """Another person comes to the keys: nothing said so far may be repeated, browsed or
        shown to them (the history, the last line and the window's lines all go)."""
        self.speaker.clear_history()
        self.speaker.forget_last()
        self.reset_history_position()
        self.messages.clear()
        self.changed = True

    def history_step(self, step: int) -> None:
        """Read the line before (``-1``) or after (``1``) the one last read from history."""
        if self.history_index is None:
            # Step through the messages as they were when stepping began (a phrase said
            # meanwhile must not move the position).
            self._history_snapshot = self.speaker.history
            start = len(self._history_snapshot) - 1
        else:
            start = self.history_index
        index = start + step
        if not 0 <= index < len(self._history_snapshot):
            edge = words.history_edge_text()
            self.speaker.say(Utterance(edge, Priority.NOW, cue="menu_edge", in_history=False))
            return
        self.history_index = index
        last = len(self._history_snapshot) - 1
        text = words.history_item_text(self._history_snapshot[index], index == 0, index == last)
        self.speaker.say(Utterance(text, Priority.NOW, in_history=False))
