"""The words of setting up a game for several people at one computer (hot seat)."""

from __future__ import annotations

from ninetynine_audio.i18n import N_, _, ngettext

PEOPLE_HERE = N_("People at this computer")
"""The item of the level menu that seats more than one person (said through ``_``)."""

CHOOSE_PEOPLE = N_("How many people at this computer")

MAX_NAME_LENGTH = 20
"""Names longer than this are cut: each is said at every turn."""


def people_item(count: int) -> str:
    """``"2 people"``."""
    return ngettext("{count} person", "{count} people", count).format(count=count)


def default_name(number: int) -> str:
    """The name a person gets who types none: ``"Player 2"``."""
    return _("Player {number}").format(number=number)


def name_prompt(number: int, default: str) -> str:
    """Asking one person's name."""
    return _(
        "Name of player {number}: type it and press Enter, or press Enter for {default}."
    ).format(number=number, default=default)


def name_typed_text(text: str) -> str:
    """The name so far, said after each letter."""
    return text if text else _("Empty")


def hidden_typed_text(count: int) -> str:
    """How long a password is so far, said after each character instead of the characters."""
    if not count:
        return _("Empty")
    return ngettext("{count} character", "{count} characters", count).format(count=count)


def name_taken_text(name: str) -> str:
    """A name someone at the table already has (or You, which would say "you" to everyone)."""
    return _("{name} is taken: type another name.").format(name=name)


def name_chosen_text(number: int, name: str) -> str:
    """A name accepted."""
    return _("Player {number} is {name}.").format(number=number, name=name)
