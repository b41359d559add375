"""Hot seat: several people at one keyboard, each told only what they may know."""

from __future__ import annotations

import pytest

from ninetynine_audio.bots import levels
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.ui.harness import Harness, make_app

pytestmark = pytest.mark.usefixtures("private_home")  # each test has its own files

BID_KEYS = ("space", "right", "space", "right", "space", "return")


def tricks_for_two(seed: int = 4) -> Harness:
    setup = GameSetup("tricks", ("Ann", "Sam", "Lily"), ("human", "human", "normal"), {}, seed)
    h = make_app(setup)
    h.frames(3)
    return h


def bid(h: Harness) -> list[str]:
    h.press("return", frames=3)  # at the keyboard
    for key in BID_KEYS:
        h.press(key, frames=2)
    h.frames(30)
    return h.new_speech()


def test_after_a_hand_over_history_and_repeat_tell_nothing_of_the_last_player() -> None:
    """Sam's bid and hand were told to Sam; once Ann sits down, comma, period and repeat give
    back only the hand-over itself."""
    h = tricks_for_two()
    h.new_speech()
    bid(h)  # Ann
    sam = bid(h)  # Sam, then Lily, then back to Ann
    assert any(line.startswith("You bid") for line in sam), sam
    assert sam[-1] == "Ann's turn, press Enter when ready"
    secret = next(line for line in sam if line.startswith("You bid"))
    heard: list[str] = []
    for key in ("comma", "comma", "comma", "period", "r", "comma"):
        h.press(key, frames=2)
        heard += h.new_speech()
    assert heard, "the history keys said nothing"
    assert not any(secret in line or "Your hand" in line for line in heard), heard
    assert all("press Enter when ready" in line or "messages" in line for line in heard), heard


def test_the_window_forgets_the_last_player_at_a_hand_over() -> None:
    h = tricks_for_two()
    bid(h)
    bid(h)
    assert list(h.app.messages) == ["Ann's turn, press Enter when ready"]


def test_the_player_at_the_keys_is_you_and_the_others_are_named() -> None:
    h = tricks_for_two()
    bid(h)
    bid(h)
    h.press("return", frames=3)  # Ann is at the keyboard
    reveal = h.new_speech()
    # Named first, so the right person knows the cards that follow are theirs.
    assert reveal[0].startswith("Ann's "), reveal
    assert "Your hand" in reveal[0]
    h.press("return", frames=3)  # Ann leads
    lead = h.new_speech()
    assert lead[0].startswith("You lead the "), lead
    assert lead[-1] == "Sam's turn, press Enter when ready"
    h.press("return", frames=3)  # Sam sits down: Ann's card is told by her name
    sam = h.new_speech()
    assert sam[0].startswith("Sam's turn. Trick 1: Ann led the "), sam


def test_a_match_saved_at_a_hand_over_continues_at_the_gate() -> None:
    h = tricks_for_two()
    bid(h)  # Ann has bid: Sam's turn, waiting for Sam
    assert h.app.messages[-1] == "Sam's turn, press Enter when ready"
    h.app.close()
    again = make_app()  # the same folder: the main menu offers to continue
    again.frames(2)
    again.press("return", frames=3)  # Continue
    said = again.new_speech()
    assert said[-1] == "Sam's turn, press Enter when ready", said
    assert not any("Your" in line or "hand" in line for line in said[1:]), said
    again.press("comma", frames=2)
    assert not any("You bid" in line for line in again.new_speech())


def test_play_offers_people_at_this_computer_with_their_names() -> None:
    """Play, the trick-taking game, People at this computer, 2 people, Ann typed and the
    second name left as it is, then the computer's level and Start."""
    h = make_app()
    h.frames(2)
    h.press("return", "end", "return", frames=3)  # Play, the last game (tricks)
    assert h.new_speech()[-1].startswith("Computer level. Normal")
    h.press("end", frames=2)
    # The level menu lists the trick-taking levels, then the people at this computer.
    items = len(levels("tricks")) + 1
    assert h.new_speech()[-1] == f"People at this computer, {items} of {items}"
    h.press("return", frames=2)
    assert h.new_speech()[-1] == "How many people at this computer. 2 people, 1 of 2"
    h.press("return", frames=2)
    assert h.new_speech()[-1].startswith("Name of player 1: type it")
    h.press("shift+y", "o", "u", "return", frames=2)
    assert h.new_speech()[-1] == "You is taken: type another name."
    h.press("shift+a", "n", "n", "return", frames=2)
    said = h.new_speech()
    assert said[:3] == ["A", "An", "Ann"] and "Player 1 is Ann." in said
    h.press("return", frames=2)  # Player 2
    assert h.new_speech()[-1] == f"Computer level. Normal, 2 of {len(levels('tricks'))}"
    h.press("return", "return", frames=3)  # Normal, then Start the game
    table = h.table
    assert table is not None
    assert table.setup.names == ("Ann", "Player 2", "Lily")
    assert table.setup.kinds == ("human", "human", "normal")
    assert h.new_speech()[-1] == "Ann's turn, press Enter when ready"


def test_one_person_still_plays_as_you() -> None:
    """The single-player set-up is as it was: You in the first seat."""
    h = make_app()
    h.frames(2)
    h.press("return", "end", "return", "return", "return", frames=3)
    table = h.table
    assert table is not None
    assert table.setup.names[0] == "You" and table.setup.kinds[0] == "human"
    assert table.setup.kinds.count("human") == 1


def test_a_person_named_you_is_called_by_number_while_another_is_at_the_keys() -> None:
    """``--players You:human,Sam:human,Lily:normal``: to Sam, "you" is only ever Sam."""
    setup = GameSetup("tricks", ("You", "Sam", "Lily"), ("human", "human", "normal"), {}, 4)
    h = make_app(setup)
    h.frames(3)
    bid(h)  # You
    bid(h)  # Sam, then Lily
    h.press("return", frames=3)  # You are at the keyboard
    h.press("return", frames=3)  # and lead
    assert h.new_speech()[1].startswith("You lead the ")
    h.press("return", frames=3)  # Sam sits down
    sam = h.new_speech()
    assert sam[0].startswith("Sam's turn. Trick 1: Player 1 led the "), sam


def test_names_are_typed_as_whole_lines_in_text_mode() -> None:
    """Text mode: the name screen takes the line as typed, not as key names (a name such as
    "Dan" would otherwise be three keys), and an empty line keeps the offered name."""
    import argparse
    import io

    from ninetynine_audio.ui.start import build_app
    from ninetynine_audio.ui.textmode import run_text

    out = io.StringIO()
    args = argparse.Namespace(text=True, speech="text", bot_pause=0, log_events=None)
    app, notices = build_app(args, 1, stream=out)
    app.start(None, notices)
    lines = "\n".join(["", "end", "", "end", "", "", "Dan", "", "", "", "escape", "end", ""])
    run_text(app, io.StringIO(lines + "\n"), wait_for_game=True, sleep=lambda s: None)
    printed = out.getvalue()
    assert "Player 1 is Dan." in printed and "Player 2 is Player 2." in printed
    assert "Trick-taking Ninety-Nine. Dan, Player 2 and Lily" in printed


def test_t_at_a_hand_over_names_the_player_the_table_waits_for() -> None:
    """Ann has bid and the table waits for Sam: T names Sam, as the hand-over did, not the
    player who leads the first trick."""
    h = tricks_for_two()
    bid(h)  # Ann
    assert h.app.messages[-1] == "Sam's turn, press Enter when ready"
    h.new_speech()
    h.press("t", frames=2)
    said = h.new_speech()
    assert said and said[-1].startswith("Sam's turn"), said
    h.press("escape", frames=2)  # the pause menu, and back: the same answer
    h.press("return", frames=2)
    said = h.new_speech()
    assert said[-1] == "Sam's turn, press Enter when ready", said


def test_a_name_that_sounds_like_a_computer_players_is_refused() -> None:
    """A voice says "Zoë" and "Zoe" alike: beside a computer player called Zoe, a person may
    not be called Zoë (nor zoe, nor Zoe with spaces around it)."""
    from ninetynine_audio.ui.entry import TextEntry

    h = make_app()
    h.frames(2)
    h.press("return", "return", frames=2)  # Play, Classic
    h.press("end", "return", frames=2)  # 8 players: Lily, Max, Zoe, ... at the computer
    h.press("end", "return", "return", frames=2)  # People at this computer, 2 people
    h.new_speech()
    entry = h.app.top
    assert isinstance(entry, TextEntry)
    for name in ("Zoë", "zoe", " Zoe ", "ZOË"):
        assert entry.check is not None
        assert entry.check(name) is not None, name
    assert entry.check("Zora") is None


@pytest.mark.parametrize(
    ("game", "names"),
    [("tricks", ("Ann", "Sam", "Lily")), ("colours", ("Ann", "Sam", "Max"))],
)
def test_the_cards_read_after_a_hand_over_begin_with_the_players_name(
    game: str, names: tuple[str, str, str]
) -> None:
    """Bidding in the trick-taking game and the colour game's turns say "Your bid", "Your
    turn" in their own words; after a hand-over the name must come first all the same, or
    nobody knows whose cards are being read out."""
    setup = GameSetup(game, names, ("human", "human", "normal"), {}, 4)
    h = make_app(setup)
    h.frames(3)
    gate = h.new_speech()[-1]
    assert gate.endswith("press Enter when ready"), gate
    player = gate.split("'s turn")[0]
    h.press("return", frames=3)
    said = h.new_speech()
    assert said and said[0].startswith(player), said
    assert "Your" in said[0] or "your" in said[0], said
