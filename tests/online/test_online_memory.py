"""What a long-running server keeps must not grow with what it has served: a seat that has
answered many keys, and tables that chatted and closed, leave records of a bounded size."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from helpers.online import ServerThread

from ninetynine_audio.online.front import SeatApp
from ninetynine_audio.online.server import Server
from ninetynine_audio.ui.speech import LATENCIES_KEPT


def test_a_seat_keeps_the_times_of_its_last_keys_only() -> None:
    app = SeatApp(lambda message: None)
    for number in range(3 * LATENCIES_KEPT):
        app.voice.key_pressed()
        app.say(f"Answer {number}")
    assert len(app.latencies) == LATENCIES_KEPT
    assert all(seconds >= 0.0 for seconds in app.latencies)


def test_the_chat_kept_for_reports_is_only_that_of_tables_still_open(tmp_path: Path) -> None:
    def chat_at(server: Server, code: str) -> int:
        """A line of chat at a table ``code`` that has closed since; the tables whose
        chat the server keeps."""
        table = SimpleNamespace(code=code)
        session = SimpleNamespace(identity="guest:someone", name="Someone", table=table)
        assert server.moderation.chat_allowed(session, "hello")  # type: ignore[arg-type]
        return len(server.moderation.chat)

    with ServerThread(tmp_path) as srv:
        kept = [srv.call(lambda s, code=f"{n:06d}": chat_at(s, code)) for n in range(50)]
    assert kept == [1] * 50
