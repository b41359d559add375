"""Message buffers on this computer: what is heard is filed by kind (the table's events in
the table buffer, the program's notices in the system buffer, everything in all), read with
comma and period (Shift for the ends), switched with the brackets and muted by kind, with
the buffers bounded; F6 and Alt+P, which need a server, say so."""

from __future__ import annotations

import pytest

from ninetynine_audio.audio.utterance import SYSTEM, TABLE, Priority, Utterance
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.ui.buffers import ONLINE_BUFFERS, MessageBuffers
from ninetynine_audio.ui.harness import Harness, make_app

pytestmark = pytest.mark.usefixtures("private_home")


def at_a_table() -> Harness:
    """Classic against two computer players, who move without a pause."""
    setup = GameSetup("classic", ("You", "Lily", "Sam"), ("human", "easy", "easy"), {}, 5)
    h = make_app(setup, bot_pause_ms=0)
    h.frames(5)
    return h


def test_the_tables_events_are_filed_as_table_and_the_menus_only_in_all() -> None:
    h = make_app()
    h.frames(1)
    h.press("down", "down")
    buffers = h.app.voice.buffers
    assert buffers.count("all") >= 3
    assert buffers.count(TABLE) == 0 and buffers.count(SYSTEM) == 0
    h = at_a_table()
    buffers = h.app.voice.buffers
    table = list(buffers.lines[TABLE])
    assert table, "the game's opening was not filed as the table's"
    assert all(line in buffers.lines["all"] for line in table)


def test_brackets_switch_buffer_saying_its_name_and_count() -> None:
    h = at_a_table()
    count = h.app.voice.buffers.count(TABLE)
    h.new_speech()
    h.press("rightbracket")
    assert h.new_speech()[-1] == f"Table, {count} messages"
    h.press("rightbracket")
    assert h.new_speech()[-1] == "System messages, 0 messages"
    h.press("rightbracket")  # round to the first
    assert h.new_speech()[-1].startswith("All messages, ")
    h.press("leftbracket")
    assert h.new_speech()[-1] == "System messages, 0 messages"


def test_comma_and_period_step_through_the_buffer_chosen_and_shift_goes_to_its_ends() -> None:
    h = at_a_table()
    lines = list(h.app.voice.buffers.lines[TABLE])
    assert len(lines) >= 2
    h.press("rightbracket")
    h.new_speech()
    h.press("comma")  # a buffer just chosen is read from its newest message
    assert h.new_speech() == [f"{lines[-1]}. Last message"]
    h.press("comma")
    assert h.new_speech() == [lines[-2] if len(lines) > 2 else f"{lines[0]}. First message"]
    h.press("shift+comma")
    assert h.new_speech() == [f"{lines[0]}. First message"]
    h.press("comma")
    assert h.new_speech() == ["No more messages"]
    h.press("shift+period")
    assert h.new_speech() == [f"{lines[-1]}. Last message"]
    h.press("period")
    assert h.new_speech() == ["No more messages"]


def test_a_muted_kind_is_kept_but_not_spoken() -> None:
    h = at_a_table()
    h.press("rightbracket")
    h.new_speech()
    h.press("shift+m")
    assert h.new_speech() == ["Table muted: kept in its buffer, not spoken"]
    before = h.app.voice.buffers.count(TABLE)
    h.app.say_utterance(Utterance("Lily plays the 4.", kind=TABLE))
    h.app.say("The save failed.", kind=SYSTEM, queue=True)
    h.frames(2)
    heard = h.new_speech()
    assert "Lily plays the 4." not in heard and "The save failed." in heard
    assert h.app.voice.buffers.count(TABLE) == before + 1
    assert h.app.voice.buffers.lines[TABLE][-1] == "Lily plays the 4."
    h.press("shift+m")
    assert h.new_speech() == ["Table spoken again"]
    h.app.say_utterance(Utterance("Sam plays the 9.", Priority.NOW, kind=TABLE))
    h.frames(1)
    assert "Sam plays the 9." in h.new_speech()


def test_all_messages_cannot_be_muted_and_offline_has_no_chat_nor_ping() -> None:
    h = make_app()
    h.frames(1)
    h.new_speech()
    h.press("shift+m")
    assert h.new_speech() == [
        "All messages cannot be muted: switch to a buffer of one kind to mute it"
    ]
    h.press("f6")
    assert h.new_speech() == ["There is no chat when playing on this computer"]
    h.press("alt+p")
    assert h.new_speech() == ["No server to measure: you are playing on this computer"]


def test_each_buffer_keeps_only_its_newest_messages() -> None:
    buffers = MessageBuffers(ONLINE_BUFFERS, limit=5)
    for number in range(12):
        buffers.file(f"line {number}", "chat" if number % 2 else None)
    assert list(buffers.lines["all"]) == [f"line {n}" for n in range(7, 12)]
    assert list(buffers.lines["chat"]) == [f"line {n}" for n in (3, 5, 7, 9, 11)]
    assert buffers.count("private") == 0
