"""The pygame window: it takes every key and shows the game in large, high-contrast text.

Nothing in it needs to be seen: every key is answered in speech. The window's class name is
``ninetynine-audio`` (``SDL_VIDEO_X11_WMCLASS``), so tools can find it by class.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

import pygame

from ninetynine_audio.i18n import is_right_to_left
from ninetynine_audio.input.gestures import gesture_from_event
from ninetynine_audio.present.screens import APP_TITLE

if TYPE_CHECKING:
    from ninetynine_audio.ui.app import App
    from ninetynine_audio.ui.drawn_text import Typeface

WINDOW_CLASS = "ninetynine-audio"
SIZE = (1100, 800)
BACKGROUND = (0, 0, 0)
TEXT = (255, 255, 255)
ACCENT = (255, 230, 0)
# pygame's default font is drawn at about 0.7 of its size; these give 45 px and more.
HUGE = 150
BIG = 84
NORMAL = 64
MESSAGES_SHOWN = 4
MESSAGE_ROOM = 2
"""Lines of the newest messages the screen's own lines always leave room for."""
MARGIN = 20


class WindowError(Exception):
    """No window could be opened (no display, or SDL refused); the text says why."""


_NOWHERE = ("offscreen", "dummy")


def drew_nowhere(driver: str) -> str | None:
    """Why a window on SDL's ``driver`` would not be seen, or None when it would.

    SDL falls back to its ``offscreen`` driver when the display it was given does not answer
    (``DISPLAY=:57`` with no X server): the window would then wait for keys nobody can press.
    Only a driver asked for by name (``SDL_VIDEODRIVER``, as tests do) may draw nowhere.
    """
    asked = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver.lower() not in _NOWHERE or asked == driver.lower():
        return None
    from ninetynine_audio.present.notices import no_x_server_reason

    return no_x_server_reason(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or "")


class Window:
    """Opens the window and runs the loop: keys in, ``App.tick`` every frame, redraw on change."""

    def __init__(self, size: tuple[int, int] = SIZE, wait_ms: int = 10) -> None:
        # pygame sets this to the program's file name on import; ours is the same every run.
        os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
        try:
            pygame.display.init()
            fallen_back = drew_nowhere(pygame.display.get_driver())
            if fallen_back is not None:
                raise WindowError(fallen_back)
            pygame.font.init()
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error as error:
            pygame.display.quit()
            raise WindowError(str(error) or "the window could not be opened") from None
        except WindowError:
            pygame.display.quit()
            raise
        pygame.display.set_caption(APP_TITLE)
        self.wait_ms = wait_ms
        self.frames = 0
        self.layout: list[tuple[str, int, int]] = []
        """The last frame's lines as drawn: text, top and bottom in pixels."""
        self.extents: list[tuple[int, int]] = []
        """The last frame's lines' left and right edges in pixels, in the order of ``layout``."""

    # The fonts load when the first frame is drawn, after the first words are said.
    @cached_property
    def huge(self) -> Typeface:
        return _typeface(HUGE)

    @cached_property
    def big(self) -> Typeface:
        return _typeface(BIG)

    @cached_property
    def normal(self) -> Typeface:
        return _typeface(NORMAL)

    def close(self) -> None:
        """Close the window."""
        pygame.display.quit()

    def run(
        self, app: App, max_frames: int | None = None, on_frame: Callable[[], None] | None = None
    ) -> int:
        """Run until the player quits (or ``max_frames`` frames); returns the exit status."""
        try:
            while app.running and (max_frames is None or self.frames < max_frames):
                if on_frame is not None:
                    on_frame()
                self.frame(app)
        finally:
            if max_frames is None or not app.running:
                app.close()
                pygame.display.quit()
        return 0

    def frame(self, app: App) -> None:
        """Handle the keys waiting (waiting a moment for one), tick, redraw."""
        self.frames += 1
        first = pygame.event.wait(self.wait_ms) if self.wait_ms else None
        events = [first] if first is not None and first.type != pygame.NOEVENT else []
        events += pygame.event.get()
        lone = app.keymap.lone_modifiers()
        # SDL gives the characters a key makes in the keyboard's layout (text input is on
        # from the start): a line is typed from those, the keys only move and send it.
        app.types_text = True
        for event in events:
            if event.type == pygame.QUIT:
                app.quit()
            elif event.type == pygame.KEYDOWN:
                gesture = gesture_from_event(event, lone)
                if gesture is not None:
                    app.handle_gesture(gesture)
            elif event.type == pygame.TEXTINPUT:
                app.handle_text(event.text)
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWEXPOSED):
                app.changed = True
        app.tick()
        if app.changed:
            self.draw(app)
            app.changed = False

    def draw(self, app: App) -> None:
        """Title, the screen's lines (the highlighted one in yellow), then the last messages.

        The newest messages always stay in view: the screen's lines stop short of the room
        they need, and when the messages are too long the oldest lines of them give way."""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        surface.fill(BACKGROUND)
        self.layout = []
        self.extents = []
        width, height = surface.get_width(), surface.get_height()
        y = MARGIN
        if not app.stack:
            pygame.display.flip()
            return
        shown = app.top.display(app)
        y = self._text(surface, shown.title, self.big, ACCENT, y, width)
        y += 10
        room = height - MARGIN - MESSAGE_ROOM * self.normal.get_linesize() - 20
        for index, line in enumerate(shown.lines):
            colour = ACCENT if index == shown.highlight else TEXT
            prefix = "> " if index == shown.highlight else ""
            font = self.huge if index == 0 and shown.big_first else self.normal
            if y + font.get_linesize() * len(self._wrap(prefix + line, font, width)) > room:
                break
            y = self._text(surface, prefix + line, font, colour, y, width)
        y += 20
        pygame.draw.line(surface, ACCENT, (MARGIN, y - 10), (width - MARGIN, y - 10), 3)
        lines = [
            part
            for message in list(app.messages)[-MESSAGES_SHOWN:]
            for part in self._wrap(message, self.normal, width)
        ]
        fits = max(1, (height - MARGIN - y) // self.normal.get_linesize())
        for part in lines[-fits:]:
            y = self._line(surface, part, self.normal, TEXT, y)
        pygame.display.flip()

    @staticmethod
    def _wrap(text: str, font: Typeface, width: int) -> list[str]:
        """``text`` broken by words into lines that fit the window at ``font``'s size."""
        lines: list[str] = []
        line = ""
        right_to_left = is_right_to_left()
        for word in text.split():
            trial = f"{line} {word}".strip()
            if font.width(trial, right_to_left) > width - 2 * MARGIN and line:
                lines.append(line)
                line = word
            else:
                line = trial
        if line:
            lines.append(line)
        return lines

    def _line(
        self,
        surface: pygame.Surface,
        text: str,
        font: Typeface,
        colour: tuple[int, int, int],
        y: int,
    ) -> int:
        # A right-to-left language's lines start at the right edge.
        right_to_left = is_right_to_left()
        drawn = font.render(text, colour, right_to_left)
        left = surface.get_width() - MARGIN - drawn.get_width() if right_to_left else MARGIN
        surface.blit(drawn, (left, y))
        bottom = y + max(font.get_linesize(), drawn.get_height())
        self.layout.append((text, y, bottom))
        self.extents.append((left, left + drawn.get_width()))
        return bottom

    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        font: Typeface,
        colour: tuple[int, int, int],
        y: int,
        width: int,
    ) -> int:
        # Wrap by words so long messages stay on screen at a large size.
        for line in self._wrap(text, font, width):
            y = self._line(surface, line, font, colour, y)
        return y


def _typeface(size: int) -> Typeface:
    from ninetynine_audio.ui.drawn_text import Typeface

    return Typeface(size)
