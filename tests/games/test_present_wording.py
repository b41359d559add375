"""The wording of cards, effects, events, refusals and questions."""

from __future__ import annotations

import pytest

from ninetynine_audio.audio.utterance import Priority
from ninetynine_audio.cards import parse_card, parse_cards
from ninetynine_audio.games.adding import (
    CardDrawn,
    CardPlayed,
    Choice,
    Direction,
    DirectionChanged,
    GameEnded,
    LivesChanged,
    PlayerOut,
    PlayerSkipped,
    PlayerStuck,
    RoundStarted,
    apply,
    check,
    make_rules,
    new_game,
    view,
)
from ninetynine_audio.games.adding.model import PlayCard
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.present.adding import Perspective, card_effect, narrate
from ninetynine_audio.present.adding.queries import direction_text, lives_text, total_text
from ninetynine_audio.present.adding.refusals import refusal_text
from ninetynine_audio.present.screens import menu_item_text
from ninetynine_audio.present.seats import seat_pans
from ninetynine_audio.present.words import card_name

CLASSIC = make_rules("classic", 4)
TACTICAL = make_rules("tactical", 4)
PLAYERS = ("You", "Lily", "Max", "Zoe")


def perspective(verbosity: str = "normal", game: str = "classic") -> Perspective:
    return Perspective(game, PLAYERS, seat_pans(4), frozenset({0}), 0, verbosity)


def test_card_names_are_short_unless_full() -> None:
    card = parse_card("QH")
    assert card_name(card) == "Queen"
    assert card_name(card, "brief") == "Queen"
    assert card_name(card, "full") == "Queen of hearts"


@pytest.mark.parametrize(
    ("card", "total", "expected"),
    [
        ("QS", 87, "Queen, to 97"),
        ("KD", 40, "King, to 99"),
        ("7C", 96, "7, too high: 103"),
        ("10H", 85, "10, plus 10 to 95 or minus 10 to 75"),
        ("10H", 95, "10, plus 10 too high: 105 or minus 10 to 85"),
        ("9S", 60, "9, stays 60"),
        ("4S", 60, "4, to 60, reverses"),
    ],
)
def test_classic_card_effects_say_where_the_total_goes(
    card: str, total: int, expected: str
) -> None:
    assert card_effect(CLASSIC, parse_card(card), total) == expected


@pytest.mark.parametrize(
    ("card", "total", "expected"),
    [
        ("7C", 28, "7, to 35, costs you 1 for passing 33"),
        ("5C", 28, "5, to 33, others lose 1"),
        ("KC", 89, "King, to 99, wins the round, others lose 2"),
        ("AC", 25, "Ace, plus 1 to 26 or plus 11 to 36, costs you 1 for passing 33"),
        ("8C", 95, "8, to 103, over 99, costs you 2"),
        ("JC", 10, "Jack, to 20, skips the next player"),
    ],
)
def test_tactical_card_effects_say_what_they_cost(card: str, total: int, expected: str) -> None:
    assert card_effect(TACTICAL, parse_card(card), total) == expected


def test_seats_are_placed_around_the_listener() -> None:
    assert seat_pans(4) == (0.0, -0.8, 0.0, 0.8)
    assert seat_pans(2) == (0.0, 0.0)
    assert seat_pans(3) == (0.0, -0.8, 0.8)
    assert seat_pans(4, listener=2) == (0.0, 0.8, 0.0, -0.8)


def test_a_card_play_is_spoken_with_cue_pan_and_danger() -> None:
    event = CardPlayed(1, "Lily", parse_card("QS"), None, 85, 95)
    [normal] = narrate([event], perspective())
    assert normal.text == "Lily plays Queen, total 95"
    assert normal.cue == "card_played+danger_95"
    assert normal.pan == -0.8
    assert normal.mergeable  # a computer's move may be dropped from a backlog
    assert normal.priority is Priority.QUEUE
    [brief] = narrate([event], perspective("brief"))
    assert brief.text == "Lily: Queen, 95"
    [full] = narrate([event], perspective("full"))
    assert full.text == "Lily plays the Queen of spades, total 95"
    mine = CardPlayed(0, "You", parse_card("10S"), Choice.MINUS_TEN, 85, 75)
    [own] = narrate([mine], perspective())
    assert own.text == "You play 10 going down, total 75"
    assert own.cue == "card_played" and not own.mergeable


def test_results_are_never_mergeable_and_carry_their_cues() -> None:
    events = [
        PlayerStuck(2, "Max", parse_cards("5S 6S 7S"), 96),
        LivesChanged(2, "Max", -1, 0, "stuck"),
        PlayerOut(2, "Max", 4),
        GameEnded("You", ("You", "Lily", "Zoe", "Max"), 6),
    ]
    spoken = narrate(events, perspective())
    assert [u.text for u in spoken] == [
        "Max is stuck at 96 with 5, 6 and 7",
        "Max loses a life, no lives left",
        "Max is out, 4th place",
        "You win the game. Places: 1st You, 2nd Lily, 3rd Zoe, 4th Max",
    ]
    assert [u.cue for u in spoken] == [None, "life_lost", "player_out", "win"]
    assert not any(u.mergeable for u in spoken)


def test_a_lost_game_plays_the_loss_cue_and_leaves_your_place_to_the_results() -> None:
    [result] = narrate([GameEnded("Lily", ("Lily", "Max", "You", "Zoe"), 4)], perspective())
    # The results that follow say "You finished 3rd of 4": the place is given once.
    assert result.text == "Lily wins the game. Places: 1st Lily, 2nd Max, 3rd You, 4th Zoe"
    assert result.cue == "loss"


def test_tactical_losses_for_one_landing_are_spoken_together() -> None:
    events = [
        LivesChanged(1, "Lily", -1, 9, "landed_33"),
        LivesChanged(2, "Max", -1, 8, "landed_33"),
        LivesChanged(3, "Zoe", -1, 0, "landed_33"),
    ]
    [spoken] = narrate(events, perspective(game="tactical"))
    assert spoken.text == (
        "Lily, Max and Zoe lose 1 point each as the total lands on 33. Left: Lily 9, Max 8, Zoe out"
    )


def test_a_landing_says_the_total_landed_not_that_the_loser_landed() -> None:
    # The players who lose points for a landing are the ones who did not make it.
    [alone] = narrate([LivesChanged(2, "Max", -1, 4, "landed_66")], perspective(game="tactical"))
    assert alone.text == "Max loses 1 point as the total lands on 66, 4 left"
    [yours] = narrate([LivesChanged(0, "You", -2, 0, "landed_99")], perspective(game="tactical"))
    assert yours.text == "You lose 2 points as the total lands on 99, no points left"


def test_other_events_have_their_cues() -> None:
    events = [
        DirectionChanged(Direction.ANTICLOCKWISE),
        PlayerSkipped(3, "Zoe"),
        CardDrawn(1, "Lily", parse_card("KS")),  # another player's card is never spoken
        CardDrawn(0, "You", parse_card("KS")),
    ]
    spoken = narrate(events, perspective())
    assert [(u.text, u.cue) for u in spoken] == [
        ("Direction reversed, now anticlockwise", "direction_reversed"),
        ("Zoe is skipped", "player_skipped"),
        ("You draw King", None),
    ]
    assert spoken[1].pan == 0.8


def test_a_round_start_reads_only_the_listeners_hand() -> None:
    event = RoundStarted(
        2,
        "Lily",
        1,
        Direction.CLOCKWISE,
        0,
        (("You", parse_cards("QS 5H 9D")), ("Lily", parse_cards("KS KH KD"))),
        "You",
    )
    [spoken] = narrate([event], perspective())
    assert spoken.text == "Round 2. Lily starts. Your cards: Queen, 5 and 9"
    assert spoken.cue == "round_start"
    hidden = Perspective("classic", PLAYERS, seat_pans(4), frozenset({0, 1}), None)
    assert "King" not in narrate([event], hidden)[0].text


def _refusal(state_deck: str, card: str, choice: Choice | None = None) -> IllegalAction:
    state, _ = new_game("classic", ["You", "Lily"], deck=parse_cards(state_deck))
    try:
        check(state, PlayCard(0, parse_card(card), choice))
    except IllegalAction as error:
        return error
    raise AssertionError("the play was allowed")


def test_refusals_are_sentences() -> None:
    state, _ = new_game("classic", ["You", "Lily"], deck=parse_cards("KS 9H 7C 5D 9C 6D"))
    state, _ = apply(state, PlayCard(0, parse_card("KS")))
    state, _ = apply(state, PlayCard(1, parse_card("9H")))
    try:
        check(state, PlayCard(0, parse_card("7C")))
    except IllegalAction as error:
        assert refusal_text(error) == "7 would take the total to 106"
    else:
        raise AssertionError("7 at 99 was allowed")
    assert refusal_text(_refusal("KS 9H 7C 5D 9C 6D", "QD")) == "Queen is not in your hand"
    try:
        check(state, PlayCard(1, parse_card("5D")))
    except IllegalAction as error:
        assert refusal_text(error) == "It is your turn"


def test_queries() -> None:
    state, _ = new_game("classic", list(PLAYERS), seed=1)
    seen = view(state, 0)
    assert total_text(45) == "Total 45"
    assert total_text(45, "brief") == "45"
    assert lives_text(seen) == "Lives: You 5, Lily 5, Max 5, Zoe 5"
    assert direction_text(seen) == "Clockwise. After you: Lily"


def test_menu_items_speak_their_position_except_when_brief() -> None:
    assert menu_item_text("Play", 0, 5) == "Play, 1 of 5"
    assert menu_item_text("Play", 0, 5, "brief") == "Play"


def test_players_out_by_one_play_are_told_together_in_the_order_of_their_places() -> None:
    events = [
        LivesChanged(1, "Lily", -1, 0, "mark_33"),
        LivesChanged(2, "Max", -1, 0, "mark_33"),
        PlayerOut(1, "Lily", 3),
        PlayerOut(2, "Max", 4),
    ]
    texts = [u.text for u in narrate(events, perspective(game="tactical"))]
    assert "Lily and Max are out together: Lily 3rd, Max 4th" in texts
    assert not any(t.startswith(("Lily is out", "Max is out")) for t in texts)


def test_you_are_out_says_your_place_even_when_the_game_ends_with_it() -> None:
    events = [
        LivesChanged(0, "You", -2, 0, "over_99"),
        PlayerOut(0, "You", 2),
        GameEnded("Lily", ("Lily", "You"), 4),
    ]
    texts = [u.text for u in narrate(events, perspective(game="tactical"))]
    assert "You are out, 2nd place" in texts


def test_the_words_after_a_hand_over_lead_with_the_players_name_once() -> None:
    from ninetynine_audio.present.screens import named_at_keys_text

    assert named_at_keys_text("Ann", "Your bid: mark three cards") == (
        "Ann, your bid: mark three cards"
    )
    assert named_at_keys_text("Ann", "Ann's turn, 42") == "Ann's turn, 42"
    # A name that is the start of a word is not taken for the name itself.
    assert named_at_keys_text("Yo", "Your turn") == "Yo, your turn"
    assert named_at_keys_text("Ann", "Trick 2") == "Ann's turn. Trick 2"
    assert named_at_keys_text("You", "Your turn, 0") == "Your turn, 0"


def test_the_adding_games_lists_use_the_languages_own_separator() -> None:
    # Persian separates a list with its own comma ("Lily 4، Max 3"), never a Latin ", ".
    from ninetynine_audio.games.adding.model import LivesChanged
    from ninetynine_audio.i18n import using
    from ninetynine_audio.present.adding.events import _left_words

    group = [
        LivesChanged(seat=1, player="Lily", change=-1, lives=4, reason="over_99"),
        LivesChanged(seat=2, player="Max", change=-1, lives=3, reason="over_99"),
    ]
    with using("fa"):
        said = _left_words(group)
        assert "، " in said and ", " not in said, said
    with using("en"):
        assert _left_words(group) == "Lily 4, Max 3"
