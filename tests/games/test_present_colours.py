"""The colour game's wording: card names, how a card fits, computer turns in a few words,
questions about the table, and a sentence for every refusal."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers.colours import C, deal, refusals_of_a_game, with_row

from ninetynine_audio.audio.pacing import speaking_seconds
from ninetynine_audio.cards import parse_colour_cards
from ninetynine_audio.games.colours import (
    DrawPileRenewed,
    GameEnded,
    PileCardPlayed,
    PlaceRowCard,
    PlayToPile,
    RowCardPlaced,
    RowScored,
    TurnStarted,
    Way,
    apply,
    errors,
    view,
)
from ninetynine_audio.games.errors import CardNotInHand, GameOverError, IllegalAction, NotYourTurn
from ninetynine_audio.present.colours import Narrator, narrate, queries, refusal_text
from ninetynine_audio.present.colours.events import CardsDrawn, renewed_text, scored_text
from ninetynine_audio.present.colours.words import (
    BY_COLOUR,
    card_name,
    pile_fit_text,
    sorted_hand,
)
from ninetynine_audio.present.seats import Perspective

PACKAGE = Path(__file__).resolve().parents[2] / "ninetynine_audio" / "present" / "colours"


def perspective(verbosity: str = "normal") -> Perspective:
    return Perspective("colours", ("You", "Lily"), (0.0, 0.0), frozenset({0}), 0, verbosity)


def test_cards_are_named_colour_then_value():
    assert card_name(C("purple-9")) == "purple 9"
    assert card_name(C("light-blue-10")) == "light blue 10"


def test_a_hand_card_is_told_with_the_ways_it_fits_each_pile():
    tops = (C("purple-2"), C("red-1"))
    assert pile_fit_text(C("purple-9"), tops) == "same colour on the left, sum ten on the right"
    assert pile_fit_text(C("green-5"), tops) == "fits neither pile"


def test_the_hand_sorts_by_value_or_by_colour():
    hand = parse_colour_cards("pink-1 red-9 red-2")
    assert sorted_hand(hand, "value") == parse_colour_cards("pink-1 red-2 red-9")
    assert sorted_hand(hand, BY_COLOUR) == parse_colour_cards("red-2 red-9 pink-1")


def computer_turn() -> list[object]:
    row = parse_colour_cards("red-1 green-2 grey-4 black-6 pink-8")
    onto = C("yellow-3")
    return [
        TurnStarted("Lily", 1, 4, False),
        RowCardPlaced("Lily", 1, row[-1], row),
        PileCardPlayed("Lily", 1, C("yellow-4"), 1, onto, (Way.SAME_COLOUR, Way.PLUS_ONE)),
        PileCardPlayed("Lily", 1, C("orange-6"), 1, C("yellow-4"), (Way.SUM_TEN,)),
        PileCardPlayed("Lily", 1, C("orange-7"), 2, C("orange-2"), (Way.SAME_COLOUR,)),
        CardsDrawn("Lily", 1, parse_colour_cards("red-3 red-5 red-7")),
        TurnStarted("You", 0, 5, False),
    ]


@pytest.mark.parametrize(
    ("verbosity", "summary"),
    [
        ("brief", "Lily: row 5, 3 on piles, drew 3"),
        ("normal", "Lily: row 5, 3 on piles, drew 3"),
        (
            "full",
            "Lily: pink 8 in the row, now 5, on the piles yellow 4 left, orange 6 left,"
            " orange 7 right, drew 3",
        ),
    ],
)
def test_a_computer_turn_is_said_in_a_few_words_once_it_is_over(verbosity, summary):
    narrator = Narrator()
    events = computer_turn()
    heard = [u.text for u in narrator.narrate(events[:4], perspective(verbosity))]
    assert heard == []
    heard = [u.text for u in narrator.narrate(events[4:], perspective(verbosity))]
    assert heard == [summary]
    assert len(narrator.last_account) == 6


def test_step_by_step_narration_tells_each_computer_move():
    texts = [u.text for u in narrate(computer_turn(), perspective("full"))]
    assert "Lily: yellow 4 on yellow 3, left, same colour and plus one" in texts


def test_the_end_of_the_game_is_said_with_every_score():
    event = GameEnded("Lily", 1, ("You", "Lily"), (71, 104))
    texts = [u.text for u in Narrator().narrate([event], perspective())]
    assert texts == ["Lily wins with 104. You 71"]


def test_every_refusal_code_has_its_own_sentence():
    found = refusals_of_a_game()
    codes = {error.code for error in found}
    own = {
        cls.code
        for cls in vars(errors).values()
        if isinstance(cls, type) and issubclass(cls, IllegalAction) and cls is not IllegalAction
    }
    shared = {CardNotInHand.code, NotYourTurn.code, GameOverError.code}
    assert own | shared <= codes
    for verbosity in ("brief", "normal", "full"):
        texts = [refusal_text(error, verbosity) for error in found]
        assert all(
            (t and t != e.message) or e.code == "game_over"
            for t, e in zip(texts, found, strict=True)
        )
    by_code = {e.code: refusal_text(e, "normal") for e in found}
    assert by_code["colour_in_row"] == "Purple is already in your row"
    assert by_code["no_way"] == (
        "A 4 cannot go on the 9 on the left: not the same colour, not one higher, and they make 13"
    )


def test_the_questions_at_the_table_answer_from_the_view():
    state, _ = deal(["purple-9 red-4 pink-3 grey-5 black-6 green-7", ""])
    state = with_row(state, 0, "purple-1 yellow-6")
    table = view(state, 0)
    assert queries.row_text(table, "normal") == (
        "Your row: 2 cards up to yellow 6, worth 4. Colours used: purple and yellow"
    )
    # C is asked often: the scores alone; how far each is from 99 only in full.
    assert queries.scores_text(table, "normal") == "Scores: Sarah 0; Tim 0"
    assert queries.scores_text(table, "full") == "Scores: Sarah 0, 99 to go; Tim 0, 99 to go"
    assert queries.draw_pile_text(table, "normal") == "Your draw pile: 15 cards"
    assert queries.other_rows_text(table, "normal") == "Tim's row is empty"
    assert "purple 9: purple is already in your row" in queries.hand_text(table, "value", "full")


def test_the_wording_of_the_colour_game_does_not_use_the_adding_games_wording():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("ninetynine_audio.present.adding"), path


def test_a_one_point_row_is_one_point():
    scored = RowScored("Lily", 1, parse_colour_cards("red-10"), 1, False, 1)
    assert scored_text(scored, "full") == "Lily scores a row of 1: 1 point, 1 in all"
    assert scored_text(scored, "normal") == "Lily scores 1, now 1"


@pytest.mark.parametrize(
    ("name", "forced", "said"),
    [
        ("Lily", True, "Lily scores 16, now 52"),
        ("You", False, "You score 16, now 52"),
        ("You", True, "Nothing fits your row: you score 16, now 52"),
    ],
)
def test_a_row_scored_says_who_the_points_and_the_new_score(name, forced, said):
    row = parse_colour_cards("red-1 green-2 grey-4 black-6")
    assert scored_text(RowScored(name, 1, row, 16, forced, 52), "normal") == said


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Lily", "Draw pile empty: Lily scores 15, now 64"),
        ("You", "Draw pile empty: you score 15, now 64"),
    ],
)
def test_an_emptied_draw_pile_says_who_the_points_and_the_new_score(name, said):
    cards = parse_colour_cards(
        " ".join(f"red-{v}" for v in range(11)) + " grey-0 grey-1 grey-2 grey-3"
    )
    assert renewed_text(DrawPileRenewed(name, 1, cards, 15, 64), "normal") == said
    short = DrawPileRenewed(name, 1, cards[:4], 15, 64)
    assert renewed_text(short, "normal") == f"{said}. Only 4 new cards"


def test_a_computer_turn_that_scored_its_row_after_the_card_says_the_score_then_its_piles():
    row = parse_colour_cards("red-1 green-2 grey-4 black-6 pink-8")
    narrator = Narrator()
    events = [
        TurnStarted("Lily", 1, 2, False),
        RowCardPlaced("Lily", 1, row[-1], row),
        RowScored("Lily", 1, row, 25, False, 25),
        CardsDrawn("Lily", 1, parse_colour_cards("red-3")),
        TurnStarted("You", 0, 3, False),
    ]
    heard = [u.text for u in narrator.narrate(events, perspective())]
    assert heard == [
        "Lily scores 25, now 25",
        "Lily: 0 on piles",
    ]
    # The turn asked for in full is counted as Lily's own first, not the table's second.
    assert narrator.last_account[0] == "Lily's turn 1"
    # In full the summary says the row is empty.
    heard = [u.text for u in Narrator().narrate(events, perspective("full"))]
    assert heard[-1] == "Lily: row now empty, no cards on the piles, drew 1"


def test_your_own_pile_play_is_its_sound_and_the_table_says_the_new_top_with_what_fits():
    event = PileCardPlayed("You", 0, C("red-2"), 1, C("red-9"), (Way.SAME_COLOUR,))
    (said,) = Narrator().narrate([event], perspective())
    assert (said.text, said.cue) == ("", "card_played")
    (theirs,) = Narrator().narrate(
        [event],
        perspective().__class__(
            "colours", ("You", "Lily"), (0.0, 0.0), frozenset({0, 1}), 1, "normal"
        ),
    )
    assert theirs.text == "You: red 2 on the left" and theirs.mergeable


def test_your_turn_is_a_short_line_and_on_the_piles_only_what_now_fits():
    state, _ = deal(
        ["purple-9 red-4 pink-3 grey-5 black-6 green-7", "red-1 red-2 red-3 red-5 red-6 red-7"],
        tops="orange-6 black-10",
    )
    state = with_row(state, 0, "purple-1 yellow-6")
    line = queries.your_turn_text(view(state, 0), "normal")
    left, right = (card_name(c) for c in view(state, 0).pile_tops)
    assert line == f"Your turn. Piles {left}, {right}; row ends on 6"
    # "ends on" (a row ending on 0 is not heard as empty) costs a word over "at".
    assert speaking_seconds(line, 200) <= 3.6
    state, _ = apply(state, PlaceRowCard(0, C("green-7")))
    piles = view(state, 0)
    fits = queries.your_turn_text(piles, "normal")
    assert fits.startswith("Fits left: ") and "; right: " in fits
    fitting = queries.pile_fits(piles, 1)
    card = next(c for c in piles.hand if card_name(c) == fitting[0])
    state, _ = apply(state, PlayToPile(0, card, 1))
    after = queries.your_turn_text(view(state, 0), "normal", changed=1)
    # The card just played is named (its slip must be heard), and nothing more while
    # something still fits: what fits is said once a turn, and then on T.
    named = card_name(card)
    assert after == f"{named[0].upper()}{named[1:]} left"
    assert speaking_seconds(after, 200) <= 1.5
    asked = queries.fits_text(view(state, 0), "normal")  # what T says on the piles
    assert asked.startswith("Fits ")
    assert all(name in asked for name in queries.pile_fits(view(state, 0), 1))


def test_the_hand_before_an_empty_row_says_once_that_any_card_starts_it():
    state, _ = deal(["purple-9 red-4 pink-3 grey-5 black-6 green-7", ""])
    text = queries.hand_text(view(state, 0), "value", "normal")
    assert text.count("starts your row") == 1


def test_a_hint_to_start_an_empty_row_with_a_10_says_what_it_is_for():
    state, _ = deal(["black-10 red-4 pink-3 grey-5 black-6 green-7", ""])
    text = queries.hint_text(PlaceRowCard(0, C("black-10")), view(state, 0))
    assert text.startswith("Hint: put black 10 in your row: nothing can follow a 10")
    assert queries.hint_text(PlaceRowCard(0, C("red-4")), view(state, 0)) == (
        "Hint: put red 4 in your row"
    )


@pytest.mark.parametrize(("verbosity", "said"), [("normal", []), ("full", ["You draw red 3"])])
def test_your_own_draw_back_up_to_six_is_said_only_in_full(verbosity, said):
    drawn = CardsDrawn("You", 0, parse_colour_cards("red-3"))
    assert [u.text for u in Narrator().narrate([drawn], perspective(verbosity))] == said
    # Another person's draw is still said: their count is news to the one listening.
    theirs = CardsDrawn("Lily", 0, parse_colour_cards("red-3"))
    other = Perspective("colours", ("Lily", "You"), (0.0, 0.0), frozenset({0, 1}), 1, verbosity)
    assert [u.text for u in Narrator(summarise=False).narrate([theirs], other)] == ["Lily draws 1"]


def test_another_person_s_turn_is_named_when_it_starts_a_computer_s_when_it_ends():
    online = Perspective("colours", ("You", "Ben"), (0.0, 0.0), frozenset({0, 1}), 0, "normal")
    said = Narrator().narrate([TurnStarted("Ben", 1, 2, False)], online)
    # Whoever ended their turn hears where it went, though Ben has not acted yet.
    assert [u.text for u in said] == ["Ben's turn"]
    extra = Narrator().narrate([TurnStarted("Ben", 1, 3, True)], online)
    assert [(u.text, u.cue) for u in extra] == [("Ben's extra turn", "extra_turn")]
    # A computer's turn is told in one line once it is over; one's own turn by its own line.
    assert Narrator().narrate([TurnStarted("Lily", 1, 2, False)], perspective()) == []
    assert Narrator().narrate([TurnStarted("You", 0, 2, False)], online) == []


def test_a_computer_s_emptied_draw_pile_is_the_last_part_of_its_summary_with_the_pile_sound():
    turn = computer_turn()
    cards = parse_colour_cards(
        " ".join(f"grey-{v}" for v in range(11)) + " pink-0 pink-1 pink-2 pink-3"
    )
    renewed = DrawPileRenewed("Lily", 1, cards, 15, 64)
    narrator = Narrator()
    heard = narrator.narrate([*turn[:5], renewed, turn[5], turn[6]], perspective())
    assert [(u.text, u.cue) for u in heard] == [
        ("Lily: row 5, 3 on piles, drew 3, draw pile empty: 15, now 64", "pile_renewed")
    ]
    # L tells it among the turn's steps.
    assert narrator.last_account[-2:] == ["Draw pile empty: Lily scores 15, now 64", "Lily drew 3"]
    # Fewer than 15 new cards is news of its own: said alone, as it happens.
    short = DrawPileRenewed("Lily", 1, cards[:4], 15, 64)
    heard = Narrator().narrate([*turn[:5], short, turn[5], turn[6]], perspective())
    assert [u.text for u in heard] == [
        "Draw pile empty: Lily scores 15, now 64. Only 4 new cards",
        "Lily: row 5, 3 on piles, drew 3",
    ]


def test_the_turn_line_of_a_known_row_leaves_out_its_end_and_that_it_is_empty():
    state, _ = deal(
        ["purple-9 red-4 pink-3 grey-5 black-6 green-7", "red-1 red-2 red-3 red-5 red-6 red-7"],
        tops="orange-6 black-10",
    )
    seen = view(state, 0)
    assert not seen.row
    # The first turn, or a row the player does not know: said.
    said = queries.your_turn_text(seen, "normal")
    assert said == "Your turn. Piles orange 6, black 10; row empty"
    # A row the player scored, or that the line before said was scored: the piles only.
    known = queries.your_turn_text(seen, "normal", row_known=True)
    assert known == "Your turn. Piles orange 6, black 10"
    ended = queries.your_turn_text(view(with_row(state, 0, "purple-1 yellow-6"), 0), "normal")
    assert ended.endswith("; row ends on 6")


def test_a_card_on_the_chosen_pile_is_said_without_its_side_below_full_only():
    state, _ = deal(
        ["purple-9 red-4 pink-3 grey-5 black-6 green-7", "red-1 red-2 red-3 red-5 red-6 red-7"],
        tops="red-8 black-10",
    )
    state, _ = apply(with_row(state, 0, "purple-1"), PlaceRowCard(0, C("green-7")))
    state, _ = apply(state, PlayToPile(0, C("red-4"), 1))
    seen = view(state, 0)
    named = queries.capitalised(card_name(C("red-4")))
    chosen = {v: queries.fits_text(seen, v, 1, side_chosen=True) for v in ("normal", "full")}
    assert chosen["normal"].split(". ")[0] == named
    # Full verbosity says everything: the side too, whoever chose it.
    assert chosen["full"].split(". ")[0] == f"{named} left"
    assert queries.fits_text(seen, "normal", 1).split(". ")[0] == f"{named} left"
