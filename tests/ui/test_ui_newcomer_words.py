"""Words a newcomer follows: a 10 played "going down", not "10 minus 10"; tactical's 2 says
it doubled the total; a colour row "ends on 0", never "at 0"; T while a 10 waits for its way
repeats the question; a player who is out pressing a card key hears why; Enter on a number
option goes one up and never jumps from the highest value to the lowest."""

from __future__ import annotations

from pathlib import Path

import pytest

from ninetynine_audio.cards import Card, Rank, Suit, parse_cards
from ninetynine_audio.games.adding import AddingOptions, CardPlayed, Choice
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.present.adding.events import narrate
from ninetynine_audio.present.colours import queries as colours_queries
from ninetynine_audio.present.screens import out_of_game_text
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.words import card_name
from ninetynine_audio.ui.harness import Harness, make_app


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    return tmp_path


def said(game: str, event: CardPlayed) -> str:
    view = Perspective(game=game, players=("You", "Zoe"), pans=(0.0, 0.0), humans=frozenset({0}))
    return narrate([event], view)[0].text


def test_a_ten_is_played_going_down_not_minus() -> None:
    ten = Card(Rank.TEN, Suit.HEARTS)
    text = said("classic", CardPlayed(1, "Zoe", ten, Choice.MINUS_TEN, 76, 66))
    assert text == "Zoe plays 10 going down, total 66"
    ace = Card(Rank.ACE, Suit.HEARTS)
    assert said("classic", CardPlayed(1, "Zoe", ace, Choice.PLUS_ELEVEN, 20, 31)).startswith(
        "Zoe plays Ace as 11"
    )


def test_tacticals_two_says_it_doubled_the_total() -> None:
    two = Card(Rank.TWO, Suit.CLUBS)
    assert said("tactical", CardPlayed(1, "Max", two, None, 33, 66)) == (
        "Max plays 2, doubling the total to 66"
    )
    # In classic a 2 only adds 2.
    assert said("classic", CardPlayed(1, "Max", two, None, 33, 35)) == "Max plays 2, total 35"


def test_a_row_ending_on_zero_is_not_heard_as_empty() -> None:
    from dataclasses import replace

    from ninetynine_audio.games.colours import SPEC, view

    setup = GameSetup("colours", ("You", "Lily"), ("human", "normal"), {"pro_variant": False}, 3)
    state, _ = SPEC.new_game(setup)
    seen = view(state, 0)
    zero = min(seen.hand, key=lambda card: card.value)
    rows = tuple((zero,) if seat == 0 else row for seat, row in enumerate(seen.rows))
    text = colours_queries.your_turn_text(replace(seen, rows=rows), "normal")
    assert f"row ends on {zero.value}" in text
    assert "row at" not in text


def ten_waiting() -> Harness:
    setup = GameSetup(
        "classic",
        ("You", "Lily"),
        ("human", "normal"),
        AddingOptions(),
        5,
        parse_cards("7C 5H 10D 6H 5S 3H 2S 3S 4C 4D 8H 8C"),
    )
    h = make_app(setup)
    h.frames(5)
    h.press("1", frames=1)  # 7 to 7
    table = h.table
    assert table is not None
    for _ in range(200):
        if table.state.to_act == 0 and table.bot_due is None:
            break
        h.frames(1)
    h.new_speech()
    return h


def test_t_while_a_ten_waits_for_its_way_repeats_the_question() -> None:
    h = ten_waiting()
    hand = h.table.state.hands[0]  # type: ignore[union-attr]
    h.press(str(hand.index(Card(Rank.TEN, Suit.DIAMONDS)) + 1))
    question = h.new_speech()[-1]
    assert question.startswith("Choose how to play 10")
    h.press("t")
    answer = h.new_speech()[-1]
    assert answer.startswith("Your turn, total") and answer.endswith(question)
    h.press("down")  # the way chosen: the question is answered
    h.new_speech()
    h.press("t")
    assert "Choose how to play" not in h.new_speech()[-1]


def test_a_player_who_is_out_pressing_a_card_key_hears_why() -> None:
    from helpers.adding_keys import put_out_of_the_game

    h = put_out_of_the_game()
    h.new_speech()
    h.press("1")
    why = out_of_game_text(
        h.app.key_name("table", "skip_wait"), h.app.key_name("table", "pause_menu")
    )
    assert why in h.new_speech()
    assert "refused" in h.app.cues.names


def test_enter_on_a_number_option_goes_up_and_stops_at_the_top() -> None:
    from ninetynine_audio.ui.menus import Draft, options_menu

    h = make_app()
    h.frames(1)
    draft = Draft("classic", 4)
    h.app.push(options_menu(draft))
    h.press("down")
    h.press("return")
    assert draft.options["lives"] == 1
    values = [v for v in draft.spec.options[0].menu_values() if v is not None]
    for _ in range(len(values) + 2):
        h.press("return")
    assert draft.options["lives"] == max(values)
    assert h.app.cues.names[-1] == "menu_edge"


def test_a_card_of_the_trump_suit_is_called_a_trump() -> None:
    from ninetynine_audio.games.tricks import CardPlayed as TrickCard
    from ninetynine_audio.present.tricks.events import card_played_text

    two = Card(Rank.TWO, Suit.SPADES)
    played = TrickCard(2, "Max", two, 4)
    assert card_played_text(played, "normal", Suit.SPADES) == "Max plays the 2 of spades, a trump"
    assert card_played_text(played, "normal", Suit.HEARTS) == "Max plays the 2 of spades"
    assert card_played_text(played, "normal", None) == "Max plays the 2 of spades"


def test_the_trick_taking_turn_says_the_hand_and_not_the_lead_again() -> None:
    setup = GameSetup("tricks", ("You", "Lily", "Max"), ("human", "normal", "normal"), {}, 4)
    h = make_app(setup)
    table = h.table
    assert table is not None
    h.frames(3)
    bid = [text for text in h.spoken if text.startswith("Your bid")]
    assert bid and "Your hand: " in bid[0], h.spoken
    from ninetynine_audio.bots import make_bot

    bot = make_bot("tricks", "normal")
    import random

    rng = random.Random(1)
    turns = []
    for _ in range(3000):
        if table.is_over or len(turns) >= 12:
            break
        if 0 in table.spec.seats_to_act(table.state) and table.bot_due is None:
            turns.append(len(h.spoken))
            table.perform(h.app, bot.choose(table.spec.view(table.state, 0), rng))
        h.frames(1)
    lines = [h.spoken[at - 1] for at in turns[1:]]
    turn_lines = [line for line in lines if line.startswith(("Your turn", "Your lead"))]
    assert turn_lines, lines
    follows = [line for line in turn_lines if line.startswith("Your turn")]
    assert follows, turn_lines
    for line in turn_lines:
        # The lead was just said card by card: never again at the turn.
        assert " led " not in line, line
    for line in follows:
        # What may be played: the cards of the suit led first, or the whole hand.
        assert "Your hand: " in line or "You must follow" in line, line


def test_the_hint_selects_the_card_it_names_so_enter_plays_it() -> None:
    from helpers.adding_keys import stacked

    h = stacked("5S 9S KH 9H 7C 9D 5C 9C 5D 4S 3S 4H", "tactical")
    table = h.table
    assert table is not None and table.state.to_act == 0
    h.press("right")  # the cursor somewhere the hint may not name
    h.new_speech()
    h.press("slash")
    hint = h.new_speech()[-1]
    named = next(
        card
        for card in table.state.hands[0]
        if hint.startswith(f"Try {card_name(card)}")  # "Try King, to 99: …"
    )
    before = len(table.events)
    h.press("return")
    if len(table.events) == before:
        h.press("return")  # a costly tactical play: the second press
    played = [e for e in table.events[before:] if isinstance(e, CardPlayed)]
    assert played and played[0].card == named, (hint, played)


def test_the_colour_turn_opens_with_the_hand_then_the_cards_drawn() -> None:
    import random

    from ninetynine_audio.bots import make_bot
    from ninetynine_audio.games.colours import CardsDrawn
    from ninetynine_audio.present.colours.words import card_name as colour_name

    names = ("You", "Lily", "Max", "Zoe")
    kinds = ("human", "normal", "normal", "normal")
    h = make_app(GameSetup("colours", names, kinds, {"pro_variant": False}, 1))
    table = h.table
    assert table is not None
    bot, rng = make_bot("colours", "normal"), random.Random(1)
    turn_lines: list[str] = []
    drawn: list[tuple[str, ...]] = []
    for _ in range(4000):
        if len(turn_lines) >= 3 or table.is_over:
            break
        if table.state.to_act == 0 and table.bot_due is None:
            said = [text for text in h.new_speech() if text.startswith("Your turn")]
            turn_lines += said
            events = len(table.events)
            table.perform(h.app, bot.choose(table.spec.view(table.state, 0), rng))
            for event in table.events[events:]:
                if isinstance(event, CardsDrawn) and event.seat == 0:
                    drawn.append(tuple(colour_name(card) for card in event.cards))
        h.frames(1)
    assert "Hand: " in turn_lines[0], turn_lines
    assert len(turn_lines) >= 2 and drawn, turn_lines
    # The next turn names the cards drawn at the end of the last one, not the whole hand.
    assert "New card" in turn_lines[1], turn_lines
    assert all(name in turn_lines[1] for name in drawn[0]), (turn_lines, drawn)
