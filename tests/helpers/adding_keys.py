"""Playing the adding games (classic, arcade, tactical) by keys in the window's harness: a careful
player's keys for a turn, whole games to their end, short matches left on their results and
stacked deals."""

from __future__ import annotations

from ninetynine_audio.cards import parse_cards
from ninetynine_audio.games.adding import (
    AddingOptions,
)
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.present.adding.effects import UP_CHOICES, play_effects
from ninetynine_audio.ui.harness import Harness, make_app
from ninetynine_audio.ui.match import MatchScreen
from ninetynine_audio.ui.match import MatchScreen as TableScreen
from ninetynine_audio.ui.results import ResultsScreen

MAX_FRAMES = 6000


def keys_for_turn(table: MatchScreen, turn: int) -> list[str]:
    """The keys a careful player presses on their turn: a free safe card if there is one.

    Alternates between number keys and moving with the arrows then Enter, so both are used.
    """
    state = table.state
    seat = state.to_act
    hand = state.hands[seat]
    options: list[tuple[int, int, object]] = []  # (cost, index, choice)
    for index, card in enumerate(hand):
        for effect in play_effects(state.rules, card, state.total):
            if effect.is_allowed:
                options.append((effect.cost, index, effect.outcome.choice))
    options.sort(key=lambda o: (o[0], o[1]))
    cost, index, choice = options[0]
    effects = [e for e in play_effects(state.rules, hand[index], state.total) if e.is_allowed]
    keys: list[str] = []
    if len(effects) > 1:
        # Select the card, choose the way, then play it.
        keys += ["left"] * len(hand) + ["right"] * index
        keys.append("up" if choice in UP_CHOICES else "down")
        keys.append("return")
    elif turn % 2:
        keys += ["left"] * len(hand) + ["right"] * index + ["return"]
    else:
        keys.append(str(index + 1))
    if cost > 0:
        keys.append(keys[-1])  # tactical: a costly play needs a second press
    return keys


def play_to_the_end(h: Harness) -> MatchScreen:
    """Press keys on every human turn until the game ends."""
    table = h.table
    assert table is not None
    turn = 0
    for _ in range(MAX_FRAMES):
        if table.is_over:
            return table
        if table.bot_due is None and table.state.to_act in table.humans:
            if table.awaiting_ready:
                h.press("return")
                continue
            h.press(*keys_for_turn(table, turn), frames=1)
            turn += 1
        else:
            h.frames(1)
    raise AssertionError("the game did not end")


DECKS = {"win": "KS 9H 7C 5D 9C 6D 2S 3S", "lose": "5S KS 6D KH 7C KD 2S 3S"}


KEYS = {"win": ["1", "1", "2"], "lose": ["1"]}


def quick_match(outcome: str, level: str) -> Harness:
    """A two-player classic match that ends at once in ``outcome``, left on its results."""
    setup = GameSetup(
        "classic",
        ("You", "Lily"),
        ("human", level),
        AddingOptions(lives=1),
        5,
        parse_cards(DECKS[outcome]),
    )
    h = make_app(setup)
    h.frames(2)
    for key in KEYS[outcome]:
        h.press(key, frames=3)
    assert isinstance(h.app.top, ResultsScreen), h.spoken
    return h


def table_of(h: Harness) -> TableScreen:
    table = h.table
    assert table is not None
    return table


def play_human(h: Harness, turn: int) -> None:
    h.press(*keys_for_turn(table_of(h), turn), frames=1)


def put_out_of_the_game() -> Harness:
    """A tactical match at one life each, played by keys until the player is out and the
    computer players play on."""
    for seed in range(1, 40):
        setup = GameSetup(
            "tactical",
            ("You", "Lily", "Max", "Zoe"),
            ("human", "hard", "hard", "hard"),
            AddingOptions(lives=1),
            seed,
        )
        h = make_app(setup)
        table = table_of(h)
        turn = 0
        for _ in range(4000):
            if table.is_over or not table.state.is_in(0):
                break
            if table.state.to_act == 0 and table.bot_due is None:
                play_human(h, turn)
                turn += 1
            else:
                h.frames(1)
        if not table.is_over and not table.state.is_in(0):
            h.frames(2)
            return h
    raise AssertionError("no seed put the player out before the end")


def stacked(deck: str, game: str = "classic", *, practice: bool = False) -> Harness:
    setup = GameSetup(
        game, ("You", "Lily"), ("human", "normal"), AddingOptions(lives=3), 5, parse_cards(deck)
    )
    h = make_app(setup)
    if practice:
        h.app.update_settings(practice=True)
    h.frames(2)
    h.new_speech()
    return h
