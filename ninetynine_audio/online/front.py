"""A player's screens on the server: the same ``App`` as offline, speaking over the network.

Each connected player gets a :class:`SeatApp`: the screen stack, the keymap, key help (F1),
the spoken history — everything ``ui.app.App`` does — with its speech front end replaced by a
:class:`RemoteSpeaker` that turns every utterance into a ``phrase`` message, and its cues by a
:class:`RemoteCues` player that sends ``cue`` messages. The client speaks the phrases with its
own speaker, so the narrator is written once, here.

While the player's connection is down the messages are not lost: the last phrases wait in a
bounded list (:attr:`RemoteSpeaker.missed`) and are said again when the player comes back.
"""

from __future__ import annotations

import re
import textwrap
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ninetynine_audio.audio.backend import SilentBackend
from ninetynine_audio.audio.pacing import speaking_seconds
from ninetynine_audio.audio.speaker import Speaker
from ninetynine_audio.audio.utterance import SYSTEM, Priority, Utterance
from ninetynine_audio.i18n import ENGLISH, known_language, using
from ninetynine_audio.input.commands import COMMANDS, GLOBAL, PEOPLE_COMMANDS
from ninetynine_audio.input.keymap import load_default_keymap
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.page import browser_keymap
from ninetynine_audio.present.buffers import ping_unmeasured_text
from ninetynine_audio.present.screens import (
    setting_item,
    setting_label,
    verbosity_label,
    words_per_minute,
)
from ninetynine_audio.store.settings import Settings
from ninetynine_audio.ui.app import App
from ninetynine_audio.ui.buffers import BUFFER_LIMIT, ONLINE_BUFFERS
from ninetynine_audio.ui.cues import CueRouter
from ninetynine_audio.ui.reader import Reader
from ninetynine_audio.ui.screen import Display

Send = Callable[[p.ServerMessage], None]
"""Hands one message to the player's connection (or keeps it while the player is away)."""

MISSED_LIMIT = 40
"""How many phrases a player who lost the connection hears again, at most."""

_LISTING = re.compile(r"^([^:]{1,30}):\s+(.+)$", re.DOTALL)
_BETWEEN_ITEMS = re.compile(r"\s{2,}(?:\|\s{2,})?")

HEARD_SLACK_S = 0.5
"""Added to a client's own estimate: the phrase still has to travel and start."""


SHOWN_LIMIT = 200
"""The longest line of a window the protocol carries (``display``)."""


def shown_line(line: str) -> str:
    """A window's line as sent: a longer one (a review's move, with its reasons) ends at the
    last whole word that fits, marked as cut with an ellipsis, never in the middle of a word
    (it is said whole, and kept whole in the last messages)."""
    if len(line) <= SHOWN_LIMIT:
        return line
    cut = line[: SHOWN_LIMIT - 1]
    if line[SHOWN_LIMIT - 1] != " " and " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…"


def whole_text(reader: Reader) -> tuple[list[str], int]:
    """A text screen (key help, the rules) for a client that shows it as a page to read: every
    paragraph, in lines of at most 200 characters broken between words, from a little before
    the current paragraph (64 lines at most); and the line where the current one starts."""
    lines: list[str] = []
    starts: list[int] = []
    for paragraph in reader.paragraphs:
        starts.append(len(lines))
        lines.extend(textwrap.wrap(paragraph.text, 200) or [""])
    current = starts[reader.index]
    first = max(0, min(current - 8, len(lines) - 64))
    return lines[first : first + 64], current - first


def line_groups(lines: list[str]) -> list[p.Group]:
    """The window's lines that list things, taken apart: a table screen lays a list out as
    ``"<label>: <item>   <item>"`` (items apart by wide spaces, two piles by a bar), in any
    language; the client is given the label and the items instead of splitting the words."""
    groups = []
    for index, line in enumerate(lines):
        found = _LISTING.match(line)
        if found is None:
            continue
        items = [item for item in _BETWEEN_ITEMS.split(found.group(2)) if item]
        if len(items) >= 2:
            groups.append(p.Group(line=index, label=found.group(1).strip(), items=items[:64]))
    return groups


class RemoteBackend(SilentBackend):
    """The speech backend a seat's speaker reports: the words go to the client, not here."""

    name = "remote"


class RemoteSpeaker(Speaker):
    """The speaker of a seat on the server: every utterance becomes a ``phrase`` message.

    It keeps what the App reads of a speaker (its history, no longer than the message
    buffers the history keys read; the last phrase for "repeat") and knows, from the
    client's ``heard`` reports, whether the player has likely heard the narration sent so far.
    """

    def __init__(
        self, send: Send, *, clock: Callable[[], float] = time.monotonic, wpm: int = 180
    ) -> None:
        super().__init__(
            RemoteBackend(),
            fallbacks=[],
            clock=clock,
            words_per_minute=wpm,
            history_limit=BUFFER_LIMIT,
        )
        self._send = send
        self._now = clock
        self.seq = 0
        self.answer_to: int | None = None
        self.narration_seq = 0  # the last narration phrase sent
        self.narration_sent_at = 0.0
        self.narration_seconds = 0.0  # estimated speaking time of narration not yet heard
        self.heard_seq = 0
        self.heard_until = 0.0  # when the client expects to have said what it has
        self.stopped_seq = 0  # the last phrase sent before the player stopped speech
        self.missed: deque[p.Phrase] = deque(maxlen=MISSED_LIMIT)
        self.away = False

    def emit(self, message: p.ServerMessage) -> None:
        """Send a message, or keep a phrase for later while the player is away."""
        if self.away:
            if isinstance(message, p.Phrase) and message.text:
                self.missed.append(message)
            return
        self._send(message)

    def say(self, utterance: Utterance) -> None:
        """Send ``utterance`` as a phrase (a cue alone when it has no text)."""
        if not utterance.text.strip():
            if utterance.cue:
                self.emit(p.Cue(name=utterance.cue, pan=utterance.pan))
            return
        self._history.append(utterance.text)
        self._last = utterance.text
        self.seq += 1
        answer_to, self.answer_to = self.answer_to, None
        if utterance.priority is not Priority.NOW:
            now = self._now()
            # Narration queues behind narration the client has not yet said.
            start = max(now, self.narration_sent_at + self.narration_seconds)
            self.narration_seconds = (
                start - now + speaking_seconds(utterance.text, self.words_per_minute)
            )
            self.narration_sent_at = now
            self.narration_seq = self.seq
        self.emit(
            p.Phrase(
                text=utterance.text[:4000],
                priority=utterance.priority.value,
                cue=utterance.cue,
                pan=utterance.pan,
                mergeable=utterance.mergeable,
                until_action=utterance.until_action,
                key=utterance.key,
                seq=self.seq,
                answer_to=answer_to,
            )
        )

    def report_heard(self, seq: int, remaining: float) -> None:
        """The client's ``heard``: it has the phrases up to ``seq`` and will have said them
        in ``remaining`` seconds."""
        if seq > self.seq:
            return  # a phrase the server never sent: ignore the report
        if seq <= self.stopped_seq:
            return  # sent before the client had the stop: what it counted was dropped
        self.heard_seq = max(self.heard_seq, seq)
        self.heard_until = self._now() + remaining

    def narration_heard(self) -> bool:
        """Whether the player has likely heard the narration sent so far: the client has
        reported it and its estimate has run out, or, before any report, the server's own
        estimate at the player's rate has."""
        if self.away:
            return True
        now = self._now()
        if self.heard_seq >= self.narration_seq:
            return now >= self.heard_until
        return now >= self.narration_sent_at + self.narration_seconds + HEARD_SLACK_S

    def is_speaking(self) -> bool:
        """Whether the player is likely still hearing narration."""
        return not self.narration_heard()

    def pump(self) -> None:
        """Nothing to hand over: phrases leave at once."""

    def interrupt(self) -> None:
        """The player acted: the client cuts off what it says (results kept)."""
        self.emit(p.Speech(action="interrupt"))

    def skip_narration(self) -> None:
        """The client drops its waiting mergeable narration."""
        self.narration_seconds = 0.0
        self.emit(p.Speech(action="skip"))

    def stop(self) -> None:
        """The client silences speech and drops what waits: nothing sent so far is left to
        be heard (the player chose not to), so what waits on it (a computer's move, the
        results screen's keys) need not wait for the client's next report."""
        self.narration_seconds = 0.0
        self.heard_until = self._now()
        self.heard_seq = max(self.heard_seq, self.narration_seq)
        self.stopped_seq = self.seq
        self.emit(p.Speech(action="stop"))

    def repeat_last(self) -> None:
        """Say the last phrase again, at once."""
        if self._last is not None:
            self.seq += 1
            answer_to, self.answer_to = self.answer_to, None
            self.emit(p.Phrase(text=self._last, priority="now", seq=self.seq, answer_to=answer_to))

    def close(self) -> None:
        """Nothing to release."""


class RemoteCues:
    """The cue player of a seat: each cue becomes a ``cue`` message."""

    def __init__(self, speaker: RemoteSpeaker, enabled: bool) -> None:
        self._speaker = speaker
        self._enabled = enabled

    @property
    def enabled(self) -> bool:
        """Whether the client plays cues."""
        return self._enabled

    def play(self, name: str, pan: float = 0.0) -> None:
        """Send one cue."""
        if self._enabled:
            self._speaker.emit(p.Cue(name=name[:64], pan=max(-1.0, min(1.0, pan))))

    def play_danger(self, total: int, pan: float = 0.0) -> None:
        """Send the danger cue of a total."""
        self.play(f"danger_{total}", pan)

    def set_enabled(self, enabled: bool) -> None:
        """Turn cues on or off for this player."""
        self._enabled = enabled

    def set_volume(self, volume: float) -> None:
        """The client sets its own volume."""


_KEYMAP = None


def shared_keymap() -> Any:
    """The shipped keymap, read once for every seat (a server never reads a player's own)."""
    global _KEYMAP
    if _KEYMAP is None:
        _KEYMAP = load_default_keymap()
    return _KEYMAP


class SeatApp(App):
    """One player's screens on the server.

    The online parts of the program hook in through three callables the session gives:
    ``on_start_game`` (a set-up chosen in the menus, or "play again"), ``on_main_menu``
    (back to the lobby) and ``on_quit`` (the player leaves the server).
    """

    def __init__(
        self,
        send: Send,
        *,
        verbosity: str = "normal",
        hears_cues: bool = True,
        wpm: int = 180,
        clock: Callable[[], float] = time.monotonic,
        bot_pause_ms: int | None = None,
        language: str = ENGLISH,
    ) -> None:
        speaker = RemoteSpeaker(send, clock=clock, wpm=wpm)
        cue_player = RemoteCues(speaker, hears_cues)
        settings = Settings().with_changes(
            verbosity=verbosity, sound_enabled=hears_cues, screen_reader_rate_wpm=wpm
        )
        super().__init__(
            speaker=speaker,
            cues=CueRouter(cue_player),
            keymap=shared_keymap(),
            settings=settings,
            clock=clock,
            bot_pause_ms=bot_pause_ms,
        )
        self.remote = speaker
        self.send_direct = send
        self.on_start_game: Callable[[Any], None] = lambda setup: None
        self.on_main_menu: Callable[[], None] = lambda: None
        self.on_quit: Callable[[], None] = lambda: None
        self.on_pause: Callable[[Any], None] | None = None
        self.on_chat: Callable[[], None] = lambda: None
        self.on_people: Callable[[str], None] = lambda command: None
        self.review_screen: Callable[..., Any] | None = None  # a server's, for its seat
        self._last_display: p.Display | None = None
        self.client = "game"
        self.language = ENGLISH
        self.set_language(language)

    buffer_kinds: tuple[str, ...] = ONLINE_BUFFERS
    """A player on a server hears chat and private messages too."""

    people_here = False
    """The people at a new table join it from their own computers (the seats menu)."""

    def ping(self) -> None:
        """The ping key reached the server: the client that sent it does not time the way
        here itself (the game's window, text mode and the page all do)."""
        self.say(ping_unmeasured_text())

    def keep_note(self, text: str) -> None:
        """A line the player's client said itself: kept in the buffer of the system's
        messages (and of all), where the buffer keys find it, without saying it again."""
        if text.strip():
            self.voice.buffers.file(text, SYSTEM)

    # -- the player's language ---------------------------------------------------------------

    def set_language(self, code: str) -> None:
        """The language this player hears (an unknown code means English)."""
        self.language = code if known_language(code) else ENGLISH

    @contextmanager
    def speaking(self) -> Iterator[None]:
        """Render every phrase said inside the block in this player's language: the server
        enters it around everything that makes this player's screens speak."""
        with using(self.language):
            yield

    # -- where offline would touch this computer's files, the server keeps it in memory ----

    def update_settings(self, *, say_problems: bool = True, **changes: Any) -> list[str]:
        """Change this player's settings for the session (nothing is written on the server)."""
        changes.pop("speech_backend", None)
        changes.pop("keymap_path", None)
        old = self.settings
        self.settings = old.with_changes(**changes)
        if self.settings.sound_enabled != old.sound_enabled:
            self.cues.player.set_enabled(self.settings.sound_enabled)
        if self.settings.screen_reader_rate_wpm != old.screen_reader_rate_wpm:
            self.speaker.set_words_per_minute(self.settings.screen_reader_rate_wpm)
        return []

    def use_client(self, client: str) -> None:
        """The keys of the player's client: the browser page leaves Tab and Shift+Tab to the
        browser, so its player's key help (F1) lists only keys that work there. The page shows
        a text screen whole (:func:`whole_text`), for reading in browse mode."""
        self.client = client
        self.keymap = browser_keymap() if client == "browser" else shared_keymap()

    def change_settings(self, verbosity: str | None, wpm: int | None) -> None:
        """The player's ``settings`` message: each value that changed is used at once and
        said, as the settings menu says it."""
        said = []
        if verbosity is not None and verbosity != self.settings.verbosity:
            self.update_settings(verbosity=verbosity)
            said.append(setting_item(setting_label("verbosity"), verbosity_label(verbosity)))
        if wpm is not None and wpm != self.settings.screen_reader_rate_wpm:
            self.update_settings(screen_reader_rate_wpm=wpm)
            said.append(
                setting_item(setting_label("screen_reader_rate_wpm"), words_per_minute(wpm))
            )
        for index, text in enumerate(said):
            self.say(text, queue=index > 0)

    def can_hear_cues(self) -> bool:
        """Whether the client plays cues."""
        return bool(self.cues.player.enabled)

    def start_game(self, setup: Any, *, stop: bool = True) -> None:
        """A set-up chosen in the menus (or "play again"): the session decides what it means."""
        self.on_start_game(setup)

    def continue_match(self, resumed: Any) -> None:
        """Online matches are continued by the server, never from a local save."""
        self.on_main_menu()

    def back_to_main_menu(self) -> None:
        """The lobby is this player's main menu."""
        self.paused_table = None
        self.on_main_menu()

    def open_pause_menu(self, table: Any) -> None:
        """The table's own pause menu (leave the table, chat, rules)."""
        self.paused_table = table
        if self.on_pause is not None:
            self.on_pause(table)
        else:
            super().open_pause_menu(table)

    def quit(self) -> None:
        """The player leaves the server."""
        self.running = False
        self.on_quit()

    # -- the window's lines --------------------------------------------------------------

    def send_display(self, busy: bool = False) -> None:
        """Send the lines of the screen on top when they changed."""
        if not self.stack:
            return
        try:
            shown: Display = self.top.display(self)
        except Exception:  # a screen mid-change: the next frame sends it
            return
        lines = [shown_line(line) for line in shown.lines[:64]]
        highlight = shown.highlight
        if self.client == "browser" and isinstance(self.top, Reader):
            lines, highlight = whole_text(self.top)
        context = self.top.context[:64]
        message = p.Display(
            title=shown_line(shown.title),
            lines=lines,
            highlight=highlight,
            busy=busy,
            context=context,
            groups=line_groups(lines) if context.startswith("table") else [],
        )
        if message != self._last_display:
            self._last_display = message
            self.remote.emit(message)

    def forget_display(self) -> None:
        """Send the screen again at the next chance (a client came back)."""
        self._last_display = None

    # -- the client's keys and buttons ------------------------------------------------------

    def unavailable_commands(self) -> frozenset[str]:
        """Every command means something on the server."""
        return frozenset()

    def people_command(self, command: str) -> None:
        """Who is online, friends, messages and invitations: the server's (``on_people``)."""
        self.on_people(command)

    @contextmanager
    def answering(self, seq: int) -> Iterator[None]:
        """The phrases said inside the block answer the client's key or command ``seq``."""
        self.remote.answer_to = seq
        try:
            yield
        finally:
            self.remote.answer_to = None

    def run_command(self, command_id: str) -> bool:
        """A command the client sent instead of a key (a button), handled as its key would
        be; False for a command the game does not have."""
        command = COMMANDS.get(command_id)
        if command is None:
            return False
        if command.id in PEOPLE_COMMANDS:
            self.people_command(command.id)
        elif GLOBAL in command.contexts:
            self._global(command.id)
        elif self.stack:
            self.history_index = None
            self.top.handle(self, command.id)
        return True
