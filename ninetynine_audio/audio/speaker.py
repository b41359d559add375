"""The speaker: the one object the interface talks to for speech.

It orders phrases by priority, keeps a backlog of narration from building up, plays each
phrase's cue as the phrase starts, and survives a backend that fails.  It uses no threads:
the interface calls :meth:`Speaker.pump` once per frame.
"""

from __future__ import annotations

import contextlib
import logging
from collections import deque
from collections.abc import Sequence
from typing import Protocol

from ninetynine_audio.audio.backend import SilentBackend, SpeechBackend
from ninetynine_audio.audio.selection import BackendFactory, fallback_factories
from ninetynine_audio.audio.utterance import Priority, Utterance
from ninetynine_audio.audio.wording import backend_failed_message

log = logging.getLogger(__name__)

DEFAULT_MAX_MERGEABLE = 3
DEFAULT_HISTORY_LIMIT = 1000
_SENTENCE_ENDS = (".", "!", "?", ":", ";", ",")


class CueSink(Protocol):
    """Anything that can play a named sound cue (see :class:`~.cues.CuePlayer`)."""

    def play(self, name: str, pan: float = 0.0) -> None:
        """Play the cue ``name`` at stereo position ``pan``; never raise."""


def join_phrases(texts: Sequence[str]) -> str:
    """Join phrases into one, ending each with a stop so a screen reader pauses between them."""
    parts = [text.strip() for text in texts if text.strip()]
    for index, text in enumerate(parts[:-1]):
        if not text.endswith(_SENTENCE_ENDS):
            parts[index] = text + "."
    return " ".join(parts)


class Speaker:
    """Speaks :class:`Utterance` objects through a backend, in priority order.

    * ``Priority.NOW`` cuts off current speech and speaks at once; waiting narration that may
      be dropped (``mergeable``) is dropped, and the rest (results of plays) follows it.
    * ``Priority.NEXT`` waits for the current phrase, then goes ahead of everything waiting
      (after any NEXT phrases already waiting).
    * ``Priority.QUEUE`` waits its turn.
    * When more than ``max_mergeable`` mergeable phrases wait, the oldest of them are
      dropped; phrases that are not mergeable are never dropped.
    * A phrase with a ``key`` replaces a waiting phrase with the same key.
    * A phrase with empty text only plays its cue, at once, and leaves speech alone.

    If the backend raises, the failure is logged, the next backend in ``fallbacks`` takes
    over, the player is told once through it, and the phrase that failed is spoken again.
    """

    def __init__(
        self,
        backend: SpeechBackend,
        *,
        fallbacks: Sequence[tuple[str, BackendFactory]] | None = None,
        cues: CueSink | None = None,
        max_mergeable: int = DEFAULT_MAX_MERGEABLE,
        history_limit: int = DEFAULT_HISTORY_LIMIT,
    ) -> None:
        """``fallbacks`` are (name, factory) pairs tried in order when the backend fails;
        by default the rest of the chain screen reader, built-in voice, text."""
        if max_mergeable < 0:
            raise ValueError("max_mergeable must not be negative")
        self._backend = backend
        self._fallbacks = list(
            fallbacks if fallbacks is not None else fallback_factories(backend.name)
        )
        self._cues = cues
        self._max_mergeable = max_mergeable
        self._queue: deque[Utterance] = deque()
        self._current: list[Utterance] = []
        self._history: deque[str] = deque(maxlen=history_limit)
        self._last: str | None = None
        self._braille_works = True

    # What the interface reads ----------------------------------------------------------

    @property
    def backend(self) -> SpeechBackend:
        """The backend speaking now (it changes when one fails)."""
        return self._backend

    @property
    def history(self) -> tuple[str, ...]:
        """Every phrase given to the speaker, oldest first, including phrases dropped from a
        backlog and the speaker's own notices (at most ``history_limit``, the newest kept)."""
        return tuple(self._history)

    def clear_history(self) -> None:
        """Start the history afresh (a new match); "repeat" still has the last phrase."""
        self._history.clear()

    @property
    def last(self) -> str | None:
        """The text of the phrase most recently handed to the backend, for "repeat"."""
        return self._last

    @property
    def pending(self) -> tuple[Utterance, ...]:
        """The phrases waiting to be spoken, in the order they will be."""
        return tuple(self._queue)

    # What the interface calls ----------------------------------------------------------

    def say(self, utterance: Utterance) -> None:
        """Speak ``utterance`` according to its priority (see the class description)."""
        if not utterance.text.strip():
            self._play_cue(utterance)
            return
        self._history.append(utterance.text)
        if utterance.priority is Priority.NOW:
            self._drop_narration()
            self._deliver([utterance], interrupt=True)
        else:
            self._enqueue(utterance)
            self._trim_backlog()
        self.pump()

    def pump(self) -> None:
        """Hand the backend what is waiting, as long as it is free; call once per frame."""
        # Each pass delivers, finds the backend busy, or replaces a failed backend; the
        # bound only guards against a loop that the queue and chain cannot explain.
        for _ in range(len(self._queue) + len(self._fallbacks) + 2):
            if not self._queue:
                return
            try:
                if self._backend.reports_speaking and self._backend.is_speaking():
                    return
            except Exception as exc:
                self._replace_backend(exc, retry=self._current)
                continue
            if self._backend.reports_speaking:
                items = [self._queue.popleft()]
            else:
                # A screen reader queues speech itself: give it everything, in order.
                items = list(self._queue)
                self._queue.clear()
            self._deliver(items, interrupt=False)

    def stop(self) -> None:
        """Silence speech now and drop everything waiting."""
        self._queue.clear()
        self._current = []
        try:
            self._backend.stop()
        except Exception as exc:
            self._replace_backend(exc, retry=[])

    def repeat_last(self) -> None:
        """Say the last phrase again, at once (it is not added to the history again)."""
        if self._last is None:
            return
        self._drop_narration()
        self._deliver([Utterance(self._last, Priority.NOW)], interrupt=True)

    def replace_backend(
        self,
        backend: SpeechBackend,
        fallbacks: Sequence[tuple[str, BackendFactory]] | None = None,
    ) -> None:
        """Speak through ``backend`` from now on (the player chose another); closes the old one."""
        old = self._backend
        with contextlib.suppress(Exception):
            old.stop()
        self._close(old)
        self._backend = backend
        self._braille_works = True
        self._fallbacks = list(
            fallbacks if fallbacks is not None else fallback_factories(backend.name)
        )
        self.pump()

    def close(self) -> None:
        """Stop speaking and release the backend."""
        self._queue.clear()
        with contextlib.suppress(Exception):
            self._backend.stop()
        self._close(self._backend)

    # Inside ----------------------------------------------------------------------------

    def _drop_narration(self) -> None:
        """Forget waiting phrases that may be dropped; a play's result is never one of them."""
        self._queue = deque(waiting for waiting in self._queue if not waiting.mergeable)

    def _enqueue(self, utterance: Utterance) -> None:
        if utterance.key is not None:
            for index, waiting in enumerate(self._queue):
                if waiting.key == utterance.key:
                    if utterance.priority is Priority.QUEUE:
                        # Keep the old place in line: the fresh answer comes no later.
                        self._queue[index] = utterance
                        return
                    del self._queue[index]
                    break
        if utterance.priority is Priority.NEXT:
            position = 0
            while position < len(self._queue) and self._queue[position].priority is Priority.NEXT:
                position += 1
            self._queue.insert(position, utterance)
        else:
            self._queue.append(utterance)

    def _trim_backlog(self) -> None:
        mergeable = [u for u in self._queue if u.mergeable]
        excess = len(mergeable) - self._max_mergeable
        if excess <= 0:
            return
        dropped = {id(u) for u in mergeable[:excess]}
        log.debug("Dropping %d narration phrase(s) from the backlog", excess)
        self._queue = deque(u for u in self._queue if id(u) not in dropped)

    def _deliver(self, items: list[Utterance], *, interrupt: bool) -> None:
        text = join_phrases([u.text for u in items])
        try:
            self._backend.speak(text, interrupt, items[0].pan)
        except Exception as exc:
            self._replace_backend(exc, retry=items)
            # The notice of the switch is speaking now; the phrase waits at the front of
            # the queue so that it does not cut the notice off.
            self.pump()
            return
        self._current = items
        self._last = items[-1].text
        for item in items:
            self._play_cue(item)
        braille = [u.text for u in items if u.braille]
        if braille and self._braille_works:
            try:
                self._backend.braille(join_phrases(braille))
            except Exception:
                # Braille is extra: a display that fails is dropped, the voice goes on.
                log.exception("Braille through %s failed", self._backend.name)
                self._braille_works = False

    def _play_cue(self, utterance: Utterance) -> None:
        if utterance.cue is None or self._cues is None:
            return
        try:
            self._cues.play(utterance.cue, utterance.pan)
        except Exception:
            log.exception("Sound cue %s failed", utterance.cue)

    def _replace_backend(self, error: BaseException, *, retry: Sequence[Utterance]) -> None:
        """Move to the next backend that starts, tell the player once, requeue ``retry``."""
        failed = self._backend
        log.error("Speech through %s failed", failed.name, exc_info=error)
        self._close(failed)
        while True:
            replacement = self._next_backend()
            self._backend = replacement
            self._braille_works = True
            notice = backend_failed_message(failed.name, replacement.name)
            try:
                replacement.speak(notice, True, 0.0)
            except Exception as exc:
                log.error("Speech through %s failed", replacement.name, exc_info=exc)
                self._close(replacement)
                failed = replacement
                continue
            self._history.append(notice)
            self._last = notice
            break
        self._current = []
        for utterance in reversed(retry):
            self._queue.appendleft(utterance)

    def _next_backend(self) -> SpeechBackend:
        while self._fallbacks:
            name, factory = self._fallbacks.pop(0)
            try:
                return factory()
            except Exception:
                log.exception("Speech through %s could not start", name)
        # Nothing left that can speak: keep playing in silence rather than stop the game.
        return SilentBackend()

    @staticmethod
    def _close(backend: SpeechBackend) -> None:
        try:
            backend.close()
        except Exception:
            log.debug("Closing %s failed", backend.name, exc_info=True)
