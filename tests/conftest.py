"""Shared test set-up: no screen, no sound card, and a private folder for the game's files."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests hear the game in English whatever the machine's language (and so do the games they
# start as subprocesses): gettext and the system-language choice read LANGUAGE first.
os.environ["LANGUAGE"] = "en"

_HOME_ENV = "NINETYNINE_AUDIO_HOME"
_session_home: str | None = None


def pytest_configure(config: pytest.Config) -> None:
    """Point the game's folders at a fresh temporary folder for this test session.

    Done before any test module is imported, so nothing can read or write the real config,
    data or log folders of the person running the tests.
    """
    global _session_home
    _session_home = tempfile.mkdtemp(prefix="ninetynine-audio-tests-")
    os.environ[_HOME_ENV] = _session_home


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the session's folder."""
    if _session_home is not None:
        shutil.rmtree(_session_home, ignore_errors=True)


@pytest.fixture
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of the test's own for the game's settings, keymaps, saves and statistics.

    Modules whose tests all need it say ``pytestmark = pytest.mark.usefixtures("private_home")``.
    """
    monkeypatch.setenv(_HOME_ENV, str(tmp_path))
    return tmp_path


LONGEST = ("test_web_browser.py",)
"""The modules of the longest slow tests: whole games in the browser, paced by the page's
speech, from a quarter of a minute to two minutes each."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow tests first, those of :data:`LONGEST` first of all, each in their own order,
    then the rest.

    The suite runs on several workers (``-n`` in ``pyproject.toml``). The slow tests spend most
    of their time waiting on real sockets and paced speech, and the longest take minutes: begun
    first, they are spread over the workers from the start and wait side by side, while the
    quick tests fill the workers around them, instead of one long game starting last and
    running on alone. Every worker collects the same order, as the scheduler needs.
    """
    items.sort(
        key=lambda item: (
            item.get_closest_marker("slow") is None,
            item.path.name not in LONGEST,
        )
    )
