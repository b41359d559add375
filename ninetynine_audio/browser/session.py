"""The whole game for one browser, run inside the page's worker by Pyodide.

The page talks to this module exactly as it talks to a table server (``docs/protocol.md``):
``hello``, ``key``, ``command``, ``heard``, ``answer`` and ``ping`` in; ``welcome``,
``phrase``, ``speech``, ``cue``, ``display``, ``bye`` and ``pong`` out, each message made from
the definitions of ``online/protocol.py``. Behind them runs the offline game — the main menu,
a match on ``ui/match.py``'s ``MatchScreen`` with its computer players and hot seat, saves,
statistics and settings in the data folder — in a :class:`BrowserApp`, the server's
``SeatApp`` (same keys, words, pacing by the page's ``heard`` reports, same window lines) with
the offline ``App``'s own ways back in: a game chosen starts here, the main menu is the main
menu, settings are written to the data folder.

The worker (``web/worker.js``) hands each message of the page to :meth:`Session.receive`,
calls :meth:`Session.tick` on a timer for the match's clock, and posts every message the two
return. The data folder is the worker's IndexedDB-backed folder: what the game writes there
survives a reload and a browser restart.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Literal

from ninetynine_audio.browser import structs

try:
    import msgspec  # noqa: F401  # the protocol's definitions use it where it is installed
except ModuleNotFoundError:  # the browser: its plain-Python stand-in
    structs.install()

from ninetynine_audio.i18n import ENGLISH, known_language, set_language
from ninetynine_audio.input.keynames import GestureError, gesture_from_name
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.front import SeatApp, Send
from ninetynine_audio.present import online as online_words
from ninetynine_audio.present import screens as words
from ninetynine_audio.store.settings import load_settings, save_settings
from ninetynine_audio.store.startup import prepare_folders
from ninetynine_audio.ui.app import App
from ninetynine_audio.ui.buffers import OFFLINE_BUFFERS
from ninetynine_audio.ui.match import MatchScreen

__all__ = ["BrowserApp", "Session"]

TableState = Literal["waiting", "playing", "over", "none"]


class BrowserApp(SeatApp):
    """The offline game behind the page's protocol: a ``SeatApp`` for its speech, cues and
    window lines, with the offline ``App``'s matches, menus and settings."""

    plays_online = False
    """No "Play online" in the main menu: the page's own server, if any, is the way online."""

    speaks_here = False
    """The page's options choose the voice, its volume and the sound volume."""

    start_game = App.start_game
    continue_match = App.continue_match
    back_to_main_menu = App.back_to_main_menu
    open_pause_menu = App.open_pause_menu
    ping = App.ping
    buffer_kinds: tuple[str, ...] = OFFLINE_BUFFERS

    def __init__(self, send: Send, **kwargs: Any) -> None:
        super().__init__(send, **kwargs)
        self.on_quit_said: Callable[[], None] = lambda: None

    def update_settings(self, *, say_problems: bool = True, **changes: Any) -> list[str]:
        """Change settings and keep them in the data folder. The page speaks through the
        screen reader or the browser's voice (its own Options), so the speech choice and a
        keymap file of this computer do not apply."""
        super().update_settings(say_problems=say_problems, **changes)
        problem = save_settings(self.settings)
        if problem and say_problems:
            self.say(problem, queue=True)
        return [problem] if problem else []

    def quit(self) -> None:
        """Goodbye, and the page's start screen: the next hello starts again."""
        App.quit(self)
        self.on_quit_said()


class Session:
    """The page's one player: messages in, messages out (JSON text, one object each)."""

    def __init__(
        self, *, clock: Callable[[], float] = time.monotonic, bot_pause_ms: int | None = None
    ) -> None:
        self.clock = clock
        self.bot_pause_ms = bot_pause_ms
        self.outbox: list[str] = []
        self.app: BrowserApp | None = None
        self.seated: tuple[str | None, TableState] = (None, "none")

    def _send(self, message: p.ServerMessage) -> None:
        self.outbox.append(p.encode(message))

    def _drain(self) -> list[str]:
        app = self.app
        if app is not None and app.running:
            seated = _table_of(app)
            if seated != self.seated:
                # As a server tells a seat: the page knows a match is on, and when it is over.
                self.seated = seated
                game, state = seated
                self._send(p.TableInfo(code=None, game=game, seat=0 if game else None, state=state))
            app.send_display(app.is_busy())
        sent, self.outbox = self.outbox, []
        return sent

    def receive(self, frame: str) -> list[str]:
        """One message of the page; the messages to post back."""
        try:
            message = p.decode_client(frame)
        except p.ProtocolError as error:
            self._send(p.Error(code=error.code, text=error.text[:200]))
            return self._drain()
        if isinstance(message, p.Hello):
            self._hello(message)
        elif isinstance(message, p.Ping):
            self._send(p.Pong(seq=message.seq))
        elif self.app is None or not self.app.running:
            self._send(p.Error(code="hello_first", text=online_words.hello_first_text()[:200]))
        else:
            self._handle(self.app, message)
        return self._drain()

    def tick(self) -> list[str]:
        """The match's clock: computer players act when due; the messages to post."""
        app = self.app
        if app is not None and app.running:
            app.tick()
        return self._drain()

    def _hello(self, hello: p.Hello) -> None:
        language = hello.language if known_language(hello.language) else ENGLISH
        set_language(language)
        notices = prepare_folders()
        settings, problems = load_settings(label=words.setting_label)
        app = BrowserApp(
            self._send,
            verbosity=hello.verbosity,
            hears_cues=hello.hears_cues,
            wpm=hello.words_per_minute,
            clock=self.clock,
            bot_pause_ms=self.bot_pause_ms,
            language=language,
        )
        # The page's own choices (speed, verbosity, cues) over what was kept from last time.
        app.settings = settings.with_changes(
            verbosity=hello.verbosity,
            sound_enabled=hello.hears_cues,
            screen_reader_rate_wpm=hello.words_per_minute,
            language=language,
        )
        app.use_client(hello.client)  # the page's keys: Tab and Shift+Tab stay the browser's
        app.on_quit_said = lambda: self._send(p.Bye(text=words.goodbye_text()[:200]))
        self.app = app
        name = hello.name.strip() or "You"
        self._send(p.Welcome(protocol=p.PROTOCOL_VERSION, name=name[:64], account=False))
        app.start(notices=[*notices, *problems])

    def _handle(self, app: BrowserApp, message: p.ClientMessage) -> None:
        if isinstance(message, p.Key):
            try:
                gesture = gesture_from_name(message.key)
            except GestureError:
                text = online_words.unknown_key_text(message.key[:30])
                self._send(p.Error(code="bad_message", text=text[:200]))
                return
            with app.answering(message.seq):
                app.handle_gesture(gesture)
        elif isinstance(message, p.Command):
            with app.answering(message.seq):
                known = app.run_command(message.command)
            if not known:
                text = online_words.unknown_command_text(message.command[:30])
                self._send(p.Error(code="bad_message", text=text[:200]))
        elif isinstance(message, p.Heard):
            app.remote.report_heard(message.seq, message.remaining)
        elif isinstance(message, p.Settings):
            app.change_settings(message.verbosity, message.words_per_minute)


def _table_of(app: App) -> tuple[str | None, TableState]:
    """The game of the match open in ``app`` and whether it is being played or over."""
    for screen in reversed(app.stack):
        if isinstance(screen, MatchScreen):
            return screen.spec.id, "over" if screen.is_over else "playing"
    return None, "none"


def run_json(session: Session, frame: str) -> str:
    """For the worker: one frame in, a JSON list of the frames out."""
    return json.dumps(session.receive(frame))


def tick_json(session: Session) -> str:
    """For the worker: the clock's step, a JSON list of the frames out."""
    return json.dumps(session.tick())
