"""Every phrase of the adding games goes through the catalogue, as whole messages.

Whole games of classic, arcade and tactical are played with random legal moves and every
event is narrated, at each verbosity, in the pseudo-language ``qps``, which accents every
letter of a message's own text. Each seat's questions, the card effects, hints, practice
words and refusals are said at every step too. An ASCII letter left in what is said came from
text that did not go through the catalogue: only players' names may keep theirs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from ninetynine_audio.cards import Card, Rank, Suit
from ninetynine_audio.games.adding import (
    AddingState,
    AddingView,
    Choice,
    DrawCard,
    GameEnded,
    LivesChanged,
    PlayCard,
    PlayerOut,
)
from ninetynine_audio.games.adding.engine import check
from ninetynine_audio.games.adding.spec import (
    ARCADE,
    ARCADE_NAMES,
    CLASSIC,
    DEFAULT_NAMES,
    TACTICAL,
)
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.errors import (
    CardNotInHand,
    ChoiceNotAllowed,
    ChoiceRequired,
    GameError,
    NothingToDraw,
    NotYourTurn,
    TotalTooHigh,
)
from ninetynine_audio.i18n import using
from ninetynine_audio.present.adding import advice, queries, refusals
from ninetynine_audio.present.adding.effects import card_effect, choice_effect
from ninetynine_audio.present.adding.events import lives_changed_text, narrate, players_out_text
from ninetynine_audio.present.seats import Perspective, seat_pans
from ninetynine_audio.present.words import VERBOSITY_LEVELS, card_name

NAMES = frozenset(DEFAULT_NAMES) | {"Ann", "Ben"}
# The game's title comes from the menus' wording (present/screens.py), not from this family.
TITLES = frozenset({"Classic", "Arcade", "Tactical"})
_WORD = re.compile(r"[A-Za-z]+")


def stray_letters(text: str) -> list[str]:
    """The ASCII words of ``text`` that are not players' names or game titles."""
    return [word for word in _WORD.findall(text) if word not in NAMES | TITLES]


def games() -> Iterator[tuple[str, tuple[str, ...], object, GameSetup]]:
    for seed in range(3):
        yield (
            "classic",
            ("You", "Lily", "Max"),
            CLASSIC,
            GameSetup("classic", ("You", "Lily", "Max"), ("human", "normal", "normal"), {}, seed),
        )
        yield (
            "classic",
            ("You", "Lily"),
            CLASSIC,
            GameSetup(
                "classic",
                ("You", "Lily"),
                ("human", "normal"),
                {"manual_draw": True, "hand_size": 4},
                seed,
            ),
        )
        yield (
            "arcade",
            ARCADE_NAMES,
            ARCADE,
            GameSetup("arcade", ARCADE_NAMES, ("human", "normal", "normal", "normal"), {}, seed),
        )
        tactical = ("You", "Lily", "Max", "Zoe")
        yield (
            "tactical",
            tactical,
            TACTICAL,
            GameSetup("tactical", tactical, ("human", "normal", "normal", "normal"), {}, seed),
        )
    # Hot seat: two players at the keyboard, neither called "You".
    hot = ("Ann", "Ben", "Lily")
    yield "classic", hot, CLASSIC, GameSetup("classic", hot, ("human", "human", "normal"), {}, 9)


def _perspectives(game: str, players: tuple[str, ...], humans: frozenset[int]) -> list[Perspective]:
    pans = seat_pans(len(players))
    return [
        Perspective(game, players, pans, humans, listener, verbosity)
        for verbosity in VERBOSITY_LEVELS
        for listener in (0, None)
    ]


def _refusals(view: AddingView, state: AddingState) -> list[GameError]:
    card = view.hand[0] if view.hand else Card(Rank.SEVEN, Suit.CLUBS)
    ten = Card(Rank.TEN, Suit.HEARTS)
    errors: list[GameError] = [
        TotalTooHigh("over", card=card, total=view.total + 7),
        TotalTooHigh("over", total=105),
        NotYourTurn("turn", to_act=view.players[state.to_act]),
        NotYourTurn("turn", to_act="You"),
        NotYourTurn("turn"),
        CardNotInHand("hand", card=card),
        CardNotInHand("hand"),
        ChoiceRequired("choose", card=ten, choices=(Choice.PLUS_TEN, Choice.MINUS_TEN)),
        ChoiceRequired("choose", choices=(Choice.PLUS_ONE, Choice.PLUS_ELEVEN)),
        ChoiceNotAllowed("way", card=ten, choice=Choice.PLUS_TEN),
        ChoiceNotAllowed("way", card=ten),
        ChoiceNotAllowed("way", choice=Choice.MINUS_TEN),
        ChoiceNotAllowed("way"),
        NothingToDraw("draw"),
    ]
    for seat in range(len(view.players)):
        for candidate in state.hands[seat]:
            try:
                check(state, PlayCard(seat, candidate))
            except GameError as error:
                errors.append(error)
    return errors


def _questions(state: AddingState, spec: object, seat: int) -> list[str]:
    """Everything a seat can ask for or be told at this moment of the game."""
    view: AddingView = spec.view(state, seat)  # type: ignore[attr-defined]
    said: list[str] = []
    for v in VERBOSITY_LEVELS:
        said += [
            queries.turn_text(view, v),
            queries.total_text(view.total, v),
            queries.hand_text(view.rules, view.hand, view.total, v),
            queries.lives_text(view, v),
            queries.direction_text(view, v),
        ]
        if not view.is_over:
            said.append(queries.your_turn_text(view, v))
        for index, card in enumerate(view.hand):
            said.append(queries.hand_card_text(view.rules, view.hand, index, view.total, v))
            said.append(card_effect(view.rules, card, view.total, v))
            for choice in Choice:
                said.append(choice_effect(view.rules, card, view.total, choice, v))
        said += [refusals.refusal_text(error, v) for error in _refusals(view, state)]
    said += [
        queries.danger_level_text(view.total),
        queries.danger_text(view.total),
        queries.empty_hand_text(),
        refusals.no_card_at_text(5, len(view.hand)),
        refusals.no_card_at_text(1, 0),
        refusals.draw_prompt_text("⟦Đ⟧"),
        *queries.table_lines(view, view.hand, 0, view.is_over)[0],
    ]
    if view.hand:
        words = card_name(view.hand[0])
        said += [
            refusals.no_choice_text(words),
            refusals.costly_play_text(words, view.total + 5, 1, "⟦Éñţéŕ⟧"),
            refusals.costly_play_text(words, view.total + 5, 3, "⟦Éñţéŕ⟧"),
        ]
    if not view.is_over and view.to_act == seat:
        said += _advice(view)
    return said


def _advice(before: AddingView) -> list[str]:
    said: list[str] = []
    seen: set[tuple[Rank, Choice | None]] = set()
    for card in before.hand:
        choices: tuple[Choice | None, ...] = (None,)
        if card.rank is Rank.TEN:
            choices = (Choice.PLUS_TEN, Choice.MINUS_TEN)
        elif card.rank is Rank.ACE:
            choices = (Choice.PLUS_ONE, Choice.PLUS_ELEVEN)
        for choice in choices:
            if (card.rank, choice) in seen:
                continue
            seen.add((card.rank, choice))
            after = advice.seen_after(before, card, choice)
            searches = [
                "",
                advice.search_reason(before, 4, [1, 3, 0, 0][: len(before.players)], 1.0),
                advice.search_reason(before, 4, [2, 0, 1, 0][: len(before.players)], 2.5),
                advice.search_reason(before, 4, [1] + [0] * (len(before.players) - 1), -1.0),
                advice.search_reason(before, 4, [0] * len(before.players), -2.5),
                advice.search_reason(before, 4, [0] * len(before.players), 0.0),
            ]
            for v in VERBOSITY_LEVELS:
                said.append(
                    advice.practice_text(before.rules, card, before.total, choice, after, False, v)
                )
                said.append(advice.next_player_words(before.rules, after, v))
                for search in searches:
                    said.append(advice.hint_text(before, card, choice, after, v, search))
    return said


def _whole_game(spec: object, setup: GameSetup, game: str) -> Iterator[str]:
    state, events = spec.new_game(setup)  # type: ignore[attr-defined]
    humans = frozenset(i for i, kind in enumerate(setup.kinds) if kind == "human")
    views = _perspectives(game, setup.names, humans)
    rng = random.Random(setup.seed)
    steps = 0
    while True:
        for perspective in views:
            yield from (u.text for u in narrate(events, perspective))
        if steps % 3 == 0 or state.is_over:
            for seat in humans:
                yield from _questions(state, spec, seat)
        seats = spec.seats_to_act(state)  # type: ignore[attr-defined]
        if not seats:
            return
        seat = rng.choice(seats)
        actions = spec.legal_actions(state, seat)  # type: ignore[attr-defined]
        action: PlayCard | DrawCard = rng.choice(actions)
        state, events = spec.apply(state, action)  # type: ignore[attr-defined]
        steps += 1


@pytest.mark.parametrize("number", range(13))
def test_every_phrase_of_a_whole_game_is_translated(number: int) -> None:
    game, _players, spec, setup = list(games())[number]
    with using("qps"):
        said = list(_whole_game(spec, setup, game))
    assert len(said) > 100
    stray = {text: stray_letters(text) for text in said if stray_letters(text)}
    assert not stray, list(stray.items())[:5]
    # What English says was really said: the same games in English have letters.
    assert any(stray_letters(text) for text in _english_sample(spec, setup, game))


def _english_sample(spec: object, setup: GameSetup, game: str) -> Iterator[str]:
    for index, text in enumerate(_whole_game(spec, setup, game)):
        if index > 50:
            return
        yield text


def test_lives_and_places_said_together_are_translated() -> None:
    # Several players losing for one reason, or going out by one play, are one sentence.
    reasons = ("landed_33", "landed_66", "landed_99", "passed_33", "bust", "doubled_over_99")
    said: list[str] = []
    with using("qps"):
        for reason in (*reasons, "stuck"):
            for game in ("classic", "tactical"):
                group = (
                    LivesChanged(1, "Lily", -1, 4, reason),
                    LivesChanged(0, "You", -1, 0, reason),
                )
                for v in VERBOSITY_LEVELS:
                    said.append(lives_changed_text(group, game, v))
                    for one in group:
                        said.append(lives_changed_text((one,), game, v))
                        said.append(
                            lives_changed_text((LivesChanged(1, "Max", -2, 3, reason),), game, v)
                        )
        outs = (PlayerOut(0, "You", 3), PlayerOut(2, "Max", 4))
        for v in VERBOSITY_LEVELS:
            said.append(players_out_text(outs, v))
            said += [players_out_text((o,), v) for o in outs]
            view = Perspective(
                "classic", ("You", "Lily", "Max"), (0, 0, 0), frozenset({0, 2}), 0, v
            )
            said += [u.text for u in narrate([GameEnded("Lily", ("Lily", "You", "Max"), 3)], view)]
            said += [u.text for u in narrate([GameEnded(None, ("Lily", "You", "Max"), 3)], view)]
    assert len(said) > 50
    assert [text for text in said if stray_letters(text)] == []
