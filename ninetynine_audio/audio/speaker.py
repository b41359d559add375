"""The speaker: the one object the interface talks to for speech.

It orders phrases by priority, keeps a backlog of narration from building up, plays each
phrase's cue as the phrase starts, knows (or, for a screen reader, estimates) when what it
said has been heard, and survives a backend that fails.  It uses no threads: the interface
calls :meth:`Speaker.pump` once per frame.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ninetynine_audio.audio.backend import SilentBackend, SpeechBackend
from ninetynine_audio.audio.pacing import DEFAULT_WORDS_PER_MINUTE, speaking_seconds
from ninetynine_audio.audio.selection import BackendFactory, fallback_factories
from ninetynine_audio.audio.utterance import Priority, Utterance
from ninetynine_audio.audio.wording import backend_failed_message, backend_restored_message
from ninetynine_audio.plaintext import join_phrases as join_phrases  # where the game imports it

log = logging.getLogger(__name__)

DEFAULT_MAX_MERGEABLE = 3
ANSWERS_FIRST_S = 1.5
"""How long answers to keys go ahead of narration they hold back: a player exploring with
keys a few tenths of a second apart hears every answer at once, and after this long of keys
without a pause the narration held back is said before the next answer, so the game moves on."""
DEFAULT_HISTORY_LIMIT = 1000
DEFAULT_REVIVE_AFTER_S = 60.0
"""How long a replaced backend rests before it is tried again (doubling each failure)."""
MAX_REVIVE_AFTER_S = 900.0
ATTEMPTS_PER_CALL = 2
"""A backend call that fails is tried once more before the backend counts as failed."""


class CueSink(Protocol):
    """Anything that can play a named sound cue (see :class:`~.cues.CuePlayer`)."""

    def play(self, name: str, pan: float = 0.0) -> None:
        """Play the cue ``name`` at stereo position ``pan``; never raise."""


@dataclass
class _Item:
    """An utterance in the speaker's hands, and since when answers have gone ahead of it."""

    utterance: Utterance
    held_since: float | None = None

    @property
    def is_answer(self) -> bool:
        """An answer to the player's own key (``Priority.NOW``), not narration of the game."""
        return self.utterance.priority is Priority.NOW

    @property
    def is_result(self) -> bool:
        """Narration that must be heard even after the player acts: not an answer, not
        mergeable and not a prompt the player's action answers (``until_action``)."""
        u = self.utterance
        return not self.is_answer and not u.mergeable and not u.until_action


class Speaker:
    """Speaks :class:`Utterance` objects through a backend, in priority order.

    * ``Priority.NOW`` is an answer to the player's key: it cuts off what is being said and
      speaks at once.  Narration it cuts off is said again after it, and waiting narration
      waits behind it; older answers still waiting are dropped.  Answers go ahead of
      narration for ``ANSWERS_FIRST_S`` from the first one that held it back; after that
      the next answer waits behind the narration held back (and nothing newer), so a player
      pressing keys without pause still hears the game move on.  While an answer waits the
      narration is not heard out: the next computer move waits for it, so it is said with
      the value it tells still true.
    * A phrase ``until_action`` (a turn prompt, a round's opening lines) is dropped when
      the player acts (:meth:`interrupt`): the action answers it.
    * ``Priority.NEXT`` waits for the current phrase, then goes ahead of everything waiting
      (after any NEXT phrases already waiting).
    * ``Priority.QUEUE`` waits its turn.
    * When more than ``max_mergeable`` mergeable phrases wait, the oldest of them are
      dropped; phrases that are not mergeable (results) are never dropped.
    * A phrase with a ``key`` replaces a waiting phrase with the same key.
    * A phrase with empty text only plays its cue, at once, and leaves speech alone.
    * Every backend gets one phrase at a time and each phrase's cue plays as it is handed
      over.  For a backend that cannot report whether it is speaking (a screen reader),
      the speaker estimates when a phrase ends from its words and ``words_per_minute``.

    If a backend call raises, it is tried once more; a backend that fails again is
    replaced by the next one in ``fallbacks``, the player is told once through it, and the
    phrase that failed is spoken again.  With ``revive``, the replaced backend is tried
    again after ``revive_after`` seconds, and speech moves back to it when it starts.
    """

    def __init__(
        self,
        backend: SpeechBackend,
        *,
        fallbacks: Sequence[tuple[str, BackendFactory]] | None = None,
        cues: CueSink | None = None,
        max_mergeable: int = DEFAULT_MAX_MERGEABLE,
        history_limit: int = DEFAULT_HISTORY_LIMIT,
        clock: Callable[[], float] = time.monotonic,
        words_per_minute: int = DEFAULT_WORDS_PER_MINUTE,
        revive: Callable[[str], SpeechBackend] | None = None,
        revive_after: float = DEFAULT_REVIVE_AFTER_S,
    ) -> None:
        """``fallbacks`` are (name, factory) pairs tried in order when the backend fails;
        by default the rest of the chain screen reader, built-in voice, text."""
        if max_mergeable < 0:
            raise ValueError("max_mergeable must not be negative")
        self._backend = backend
        self._chain = list(fallbacks if fallbacks is not None else fallback_factories(backend.name))
        self._fallbacks = list(self._chain)
        self._cues = cues
        self._max_mergeable = max_mergeable
        self._clock = clock
        self._words_per_minute = words_per_minute
        self._revive = revive
        self._revive_after = revive_after
        self._wanted: str | None = None  # the backend that failed and may come back
        self._wanted_pause = revive_after
        self._revive_at = 0.0
        self._queue: deque[_Item] = deque()
        self._current: list[_Item] = []
        self._busy_until = 0.0  # estimated end of the current phrase (screen readers)
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

    def forget_last(self) -> None:
        """ "Repeat" has nothing to say until the next phrase (another person is at the keys)."""
        self._last = None

    @property
    def last(self) -> str | None:
        """The text of the phrase most recently handed to the backend, for "repeat"."""
        return self._last

    @property
    def pending(self) -> tuple[Utterance, ...]:
        """The phrases waiting to be spoken, in the order they will be."""
        return tuple(item.utterance for item in self._queue)

    @property
    def unheard(self) -> tuple[Utterance, ...]:
        """What is not yet heard out: the phrases being said, then those waiting."""
        speaking = self._current if self.is_speaking() else []
        return tuple(item.utterance for item in [*speaking, *self._queue])

    @property
    def words_per_minute(self) -> int:
        """The rate used to estimate speaking time where the backend cannot report it."""
        return self._words_per_minute

    def set_words_per_minute(self, words_per_minute: int) -> None:
        """Estimate speaking time at a new rate (the player's screen-reader rate)."""
        self._words_per_minute = max(1, int(words_per_minute))

    def is_speaking(self) -> bool:
        """Whether a phrase handed over is still being said (estimated for screen readers)."""
        return bool(self._current) and self._busy_safely()

    def narration_heard(self) -> bool:
        """Whether all narration of the game (not answers to keys) has likely been heard.

        The table waits on this before a computer player moves, so play never runs ahead of
        what the player has heard; answers to the player's own keys do not hold it up.
        """
        if self._queue:
            return False  # narration waits, or an answer does that the next move would stale
        if any(not item.is_answer for item in self._current):
            return not self._busy_safely()
        return True

    def heard_at(self) -> float:
        """When what has been handed over is estimated to have been said (screen readers);
        for a backend that reports speaking, now while it speaks."""
        if self._backend.reports_speaking:
            return self._clock()
        return max(self._clock(), self._busy_until)

    # What the interface calls ----------------------------------------------------------

    def say(self, utterance: Utterance) -> None:
        """Speak ``utterance`` according to its priority (see the class description)."""
        if not utterance.text.strip():
            self._play_cue(utterance)
            return
        if utterance.in_history:
            self._history.append(utterance.text)
        item = _Item(utterance)
        if item.is_answer:
            self._answer(item)
        else:
            self._enqueue(item)
            self._trim_backlog()
        self.pump()

    def pump(self) -> None:
        """Hand the backend what is waiting, as long as it is free; call once per frame."""
        self._maybe_revive()
        # Each pass delivers, finds the backend busy, or replaces a failed backend; the
        # bound only guards against a loop that the queue and chain cannot explain.
        for _ in range(len(self._queue) + len(self._fallbacks) + 2):
            if not self._queue:
                if self._current and not self._busy_safely():
                    self._current = []
                return
            if self._busy_safely():
                return
            self._deliver([self._queue.popleft()], interrupt=False)

    def interrupt(self) -> None:
        """The player acted: cut off what is being said and drop waiting answers, mergeable
        narration and prompts the action answers, so the action is heard at once.  A result
        being said or waiting is kept and said (again) first."""
        current = [i for i in self._current if i.is_result] if self.is_speaking() else []
        self._queue = deque(i for i in self._queue if i.is_result)
        for item in reversed(current):
            self._queue.appendleft(item)
        self._cut()

    def skip_narration(self) -> None:
        """Skipping ahead: drop mergeable narration, waiting or being said; results stay."""
        self._queue = deque(i for i in self._queue if not i.utterance.mergeable)
        if self.is_speaking() and all(i.utterance.mergeable for i in self._current):
            self._cut()

    def stop(self) -> None:
        """Silence speech now and drop everything waiting (the player asked for quiet)."""
        self._queue.clear()
        self._cut()

    def repeat_last(self) -> None:
        """Say the last phrase again, at once (it is not added to the history again)."""
        if self._last is None:
            return
        self._answer(_Item(Utterance(self._last, Priority.NOW)))

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
        self._current = []
        self._busy_until = 0.0
        self._wanted = None
        self._chain = list(fallbacks if fallbacks is not None else fallback_factories(backend.name))
        self._fallbacks = list(self._chain)
        self.pump()

    def close(self) -> None:
        """Stop speaking and release the backend."""
        self._queue.clear()
        with contextlib.suppress(Exception):
            self._backend.stop()
        self._close(self._backend)

    # Inside ----------------------------------------------------------------------------

    def _busy(self) -> bool:
        """Whether the backend is still saying the current phrase; may raise."""
        if not self._current:
            return False
        if self._backend.reports_speaking:
            return bool(self._backend.is_speaking())
        return self._clock() < self._busy_until

    def _busy_safely(self) -> bool:
        """:meth:`_busy`, with a failing backend asked once more and then replaced."""
        failures = 0
        while True:
            try:
                return self._busy()
            except Exception as exc:
                failures += 1
                if failures < ATTEMPTS_PER_CALL:
                    log.warning(
                        "Asking %s whether it speaks failed; asking again",
                        self._backend.name,
                        exc_info=exc,
                    )
                    continue
                retry = [i for i in self._current if not i.utterance.mergeable]
                # The chain ends in a backend that cannot fail, so this loop ends.
                self._replace_backend(exc, retry=retry)
                failures = 0

    def _cut(self) -> None:
        self._current = []
        self._busy_until = self._clock()
        for attempt in range(ATTEMPTS_PER_CALL):
            try:
                self._backend.stop()
                return
            except Exception as exc:
                if attempt + 1 == ATTEMPTS_PER_CALL:
                    self._replace_backend(exc, retry=[])

    def _answer(self, item: _Item) -> None:
        """An answer to a key: at once, unless answers have held narration back for
        ``ANSWERS_FIRST_S`` already (see class)."""
        speaking = self.is_speaking()
        current_narration = [i for i in self._current if not i.is_answer] if speaking else []
        waiting_narration = [i for i in self._queue if not i.is_answer]
        # Older answers still waiting are stale: the player has pressed another key.
        self._queue = deque(waiting_narration)
        now = self._clock()
        held = [i for i in current_narration + waiting_narration if i.held_since is not None]
        if any(now - i.held_since >= ANSWERS_FIRST_S for i in held if i.held_since is not None):
            # Behind the narration held back so long, ahead of anything newer.
            position = max(
                (index + 1 for index, i in enumerate(self._queue) if i.held_since is not None),
                default=0,
            )
            self._queue.insert(position, item)
            if speaking and not current_narration:
                self._cut()  # an old answer gives way to the narration that waited for it
            self.pump()
            return
        for waiting in waiting_narration:
            if waiting.held_since is None:
                waiting.held_since = now
        for cut in reversed(current_narration):
            if cut.held_since is None:
                cut.held_since = now
            self._queue.appendleft(cut)
        self._deliver([item], interrupt=True)

    def _enqueue(self, item: _Item) -> None:
        utterance = item.utterance
        if utterance.key is not None:
            for index, waiting in enumerate(self._queue):
                if waiting.utterance.key == utterance.key:
                    if utterance.priority is Priority.QUEUE:
                        # Keep the old place in line: the fresh answer comes no later.
                        self._queue[index] = item
                        return
                    del self._queue[index]
                    break
        if utterance.priority is Priority.NEXT:
            position = 0
            while (
                position < len(self._queue)
                and self._queue[position].utterance.priority is Priority.NEXT
            ):
                position += 1
            self._queue.insert(position, item)
        else:
            # Behind everything, a waiting answer too: it was asked before this was known.
            self._queue.append(item)

    def _trim_backlog(self) -> None:
        mergeable = [i for i in self._queue if i.utterance.mergeable]
        excess = len(mergeable) - self._max_mergeable
        if excess <= 0:
            return
        dropped = {id(i) for i in mergeable[:excess]}
        log.debug("Dropping %d narration phrase(s) from the backlog", excess)
        self._queue = deque(i for i in self._queue if id(i) not in dropped)

    def _deliver(self, items: list[_Item], *, interrupt: bool) -> None:
        utterances = [i.utterance for i in items]
        text = join_phrases([u.text for u in utterances])
        for attempt in range(ATTEMPTS_PER_CALL):
            try:
                self._backend.speak(text, interrupt, utterances[0].pan)
                break
            except Exception as exc:
                if attempt + 1 < ATTEMPTS_PER_CALL:
                    log.warning("Speech through %s failed; trying again", self._backend.name)
                    continue
                self._replace_backend(exc, retry=items)
                # The notice of the switch is speaking now; the phrase waits at the front of
                # the queue so that it does not cut the notice off.
                self.pump()
                return
        now = self._clock()
        self._current = items
        self._busy_until = now + speaking_seconds(text, self._words_per_minute)
        self._last = utterances[-1].text
        for utterance in utterances:
            self._play_cue(utterance)
        braille = [u.text for u in utterances if u.braille]
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

    def _say_notice(self, backend: SpeechBackend, notice: str) -> None:
        """Say the speaker's own notice through ``backend``; may raise."""
        backend.speak(notice, True, 0.0)
        self._history.append(notice)
        self._last = notice
        self._current = [_Item(Utterance(notice, Priority.NOW))]
        self._busy_until = self._clock() + speaking_seconds(notice, self._words_per_minute)

    def _replace_backend(self, error: BaseException, *, retry: Sequence[_Item]) -> None:
        """Move to the next backend that starts, tell the player once, requeue ``retry``."""
        failed = self._backend
        log.error("Speech through %s failed", failed.name, exc_info=error)
        self._close(failed)
        if self._wanted is None and self._revive is not None and failed.name != "silent":
            self._wanted = failed.name
            self._wanted_pause = self._revive_after
            self._revive_at = self._clock() + self._wanted_pause
        self._current = []
        while True:
            replacement = self._next_backend()
            self._backend = replacement
            self._braille_works = True
            notice = backend_failed_message(failed.name, replacement.name)
            try:
                self._say_notice(replacement, notice)
            except Exception as exc:
                log.error("Speech through %s failed", replacement.name, exc_info=exc)
                self._close(replacement)
                failed = replacement
                continue
            break
        for item in reversed(retry):
            self._queue.appendleft(item)

    def _maybe_revive(self) -> None:
        """Try the backend that failed again once it has rested, while nothing is said."""
        if self._wanted is None or self._revive is None or self._clock() < self._revive_at:
            return
        if self._queue or self.is_speaking():
            return
        wanted = self._wanted
        try:
            backend = self._revive(wanted)
            if backend.name != wanted:
                raise RuntimeError(f"{wanted} did not start; {backend.name} came instead")
            self._say_notice(backend, backend_restored_message(wanted))
        except Exception:
            log.info("Speech through %s is still not available", wanted, exc_info=True)
            self._wanted_pause = min(MAX_REVIVE_AFTER_S, self._wanted_pause * 2)
            self._revive_at = self._clock() + self._wanted_pause
            return
        log.info("Speech through %s works again", wanted)
        old = self._backend
        self._close(old)
        self._backend = backend
        self._braille_works = True
        self._wanted = None
        self._fallbacks = list(self._chain)

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
