"""The few phrases the audio layer says on its own, through the catalogue like every other."""

from __future__ import annotations

from ninetynine_audio.i18n import N_, _, pgettext


def backend_label(name: str) -> str:
    """The player's name for a backend: a noun phrase that the sentences below take in."""
    if name == "screenreader":
        return pgettext("speech output", "the screen reader")
    if name == "tts":
        return pgettext("speech output", "the built-in voice")
    if name == "text":
        return pgettext("speech output", "text output")
    if name == "recorder":
        return pgettext("speech output", "the recorder")
    if name == "silent":
        return pgettext("speech output", "nothing")
    return name


NO_READER_OUTPUT = N_(
    "no screen reader answered; on Linux, speech-dispatcher's Python module must be "
    "installed where the game can see it, as the README says"
)
NO_READER_LIBRARY = N_("the screen reader library is not installed")


def no_reader_output() -> str:
    """Why the screen reader cannot speak when none answered."""
    return _(NO_READER_OUTPUT)


def no_reader_library() -> str:
    """Why the screen reader cannot speak when its library is missing."""
    return _(NO_READER_LIBRARY)


def backend_failed_message(failed: str, replacement: str) -> str:
    """What the player hears once when speech moves from one backend to another."""
    # Translators: both placeholders are the names of speech outputs ("the screen reader",
    # "the built-in voice").
    return _("Speech through {failed} failed; now using {replacement}.").format(
        failed=backend_label(failed), replacement=backend_label(replacement)
    )


def backend_restored_message(name: str) -> str:
    """What the player hears when a backend that failed speaks again."""
    return _("Speech through {output} works again.").format(output=backend_label(name))


def backend_unavailable_reason(name: str) -> str:
    """Why a backend could not start, when it gave no words of its own."""
    return _("{output} did not start on this computer").format(output=backend_label(name))
