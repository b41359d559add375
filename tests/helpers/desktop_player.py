"""The desktop client at a browser test's table, playing by what it hears.

A person at the desktop game hears each phrase the server sends for their seat and presses
keys. This player does the same with the game's own client (``helpers.online.Player``: the
local app with its speech recorded and the remote screen on top): it never reads the server's
state nor the client's table lines, only the phrases that came for its seat.

It asks whose turn it is (T) whenever something new was said (an answer to one of its own keys
is not news), and on its own turn walks the hand with the cursor keys, listening to what each
card does now ("7, too high: 103", "Queen of hearts, not playable", "red 3: fits your row"), and
plays the first card the words say may be played as the cursor reaches it (its number key, or
Enter on it); a refusal sends it on to the next card. Every key waits for the phrase that
answers it (the phrase whose ``answer_to`` is the key's ``seq``).
"""

from __future__ import annotations

import threading
import time

from helpers.by_ear import ByEar, mine
from helpers.online import Player
from ninetynine_audio.input.keynames import gesture_from_name
from ninetynine_audio.online import protocol as p

ANSWER_S = 15.0
"""How long a key waits for its answer (a loaded machine, and a turn a computer just took)."""
QUIET_S = 1.0
"""With nothing new said for this long, the player asks whose turn it is all the same."""
ASK_GAP_S = 0.25
"""The shortest time between two questions of whose turn it is while the others play."""
KEY_GAP_S = 0.05
"""The shortest time between two keys."""
FINISHED = "You finished"
"""The start of the result every seat hears when the match ends."""
STARTS = "The game starts."


class Stuck(AssertionError):
    """The player heard its turn but found no key that the game took."""


class DesktopPlayer(ByEar):
    """One seat played from the desktop client, by ear, on a thread of its own."""

    def __init__(self, url: str, name: str, first: list[p.ClientMessage]) -> None:
        """Connect as ``name`` to the websocket ``url``; ``first`` is sent once connected
        (a ``join`` with the table's code)."""
        self.name = name
        self.client = Player(url, name, first=first)
        self.keys: list[str] = []
        self.actions = 0
        self.failure: BaseException | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.family = ""
        self._last_key = 0.0

    # -- what it heard -------------------------------------------------------------------------

    @property
    def heard(self) -> list[str]:
        """Everything the desktop client said, in order."""
        return list(self.client.spoken)

    def phrases(self) -> list[p.Phrase]:
        """Every phrase that came for this seat, as it came (none merged away)."""
        return [item for item in self.client.screen.received if isinstance(item, p.Phrase)]

    def last_heard(self, count: int = 12) -> list[str]:
        """The last few things said, for a message that says what went wrong."""
        return self.heard[-count:]

    def finished(self) -> bool:
        """The result of this seat's match was said (since its game started)."""
        spoken = self.client.spoken
        starts = [i for i, text in enumerate(spoken) if text == STARTS]
        since = starts[-1] if starts else len(spoken)
        return any(text.startswith(FINISHED) for text in spoken[since:])

    def news(self) -> int:
        """The seq of the last phrase that came unasked (not an answer to a key of this
        seat's): something new to listen to."""
        for item in reversed(self.client.screen.received):
            if isinstance(item, p.Phrase) and item.answer_to is None:
                return item.seq
        return 0

    def wait_heard(self, words: str, timeout: float = 60.0) -> str:
        """Run the client until something containing ``words`` was said; that phrase."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.client.pump(0.02)
            for text in self.client.spoken:
                if words.lower() in text.lower():
                    return text
        raise AssertionError(
            f"{self.name} did not hear {words!r} in {timeout} s; last heard {self.last_heard()}"
        )

    # -- keys ------------------------------------------------------------------------------------

    def ask(self, key: str, timeout: float = ANSWER_S) -> p.Phrase | None:
        """Press ``key`` and wait for the phrase answering it (None: nothing answered)."""
        screen = self.client.screen
        # Keys no faster than a held key repeats: the server refuses more than 30 messages a
        # second from one person, and the client's own reports of what it heard count too.
        self.client.pump(max(0.0, self._last_key + KEY_GAP_S - time.monotonic()))
        before = screen.key_seq
        self.client.app.handle_gesture(gesture_from_name(key))
        self._last_key = time.monotonic()
        seq = screen.key_seq
        self.keys.append(key)
        if seq == before:
            return None  # the key did not reach the server (not connected)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.client.pump(0.005)
            for phrase in reversed(screen.received):
                if isinstance(phrase, p.Phrase) and phrase.answer_to == seq:
                    return phrase
            if any(error.code == "too_fast" for error in screen.errors):
                raise AssertionError(f"{self.name} (desktop) pressed keys too fast")
        return None

    def _text(self, key: str, timeout: float | None = None) -> tuple[str, str]:
        """Press ``key``; the words and the cue that answered it (empty if none)."""
        said = self.ask(key, ANSWER_S if timeout is None else timeout)
        if said is None:
            return "", ""
        return said.text, said.cue or ""

    # -- playing -------------------------------------------------------------------------------

    def start(self, family: str, timeout: float) -> None:
        """Play the match to its end on a thread; :meth:`join` waits and re-raises."""
        self.family = family
        self._thread = threading.Thread(
            target=self._run, args=(timeout,), name=f"desktop-{self.name}", daemon=True
        )
        self._thread.start()

    def _run(self, timeout: float) -> None:
        try:
            self.play(timeout)
        except BaseException as error:  # handed to the test by join()
            self.failure = error

    def stop(self) -> None:
        """Stop playing (the page's player failed) and wait for the thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(ANSWER_S * 2)

    def join(self, timeout: float) -> None:
        """Wait until the match has ended for this seat; its failure, if it had one."""
        assert self._thread is not None
        self._thread.join(timeout)
        if self._thread.is_alive():
            self._stop.set()
            raise AssertionError(
                f"{self.name} (desktop) was still playing after {timeout} s; "
                f"last heard {self.last_heard()}"
            )
        if self.failure is not None:
            raise self.failure

    def play(self, timeout: float) -> None:
        """Listen, and take each turn when it comes, until the result is said."""
        step = self.turn_step(self.family)
        deadline = time.monotonic() + timeout
        seen = -1
        idle_since = time.monotonic()
        while not self._stop.is_set():
            if self.finished():
                return
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{self.name} (desktop): the match did not end in {timeout} s; "
                    f"last heard {self.last_heard()}"
                )
            self.client.pump(0.02)
            count = self.news()
            quiet = time.monotonic() - idle_since
            if (count == seen and quiet < QUIET_S) or quiet < ASK_GAP_S:
                continue  # nothing new (or asked a moment ago): listen on
            seen, idle_since = count, time.monotonic()
            turn, _ = self._text("t")
            if mine(turn):
                if step(turn):
                    self.actions += 1
                seen, idle_since = -1, 0.0  # ask again at once: the turn may go on
