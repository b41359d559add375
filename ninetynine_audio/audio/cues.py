"""Short sound cues: cards, turns, refusals, lives, menus and the rising danger near 99."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ninetynine_audio.audio import mixer
from ninetynine_audio.audio.utterance import DANGER_TOTALS, danger_cue_name
from ninetynine_audio.resources import shipped_dir

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)

CUE_NAMES: tuple[str, ...] = (
    "card_played",
    "your_turn",
    "refused",
    "direction_reversed",
    "player_skipped",
    "life_lost",
    "player_out",
    "round_start",
    "win",
    "loss",
    "menu_move",
    "menu_select",
    "menu_edge",
    "trick_won",
    "trick_lost",
    "bid_made",
    "bid_broken",
    "row_scored",
    "pile_renewed",
    "extra_turn",
)
"""Every cue other than the danger sounds; each is the file ``sounds/<name>.wav``."""

ALL_CUE_NAMES: tuple[str, ...] = CUE_NAMES + tuple(
    name for name in map(danger_cue_name, DANGER_TOTALS) if name
)
"""Every sound file the game expects in the sounds folder."""


def default_sounds_dir() -> Path:
    """The ``sounds`` folder shipped with the game (see ``resources.shipped_dir``)."""
    return shipped_dir("sounds")


class CuePlayer:
    """Plays the cue files from a folder; silent, never raising, when there is no audio.

    Files are loaded the first time they are played (or all at once by :meth:`preload`),
    and the mixer is started on the first play, so creating a player costs nothing.
    """

    def __init__(
        self,
        sounds_dir: Path | str | None = None,
        enabled: bool = True,
        volume: float = 0.8,
        *,
        init_mixer: Callable[[], bool] = mixer.init_mixer,
    ) -> None:
        self._dir = Path(sounds_dir) if sounds_dir is not None else default_sounds_dir()
        self._enabled = enabled
        self._volume = _clamp(volume)
        self._init_mixer = init_mixer
        self._audio: bool | None = None  # None until the mixer has been tried
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        # The channel and sound of the danger cue playing, so the next one can replace it.
        self._danger: tuple[pygame.mixer.Channel, pygame.mixer.Sound] | None = None

    @property
    def enabled(self) -> bool:
        """Whether cues are played at all."""
        return self._enabled

    @property
    def volume(self) -> float:
        """Cue volume, 0.0 .. 1.0."""
        return self._volume

    @property
    def sounds_dir(self) -> Path:
        """The folder the cues are loaded from."""
        return self._dir

    @property
    def has_audio(self) -> bool:
        """True once the mixer has started; False when there is no audio device."""
        return self._ensure_audio()

    def set_enabled(self, enabled: bool) -> None:
        """Turn cues on or off; turning them off also silences a danger sound."""
        self._enabled = enabled
        if not enabled:
            self._stop_danger()

    def set_volume(self, volume: float) -> None:
        """Set the cue volume, 0.0 .. 1.0, for every cue already loaded and to come."""
        self._volume = _clamp(volume)
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self._volume)

    def preload(self) -> int:
        """Load every known cue now (avoids a delay on first play); returns how many loaded."""
        if not self._ensure_audio():
            return 0
        return sum(self._sound(name) is not None for name in ALL_CUE_NAMES)

    def play(self, name: str, pan: float = 0.0) -> None:
        """Play the cue ``name`` at ``pan`` (-1.0 left .. 1.0 right); silent if impossible."""
        self._play(name, pan)

    def play_danger(self, total: int, pan: float = 0.0) -> None:
        """Play the danger sound for a total of 90..99, replacing one still playing.

        Below 90 (and above 99, where the round is already lost) nothing plays.
        """
        name = danger_cue_name(total)
        if name is None:
            return
        self._stop_danger()
        channel = self._play(name, pan)
        sound = self._sounds.get(name)
        self._danger = (channel, sound) if channel is not None and sound is not None else None

    # Inside ----------------------------------------------------------------------------

    def _ensure_audio(self) -> bool:
        if self._audio is None:
            try:
                self._audio = bool(self._init_mixer())
            except Exception:
                log.exception("The audio mixer could not start; cues are silent")
                self._audio = False
        return self._audio

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        import pygame  # loaded by the mixer's start, before any sound is

        if name not in self._sounds:
            path = self._dir / f"{name}.wav"
            try:
                sound: pygame.mixer.Sound | None = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                # Remembered as missing, so the warning is logged once, not every play.
                log.warning("Sound cue %s cannot be loaded from %s: %s", name, path, exc)
                sound = None
            if sound is not None:
                sound.set_volume(self._volume)
            self._sounds[name] = sound
        return self._sounds[name]

    def _play(self, name: str, pan: float) -> pygame.mixer.Channel | None:
        if not self._enabled or not self._ensure_audio():
            return None
        import pygame

        try:
            sound = self._sound(name)
            if sound is None:
                return None
            channel = sound.play()
            if channel is not None:
                # Playing resets a channel's left/right volumes, so place the cue afterwards.
                channel.set_volume(*mixer.pan_volumes(pan))
            return channel
        except pygame.error:
            log.exception("Sound cue %s could not play", name)
            return None

    def _stop_danger(self) -> None:
        playing, self._danger = self._danger, None
        if playing is None:
            return
        channel, sound = playing
        import pygame

        try:
            # The channel may have finished and been given to another cue meanwhile.
            if channel.get_busy() and channel.get_sound() is sound:
                channel.stop()
        except pygame.error:
            log.debug("Stopping the danger sound failed", exc_info=True)


def _clamp(volume: float) -> float:
    return max(0.0, min(1.0, float(volume)))
