"""The game's start as ``ui.start`` builds it, in the test's own process."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ninetynine_audio.ui.app import App
from ninetynine_audio.ui.start import build_app


def started_and_closed(
    language: str | None, *, text: bool, said: str | None = None, **build: Any
) -> App:
    """The game started to its main menu (nothing else on the command line; ``build`` goes to
    ``build_app``: a backend, a stream, the speech made already), one tick, then closed: the
    app, to read what it said and shows."""
    args = argparse.Namespace(
        text=text, speech=None, language=language, bot_pause=0, log_events=None
    )
    app, notices = build_app(args, 1, **build)
    try:
        app.start(None, notices, said=said)
        app.tick()
    finally:
        app.close()
    return app


def write_settings(home: Path, settings: dict[str, object]) -> None:
    """Save ``settings`` as the player's, in the settings home ``home``."""
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
