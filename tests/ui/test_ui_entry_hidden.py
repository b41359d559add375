"""A password is never said or shown: the entry says how many characters there are, shows a
dot for each, and text mode stops the terminal echoing the line while it is asked for."""

from __future__ import annotations

import argparse
import io
import os
import select
import threading
import time

import pytest

from ninetynine_audio.online.client import online_menu
from ninetynine_audio.ui.entry import HIDDEN_MARK, TextEntry
from ninetynine_audio.ui.harness import make_app, post_text

pytestmark = pytest.mark.usefixtures("private_home")


def test_the_password_entry_says_only_how_long_it_is() -> None:
    h = make_app()
    h.frames(2)
    h.app.push(online_menu(h.app))
    h.frames(2)
    h.press("down", "down", "down", "return", frames=2)  # Password
    entry = h.app.top
    assert isinstance(entry, TextEntry) and entry.hides_typing
    h.new_speech()
    for typed in "a", "b", "c":
        post_text(typed)
        h.frames(2)
    h.frames(2)
    h.press("backspace", frames=2)
    heard = h.new_speech()
    assert heard == ["1 character", "2 characters", "3 characters", "2 characters"], heard
    assert entry.display(h.app).lines == [HIDDEN_MARK * 2]
    h.press("return", frames=2)
    later = h.new_speech()
    assert all("ab" not in line for line in heard + later), later
    assert any("Password: set" in line for line in later), later


def test_a_name_entry_still_says_what_was_typed() -> None:
    h = make_app()
    h.frames(2)
    h.app.push(TextEntry("Type a name, then Enter.", "Ann"))
    h.frames(2)
    h.new_speech()
    post_text("Jo")
    h.frames(2)
    assert h.new_speech() == ["Jo"]


def test_text_mode_does_not_echo_a_password_typed_at_a_terminal() -> None:
    import pty
    import termios

    from ninetynine_audio.ui.start import build_app
    from ninetynine_audio.ui.textmode import run_text

    master, slave = pty.openpty()
    terminal = os.fdopen(slave, "r", encoding="utf-8", closefd=True)
    out = io.StringIO()
    args = argparse.Namespace(text=True, speech="text", bot_pause=0, log_events=None)
    app, notices = build_app(args, 1, stream=out)
    app.start(None, notices)
    answers: list[object] = []
    app.push(TextEntry("Type your password.", "", anything=True, hidden=True), answers.append)

    def echoing() -> bool:
        return bool(termios.tcgetattr(slave)[3] & termios.ECHO)

    def wait_for(condition: object, seconds: float = 20.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if callable(condition) and condition():
                return
            time.sleep(0.02)
        raise AssertionError("the terminal's echo never changed")

    assert echoing()
    runner = threading.Thread(target=run_text, args=(app, terminal), daemon=True)
    runner.start()
    try:
        wait_for(lambda: not echoing())
        os.write(master, b"hunter2\n")
        wait_for(lambda: answers == ["hunter2"])
        wait_for(echoing)  # the entry is gone: what is typed shows again
        echoed = b""
        while select.select([master], [], [], 0.2)[0]:
            echoed += os.read(master, 1024)
        assert b"hunter2" not in echoed, echoed
        os.write(master, b"hello\n")
        seen = b""
        deadline = time.monotonic() + 20
        while b"hello" not in seen and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                seen += os.read(master, 1024)
        assert b"hello" in seen  # a line typed outside the password is echoed as before
    finally:
        app.quit()
        os.close(master)
        runner.join(timeout=20)
    assert not runner.is_alive()
