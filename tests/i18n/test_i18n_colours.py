"""Every phrase of the colour game goes through the catalogue.

Whole games are played by the computer in every seat and told in the pseudo-language
``qps``, which wraps each message in ``⟦ ⟧`` and accents its letters: every narrated event
(a computer turn in a few words and step by step, a person's own moves to themselves and to
the others, in the three verbosities), every question at the table, every refusal, every
hint and the window's lines.
A plain letter, other than in a player's name, is English that was glued in or never looked
up: outside the brackets, or inside them where a placeholder took a piece not looked up.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from helpers.colours import refusals_of_a_game

from ninetynine_audio.bots import make_bot
from ninetynine_audio.cards import Colour, ColourCard
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import (
    Action,
    ColoursState,
    EndPiles,
    Phase,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    apply,
    check,
    new_game,
    view,
)
from ninetynine_audio.games.errors import GameError
from ninetynine_audio.i18n import using
from ninetynine_audio.present.colours import Narrator, queries, refusal_text
from ninetynine_audio.present.colours.words import BY_COLOUR, BY_VALUE, colour_name
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.ui.tables.colours import chosen_pile_text, refusals_none

NAMES = ("You", "Lily", "Max", "Zoe")
NAMED = (*NAMES[1:], "Sarah", "Tim")
"""The players' names, never translated (the refusals' table seats Sarah and Tim)."""
VERBOSITIES = ("brief", "normal", "full")


def untranslated(text: str) -> str:
    """The English letters of ``text`` once the players' names are taken out.

    ``qps`` accents every letter of a message, so a plain letter is either outside every
    ``⟦ ⟧`` or came into a message through a placeholder without being looked up itself
    (the seat called You is said through the catalogue, so it is not taken out)."""
    for name in NAMED:
        text = text.replace(name, "")
    return "".join(char for char in text if char.isascii() and char.isalpha())


def test_the_check_sees_english_outside_the_brackets_and_inside_them():
    assert untranslated("Lily: ⟦ŕöŵ 5⟧, drew 3") == "drew"
    assert untranslated("⟦Ŷöûŕ ţûŕñ. ⟦ŕéđ 4⟧⟧; Max 12") == ""
    assert untranslated("⟦Ĺíĺý: row of 5⟧") == "rowof"
    assert untranslated("You 12") == "You"


def perspectives() -> Iterator[Perspective]:
    """The player at seat 0 hearing themselves, a second person at seat 1 hearing seat 0's
    moves, and a hot seat between two people (nobody's cards said), in every verbosity."""
    for verbosity in VERBOSITIES:
        yield Perspective("colours", NAMES, (), frozenset({0}), 0, verbosity)
        yield Perspective("colours", NAMES, (), frozenset({0, 1}), 1, verbosity)
        yield Perspective("colours", NAMES, (), frozenset({0, 1}), None, verbosity)


def tries(state: ColoursState) -> list[Action]:
    """Moves to try at seat 0's turn, most of them refused."""
    hand = state.hands[0]
    stranger = ColourCard(Colour.PINK, 10)
    moves: list[Action] = [ScoreRow(0), EndPiles(0), ScoreRow(1), EndPiles(1)]
    moves += [PlaceRowCard(0, card) for card in (*hand, stranger)]
    moves += [PlayToPile(0, card, pile) for card in (*hand, stranger) for pile in (1, 2, 3)]
    return moves


def questions(state: ColoursState, action: Action, rng: random.Random) -> list[str]:
    """Every answer at the table for seat 0 at this point of the game."""
    seen = view(state, 0)
    table = view(state, 1)
    texts = [queries.turn_text(table, "normal"), queries.table_lines(table, (), 0, False)[0][1]]
    for v in VERBOSITIES:
        texts += [
            queries.your_turn_text(seen, v),
            queries.your_turn_text(seen, v, 1),
            queries.your_turn_text(seen, v, 2),
            queries.turn_text(seen, v),
            queries.turn_text(seen, v, own=False),
            queries.fits_text(seen, v),
            queries.fits_text(seen, v, 1),
            queries.fits_text(seen, v, 2),
            queries.row_card_fits_text(seen, v),
            queries.row_text(seen, v),
            queries.other_rows_text(seen, v),
            queries.draw_pile_text(seen, v),
            queries.scores_text(seen, v),
            queries.piles_text(seen, v),
            queries.hand_text(seen, BY_VALUE, v),
            queries.hand_text(seen, BY_COLOUR, v),
        ]
        texts += [queries.hand_card_text(seen, seen.hand, i, v) for i in range(len(seen.hand))]
    hint = queries.hint_text(action, seen)
    texts += [hint, queries.search_hint_text(hint, rng.random() * 3, rng.random() * 3, 8)]
    texts += [queries.hint_text(other, seen) for other in (ScoreRow(0), EndPiles(0))]
    for chosen in (None, 1, 2):
        lines, _ = queries.table_lines(seen, seen.hand, 0, state.phase is Phase.OVER, chosen)
        texts += lines
    for cursor in range(max(1, len(seen.hand))):
        texts += [chosen_pile_text(seen, seen.hand, cursor, pile) for pile in (1, 2)]
    return texts


def play(seed: int, players: int, pro: bool) -> tuple[list[str], set[str]]:
    """A whole game told in ``qps``: every text said, and the refusal codes met."""
    setup = GameSetup("colours", NAMES[:players], ("normal",) * players, {"pro_variant": pro}, seed)
    rng = random.Random(seed)
    bots = [make_bot("colours", "normal") for _ in range(players)]
    people = [
        Perspective("colours", NAMES[:players], (0.0,) * players, p.humans, p.listener, p.verbosity)
        for p in perspectives()
    ]
    narrators = [(Narrator(summarise=s), p) for p in people for s in (True, False)]
    texts: list[str] = []
    codes: set[str] = set()
    state, events = new_game(setup)
    for _ in range(5000):
        for narrator, perspective in narrators:
            texts += [u.text for u in narrator.narrate(events, perspective)]
            texts += narrator.last_account
        if state.phase is Phase.OVER:
            break
        seat = state.to_act
        action = bots[seat].choose(view(state, seat), rng)
        if seat == 0:
            texts += questions(state, action, rng)
            for move in tries(state):
                try:
                    check(state, move)
                except GameError as error:
                    codes.add(error.code)
                    texts += [refusal_text(error, v) for v in VERBOSITIES]
        state, events = apply(state, action)
    assert state.phase is Phase.OVER
    texts += [queries.turn_text(view(state, 0), v) for v in VERBOSITIES]
    return texts, codes


@pytest.mark.parametrize(("seed", "players", "pro"), [(3, 2, False), (11, 4, True)])
def test_a_whole_colour_game_is_said_only_through_the_catalogue(seed, players, pro):
    with using("qps"):
        texts, codes = play(seed, players, pro)
        texts.append(refusals_none())
        texts += [heading for heading, _ in queries.key_groups()]
        texts += [colour_name(colour) for colour in Colour]
    said = [text for text in texts if text]
    assert len(said) > 500
    assert {"row_not_rising", "no_way", "card_not_in_hand", "not_your_turn"} <= codes
    leaks = {text for text in said if untranslated(text)}
    assert not leaks, sorted(leaks)[:10]


def test_every_refusal_is_said_only_through_the_catalogue():
    with using("qps"):
        found = refusals_of_a_game()
        texts = [refusal_text(error, v) for error in found for v in VERBOSITIES]
    said = [text for text in texts if text]
    assert len(said) == 3 * len(found)
    assert not [text for text in said if untranslated(text)]


def test_the_search_hint_writes_its_decimals_as_the_language_does():
    with using("de"):
        text = queries.search_hint_text("Tipp", 2.46, 1.0, 8)
    assert "2,5" in text
    assert "1,0" in text
    assert queries.search_hint_text("Hint", 2.46, 1.0, 8) == (
        "Hint. Next turn you can expect about 2.5 cards onto the piles, the next player 1.0."
    )
