"""Hot seat: several people at one keyboard, each told only what they may know."""

from __future__ import annotations

import pytest

from ninetynine_audio.audio import SimulatedVoice
from ninetynine_audio.bots import levels
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.ui.harness import Harness, make_app, make_heard_app

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
    assert reveal[0].startswith("Ann, since your last turn: "), reveal
    assert "Your hand" in reveal[-1]
    h.press("return", frames=3)  # Ann leads
    lead = h.new_speech()
    assert lead[0].startswith("You lead the "), lead
    assert lead[-1] == "Sam's turn, press Enter when ready"
    h.press("return", frames=3)  # Sam sits down: Ann's card is told by her name
    sam = h.new_speech()
    assert sam[0] == "Sam, since your last turn: Lily has bid", sam
    assert sam[1].startswith("Your turn. Trick 1: Ann led the "), sam


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


def test_one_person_with_a_name_of_their_own_is_spoken_to_as_you() -> None:
    """``--players Ann:human,Lily:normal,Max:normal``: Ann is "you", as a player named You
    is, and the computers are named."""
    setup = GameSetup("classic", ("Ann", "Lily", "Max"), ("human", "normal", "normal"), {}, 4)
    h = make_app(setup)
    h.frames(200)
    assert h.new_speech()[-2:] == [
        "Round 1. You start. Your cards: 6, Jack and 8",
        "Your turn, total 0",
    ]
    h.press("1")
    h.frames(400)
    said = h.new_speech()
    assert said[:3] == ["You play 6, total 6", "You draw King", "Lily plays 6, total 12"], said
    assert said[-1] == "Your turn, total 20", said
    assert not any("Ann" in line for line in said), said


def test_a_person_named_you_is_called_by_number_while_another_is_at_the_keys() -> None:
    """``--players You:human,Sam:human,Lily:normal``: to Sam, "you" is only ever Sam."""
    setup = GameSetup("tricks", ("You", "Sam", "Lily"), ("human", "human", "normal"), {}, 4)
    h = make_app(setup)
    h.frames(3)
    bid(h)  # You
    bid(h)  # Sam, then Lily
    h.press("return", frames=3)  # You are at the keyboard
    h.new_speech()
    h.press("return", frames=3)  # and lead
    assert h.new_speech()[0].startswith("You lead the ")
    h.press("return", frames=3)  # Sam sits down
    sam = h.new_speech()
    assert sam[1].startswith("Your turn. Trick 1: Player 1 led the "), sam


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


def test_the_command_line_refuses_two_names_a_voice_says_alike() -> None:
    """``--players Zoë:human,Zoe:normal``: both would be heard as "Zoe"."""
    from ninetynine_audio.games.errors import SetupError
    from ninetynine_audio.games.setup import parse_players

    kinds = ("human", "normal")
    with pytest.raises(SetupError, match="Zoë and Zoe sound the same"):
        parse_players("classic", "Zoë:human,Zoe:normal", kinds)
    with pytest.raises(SetupError, match="sound the same"):
        parse_players("tricks", "Ann:human,ANN:human,Lily:normal", kinds)
    names, _ = parse_players("classic", "Zoë:human,Zora:normal", kinds)
    assert names == ("Zoë", "Zora")


def test_a_new_round_reads_the_cards_of_the_player_still_at_the_keys() -> None:
    """No hand-over at a new round (the same person plays on): the round's opening must tell
    them their new cards, as it does with one person, though the event names them "Ann"."""
    from ninetynine_audio.cards import parse_cards
    from ninetynine_audio.games.adding.model import Direction, RoundStarted
    from ninetynine_audio.present.adding.events import round_started_text
    from ninetynine_audio.present.seats import Perspective, heard_by, listener_names

    names = ("Ann", "Ben", "Lily")
    hands = tuple(
        (name, tuple(parse_cards(cards)))
        for name, cards in zip(names, ("KS 9H 4C", "2S 3S 5D", "7C 8C 9C"), strict=True)
    )
    event = RoundStarted(3, "Lily", 2, Direction.CLOCKWISE, 0, hands, "Ben")
    renames = listener_names(names, 0)
    heard = heard_by(event, renames)
    view = Perspective("classic", ("You", "Ben", "Lily"), (0.0,) * 3, frozenset({0, 1}), 0)
    text = round_started_text(heard, view)
    assert "Your cards: King, 9 and 4" in text, text
    assert "2" not in text.split("Your cards")[1], text  # Ben's cards stay his


# -- what the table did since the player's last turn ---------------------------------------------


def until_handed_over(h: Harness, limit: int = 500) -> list[str]:
    """Run frames until the table waits for the next person's Enter; what was said meanwhile."""
    table = h.table
    assert table is not None
    for _ in range(limit):
        if table.awaiting_ready:
            return h.new_speech()
        h.frames(1)
    raise AssertionError(f"no hand-over after {limit} frames: {h.new_speech()}")


def test_after_a_hand_over_the_next_player_hears_the_plays_since_their_last_turn() -> None:
    """Classic, Ann and Ben at one keyboard with Lily between them. Once each sits down they
    hear the cards played since their last turn, in order and in their own words ("you" is
    them, Ann's own draw is hers alone), then their turn and cards; and they can go back
    over it with the history keys."""
    setup = GameSetup("classic", ("Ann", "Lily", "Ben"), ("human", "normal", "human"), {}, 4)
    h = make_app(setup)
    until_handed_over(h)
    h.press("return", frames=2)  # Ann is at the keys
    assert h.new_speech() == ["Ann's turn, total 0. 6, to 6; Jack, to 10; 8, to 8"]
    h.press("1")  # Ann plays her 6 and draws a King; then Lily plays
    ann = until_handed_over(h)
    assert ann[:3] == ["You play 6, total 6", "You draw King", "Lily plays 6, total 12"], ann
    assert ann[-1] == "Ben's turn, press Enter when ready"
    h.press("return", frames=2)  # Ben sits down
    assert h.new_speech() == [
        "Ben, before your first turn: Ann plays 6, total 6. Lily plays 6, total 12",
        "Your turn, total 12. 8, to 20; Queen, to 22; 9, stays 12",
    ]
    h.press("comma", frames=2)  # the history gives the account back
    assert h.new_speech() == [
        "Ben, before your first turn: Ann plays 6, total 6. Lily plays 6, total 12"
    ]
    h.press("1")  # Ben plays his 8: Ann's turn
    until_handed_over(h)
    h.press("return", frames=2)
    said = h.new_speech()
    # Ben's draw is his own: only that he played is told to Ann.
    assert said[0] == "Ann, since your last turn: Lily plays 6, total 12. Ben plays 8, total 20"
    assert said[1].startswith("Your turn, total 20. "), said
    assert len(said) == 2, said


def test_the_trick_taking_game_tells_the_bids_and_tricks_since_the_players_last_turn() -> None:
    """Bids are told only as made; the trick won since the player's last card is told, while
    the cards of the trick on the table are left to the turn's own words."""
    h = tricks_for_two()
    h.new_speech()
    bid(h)  # Ann
    sam = bid(h)  # Sam, then Lily
    assert sam[0] == "Sam, before your first turn: Ann has bid", sam
    assert "You bid 9: three clubs" not in " ".join(sam)
    h.press("return", frames=3)  # Ann is at the keys
    ann = h.new_speech()
    assert ann[0] == "Ann, since your last turn: Sam has bid. Lily has bid", ann
    assert ann[1].startswith("Your lead. Your hand: "), ann
    h.press("return")  # Ann leads the 8 of clubs
    until_handed_over(h)
    h.press("return", frames=3)  # Sam is at the keys
    sam = h.new_speech()
    assert sam[0] == "Sam, since your last turn: Lily has bid", sam
    assert sam[1].startswith("Your turn. Trick 1: Ann led the 8 of clubs. "), sam
    h.press("return")  # Sam plays the 10 of hearts; Lily takes the trick and leads
    until_handed_over(h)
    h.press("return", frames=3)  # Ann again
    ann = h.new_speech()
    assert ann[0] == (
        "Ann, since your last turn: Sam plays the 10 of hearts. Lily plays the 10 of clubs. "
        "Lily wins trick 1 with the 10 of clubs. Your bid of 9 is out of reach now"
    ), ann
    assert ann[1].startswith("Your turn. Trick 2: Lily led the Ace of hearts. "), ann


def test_the_colour_game_sums_up_each_turn_since_the_players_last() -> None:
    """Another person's turn is summed up as a computer's is, for the player sitting down."""
    setup = GameSetup("colours", ("Ann", "Sam", "Max"), ("human", "human", "normal"), {}, 4)
    h = make_app(setup)
    until_handed_over(h)
    h.press("return", frames=2)  # Ann
    h.press("1", frames=2)  # black 1 starts her row
    h.press("d")  # no cards onto the piles: she draws, Sam's turn
    until_handed_over(h)
    h.press("return", frames=2)  # Sam
    sam = h.new_speech()
    assert sam[0] == "Sam, before your first turn: Ann: new row, 0 on piles", sam
    assert sam[1].startswith("Your turn. Piles "), sam
    h.press("1", frames=2)
    h.press("d")  # Sam ends his turn; Max plays his
    until_handed_over(h)
    h.press("return", frames=2)  # Ann
    ann = h.new_speech()
    assert ann[0] == (
        "Ann, since your last turn: Sam: new row, 0 on piles. Max: new row, 2 on piles"
    ), ann


def test_a_match_continued_at_a_hand_over_tells_what_happened_since_the_players_turn() -> None:
    """The break between two sittings loses nothing: the save is replayed to find the
    player's last turn."""
    h = tricks_for_two()
    bid(h)  # Ann
    bid(h)  # Sam, then Lily: Ann's turn
    h.app.close()
    again = make_app()  # the same folder: the main menu offers to continue
    again.frames(2)
    again.press("return", frames=3)  # Continue
    assert again.new_speech()[-1] == "Ann's turn, press Enter when ready"
    again.press("return", frames=3)
    said = again.new_speech()
    assert said[0] == "Ann, since your last turn: Sam has bid. Lily has bid", said
    assert said[1].startswith("Your lead. Your hand: "), said


def until_quiet(h: Harness, voice: SimulatedVoice) -> None:
    """Run frames until nothing waits to be said and the simulated voice has finished."""
    for _ in range(3000):
        if not h.app.speaker.pending and all(p.end <= h.clock.now for p in voice.timeline):
            return
        h.frames(1)
    raise AssertionError("the speech never ended")


def test_what_the_last_player_was_told_is_not_said_after_the_next_one_sits_down() -> None:
    """Ben presses Enter while Ann's play is still being said (a screen reader's pace): he
    hears the account of it in his words, then his turn, and nothing worded for Ann follows,
    least of all the card she drew."""
    setup = GameSetup("classic", ("Ann", "Ben", "Lily"), ("human", "human", "normal"), {}, 4)
    h, voice = make_heard_app(setup)
    until_quiet(h, voice)
    h.press("return")  # Ann is at the keys
    until_quiet(h, voice)
    h.press("1")  # Ann plays her 6 and draws a King; at once it is Ben's turn
    until_handed_over(h)
    assert "You draw King" in [u.text for u in h.app.speaker.pending], "said already"
    entered = h.clock.now
    h.press("return")  # Ben, straight away
    until_quiet(h, voice)
    heard = [p.text for p in voice.timeline if p.start >= entered and p.end > p.start]
    assert heard == [
        "Ben, before your first turn: Ann plays 6, total 6",
        "Your turn, total 6. 6, to 12; 7, to 13; 10, plus 10 to 16 or minus 10 to 0",
    ], heard


def test_after_a_new_round_the_cards_are_read_once_with_their_totals() -> None:
    """Classic: Ann was stuck, and a new round was dealt while the others played. The account
    tells the lost life and the new round's plays; the turn that follows reads her new cards,
    each with the total it makes, so the account does not read them first."""
    setup = GameSetup("classic", ("Ann", "Lily", "Ben"), ("human", "normal", "human"), {}, 4)
    h = make_app(setup)
    table = h.table
    assert table is not None
    for _ in range(40):
        h.frames(60)
        if table.awaiting_ready:  # else the same person plays on, with no hand-over
            h.new_speech()
            h.press("return", frames=2)
            said = h.new_speech()
            if said and "Round " in said[0]:
                break
        h.press("1")  # the first card, whoever is at the keys
    else:
        raise AssertionError("no new round within 40 turns")
    news, turn = said
    assert news.startswith("Ann, since your last turn: "), said
    assert "You are stuck at 99" in news and "Round 2. Lily starts." in news, said
    assert "Your cards" not in news, said
    assert turn == "Your turn, total 20. King, to 99; 7, to 27; 6, to 26", said


def test_a_failed_save_not_yet_heard_at_a_hand_over_is_said_to_the_next_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ben presses Enter while Ann's play and the sentence that the match could not be saved
    are still being said: the account of Ann's play replaces the words meant for her, and
    the sentence about the save is said to him after his turn."""
    import ninetynine_audio.ui.match as match

    problem = "The match could not be saved: the disk is full."
    setup = GameSetup("classic", ("Ann", "Ben", "Lily"), ("human", "human", "normal"), {}, 4)
    h, voice = make_heard_app(setup)
    until_quiet(h, voice)
    h.press("return")  # Ann is at the keys
    h.frames(200)
    monkeypatch.setattr(match, "save_match", lambda record: problem)  # the disk fills up
    h.press("1")  # Ann plays her 6; the save fails; at once it is Ben's turn
    until_handed_over(h)
    assert problem in h.app.unheard_texts()
    entered = h.clock.now
    h.press("return")  # Ben, straight away
    until_quiet(h, voice)
    heard = [p.text for p in voice.timeline if p.start >= entered and p.end > p.start]
    assert heard == [
        "Ben, before your first turn: Ann plays 6, total 6",
        "Your turn, total 6. 6, to 12; 7, to 13; 10, plus 10 to 16 or minus 10 to 0",
        problem,
    ], heard
