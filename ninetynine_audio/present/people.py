"""The words of setting up a game for several people at one computer (hot seat)."""

from __future__ import annotations

PEOPLE_HERE = "People at this computer"
"""The item of the level menu that seats more than one person."""

CHOOSE_PEOPLE = "How many people at this computer"

MAX_NAME_LENGTH = 20
"""Names longer than this are cut: each is said at every turn."""


def people_item(count: int) -> str:
    """``"2 people"``."""
    return f"{count} people"


def default_name(number: int) -> str:
    """The name a person gets who types none: ``"Player 2"``."""
    return f"Player {number}"


def name_prompt(number: int, default: str) -> str:
    """Asking one person's name."""
    return f"Name of player {number}: type it and press Enter, or press Enter for {default}."


def name_typed_text(text: str) -> str:
    """The name so far, said after each letter."""
    return text if text else "Empty"


def name_taken_text(name: str) -> str:
    """A name someone at the table already has (or You, which would say "you" to everyone)."""
    return f"{name} is taken: type another name."


def name_chosen_text(number: int, name: str) -> str:
    """A name accepted."""
    return f"Player {number} is {name}."
