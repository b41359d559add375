"""Checks made once when the game starts: folders in the way, and leftovers of crashes."""

from __future__ import annotations

from pathlib import Path

from ninetynine_audio.i18n import _
from ninetynine_audio.store import paths
from ninetynine_audio.store.jsonfile import remove_stray_temporaries

__all__ = ["folder_problems", "prepare_folders"]


def folder_problems() -> list[str]:
    """One sentence for each of the game's folders that is a file (or other non-folder).

    Nothing can be kept in such a folder: reading finds nothing there, and each write says once
    that it failed. This is the sentence that says why, to be spoken once at the start.
    """
    problems: list[str] = []
    if _in_the_way(paths.config_dir()):
        problems.append(
            _(
                "The folder for settings, {folder}, is not a folder, so nothing can be kept "
                "there until it is moved away."
            ).format(folder=paths.config_dir())
        )
    if _in_the_way(paths.data_dir()):
        problems.append(
            _(
                "The folder for saved matches and statistics, {folder}, is not a folder, so "
                "nothing can be kept there until it is moved away."
            ).format(folder=paths.data_dir())
        )
    return problems


def _in_the_way(folder: Path) -> bool:
    try:
        return folder.exists() and not folder.is_dir()
    except (OSError, ValueError):
        return False


def prepare_folders() -> list[str]:
    """Remove the temporary files crashes left behind and return :func:`folder_problems`."""
    for folder in (paths.config_dir(), paths.data_dir()):
        remove_stray_temporaries(folder)
    return folder_problems()
