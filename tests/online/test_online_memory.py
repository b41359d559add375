"""What a long-running server keeps must not grow with what it has served: a seat that has
answered many keys, and tables that chatted and closed, leave records of a bounded size."""

from __future__ import annotations

from ninetynine_audio.online.front import SeatApp
from ninetynine_audio.ui.speech import LATENCIES_KEPT


def test_a_seat_keeps_the_times_of_its_last_keys_only() -> None:
    app = SeatApp(lambda message: None)
    for number in range(3 * LATENCIES_KEPT):
        app.voice.key_pressed()
        app.say(f"Answer {number}")
    assert len(app.latencies) == LATENCIES_KEPT
    assert all(seconds >= 0.0 for seconds in app.latencies)
