"""The coach's screen and the daily deal's menu, driven by keys and heard through a recorder."""

from __future__ import annotations

import re

import pytest
from helpers.adding_keys import quick_match

from ninetynine_audio.bots.tournament import play_bot_game
from ninetynine_audio.games.registry import find_game
from ninetynine_audio.play.daily import DailyResult, daily_seed, daily_setup, is_daily
from ninetynine_audio.play.review import logged_game
from ninetynine_audio.present.words import ordinal
from ninetynine_audio.store.daily import load_daily, mark_started
from ninetynine_audio.store.kept import keep_game, load_kept
from ninetynine_audio.ui.daily import DailyMenu, PastGamesMenu, count_daily
from ninetynine_audio.ui.harness import make_app
from ninetynine_audio.ui.match import MatchScreen
from ninetynine_audio.ui.results import ResultsScreen
from ninetynine_audio.ui.review import ReviewScreen

pytestmark = pytest.mark.usefixtures("private_home")


def test_a_finished_game_is_kept_and_reviewed_from_the_results() -> None:
    h = quick_match("win", "easy")
    h.frames(5)
    kept, _problem = load_kept()
    assert len(kept) == 1 and kept[0].records[0]["event"] == "game_started"
    assert kept[0].place == 1 and kept[0].game == "classic"
    h.new_speech()
    h.press("end", "up", "return", frames=3)
    assert isinstance(h.app.top, ReviewScreen)
    spoken = " ".join(h.new_speech())
    assert "Review this game, 10 of 11" in spoken
    assert "Review of the game. Weighing your moves, one moment." in spoken
    # The King to 99 was the one choice: the 7 came after it with nothing else in hand. (How
    # often each move came through depends on the computer players' play, so not pinned.)
    assert re.search(r"Classic: 1 move weighed\. [01] costly moves?, [01] brilliant\.", spoken)
    assert re.search(
        r"Move 1 of 1, round 1\. You play the King of spades, total 99\. (Good: you came "
        r"through|Brilliant: you came through|Costly\. Better: You play the 7 of clubs, total "
        r"7\. With it you came through) in \d+ of 24 ways the cards you could not see might "
        r"have lain",
        spoken,
    )
    assert "Down arrow steps through your moves, Right arrow jumps to the next costly one" in spoken
    h.press("down")
    assert h.new_speech() == ["Last move"] and h.app.cues.names[-1] == "menu_edge"
    h.press("right")
    assert h.new_speech() == ["No costly move after this one"]
    h.press("home")
    assert h.new_speech()[-1].startswith("Move 1 of 1, round 1. You play the King of spades")
    h.press("t")
    table = h.new_speech()[-1]
    assert table.startswith("You: ") and " Lily: " in table  # every hand, the game being over
    h.press("f1")
    assert h.new_speech()[-1] == "Keys here, Review of the game. Escape: Go back"
    help_text = [paragraph.text for paragraph in getattr(h.app.top, "paragraphs", [])]
    assert "Down arrow: Go to your next move" in help_text
    assert "Right arrow or Page down: Go to the next costly move, the costliest first" in help_text
    assert "T: Tell the table at this move, every hand shown" in help_text
    h.press("escape")
    assert h.new_speech()[-1].startswith("Move 1 of 1, round 1. You play the King of spades")
    h.press("escape")
    assert isinstance(h.app.top, ResultsScreen)


def test_kept_games_are_listed_and_reviewed_from_the_main_menu() -> None:
    record = play_bot_game("tricks", ("normal", "normal", "normal"), 8)
    records = [event.to_log() for event in record.events]
    records[0] = {**records[0], "kinds": ["human", "normal", "normal"]}
    keep_game("tricks", "normal", 2, 3, records)
    h = make_app()
    h.frames(1)
    h.new_speech()
    h.press("end", "up", "return")
    assert isinstance(h.app.top, PastGamesMenu)
    item = h.new_speech()[-1]
    assert item.startswith("Review a past game. Tricks, Normal, ") and ", 2 of 3, 1 of 2" in item
    h.press("return", frames=3)
    spoken = " ".join(h.new_speech())
    assert re.search(r"Tricks: (\d+) moves weighed\. .* Move \d+ of \1, round \d+\. ", spoken)
    h.press("s")
    assert h.new_speech()[-1].startswith("Tricks: ")


def test_a_log_that_cannot_be_read_back_is_said_so() -> None:
    record = play_bot_game("classic", ("normal", "normal"), 8)
    records = [event.to_log() for event in record.events]
    records[0] = {**records[0], "seed": records[0]["seed"] + 1}  # another deal: plays differ
    h = make_app()
    h.frames(1)
    h.app.push(ReviewScreen(records))
    h.frames(2)
    assert h.new_speech()[-1].startswith("This game cannot be reviewed: ")
    h.press("escape")
    assert h.new_speech()[-1].startswith("Main menu. ")


def test_the_daily_deal_is_played_once_a_day_from_its_menu() -> None:
    h = make_app()
    h.frames(1)
    h.app.push(DailyMenu(today=lambda: "2026-12-06"))
    assert h.new_speech()[-1] == "Daily deal. Classic: today's deal, against Hard, 1 of 6"
    h.press("return", frames=2)
    table = h.table
    assert isinstance(h.app.top, MatchScreen) and table is not None
    assert table.setup.seed == daily_seed("2026-12-06", "classic")
    assert table.setup.kinds == ("human", "hard", "hard", "hard")
    days, _problem = load_daily()
    assert days == [{"date": "2026-12-06", "game": "classic", "result": None}]
    h.app.back_to_main_menu()
    h.frames(1)
    h.app.push(DailyMenu(today=lambda: "2026-12-06"))
    assert h.new_speech()[-1] == ("Daily deal. Classic: today's deal begun, not finished, 1 of 6")
    h.press("return")
    assert h.new_speech()[-1] == (
        "Today's deal of Classic has been begun already: each daily deal is played once a day."
    )
    assert h.app.cues.names[-1] == "refused" and isinstance(h.app.top, DailyMenu)
    h.app.push(DailyMenu(today=lambda: "2026-12-07"))
    assert h.new_speech()[-1] == "Daily deal. Classic: today's deal, against Hard, 1 of 6"


@pytest.mark.slow
def test_a_finished_daily_deal_is_ranked_and_its_review_keeps_the_coachs_cost() -> None:
    day = "2026-12-06"
    setup = daily_setup(day, "tricks")
    played = play_bot_game("tricks", ("hard", *setup.kinds[1:]), setup.seed, names=setup.names)
    records = [event.to_log() for event in played.events]
    records[0] = {**records[0], "kinds": list(setup.kinds)}
    _setup, taken = logged_game(records)
    spec = find_game("tricks")
    state, action = taken[-1]
    outcome = spec.outcome(spec.apply(state, action)[0])
    assert outcome is not None and is_daily(setup, day)
    result, text, problems = count_daily(setup, outcome, played.rounds, today=lambda: day)
    assert problems == [] and result is not None and text is not None
    assert text.startswith(f"Tricks, today's deal: {ordinal(result.place)} of 3, you ended on ")
    assert text.endswith("; your first daily deal of this game.")
    keep_game("tricks", "hard", result.place, 3, records)
    h = make_app()
    h.frames(1)
    h.app.push(DailyMenu(today=lambda: day))
    h.new_speech()
    h.press("end", "up")
    assert h.new_speech()[-1] == f"{text[:-1]}, 5 of 6"
    h.press("return", frames=2)
    assert isinstance(h.app.top, ReviewScreen) and h.app.top.review is not None
    days, _problem = load_daily()
    kept = DailyResult.from_record(days[0]["result"])
    assert kept is not None and kept.cost == pytest.approx(h.app.top.review.total_cost, abs=1e-3)
    # Played once a day: the day's entry is there, so the deal cannot be begun again.
    assert mark_started(day, "tricks") == (False, [])
    # Nor counted again, however the same table is dealt again.
    assert count_daily(setup, outcome, played.rounds, today=lambda: day) == (None, None, [])
