"""The seat's speaker on the server: what it tells the client, and when it takes the
narration as heard."""

from __future__ import annotations

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.front import RemoteSpeaker
from ninetynine_audio.ui.speech import Utterance


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_narration_is_heard_when_the_clients_report_runs_out() -> None:
    clock = Clock()
    sent: list[p.ServerMessage] = []
    speaker = RemoteSpeaker(sent.append, clock=clock)
    speaker.say(Utterance("Ben wins the game. You finish 2nd"))
    assert not speaker.narration_heard()
    speaker.report_heard(speaker.seq, 4.0)
    clock.now += 3.9
    assert not speaker.narration_heard()
    clock.now += 0.2
    assert speaker.narration_heard()


def test_stop_speech_leaves_nothing_to_be_heard_at_once() -> None:
    """The player silenced speech: what waits on the narration (the results screen's keys)
    waits no longer, without the client's next report."""
    clock = Clock()
    sent: list[p.ServerMessage] = []
    speaker = RemoteSpeaker(sent.append, clock=clock)
    speaker.say(Utterance("Ben wins the game. You finish 2nd of 2 after 8 rounds"))
    speaker.report_heard(speaker.seq, 6.0)
    clock.now += 1.0
    assert not speaker.narration_heard()
    speaker.stop()
    assert speaker.narration_heard()
    assert isinstance(sent[-1], p.Speech) and sent[-1].action == "stop"
    # Narration after the stop is waited for again.
    speaker.say(Utterance("Lily plays 9, total 99"))
    assert not speaker.narration_heard()


def test_a_report_sent_before_the_stop_reached_the_client_does_not_wait_again() -> None:
    """The client counted speech still to come, then had the stop and dropped it: its late
    report must not make what waits on the narration wait again."""
    clock = Clock()
    sent: list[p.ServerMessage] = []
    speaker = RemoteSpeaker(sent.append, clock=clock)
    speaker.say(Utterance("Ben wins the game. You finish 2nd of 2 after 8 rounds"))
    seq = speaker.seq
    speaker.stop()
    speaker.report_heard(seq, 5.0)  # on its way when the stop was sent
    assert speaker.narration_heard()
    # A report of what came after the stop counts as before.
    speaker.say(Utterance("Ben chose to play again"))
    speaker.report_heard(speaker.seq, 2.0)
    clock.now += 1.0
    assert not speaker.narration_heard()
    clock.now += 1.1
    assert speaker.narration_heard()
