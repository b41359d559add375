"""Hard, Crazy and Expert: legal, deterministic, blind to hidden cards, and purposeful."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace

import pytest

from ninetynine_audio.bots import levels, make_bot
from ninetynine_audio.bots.adding.expert import (
    ExpertBot,
    _margin,
    _Standing,
    outlasting,
)
from ninetynine_audio.bots.adding.fastsim import RoundSim, determinize, normal_move, policy_table
from ninetynine_audio.bots.adding.hard import CrazyBot, HardBot
from ninetynine_audio.bots.adding.knowledge import RANK_CODE, hand_codes, play_move
from ninetynine_audio.bots.adding.reference import TrapBot
from ninetynine_audio.bots.adding.simple import normal_choice
from ninetynine_audio.cards import Card, parse_cards, standard_deck
from ninetynine_audio.games.adding import (
    Action,
    AddingOptions,
    AddingState,
    PlayCard,
    apply,
    check,
    legal_actions_for,
    new_game,
    view,
)
from ninetynine_audio.games.adding.engine import next_seat

GAMES = [
    ("classic", 4, AddingOptions()),
    ("classic", 2, AddingOptions(two_player_four=True, hand_size=5)),
    ("classic", 5, AddingOptions(swap_nine_king=True, manual_draw=True)),
    ("arcade", 4, AddingOptions()),
    ("tactical", 4, AddingOptions()),
    ("tactical", 3, AddingOptions(lives=4)),
]


def mover(state: AddingState) -> int:
    """The seat that acts next: a seat owing a draw first."""
    for seat, owed in enumerate(state.owes_draw):
        if owed:
            return seat
    return state.to_act


def positions(game: str, players: int, options: AddingOptions, count: int) -> list[AddingState]:
    """``count`` positions met in seeded games between Normal players."""
    found: list[AddingState] = []
    rng = random.Random(f"{game}{players}")
    seed = 0
    while len(found) < count:
        state, _ = new_game(
            game,
            [f"P{i}" for i in range(players)],
            kinds=["normal"] * players,
            options=options,
            seed=seed,
        )
        seed += 1
        while not state.is_over and len(found) < count:
            if rng.random() < 0.2:
                found.append(state)
            seat = mover(state)
            action = make_bot("adding", "normal").choose(view(state, seat), rng)
            state, _ = apply(state, action)
    return found


def assert_legal(state: AddingState, action: Action) -> None:
    assert action in legal_actions_for(state, action.seat) or (
        isinstance(action, PlayCard) and action.choice is None
    )
    check(state, action)  # raises when illegal


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_every_level_plays_legally(game: str, players: int, options: AddingOptions) -> None:
    states = positions(game, players, options, 60)
    quick_expert = ExpertBot(deals=3, tactical_deals=3)
    for level in levels("adding"):
        bot = quick_expert if level == "expert" else make_bot("adding", level)
        for index, state in enumerate(states):
            seat = mover(state)
            action = bot.choose(view(state, seat), random.Random(index))
            assert action.seat == seat
            assert_legal(state, action)


@pytest.mark.parametrize("game", ["classic", "arcade", "tactical"])
def test_the_real_expert_plays_legally(game: str) -> None:
    players = 4
    states = [s for s in positions(game, players, AddingOptions(), 200) if s.total >= 80][:8]
    assert states
    for index, state in enumerate(states):
        seat = mover(state)
        action = make_bot("adding", "expert").choose(view(state, seat), random.Random(index))
        assert_legal(state, action)


def shuffle_hidden(state: AddingState, seat: int, rng: random.Random) -> AddingState:
    """The same table for ``seat``, with the other hands and the stock dealt again at random."""
    others = [s for s in range(len(state.players)) if s != seat]
    hidden = [card for s in others for card in state.hands[s]] + list(state.stock)
    rng.shuffle(hidden)
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s], hidden = tuple(hidden[:size]), hidden[size:]
    return replace(state, hands=tuple(hands), stock=tuple(hidden))


def decision_states() -> list[AddingState]:
    """Positions where a choice is hard: several plays and, in classic and arcade, a high total."""
    chosen: list[AddingState] = []
    for game, players, options in GAMES:
        found = [
            s
            for s in positions(game, players, options, 150)
            if not any(s.owes_draw)
            and len(legal_actions_for(s, s.to_act)) >= 2
            and (game == "tactical" or s.total >= 80)
        ]
        chosen.extend(found[:4])
    return chosen


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "crazy", "expert"])
def test_same_view_and_seed_give_the_same_choice(level: str) -> None:
    states = decision_states()
    assert len(states) >= 12
    changed = 0
    for index, state in enumerate(states):
        seat = state.to_act
        other = shuffle_hidden(state, seat, random.Random(index))
        assert view(other, seat) == view(state, seat)
        if other.hands != state.hands or other.stock != state.stock:
            changed += 1
        first = make_bot("adding", level).choose(view(state, seat), random.Random(7))
        again = make_bot("adding", level).choose(view(state, seat), random.Random(7))
        hidden = make_bot("adding", level).choose(view(other, seat), random.Random(7))
        assert first == again
        assert hidden == first
    assert changed >= 10


# ------------------------------------------------------------------ constructed positions


def position(
    game: str,
    hands: list[str],
    total: int,
    *,
    pile: str = "",
    kinds: list[str] | None = None,
    to_act: int = 0,
) -> AddingState:
    """A table with the given hands, pile and total; the other cards form the stock."""
    players = len(hands)
    state, _ = new_game(
        game,
        [f"P{i}" for i in range(players)],
        kinds=kinds or ["normal"] * players,
        seed=1,
    )
    held = [parse_cards(hand) for hand in hands]
    played = parse_cards(pile)
    left = Counter(standard_deck(state.rules.decks))
    for card in [c for hand in held for c in hand] + list(played):
        left[card] -= 1
        assert left[card] >= 0
    stock: list[Card] = [card for card in standard_deck(state.rules.decks) if left[card] > 0]
    return replace(
        state,
        hands=tuple(held),
        stock=tuple(stock),
        pile=tuple(played),
        total=total,
        to_act=to_act,
    )


SPECIALS_AND_LOW = "AS AH AD AC 2S 2H 2D 2C 4S 4H 4D 4C 9S 9H 9D 9C 10S 10H 10D 10C KS KH KD KC"


def test_hard_leaves_the_next_player_stuck() -> None:
    # Every ace, 2, 4, 9, 10 and King has been played: whoever faces 99 is stuck for sure.
    state = position(
        "arcade",
        ["8H AS 2S", "3H 5H 6H", "7H QH JH", "3D 5D 6D"],
        91,
        pile=SPECIALS_AND_LOW.replace("AS ", "").replace("2S ", ""),
    )
    me = view(state, 0)
    assert normal_choice(me).card == parse_cards("AS")[0]
    choice = HardBot().choose(me, random.Random(1))
    assert isinstance(choice, PlayCard)
    assert choice.card == parse_cards("8H")[0]
    after, _ = apply(state, choice)
    assert after.round == state.round + 1  # the next player was stuck and the round ended


def test_crazy_goes_for_the_human_and_is_hard_without_one() -> None:
    state = position(
        "arcade",
        ["KH 3H 5H", "5D 6D 7D", "8D 3D 2D", "5C 6C 7C"],
        60,
        kinds=["crazy", "human", "normal", "normal"],
    )
    assert next_seat(state, 0, state.direction) == 1
    me = view(state, 0)
    hard = HardBot().choose(me, random.Random(1))
    crazy = CrazyBot().choose(me, random.Random(1))
    assert hard != crazy
    assert isinstance(crazy, PlayCard) and crazy.card == parse_cards("KH")[0]
    # The same table with nobody human: Crazy plays exactly as Hard, here and in general.
    bots_only = replace(state, kinds=("crazy", "normal", "normal", "normal"))
    assert CrazyBot().choose(view(bots_only, 0), random.Random(1)) == HardBot().choose(
        view(bots_only, 0), random.Random(1)
    )
    for index, other in enumerate(decision_states()):
        seat = other.to_act
        assert CrazyBot().choose(view(other, seat), random.Random(index)) == HardBot().choose(
            view(other, seat), random.Random(index)
        )


def test_expert_lands_on_99_in_tactical() -> None:
    state = position("tactical", ["QH 3H 5H", "5D 6D 7D", "8D 3D 2D", "5C 6C 7C"], 89)
    choice = make_bot("adding", "expert").choose(view(state, 0), random.Random(3))
    assert isinstance(choice, PlayCard)
    assert choice.card == parse_cards("QH")[0]
    after, _ = apply(state, choice)
    assert after.lives[1:] == (8, 8, 8)


def test_expert_prefers_a_landing_on_66_to_passing_it() -> None:
    state = position("tactical", ["6H 8H 9S", "5D 6D 7D", "8D 3D 2D", "5C 6C 7C"], 60)
    choice = make_bot("adding", "expert").choose(view(state, 0), random.Random(3))
    assert isinstance(choice, PlayCard)
    assert choice.card == parse_cards("6H")[0]


def test_the_tactical_expert_counts_a_point_of_the_leader_more_than_one_of_the_others() -> None:
    state = position("tactical", ["6H 8H 9S", "5D 6D 7D", "8D 3D 2D", "5C 6C 7C"], 10)
    me = view(replace(state, lives=(5, 8, 3, 8)), 0)
    standing = _Standing(me.lives, 0)
    sim = determinize(me, random.Random(1))

    def gain(lives: list[int]) -> float:
        sim.lives = lives
        return standing.gain(sim)

    assert gain([4, 8, 3, 8]) == pytest.approx(-1.0), "a point of its own is the unit"
    assert gain([5, 7, 3, 8]) > gain([5, 8, 2, 8]) > 0, "the leader's point counts more"
    assert gain([5, 8, 0, 8]) > gain([5, 8, 1, 8]) > 0, "more points taken count more"
    assert gain([1, 8, 3, 8]) > 4 * gain([4, 8, 3, 8]), "with few points each one weighs less"
    assert gain([5, 8, 3, 8]) == 0.0
    assert outlasting([5, 0, 0, 0], 0) == 1.0 and outlasting([0, 8, 3, 8], 0) == 0.0
    sim.deltas = [0, 0, -1, 0]
    assert _margin(sim, 0) == pytest.approx(1 / 3), "the hint's margin is the plain average"


@pytest.mark.parametrize(
    ("hand", "total", "expected"),
    [
        ("2H 5H 7H", 66, "5H"),  # the 2 would halve 66 to 33: a fall, not a landing
        ("10H 5H 7H", 43, "5H"),  # the 10 as minus would fall to 33
        ("10H 5H 7H", 23, "10H"),  # the 10 as plus rises to 33: a real landing
    ],
)
def test_normal_lands_only_by_rising(hand: str, total: int, expected: str) -> None:
    state = position("tactical", [hand, "5D 6D 7D", "8D 3D 2D", "5C 6C 7C"], total)
    me = view(state, 0)
    choice = normal_choice(me)
    assert choice.card == parse_cards(expected)[0]
    # The playouts' copy of Normal makes the same play.
    sim = RoundSim(
        state.rules,
        [hand_codes(h) for h in state.hands],
        hand_codes(state.stock),
        hand_codes(state.pile),
        hand_codes(state.discard),
        list(state.lives),
        state.total,
        state.direction.step,
        state.to_act,
        random.Random(0),
    )
    assert normal_move(sim, policy_table(state.rules)) == (
        RANK_CODE[choice.card.rank],
        play_move(state.rules, total, choice),
    )


# ------------------------------------------------------------------ the reference opponent


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_trap_plays_legally_and_blind(game: str, players: int, options: AddingOptions) -> None:
    for index, state in enumerate(positions(game, players, options, 40)):
        seat = mover(state)
        action = TrapBot().choose(view(state, seat), random.Random(index))
        assert_legal(state, action)
        other = shuffle_hidden(state, seat, random.Random(index))
        assert TrapBot().choose(view(other, seat), random.Random(0)) == action


@pytest.mark.parametrize(
    ("hand", "total", "expected"),
    [
        ("10H 5H 3H", 20, "10H"),  # +10 leaves 30, just below 33; the 5 or 3 would not
        ("10H 9H 8H", 23, "10H"),  # a landing on 33 comes before leaving 31
        ("6H 5H 7H", 55, "7H"),  # 62, just below 66
        ("3H 5H 9S", 90, "5H"),  # 95, just below 99; Normal would play the 3
    ],
)
def test_trap_leaves_the_total_just_below_a_mark(hand: str, total: int, expected: str) -> None:
    state = position("tactical", [hand, "5D 6D 7D", "8D 3D 2D", "5C 6C 7C"], total)
    choice = TrapBot().choose(view(state, 0), random.Random(1))
    assert isinstance(choice, PlayCard) and choice.card == parse_cards(expected)[0]


def test_trap_leaves_the_next_player_without_a_safe_card() -> None:
    state = position(
        "arcade",
        ["8H AS 2S", "3H 5H 6H", "7H QH JH", "3D 5D 6D"],
        91,
        pile=SPECIALS_AND_LOW.replace("AS ", "").replace("2S ", ""),
    )
    choice = TrapBot().choose(view(state, 0), random.Random(1))
    assert isinstance(choice, PlayCard) and choice.card == parse_cards("8H")[0]


def test_trap_is_no_level_of_the_menus_until_the_benchmark_asks_for_it() -> None:
    script = (
        "from ninetynine_audio.bots import levels, strongest_level\n"
        "from ninetynine_audio.bots.adding.reference import register_reference_levels\n"
        "assert 'trap' not in levels('adding'), levels('adding')\n"
        "register_reference_levels(); register_reference_levels()\n"
        "assert 'trap' in levels('adding') and strongest_level('adding') == 'expert'\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
