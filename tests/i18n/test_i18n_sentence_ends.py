"""A line a player wrote keeps its own end: the sentence around it adds no second mark."""

from __future__ import annotations

import itertools

import pytest

from ninetynine_audio.i18n import LANGUAGES, using
from ninetynine_audio.present import community, online, screens
from ninetynine_audio.present.words import SENTENCE_ENDS, fill

CODES = [entry.code for entry in LANGUAGES]
ENDED = ["are you there?", "well played!", "good game.", "آنجایی؟", "Ready…"]


def doubled(text: str) -> bool:
    """Whether two sentence marks follow each other (an ellipsis's dots apart)."""
    pairs = itertools.pairwise(text)
    return any(a in SENTENCE_ENDS and b in SENTENCE_ENDS and a + b != ".." for a, b in pairs)


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("line", ENDED)
def test_a_private_message_keeps_its_own_mark(code: str, line: str) -> None:
    with using(code):
        said = community.private_message_text("Ann", line, "Alt+R")
    assert line in said
    assert not doubled(said), said


@pytest.mark.parametrize("code", CODES)
def test_a_line_without_an_end_still_gets_the_full_stop(code: str) -> None:
    with using(code):
        said = community.private_message_text("Ann", "hello", "Alt+R")
        plain = community.private_message_text("Ann", "hello.", "Alt+R")
    assert said == plain  # the sentence's own stop, where the line has none


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("line", ENDED)
def test_a_message_read_again_keeps_its_own_mark(code: str, line: str) -> None:
    with using(code):
        for first, last in ((True, True), (True, False), (False, True)):
            said = screens.history_item_text(line, first, last)
            assert said.startswith(line) and not doubled(said), said


@pytest.mark.parametrize("code", CODES)
def test_a_reason_ending_in_a_full_stop_is_not_stopped_twice(code: str) -> None:
    with using(code):
        said = online.cannot_connect_text("Connection refused.")
    assert not doubled(said), said


def test_fill_leaves_other_fields_and_marks_alone() -> None:
    template = "{player}: {line}. {key} to answer."
    assert fill(template, player="Dr.", line="hi?", key="Alt+R") == "Dr.: hi? Alt+R to answer."
    assert fill(template, player="Bo", line="hi", key="Alt+R") == "Bo: hi. Alt+R to answer."
