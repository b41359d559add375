"""Sentences about the computer the game runs on: the terminal, another copy of the game,
keys that do nothing. Each is one whole sentence (or two), fit to speak as it is."""

from __future__ import annotations

from ninetynine_audio.i18n import _

__all__ = [
    "another_copy_text",
    "no_x_server_reason",
    "terminal_letters_text",
    "unbound_escape_text",
    "unbound_key_text",
]


def terminal_letters_text(encoding: str) -> str:
    """Text mode on a terminal that cannot show every letter (its encoding is ``encoding``)."""
    # Translators: {encoding} is a character set's name, "ASCII".
    return _(
        "This terminal can only show {encoding} text, so letters it cannot show are written "
        "without their accents, or as a question mark."
    ).format(encoding=encoding)


def another_copy_text() -> str:
    """A second copy of the game was started on the same files while the first one runs."""
    return _(
        "Ninety-Nine is already running with the same saved match and statistics, so this "
        "copy closes and leaves them to it; go back to the one that is running."
    )


def no_x_server_reason(display: str) -> str:
    """Why no window can be shown: ``DISPLAY`` names an X server that does not answer (the
    words go inside ``screens.no_display_text``)."""
    # Translators: {display} is an X display's name, ":0"; said inside "No window can be
    # shown here ({reason}), ...".
    return _("no display server answers at {display}").format(display=display)


def unbound_escape_text(key_list: str) -> str:
    """Escape was pressed where the player's keymap gives it no meaning."""
    text = _("Escape does nothing here in your keymap. {key} lists the keys of this screen.")
    return text.format(key=key_list)


def unbound_key_text(key: str, help_key: str) -> str:
    """A key was pressed that does nothing on this screen: ``key`` as key help speaks it,
    ``help_key`` the key that lists the keys of the screen."""
    # Translators: {key} is the key pressed, as key help names it ("Q",
    # "Control plus Q"); {help_key} is the key that lists the keys of
    # the screen ("F1").
    text = _("{key} does nothing here. {help_key} lists the keys of this screen.")
    return text.format(key=key, help_key=help_key)
