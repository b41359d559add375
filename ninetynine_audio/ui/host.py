"""The small interface screens use: what a screen may ask of the running game.

Screens never reach into the app: they speak, open a screen (optionally with a callback that
receives what it answers), close themselves with a result, read and change settings through
one call, and ask for key names, cues and the clock. ``ui.app.App`` is the one implementation;
tests may provide another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.store.settings import Settings

if TYPE_CHECKING:
    from ninetynine_audio.games.base import Event, GameSetup
    from ninetynine_audio.play.table import Resumed

ResultCallback = Callable[[Any], None]
"""Receives what a screen answered when it closed (``None`` when it was left with Escape)."""


class PausedTable(Protocol):
    """What the pause menu needs of the table under it."""

    @property
    def setup(self) -> GameSetup:
        """How the match was set up (a new game keeps its players)."""
        ...


class Host(Protocol):
    """What a screen may ask of the running game."""

    @property
    def settings(self) -> Settings:
        """The player's settings as they are now."""
        ...

    @property
    def plays_online(self) -> bool:
        """Whether the main menu offers "Play online" (not where there is no network code)."""
        ...

    @property
    def types_text(self) -> bool:
        """Whether typed characters come as text too (the window), besides the keys."""
        ...

    @property
    def people_here(self) -> bool:
        """Whether the level menu offers several people at these keys (hot seat)."""
        ...

    @property
    def speaks_here(self) -> bool:
        """Whether the settings menu offers the voice, the volumes and the keymap file."""
        ...

    # -- speech and sound

    def say(
        self, text: str, *, cue: str | None = None, queue: bool = False, pan: float = 0.0
    ) -> None:
        """Speak ``text``: at once (interrupting) unless ``queue``."""
        ...

    def say_utterance(self, utterance: Utterance) -> None:
        """Speak one utterance as it is."""
        ...

    def play_cue(self, name: str) -> None:
        """Play one sound cue."""
        ...

    def stop_speech(self) -> None:
        """Cut off what is being said."""
        ...

    def unheard_texts(self) -> list[str]:
        """What is not yet heard out: the phrases being said, then those waiting."""
        ...

    def speech_in_use(self) -> tuple[str, str | None]:
        """The backend speaking now, and the output its library speaks through (if known)."""
        ...

    def skip_narration(self) -> None:
        """Drop the computer players' waiting moves; results are still said."""
        ...

    def can_hear_cues(self) -> bool:
        """Whether sound cues reach the player (sound on, and not text mode)."""
        ...

    def clear_history(self) -> None:
        """Start the spoken history afresh (a new match)."""
        ...

    def forget_said(self) -> None:
        """Another person comes to the keys (a hot-seat hand-over): nothing said so far may
        be repeated, browsed or shown to them."""
        ...

    def speech_idle(self) -> bool:
        """The game's narration has likely been heard (answers to keys do not count)."""
        ...

    # -- screens

    def push(self, screen: Any, on_result: ResultCallback | None = None) -> None:
        """Open ``screen`` (a ``ui.screen.Screen``, named by its type only where it is made,
        so that the screens and this interface do not import each other) over the current
        one; ``on_result`` gets its answer."""
        ...

    def dismiss(self, result: Any = None) -> None:
        """Close the top screen with ``result``: its callback receives it, or, without one,
        the screen below is spoken again."""
        ...

    def pop(self) -> None:
        """Close the top screen with no answer."""
        ...

    def resume_top(self) -> None:
        """Say the screen on top again (after an answer changed nothing)."""
        ...

    def back_to_main_menu(self) -> None:
        """Leave everything and return to the main menu."""
        ...

    def quit(self) -> None:
        """End the game."""
        ...

    # -- games

    def start_game(self, setup: GameSetup, *, stop: bool = True) -> None:
        """Open a match for ``setup`` over the main menu."""
        ...

    def continue_match(self, resumed: Resumed) -> None:
        """Open a saved match where it stopped."""
        ...

    def next_setup(self, setup: GameSetup) -> GameSetup:
        """The same table with a new shuffle."""
        ...

    def new_seed(self) -> int:
        """A seed for a new game."""
        ...

    def open_pause_menu(self, table: PausedTable) -> None:
        """Pause ``table``."""
        ...

    @property
    def paused_table(self) -> PausedTable | None:
        """The match under the pause menu, if any."""
        ...

    def open_rules(self, game: str) -> None:
        """Read the rules of ``game``."""
        ...

    def open_keys(self) -> None:
        """Read the keys of every screen."""
        ...

    def log_events(self, events: Sequence[Event]) -> None:
        """Write events to the event log, if one is open."""
        ...

    def mark_action(self) -> None:
        """A human acted: what is being said gives way to the action."""
        ...

    # -- settings and keys

    def update_settings(self, *, say_problems: bool = True, **changes: Any) -> list[str]:
        """Change settings, apply them at once and save them; the problems are spoken (unless
        ``say_problems`` is false) and returned."""
        ...

    def key_name(self, context: str, command: str) -> str:
        """The first key of ``command`` as spoken."""
        ...

    def command_for(self, context: str, gesture: str) -> str | None:
        """The command a key gives on a screen of ``context``."""
        ...

    def global_command(self, context: str, gesture: str) -> str | None:
        """The command of every screen a key gives on a screen of ``context``, if any."""
        ...

    def reset_history_position(self) -> None:
        """Forget where history browsing stood."""
        ...

    # -- time

    def now(self) -> float:
        """Seconds on the game's clock."""
        ...

    def bot_pause(self) -> float:
        """The pause before a computer player acts, in seconds."""
        ...
