"""The application: a stack of screens, the speaker and the cues, and one loop for both faces.

Keys arrive as gesture names (from the pygame window or from text-mode lines), the keymap turns
them into commands for the screen on top, and screens speak through :meth:`App.say`. The window
(``window.py``) and text mode (``textmode.py``) only feed gestures and call :meth:`App.tick`.
"""

from __future__ import annotations

import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ninetynine_audio.audio import (
    BackendOptions,
    Speaker,
    choose_backend,
)
from ninetynine_audio.audio.utterance import SYSTEM, Utterance
from ninetynine_audio.games.base import Event as GameEvent
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.i18n import _
from ninetynine_audio.input.commands import (
    COMMANDS,
    CONTEXTS,
    GLOBAL,
    PEOPLE_COMMANDS,
    commands_for,
)
from ninetynine_audio.input.keymap import (
    Keymap,
    keymap_path_from_text,
    load_keymap,
    speakable_gesture,
)
from ninetynine_audio.input.keynames import is_forbidden, is_lone_modifier
from ninetynine_audio.play.eventlog import EventLog
from ninetynine_audio.present import buffers as buffer_words
from ninetynine_audio.present import notices, results
from ninetynine_audio.present import screens as words
from ninetynine_audio.store import paths
from ninetynine_audio.store.saves import discard_match
from ninetynine_audio.store.settings import Settings, save_settings
from ninetynine_audio.ui.buffers import OFFLINE_BUFFERS
from ninetynine_audio.ui.cues import CueRouter
from ninetynine_audio.ui.host import ResultCallback
from ninetynine_audio.ui.menus import MainMenu, main_menu, pause_menu, with_seed
from ninetynine_audio.ui.reader import Paragraph, Reader, rules_paragraphs
from ninetynine_audio.ui.screen import Screen, ask
from ninetynine_audio.ui.speech import SpeechFront, opening_line

if TYPE_CHECKING:
    # A match screen is loaded with its first match: the menus come up without it.
    from ninetynine_audio.play.table import Resumed
    from ninetynine_audio.ui.host import PausedTable

log = logging.getLogger(__name__)

GLOBAL_COMMANDS = frozenset(c.id for c in commands_for(GLOBAL))

HISTORY_STEPS = {
    "history_previous": -1,
    "history_next": 1,
    "history_first": -(2**31),
    "history_last": 2**31,
}
"""How far each key that reads a message buffer steps (the first and last as far as it goes)."""


class App:
    """The running game: screens, speech, cues, settings and keys."""

    plays_online = True
    """Whether the main menu offers "Play online" (not in the browser build: no network)."""

    speaks_here = True
    """Whether the voice, the sound volume and the keys are this computer's, chosen in the
    settings menu (not in the browser build, whose page has its own options for them)."""

    buffer_kinds: tuple[str, ...] = OFFLINE_BUFFERS

    types_text = False
    """Whether typed characters come as text too (:meth:`handle_text`: the window, in the
    keyboard's own layout), besides the keys that make them."""

    people_here = True
    """Whether several people can play at these keys (hot seat); not on a server, where the
    seats of the new table are for people who join."""
    """The message buffers of this face: all, table and system on this computer."""

    def __init__(
        self,
        *,
        speaker: Speaker,
        cues: CueRouter,
        keymap: Keymap,
        settings: Settings,
        seed: int = 0,
        clock: Callable[[], float] = time.monotonic,
        bot_pause_ms: int | None = None,
        save_settings_to: Path | None = None,
        event_log: IO[str] | None = None,
        backend_options: BackendOptions | None = None,
        voice: SpeechFront | None = None,
    ) -> None:
        # ``voice``: the speech front end on ``speaker`` made before the app (``ui.start``).
        self.voice = voice if voice is not None else SpeechFront(speaker, self.buffer_kinds)
        self.cues = cues
        self.keymap = keymap
        self.settings = settings
        self.clock = clock
        self.bot_pause_override = bot_pause_ms
        self.first_notice: str | None = None
        """Said right after the title at the start: the speech that speaks instead of the
        one asked for (``build_app``)."""
        self.save_settings_to = save_settings_to
        self._event_log = EventLog(event_log) if event_log is not None else None
        self.backend_options = backend_options or BackendOptions()
        self.stack: list[Screen] = []
        self.running = True
        self.paused_table: PausedTable | None = None
        self.key_help_mode = False
        self._seed = seed
        self._seed_used = False
        self._rng = random.Random(seed)
        self._changed = True  # the window redraws when something changed

    # -- what the speech front end and the log hold ------------------------------------------

    @property
    def speaker(self) -> Speaker:
        """The speaker of the person at the keys."""
        return self.voice.speaker

    @property
    def messages(self) -> deque[str]:
        """The last lines said, for the window."""
        return self.voice.messages

    @property
    def latencies(self) -> deque[float]:
        """Seconds from each of the last key presses to the words that answered it."""
        return self.voice.latencies

    @property
    def first_speech_at(self) -> float | None:
        """When the first words were said (``time.perf_counter``)."""
        return self.voice.first_speech_at

    @property
    def history_index(self) -> int | None:
        """Where history browsing stands, if it has begun."""
        return self.voice.history_index

    @history_index.setter
    def history_index(self, index: int | None) -> None:
        self.voice.history_index = index

    @property
    def changed(self) -> bool:
        """Whether the window should be drawn again."""
        return self._changed or self.voice.changed

    @changed.setter
    def changed(self, value: bool) -> None:
        self._changed = value
        self.voice.changed = value

    @property
    def event_log(self) -> IO[str] | None:
        """The stream of the ``--log-events`` file, while it can be written."""
        return None if self._event_log is None else self._event_log.stream

    @event_log.setter
    def event_log(self, stream: IO[str] | None) -> None:
        self._event_log = EventLog(stream) if stream is not None else None

    # -- starting ----------------------------------------------------------------------------

    def start(
        self, setup: GameSetup | None = None, notices: Sequence[str] = (), said: str | None = None
    ) -> None:
        """Open the main menu, or go straight to a game set up on the command line. ``said``:
        the first line, said already before the app was made (``ui.start``), not said again
        when it is the one the main menu opens with."""
        menu = main_menu(self)
        self.stack = [menu]
        problem = menu.take_problem()
        # Speech that could not start is said before anything else, so the player knows
        # what they are hearing (build_app sets it).
        first = [self.first_notice] if self.first_notice else []
        if setup is None:
            opening = words.menu_opened_text(menu.title, menu.item_text(self))
            line = opening_line(_(words.APP_TITLE), self.first_notice, opening)
            if line != said:
                self.say(line)
            self._say_notices([problem, *notices])
            return
        self._seed_used = True
        self.say(_(words.APP_TITLE))
        for notice in first:
            self.say(notice, queue=True)
        if menu.saved is not None or problem:
            # A game named on the command line would replace the saved match: ask first, as
            # the Play menu does (No is chosen first; the end of input answers nothing). A
            # save that cannot be read was kept aside, and the player hears where before
            # anything new is saved in its place.
            question = (
                _(results.NEW_GAME_QUESTION) if menu.saved else _(results.DAMAGED_SAVE_QUESTION)
            )
            ask(self, question, lambda a: a.start_game(setup))
            self._say_notices([problem, *notices])
            return
        # What went wrong on the way in is said before the game opens: after the opening it
        # would come between the player's cards and their first key.
        self._say_notices(notices)
        self.start_game(setup, stop=False)

    def _say_notices(self, notices: Sequence[str | None]) -> None:
        """What went wrong on the way in (settings, keymap), after the first line."""
        for notice in notices:
            if notice:
                self.say(notice, queue=True, kind=SYSTEM)

    # -- speech ------------------------------------------------------------------------------

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
        kind's message buffer too (``audio.utterance``: ``TABLE``, ``CHAT``, ``PRIVATE``,
        ``SYSTEM``), and a muted kind is kept there without being spoken."""
        self.voice.say(text, cue=cue, queue=queue, pan=pan, kind=kind)

    def say_utterance(self, utterance: Utterance) -> None:
        """Hand one utterance to the speaker and keep it for the window."""
        self.voice.say_utterance(utterance)

    def play_cue(self, name: str) -> None:
        """Play one sound cue."""
        self.cues.play(name)

    def stop_speech(self) -> None:
        """Cut off what is being said."""
        self.voice.stop()

    def unheard_texts(self) -> list[str]:
        """What is not yet heard out: the phrases being said, then those waiting."""
        return [utterance.text for utterance in self.speaker.unheard]

    def speech_in_use(self) -> tuple[str, str | None]:
        """The backend speaking now, and the output its library speaks through (if known)."""
        backend = self.speaker.backend
        output = getattr(backend, "library_output", None)
        return backend.name, output if isinstance(output, str) else None

    def skip_narration(self) -> None:
        """Drop the computer players' waiting moves; results are still said."""
        self.voice.skip_narration()

    def can_hear_cues(self) -> bool:
        """Whether sound cues reach the player (sound on, and not text mode)."""
        return self.cues.player.enabled and self.speaker.backend.name != "text"

    def clear_history(self) -> None:
        """Start the spoken history afresh."""
        self.voice.clear_history()

    def forget_said(self) -> None:
        """Another person comes to the keys: nothing said so far may be repeated, browsed or
        shown to them."""
        self.voice.forget()

    def command_for(self, context: str, gesture: str) -> str | None:
        """The command a key gives on a screen of ``context``."""
        return self.keymap.command_for(context, gesture)

    def global_command(self, context: str, gesture: str) -> str | None:
        """The command of every screen (repeat, history, stop speech, key help) a key gives
        on a screen of ``context``, or None when it gives that screen's own or none."""
        command = self.keymap.command_for(context, gesture)
        if command in GLOBAL_COMMANDS and self.keymap.command_for(GLOBAL, gesture) == command:
            return command
        return None

    def speech_idle(self) -> bool:
        """The game's narration has likely been heard (answers to keys do not count): for a
        screen reader, estimated from the words and the rate set in Settings."""
        return self.voice.idle()

    # -- time ----------------------------------------------------------------------------------

    def now(self) -> float:
        """Seconds on the app's clock."""
        return self.clock()

    def bot_pause(self) -> float:
        """The pause before a computer player acts, in seconds."""
        ms = self.bot_pause_override
        if ms is None:
            ms = self.settings.bot_pause_ms
        return ms / 1000

    def mark_action(self) -> None:
        """A human acted: what is being said gives way, so the action is heard at once
        (results are kept and said again)."""
        self.voice.mark_action()

    def new_seed(self) -> int:
        """The seed of the first game as given, then fresh ones."""
        if not self._seed_used:
            self._seed_used = True
            return self._seed
        return self._rng.randrange(2**31)

    # -- screens -------------------------------------------------------------------------------

    @property
    def top(self) -> Screen:
        """The screen on top."""
        return self.stack[-1]

    def push(self, screen: Screen, on_result: ResultCallback | None = None) -> None:
        """Open ``screen`` over the current one; ``on_result`` receives what it answers."""
        screen.result_callback = on_result
        self.stack.append(screen)
        self.changed = True
        screen.enter(self)

    def dismiss(self, result: Any = None) -> None:
        """Close the top screen with ``result``; closing the last one quits.

        The screen's callback receives the result and decides what is said next; without a
        callback the screen below is spoken again.
        """
        screen = self.stack.pop()
        self.changed = True
        if not self.stack:
            self.quit()
            return
        callback, screen.result_callback = screen.result_callback, None
        if callback is None:
            self.top.resume(self)
        else:
            callback(result)

    def pop(self) -> None:
        """Close the top screen with no answer."""
        self.dismiss(None)

    def resume_top(self) -> None:
        """Say the screen on top again."""
        if self.stack:
            self.top.resume(self)

    def back_to_main_menu(self) -> None:
        """Leave everything and return to the main menu."""
        self.paused_table = None
        self.stack = self.stack[:1]
        self.changed = True
        self.speaker.stop()
        if isinstance(self.top, MainMenu):
            self.top.start_at_top = True
        self.top.resume(self)

    def start_game(self, setup: GameSetup, *, stop: bool = True) -> None:
        """Open a table for ``setup`` over the main menu."""
        if stop:
            self.speaker.stop()
        self.paused_table = None
        from ninetynine_audio.ui.match import MatchScreen

        table = MatchScreen(setup, on_events=self.log_events)
        # Only now that the new match has really started does the saved one go (the new one
        # is saved in its place after its first turn).
        problem = discard_match()
        self.stack = [*self.stack[:1], table]
        self.changed = True
        table.enter(self)
        if problem:
            self.say(problem, queue=True)

    def continue_match(self, resumed: Resumed) -> None:
        """Open the table of a saved match where it stopped."""
        self.speaker.stop()
        self.paused_table = None
        from ninetynine_audio.ui.match import MatchScreen

        table = MatchScreen(resumed[0].setup, resumed, on_events=self.log_events)
        self.stack = [*self.stack[:1], table]
        self.changed = True
        table.enter(self)

    def next_setup(self, setup: GameSetup) -> GameSetup:
        """The same table with a new shuffle."""
        return with_seed(setup, self.new_seed())

    def open_pause_menu(self, table: PausedTable) -> None:
        """Pause ``table``."""
        self.paused_table = table
        self.push(pause_menu(self))

    def open_rules(self, game: str) -> None:
        """Read the rules of ``game``."""
        paragraphs = rules_paragraphs(game)
        if paragraphs is None:
            self.say(words.rules_missing_text(words.game_title(game)), cue="refused")
            return
        self.push(Reader(words.rules_title(words.game_title(game)), paragraphs))

    def open_keys(self) -> None:
        """Read the keys of every screen."""
        paragraphs: list[Paragraph] = []
        for context in CONTEXTS:
            entries = self.key_entries(context, include_global=False, own_only=True)
            if not entries:
                continue
            paragraphs.append(Paragraph(words.context_title(context), is_heading=True))
            for description, keys in entries:
                paragraphs.append(Paragraph(words.key_entry_text(keys, description)))
        self.push(Reader(_(words.KEYS), paragraphs))

    def quit(self) -> None:
        """End the loop."""
        self.say(words.goodbye_text())
        self.running = False

    # -- keys ----------------------------------------------------------------------------------

    def key_name(self, context: str, command: str) -> str:
        """The first key of ``command`` as spoken (``"Enter"``)."""
        gestures = self.keymap.gestures_for(context, command)
        return speakable_gesture(gestures[0]) if gestures else command.replace("_", " ")

    def key_entries(
        self,
        context: str,
        *,
        include_global: bool = True,
        own_only: bool = False,
        hidden: frozenset[str] = frozenset(),
        number_keys: int | None = None,
        described: Mapping[str, str] | None = None,
    ) -> list[tuple[str, list[str]]]:
        """(description, spoken keys) for a screen's commands, without the ``hidden`` ones.

        ``own_only`` leaves out what the context shares with its parent (a family's table
        without the shared table keys). The card-number commands fold into one entry whose
        keys read as a range ("1 to 7"), up to ``number_keys`` when the screen says how many
        there are. ``described`` gives some commands the screen's own words."""
        entries: list[tuple[str, list[str]]] = []
        numbers: list[str] = []
        hidden = hidden | self.unavailable_commands()
        for command, gestures in self.keymap.bindings_for(context, include_global=include_global):
            if own_only and context not in command.contexts:
                continue
            if command.id in hidden:
                continue
            keys = [speakable_gesture(g) for g in gestures]
            if command.id.startswith("play_card_"):
                count = int(command.id.rsplit("_", 1)[1])
                if number_keys is not None and count > number_keys:
                    continue
                if not numbers:
                    entries.append((_(words.PLAY_NUMBERED_CARD), numbers))
                numbers.extend(keys[:1])
                continue
            entries.append(((described or {}).get(command.id, _(command.description)), keys))
        if len(numbers) > 1:
            numbers[:] = [words.key_range_text(numbers[0], numbers[-1])]
        return entries

    def open_key_help(self) -> None:
        """F1: the keys of the screen on top, one entry at a time, in a reader."""
        screen = self.top
        entries = self.key_entries(
            screen.context,
            hidden=screen.hidden_commands(self),
            number_keys=screen.number_keys(self),
            described=screen.key_descriptions(self),
        )
        paragraphs = [Paragraph(words.key_entry_text(keys, d)) for d, keys in entries]
        groups = screen.key_groups(self)
        if groups:
            paragraphs = self._grouped_key_help(screen, groups)
        self.push(Reader(words.keys_here_title(screen.title), paragraphs))

    def _grouped_key_help(
        self, screen: Screen, groups: Sequence[tuple[str, frozenset[str]]]
    ) -> list[Paragraph]:
        """Key help under the screen's headings (Up and Down read, Left and Right jump from
        heading to heading); the keys of no group last, under their own heading."""
        every = {c.id for c, _ in self.keymap.bindings_for(screen.context, include_global=True)}
        grouped = frozenset().union(*(ids for _, ids in groups))
        paragraphs: list[Paragraph] = []
        for heading, ids in [*groups, (_(words.OTHER_KEYS), frozenset(every - grouped))]:
            entries = self.key_entries(
                screen.context,
                hidden=screen.hidden_commands(self) | (every - ids),
                number_keys=screen.number_keys(self),
                described=screen.key_descriptions(self),
            )
            if entries:
                paragraphs.append(Paragraph(heading, is_heading=True))
                paragraphs += [Paragraph(words.key_entry_text(k, d)) for d, k in entries]
        return paragraphs

    def handle_text(self, text: str) -> None:
        """Characters typed (the window's text input): to the screen on top, if it takes
        them."""
        if self.stack and self.top.take_typed(self, text):
            self.changed = True

    def handle_gesture(self, gesture: str, *, typed: bool = False) -> None:
        """One key press; ``typed`` when its name was typed in text mode (see
        :meth:`say_unbound`)."""
        self.voice.key_pressed()
        self.changed = True
        try:
            self._handle(gesture, typed)
        finally:
            self.voice.key_done()

    def _handle(self, gesture: str, typed: bool) -> None:
        if not self.stack:
            return
        screen = self.top
        command = self.keymap.command_for(screen.context, gesture)
        if self.key_help_mode:
            # Leave with the same key, or with Escape, which is easy to find.
            if command == "key_help_mode" or gesture == "escape":
                self.key_help_mode = False
                self.say(words.key_help_mode_text(False))
            else:
                description = None
                if command is not None:
                    description = _(COMMANDS[command].description)
                self.say(words.key_does_text(speakable_gesture(gesture), description))
            return
        if screen.handle_gesture(self, gesture):
            return
        if command is None:
            self.say_unbound(gesture, typed=typed)
            return
        if command in PEOPLE_COMMANDS:
            self.history_index = None
            self.people_command(command)
            return
        if command is not None and self.global_command(screen.context, gesture) == command:
            if not command.startswith("history_"):
                self.history_index = None
            self._global(command)
            return
        self.history_index = None
        if not screen.handle(self, command):
            self.say_unbound(gesture, typed=typed)

    def say_unbound(self, gesture: str, *, typed: bool = False) -> None:
        """A key that does nothing on this screen: say so, and which key lists the keys that
        do, so that a player who cannot see the screen never wonders whether it was heard.

        A modifier on its own and the screen reader's keys (Insert, Caps Lock, numpad 0) stay
        silent when pressed: a modifier is pressed on the way to another key, and the screen
        reader's keys are its own. The window never passes them on, but the browser's page
        sends Insert and numpad 0. Their names typed in text mode were meant, and are answered
        like any other key."""
        if not typed and (is_lone_modifier(gesture) or is_forbidden(gesture)):
            return
        help_key = self.key_name(GLOBAL, "key_help_list")
        if gesture == "escape":
            # Escape is the key a lost player presses: its sentence says that the player's
            # keymap gave its meaning to another key.
            text = notices.unbound_escape_text(help_key)
        else:
            text = notices.unbound_key_text(speakable_gesture(gesture), help_key)
        self.say(text, cue="refused")

    def _global(self, command: str) -> None:
        if command == "repeat_last":
            self.voice.repeat_last()
        elif command == "key_help_list":
            self.open_key_help()
        elif command == "key_help_mode":
            self.key_help_mode = True
            self.say(words.key_help_mode_text(True))
        elif command == "stop_speech":
            self.voice.stop()
        elif command in HISTORY_STEPS:
            self.voice.history_step(HISTORY_STEPS[command])
        elif command in ("buffer_previous", "buffer_next"):
            self.voice.switch_buffer(-1 if command == "buffer_previous" else 1)
        elif command == "buffer_mute":
            self.voice.toggle_mute()
        elif command == "chat_mute":
            self.voice.toggle_chat()
        elif command == "ping":
            self.ping()

    def ping(self) -> None:
        """The ping key: the time to the server and back (a client measures it; here there
        is no server)."""
        self.say(buffer_words.ping_offline_text())

    def unavailable_commands(self) -> frozenset[str]:
        """Commands that mean nothing here, left out of key help: the people on a server
        (who is online, friends, messages, invitations) are only online."""
        return PEOPLE_COMMANDS

    def people_command(self, command: str) -> None:
        """A key of the people on a server (``PEOPLE_COMMANDS``): only online."""
        self.say(words.not_now_text(), cue="refused")

    def reset_history_position(self) -> None:
        """Forget where history browsing stood (the history itself was started afresh)."""
        self.voice.reset_history_position()

    # -- the loop ------------------------------------------------------------------------------

    def tick(self) -> None:
        """One frame: the top screen's timers, then speech."""
        if self.stack:
            self.top.tick(self)
        self.speaker.pump()

    def is_busy(self) -> bool:
        """The top screen will act by itself soon (text mode waits before reading more keys)."""
        return bool(self.stack) and self.top.is_busy(self)

    def close(self) -> None:
        """Release speech and the event log."""
        self.speaker.pump()
        self.speaker.close()
        if self._event_log is not None:
            self._event_log.close()
            self._event_log = None

    def log_events(self, events: Sequence[GameEvent]) -> None:
        """Append events to the ``--log-events`` file, one JSON object per line."""
        if self._event_log is None:
            return
        problem = self._event_log.write(events)
        if problem is not None:
            # A full or vanished disk: say so once and play on without the log.
            log.warning("the event log could not be written: %s", problem)
            self._event_log = None
            self.say(words.event_log_failed_text(problem), queue=True, kind=SYSTEM)

    # -- settings ------------------------------------------------------------------------------

    def update_settings(self, *, say_problems: bool = True, **changes: Any) -> list[str]:
        """Change settings, apply them at once and save them.

        Problems (a keymap that cannot be used, a file that cannot be written) are spoken,
        queued, unless ``say_problems`` is false; they are returned either way.  A speech
        choice that cannot speak on this computer is refused: the player hears why, and the
        speech in use and the saved value stay as they were."""
        old = self.settings
        wanted = changes.get("speech_backend", old.speech_backend)
        if wanted != old.speech_backend:
            refusal = self._switch_speech(wanted)
            if refusal is not None:
                changes = {k: v for k, v in changes.items() if k != "speech_backend"}
                self.say(refusal)
        self.settings = old.with_changes(**changes)
        new = self.settings
        if new.sound_enabled != old.sound_enabled:
            self.cues.player.set_enabled(new.sound_enabled)
        if new.sound_volume != old.sound_volume:
            self.cues.player.set_volume(new.sound_volume / 100)
        if new.screen_reader_rate_wpm != old.screen_reader_rate_wpm:
            self.speaker.set_words_per_minute(new.screen_reader_rate_wpm)
        self._tune_voice(old, new)
        problems = self.reload_keymap() if new.keymap_path != old.keymap_path else []
        problem = save_settings(new, self.save_settings_to)
        notices = [notice for notice in [*problems, problem] if notice]
        if say_problems:
            for notice in notices:
                self.say(notice, queue=True)
        return notices

    def reload_keymap(self) -> list[str]:
        """Load the keymap the settings name, at once. A broken one is not used: the default
        keys stay, and the sentences saying why are returned to be spoken."""
        keymap, problems = keymap_for(self.settings)
        self.keymap = keymap
        return [words.keymap_problem_text(problem) for problem in problems]

    def _tune_voice(self, old: Settings, new: Settings) -> None:
        """Give the voice in use its new speed and volume, so the next phrase has them."""
        backend = self.speaker.backend
        if new.tts_rate != old.tts_rate:
            set_rate = getattr(backend, "set_rate", None)
            if callable(set_rate):
                set_rate(new.tts_rate)
        if new.tts_volume != old.tts_volume:
            set_volume = getattr(backend, "set_volume", None)
            if callable(set_volume):
                set_volume(new.tts_volume / 100)

    def speech_options(self) -> BackendOptions:
        """The options a speech backend is made with, from the settings of this moment."""
        return BackendOptions(
            tts_rate=self.settings.tts_rate,
            tts_volume=self.settings.tts_volume / 100,
            stream=self.backend_options.stream,
        )

    def _switch_speech(self, choice: str) -> str | None:
        """Speak through ``choice`` from now on; or, when it cannot speak here, the sentence
        that says why (the speech in use then stays)."""
        chosen = choose_backend(choice, options=self.speech_options())
        backend = chosen.backend
        if choice != "auto" and backend.name != choice:
            with contextlib.suppress(Exception):
                backend.close()
            return words.speech_refused_text(choice, self.speaker.backend.name, chosen.reason)
        self.speaker.replace_backend(backend)
        if chosen.reason:
            self.say(words.speech_fallback_text("screenreader", backend.name, chosen.reason))
        return None


def keymap_for(settings: Settings) -> tuple[Keymap, list[str]]:
    """The keymap the settings name (or the optional one in the config folder), with the
    problems that kept a user file from being used."""
    if settings.keymap_path:
        return load_keymap(keymap_path_from_text(settings.keymap_path))
    return load_keymap(paths.user_keymap_file(), missing_ok=True)
