"""What the adding games call the things a player can lose."""

from __future__ import annotations


def lives_noun(game: str, count: int) -> str:
    """``"life"``/``"lives"``, or ``"point"``/``"points"`` in tactical."""
    if game == "tactical":
        return "point" if count == 1 else "points"
    return "life" if count == 1 else "lives"
