"""What every registered game must do, checked over many seeded random games.

Each game in the registry is played to its end by random legal actions, many times, with
random tables and options, using nothing but its :class:`GameSpec`. A new game gets every
check here by registering; what only one family promises stays in that family's own tests.

- play: someone may act until there is an outcome, every seat that may act has a legal
  action, every legal action passes ``check``, and the game ends within a bound;
- the outcome: places are the seats once each, a score per seat, the winner placed first;
- determinism: the same set-up and actions give the same events;
- ``apply`` leaves the state it was given equal to a deep copy taken before;
- refusals: a seat that may not act is refused whatever it tries, and after the end every
  action is refused, with an ``IllegalAction``;
- the action codec: every legal action comes back from its encoding through JSON;
- events: each is a frozen dataclass whose log line ``games.events.LoggedEvent`` writes from
  its fields (no family writes its own ``to_log``);
- the log: it starts with ``game_started`` and ends with ``game_ended``; read back through
  ``setup_from_log``, ``codec.from_log`` and ``codec.decode`` it replays to the same events;
  and where the independent referee (``tools/refereeing``) knows the game, it finds the log
  consistent;
- saves: a match saved mid-game and restored is the same match;
- hidden cards: no view of a seat changes when the cards that seat cannot see are dealt again
  at random by the game's ``resample``, and the other seats' views do change;
- narration: every kind of event that happens is spoken by the family's
  ``present.<family>.narrate``, at every verbosity.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import json
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from helpers.playthrough import MAX_ACTIONS, SEEDS, Playthrough, playthrough, resampler
from helpers.tools import load_tool

from ninetynine_audio.families import family as family_entry
from ninetynine_audio.families import registered_families
from ninetynine_audio.games import saved as saves
from ninetynine_audio.games.base import HUMAN, GameSetup, GameSpec
from ninetynine_audio.games.errors import IllegalAction
from ninetynine_audio.games.events import LoggedEvent
from ninetynine_audio.games.registry import all_games, check_against_family, find_game

GAMES = [spec.id for spec in all_games()]


# ---------------------------------------------------------------------------- playing


def games() -> list[tuple[str, int]]:
    return [(game, seed) for game in GAMES for seed in SEEDS]


def replay(spec: GameSpec, setup: GameSetup, actions: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The log of ``actions`` applied from a new deal of ``setup``."""
    state, events = spec.new_game(setup)
    log = [event.to_log() for event in events]
    for action in actions:
        state, events = spec.apply(state, action)
        log.extend(event.to_log() for event in events)
    return log


# ---------------------------------------------------------------------------- the tests


def test_every_family_has_games_registered() -> None:
    assert {"classic", "arcade", "tactical"} <= set(GAMES)
    for spec in all_games():
        assert spec.min_players <= spec.max_players
        assert find_game(spec.id) is spec


def test_the_registered_games_are_the_games_the_family_manifests_name() -> None:
    named = [game.id for entry in registered_families() for game in entry.games]
    assert sorted(named) == sorted(GAMES)
    for spec in all_games():
        assert spec.id in {game.id for game in family_entry(spec.family).games}


@pytest.mark.parametrize("game", GAMES)
def test_the_default_seats_name_levels_the_family_has(game: str) -> None:
    from ninetynine_audio.bots import levels

    spec = find_game(game)
    entry = family_entry(spec.family)
    # The manifest's levels are the bots' levels, in the same order, weakest first.
    assert levels(spec.family) == entry.level_ids
    for kind in spec.default_kinds:
        assert kind == HUMAN or kind in entry.level_ids, kind
    assert HUMAN in spec.default_kinds
    assert spec.min_players <= len(spec.default_kinds) <= spec.max_players


@pytest.mark.parametrize("game", GAMES)
def test_a_game_whose_default_seats_name_a_missing_level_is_refused(game: str) -> None:
    spec = find_game(game)
    missing = dataclasses.replace(spec, default_kinds=(HUMAN, "grandmaster"))
    with pytest.raises(ValueError, match=r"'grandmaster', which the family .* does not have"):
        check_against_family(missing)
    with pytest.raises(ValueError, match="is not among the games"):
        check_against_family(dataclasses.replace(spec, id="no-such-game"))
    check_against_family(spec)  # the game itself fits


@pytest.mark.parametrize("game", GAMES)
def test_random_legal_play_ends_with_an_outcome(game: str) -> None:
    for seed in SEEDS:
        run = playthrough(game, seed)
        spec = run.spec
        assert len(run.actions) < MAX_ACTIONS, f"seed {seed}: the game did not end"
        progress = spec.progress(run.states[0])
        for state in run.states[:-1]:
            acting = spec.seats_to_act(state)
            assert acting and set(acting) <= set(run.seats)
            assert spec.outcome(state) is None and not spec.is_over(state)
            for seat in run.seats:
                legal = spec.legal_actions(state, seat)
                assert bool(legal) == (seat in acting), f"seed {seed}: seat {seat}"
                for action in legal:
                    assert action.seat == seat
                    spec.check(state, action)  # raises if the game refuses its own action
            assert spec.progress(state) >= progress
            progress = spec.progress(state)
        final = run.states[-1]
        assert spec.seats_to_act(final) == ()
        assert all(spec.legal_actions(final, seat) == () for seat in run.seats)
        outcome = spec.outcome(final)
        assert outcome is not None
        assert sorted(outcome.places) == list(run.seats)
        assert len(outcome.scores) == len(run.seats)
        assert outcome.winner is None or outcome.winner == outcome.places[0]
        assert [outcome.place_of(seat) for seat in outcome.places] == [
            place + 1 for place in run.seats
        ]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_set_up_and_actions_give_the_same_events(game: str) -> None:
    for seed in SEEDS:
        run = playthrough(game, seed)
        assert replay(run.spec, run.setup, run.actions) == run.log


@pytest.mark.parametrize("game", GAMES)
def test_apply_leaves_the_old_state_alone(game: str) -> None:
    for seed in SEEDS[::5]:
        run = playthrough(game, seed)
        state, _ = run.spec.new_game(run.setup)
        for action in run.actions:
            before = copy.deepcopy(state)
            after, _ = run.spec.apply(state, action)
            assert state == before
            state = after
        assert state == run.states[-1]


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_that_may_not_act_and_a_finished_game_refuse_every_action(game: str) -> None:
    refused = 0
    for seed in SEEDS:
        run = playthrough(game, seed)
        spec = run.spec
        rng = random.Random(seed)
        for state, action in zip(run.states, run.actions, strict=False):
            waiting = [seat for seat in run.seats if seat not in spec.seats_to_act(state)]
            if not waiting:
                continue
            stranger = dataclasses.replace(action, seat=rng.choice(waiting))
            for attempt in (spec.check, spec.apply):
                with pytest.raises(IllegalAction):
                    attempt(state, stranger)
            refused += 1
        final = run.states[-1]
        for action in rng.sample(run.actions, min(10, len(run.actions))):
            for attempt in (spec.check, spec.apply):
                with pytest.raises(IllegalAction):
                    attempt(final, action)
    assert refused > 0


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_comes_back_from_its_encoding(game: str) -> None:
    for seed in SEEDS[::2]:
        run = playthrough(game, seed)
        codec, count = run.spec.codec, len(run.seats)
        for state in run.states:
            for seat in run.spec.seats_to_act(state):
                for action in run.spec.legal_actions(state, seat):
                    written = json.loads(json.dumps(codec.encode(action)))
                    assert codec.decode(written, count) == action


@pytest.mark.parametrize("game", GAMES)
def test_every_event_writes_its_log_line_from_its_fields(game: str) -> None:
    kinds: set[type] = set()
    for seed in SEEDS:
        kinds.update(type(event) for step in playthrough(game, seed).events for event in step)
    for kind in kinds:
        assert issubclass(kind, LoggedEvent), f"{kind.__name__} is not a LoggedEvent"
        assert kind.to_log is LoggedEvent.to_log, f"{kind.__name__} writes its own to_log"
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_the_log_replays_to_the_same_events(game: str) -> None:
    for seed in SEEDS:
        run = playthrough(game, seed)
        spec = run.spec
        records = json.loads(json.dumps(run.log))
        assert records == run.log  # every line is plain JSON
        assert (records[0]["event"], records[0]["game"]) == ("game_started", game)
        assert records[-1]["event"] == "game_ended"
        setup = spec.setup_from_log(records[0])
        state, opening = spec.new_game(setup)
        assert state == run.states[0]
        seats = {name: seat for seat, name in enumerate(setup.names)}
        position = len(opening)
        taken = []
        while position < len(records):
            encoded = spec.codec.from_log(records, position, seats)
            assert encoded is not None, f"seed {seed}: line {position + 1} starts no action"
            action = spec.codec.decode(encoded, len(seats))
            taken.append(action)
            state, events = spec.apply(state, action)
            assert [e.to_log() for e in events] == records[position : position + len(events)]
            position += len(events)
        assert tuple(taken) == run.actions
        assert state == run.states[-1]


@pytest.mark.parametrize("game", GAMES)
def test_a_match_saved_mid_game_is_restored_the_same(game: str) -> None:
    for seed in SEEDS[::3]:
        run = playthrough(game, seed)
        rng = random.Random(seed)
        cut = rng.randrange(len(run.actions))
        match = saves.SavedMatch(run.setup, run.actions[:cut])
        record = json.loads(json.dumps(saves.to_record(match)))
        restored, state, events = saves.resume(record)
        assert restored.actions == run.actions[:cut]
        assert state == run.states[cut]
        assert [e.to_log() for e in events] == [
            e.to_log() for step in run.events[: cut + 1] for e in step
        ]


# ---------------------------------------------------------------------------- hidden cards


@pytest.mark.parametrize("game", GAMES)
def test_no_view_shows_cards_its_seat_cannot_see(game: str) -> None:
    resample = resampler(find_game(game))
    samples = moved = 0
    for seed in SEEDS[::3]:
        run = playthrough(game, seed)
        spec = run.spec
        rng = random.Random(seed)
        for state in run.states[::4]:
            for seat in run.seats:
                imagined = resample(state, seat, rng)
                assert spec.view(imagined, seat) == spec.view(state, seat), (
                    f"seed {seed}: seat {seat} can tell its resampled table from the real one"
                )
                assert spec.legal_actions(imagined, seat) == spec.legal_actions(state, seat)
                samples += 1
                # The new deal reached cards that the other seats do see.
                moved += any(
                    spec.view(imagined, other) != spec.view(state, other)
                    for other in run.seats
                    if other != seat
                )
    # Not every sample can move a card (a hand of one seat left, an empty stock), but a hook
    # that deals nothing again would move none.
    assert moved > samples // 4, f"only {moved} of {samples} resampled tables differ"


# ---------------------------------------------------------------------------- narration

VERBOSITIES = ("brief", "normal", "full")


def family_wording(family: str) -> ModuleType:
    """The family's wording package, the ``narrator`` its ``family.toml`` names."""
    name = family_entry(family).narrator
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError:
        pytest.fail(f"the family {family} has no wording package {name}")
    assert callable(getattr(module, "narrate", None)), (
        f"{name} has no narrate(events, perspective) -> list[Utterance]"
    )
    return module


def listeners(run: Playthrough, verbosity: str) -> list[Any]:
    """A perspective for each seat of ``run`` as the listener, as the match screen makes it."""
    from ninetynine_audio.present.seats import Perspective, seat_pans

    humans = frozenset(s for s, kind in enumerate(run.setup.kinds) if kind == HUMAN)
    return [
        Perspective(
            game=run.setup.game,
            players=run.setup.names,
            pans=seat_pans(len(run.seats), seat),
            humans=humans,
            listener=seat,
            verbosity=verbosity,
        )
        for seat in run.seats
    ]


def is_heard(narrate: Callable[..., Any], events: Any, perspectives: list[Any]) -> bool:
    """Whether some listener hears a non-empty line for ``events``."""
    return any(
        line.text.strip() for perspective in perspectives for line in narrate(events, perspective)
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_event_has_a_spoken_line(game: str) -> None:
    """At full verbosity each kind of event that happens is spoken alone, and at every
    verbosity no step of play (the opening, or the events of one action) passes unheard.

    One event may be silent in one case (another player's draw), so a kind counts as spoken
    once some event of it, heard by some seat, gives a line. Brief and normal may leave an
    event to the others of its step (a round whose loss the lives already told), but a step
    that nobody hears is a move the player cannot follow.
    """
    spec = find_game(game)
    narrate = family_wording(spec.family).narrate
    occurred: set[str] = set()
    spoken: set[str] = set()
    unheard: dict[str, list[str]] = {}
    for seed in SEEDS:
        run = playthrough(game, seed)
        full = listeners(run, "full")
        for step in run.events:
            for event in step:
                kind = event.to_log()["event"]
                occurred.add(kind)
                if kind not in spoken and is_heard(narrate, [event], full):
                    spoken.add(kind)
        for verbosity in VERBOSITIES:
            perspectives = listeners(run, verbosity)
            for step in run.events:
                if not is_heard(narrate, step, perspectives):
                    kinds = ", ".join(event.to_log()["event"] for event in step)
                    unheard.setdefault(verbosity, []).append(f"seed {seed}: {kinds}")
    assert {"game_started", "game_ended"} <= occurred
    assert sorted(occurred - spoken) == [], "event kinds never spoken at full verbosity"
    assert {v: steps[:3] for v, steps in unheard.items()} == {}, "steps nobody hears"


# ---------------------------------------------------------------------------- the referee


def referee() -> ModuleType:
    """The independent referee, loaded from its folder."""
    return load_tool("tools/refereeing", "refereeing")


def refereed_games() -> list[str]:
    """The registered games the referee has a family module for."""
    core = importlib.import_module("refereeing.core") if referee() else None
    return [game for game in GAMES if core is not None and game in core.GAME_FAMILY]


@pytest.mark.parametrize("game", refereed_games())
def test_the_referee_finds_random_games_consistent(game: str) -> None:
    core = importlib.import_module("refereeing.core")
    lines = [json.dumps(record) for seed in SEEDS for record in playthrough(game, seed).log]
    reports = list(core.referee_lines(lines))
    assert len(reports) == len(SEEDS)
    assert [(r.index, r.problems) for r in reports if r.problems] == []
