"""Where each seat is heard: a stereo position for every player, seen from the listener."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TypeVar

from ninetynine_audio.present.words import NORMAL, YOU

T = TypeVar("T")

EDGE = 0.8
"""How far left or right the outermost seats are placed; the very edge sounds unnatural."""


def seat_pans(count: int, listener: int = 0) -> tuple[float, ...]:
    """A pan per seat: the listener in the centre, the others spread left to right.

    Seats go clockwise, so the seat after the listener sits at the listener's left. With four
    seats: listener 0.0, left -0.8, top 0.0, right 0.8. With two, the other player sits opposite
    (0.0).
    """
    if count <= 0:
        return ()
    pans = [0.0] * count
    others = count - 1
    for step in range(1, count):
        seat = (listener + step) % count
        if others == 1:
            pans[seat] = 0.0
        else:
            pans[seat] = round(-EDGE + 2 * EDGE * (step - 1) / (others - 1), 3)
    return tuple(pans)


@dataclass(frozen=True)
class Perspective:
    """Who is listening and how much to say, for every family's narrator.

    ``listener`` is the seat whose own cards may be spoken (None: nobody's, as between two
    players of a hot-seat game). ``humans`` are the seats played by people.
    """

    game: str
    players: tuple[str, ...]
    pans: tuple[float, ...]
    humans: frozenset[int]
    listener: int | None = None
    verbosity: str = NORMAL

    def pan(self, seat: int) -> float:
        """The stereo position of ``seat``."""
        return self.pans[seat] if 0 <= seat < len(self.pans) else 0.0

    def is_bot(self, seat: int) -> bool:
        """Whether a computer plays ``seat``."""
        return seat not in self.humans


def listener_names(
    names: tuple[str, ...], listener: int, *, keep_own: bool = False
) -> dict[str, str]:
    """How a hot-seat table names its seats to the person at ``listener``: their own name as
    "You" (unless ``keep_own``: the words that tell them the keys are now theirs); a seat
    named You on the command line, while someone else listens, by its number ("Player 1"), so
    that "you" is only ever the listener."""
    renames = {} if keep_own else {names[listener]: YOU}
    for seat, name in enumerate(names):
        if name == YOU and seat != listener:
            renames[YOU] = f"Player {seat + 1}"
    return renames


def heard_by(value: T, renames: dict[str, str]) -> T:
    """``value`` (an event or a view) with the names of ``renames`` said in their new words,
    in every name field and list of names (:func:`listener_names`), so the wording says "you"
    to the listener and names everyone else."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changes: dict[str, object] = {}
    for item in dataclasses.fields(value):
        if not item.init:
            continue
        old = getattr(value, item.name)
        new = _renamed(old, renames)
        if new is not old:
            changes[item.name] = new
    return dataclasses.replace(value, **changes) if changes else value


def _renamed(value: object, renames: dict[str, str]) -> object:
    """A name in its new words, also inside tuples (a list of names, or of name and hand
    pairs such as a deal's hands); anything else as it is (the same object)."""
    if isinstance(value, str):
        return renames.get(value, value)
    if isinstance(value, tuple):
        items = [_renamed(x, renames) for x in value]
        if any(new is not old for new, old in zip(items, value, strict=True)):
            return tuple(items)
    return value
